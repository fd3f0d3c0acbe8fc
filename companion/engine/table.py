"""Table rules: what a label seen or a typed line means in one game, and the answers to what
a player asks. Pure, like the engine: actions, questions and refusals come out, and every
answer is events (key + params) that the session renders through the phrasebook; never text.

The base is what every game has: reading (a card seen, a command word, a typed line, into an
action or a question), turns (one `actor`: who acts now), answers (a mapping from the query
names of `commands.toml` to functions of an `Ask`), sight (`face_up`, `in_sight`) and
announcing as data (earcons, the events that clear the table, the lines worth caching). The
generic versions work for any engine from its `legal()` list and its views. What only some
games do is a capability of its own (`companion.engine.capabilities`): a game's `TableRules`
subclass declares it by inheriting it, and the session asks for it only then.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from card_codes import Deck
from companion.engine.protocol import Action, Answer, Event, Game, Rejected, Seat

S = TypeVar("S")  # a game's state


@dataclass
class Hints:
    """What the table told the companion besides the card: who asked whom, whose zone."""

    source: int | None = None  # the hand the next card comes from ("demande Est")
    zone_seat: int | None = None  # the seat whose zone of the image the card was seen in
    target: int | None = None  # a seat named by a command ("donne Est")
    typist: int | None = None  # the seat whose keyboard named the card (None: the camera saw it)
    asker: int | None = None  # who asked for ``source``'s card (their "annule" withdraws the request)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """A question for one seat, waiting for its answer (with no time-out); nothing is recorded
    until it comes.

    A card seen may need words to become an action (which seat it goes to, which hand lets
    go, which square): ``card`` is that card, ``choices`` the actions the answer picks from,
    and the answer is a typed line the table rules read with `parse_line` (or a seat, "donne").
    A choice the rules give a seat (a card to play for another seat, a swap to make or not,
    a unit to remove) has no card yet (``card`` is None): the answer is a card shown or typed
    that one of the ``choices`` names, or a line `parse_line` reads. ``seat`` is who must
    answer (None: the seat the rules expect to act); ``prompt`` what is asked (None: the
    session's "card_waiting" phrase); ``announce`` what the table hears when it is asked;
    ``table_draws``: the card is one nobody has seen (face down): the synthetic table turns
    it up itself. ``labels``: the card each choice is about when the choice itself names none
    (a place beside that card): the answer may name that card, or its number in ``labels``.
    ``words``: the words that answer each choice, when the answer is a word (a die's face).
    ``numbers``: the hand a typed number picks from (the cards offered keep their numbers in it,
    as `main` says them: one numbering); empty: the cards offered, in the question's order."""

    card: str | None  # None: a choice, answered by a card or a line
    choices: tuple[Action, ...]
    seat: Seat | None = None
    prompt: Event | None = None
    announce: Event | None = None
    table_draws: bool = False
    labels: tuple[str, ...] = ()
    words: tuple[tuple[str, ...], ...] = ()  # each choice's spoken answers ("ippon", "dé ippon")
    numbers: tuple[str, ...] = ()  # the hand a typed number picks from, in its order


@dataclass(frozen=True)
class Ask:
    """A question put to the table rules: the state, the seat asking (the answer is to it), a
    seat it names ("décris Est"), and what the table has heard so far (the game's events)."""

    state: Any
    viewer: Seat
    target: Seat | None = None
    history: Sequence[Event] = ()
    part: tuple[str, int] | None = None  # a long answer's second level: ("row", 2) for its row 2


Answerer = Callable[[Ask], list[Event]]

# The answers every game gives, by the name the session asks for them (a game may answer more:
# its commands.toml names them, kind = "query").
COMMON_ANSWERS = ("hand", "table", "trick", "scores", "out", "played", "legal", "rules", "turn",
                  "progress", "seat_facts")


class TableRules(Generic[S]):
    """The generic table rules; a game package subclasses them for its own words and answers."""

    # The earcon an announced event plays (event key -> earcon name).
    earcons: ClassVar[Mapping[str, str]] = MappingProxyType({"game_over": "game_over"})
    # Equal information: the parameters of an event (event key -> names) that name a kind of card
    # by one card of that kind (a category the rules ask for, a throw the player asked about), not
    # a card of the table; an answer may name them whatever is in sight.
    kind_params: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType({})
    # The events after which the cards read leave the table (a trick picked up); None: every card
    # is taken away once read (the synthetic table keeps no layout).
    clears_on: ClassVar[frozenset[str] | None] = None

    def __init__(self, game: Game, seat_names: Sequence[str] = ()) -> None:
        self.game = game
        self.seat_names = list(seat_names)  # as the players say them (the phrasebook's, configurable)
        self._answers: Mapping[str, Answerer] | None = None

    # -- cards and lines -> actions -----------------------------------------------------------
    def candidates(self, state: S, pred: Callable[[Action], bool]) -> list[Action]:
        """Every legal action of every seat that ``pred`` accepts."""
        return [a for s in self.game.seats_of(state) for a in self.game.legal(state, s) if pred(a)]

    def card_action(self, state: S, card: str, hints: Hints) -> dict[str, Any] | Question:
        """The action a card seen means now (or the question it raises); Rejected with the
        reason when it means none."""
        found = self.candidates(state, lambda a: a.get("card") == card)
        if hints.zone_seat is not None:
            found = [a for a in found if a.get("seat") in (None, hints.zone_seat)]
        if hints.source is not None:
            found = [a for a in found if a.get("from", hints.source) == hints.source]
        if not found:
            raise Rejected("card_not_now")
        return common_fields(found, card)

    def command_action(self, state: S, kind: str, seat: Seat, hints: Hints) -> dict[str, Any]:
        """The legal action of type ``kind`` for ``seat`` (or its target); Rejected if none."""
        found = self.candidates(
            state, lambda a: a.get("type") == kind and a.get("seat", seat) in (seat, hints.target))
        if hints.target is not None:
            found = [a for a in found if hints.target in (a.get("seat"), a.get("to"))]
        if len(found) == 1 or (found and all(dict(c) == dict(found[0]) for c in found)):
            return dict(found[0])
        if not found:
            raise Rejected("not_now")
        common = common_fields(found, None)
        if isinstance(common, Question):
            raise Rejected("ambiguous")
        return common

    def parse_line(self, state: S, seat: Seat, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | Question | None:
        """A typed line in the game's own words (no common command): an action to apply,
        events answering a question (addressed to ``seat``), a question to ask ``seat`` (the
        card it names next), or None if it means nothing
        here. Rejected with a reason for a line that is the game's but wrong. ``card`` is
        the card of the open question (the card seen last, waiting for words)."""
        return None

    # -- turns ---------------------------------------------------------------------------------
    def actor(self, state: S) -> Seat | None:
        """The seat expected to act now, if the game has one."""
        view = self.game.public_view(state)
        turn = view.get("actor", view.get("turn"))
        return turn if isinstance(turn, int) else None

    def due(self, state: S, seat: Seat) -> bool:
        """Whether ``seat`` has something to do now (its player is prompted): by default when it
        is the seat expected to act; a game where several act at once says more."""
        return self.actor(state) == seat

    def acted_by(self, state: S, action: Action) -> Seat | None:
        """The seat whose move ``action`` is, in ``state`` (before it): the seat expected to act,
        else the seat the action names. A person's "annule" undoes back to their own last move."""
        actor = self.actor(state)
        seat = action.get("seat")
        return actor if actor is not None else (seat if isinstance(seat, int) else None)

    def front(self, state: S) -> Seat | None:
        """Where a card put down now lands (the synthetic table): None for the seat putting it."""
        return None

    def turn(self, state: S, viewer: Seat) -> list[Event]:
        """Whose turn it is, and for what, said to ``viewer`` (the "your turn" prompt reads it)."""
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        seat = self.actor(state)
        if seat is None:
            return [Answer(viewer, "not_now")]
        return [Answer(viewer, "turn_seat", {"seat": seat})]

    # -- answers: what the companion says on request (events, to the seat asking) -------------
    def answers(self) -> Mapping[str, Answerer]:
        """Every answer of the game, by query name: the common ones (COMMON_ANSWERS) here; a
        game returns these with its own added or replaced."""
        return {
            "hand": lambda ask: hand_answer(self, ask.state, ask.viewer),
            "table": lambda ask: [Answer(ask.viewer, "table_empty")],
            "trick": lambda ask: self.answer("table", ask),
            "scores": lambda ask: scores_answer(self.game, ask.state, ask.viewer),
            "out": lambda ask: out_answer(self.game, ask.state, ask.viewer),
            "played": lambda ask: played_answer(ask.history, ask.viewer),
            "legal": lambda ask: legal_answer(self.game, ask.state, ask.viewer),
            "rules": lambda ask: [Answer(ask.viewer, "rules")],
            "turn": lambda ask: self.turn(ask.state, ask.viewer),
            "progress": lambda ask: [],
            "seat_facts": lambda ask: [],
        }

    def answer(self, name: str, ask: Ask) -> list[Event]:
        """The answer called ``name`` (Rejected "not_now" when the game has none of that name)."""
        if self._answers is None:
            self._answers = self.answers()
        answerer = self._answers.get(name)
        if answerer is None:
            raise Rejected("not_now")
        return answerer(ask)

    def hand_cards(self, state: S, seat: Seat) -> list[str] | None:
        """The cards the companion knows in ``seat``'s hand, in the order a player numbers them."""
        hand = self.game.private_view(state, seat).get("hand")
        return list(hand) if isinstance(hand, list | tuple) else None

    # -- equal information: what a sighted player may see at this moment ---------------------
    def face_up(self, state: S) -> frozenset[str]:
        """The cards anyone at the table may see now: face up on the table (a trick being played,
        a board, a layout, a pile's top card). What is gone (a trick turned face down, a discard
        under the top one, a card played earlier) is not in it. Each game declares it from its
        rules; by default nothing on the table is known to be face up."""
        return frozenset()

    def in_sight(self, state: S, viewer: Seat) -> frozenset[str]:
        """The cards a sighted player at ``viewer``'s seat may see now: what is face up, and the
        cards in their own hand (a game adds any card only that seat may look at). In the table
        setting "equal", no answer to ``viewer`` names a card outside it."""
        return self.face_up(state) | frozenset(self.hand_cards(state, viewer) or ())

    # -- announcing ------------------------------------------------------------------------
    def subject(self, event: Event) -> Seat | None:
        """The seat an announced event is about (whose voice or place it concerns), if any."""
        seat = event.params.get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    def frequent(self, state: S, deck: Deck) -> list[Event]:
        """The announcements worth building into the speech cache before the game starts."""
        return []


def clears_table(rules: TableRules[Any], events: Sequence[Event]) -> bool:
    """True when these events take the cards off the table (`TableRules.clears_on`)."""
    return rules.clears_on is None or any(e.key in rules.clears_on for e in events)


# -- the common answers, for a game to say them as they are or around its own ----------------
def hand_answer(rules: TableRules[Any], state: Any, viewer: Seat) -> list[Event]:
    hand = rules.hand_cards(state, viewer)
    if hand is None:
        return [Answer(viewer, "hand_unknown")]
    return [Answer(viewer, "hand", {"cards": hand}) if hand else Answer(viewer, "hand_empty")]


def scores_answer(game: Game, state: Any, viewer: Seat) -> list[Event]:
    parts = [Answer(viewer, "seat_score", {"seat": s, "points": v}) for s, v in game.scores(state).items()]
    return [Answer(viewer, "scores", {"parts": parts})]


def out_answer(game: Game, state: Any, viewer: Seat) -> list[Event]:
    """The cards not seen yet."""
    out = game.public_view(state).get("out")
    if not out:
        return [Answer(viewer, "out_none")]
    return [Answer(viewer, "out", {"cards": list(out)})]


def played_answer(history: Sequence[Event], viewer: Seat, closes: Collection[str] = ()) -> list[Event]:
    """Who played what (a memory aid): every public announcement of ``history`` (the game's
    events so far) that put a seat's card down, as it was said. ``closes``: the keys of the
    events that end a trick; the plays are then said trick by trick ("Pli 3 : ..."), the tricks
    numbered from the start of ``history``."""
    def is_play(e: Event) -> bool:
        return (e.audience == "all" and isinstance(e.params.get("card"), str)
                and isinstance(e.params.get("seat"), int))

    plays = [e for e in history if is_play(e)]
    if not plays:
        return [Answer(viewer, "played_none")]
    if not closes:
        return [Answer(viewer, "played", {"plays": plays})]
    tricks: list[list[Event]] = [[]]
    for e in history:
        if is_play(e):
            tricks[-1].append(e)
        elif e.audience == "all" and e.key in closes and tricks[-1]:
            tricks.append([])
    return [Answer(viewer, "played_trick", {"n": n, "plays": trick})
            for n, trick in enumerate(tricks, start=1) if trick]


def legal_answer(game: Game, state: Any, seat: Seat) -> list[Event]:
    """What ``seat`` may do now, said to it."""
    actions = game.legal(state, seat)
    cards = sorted({a["card"] for a in actions if "card" in a})
    if cards:
        return [Answer(seat, "legal", {"cards": cards})]
    kinds = sorted({str(a.get("type")) for a in actions})
    if kinds:
        return [Answer(seat, "legal_other", {"what": kinds})]
    return [Answer(seat, "legal_none")]


def by_viewer(**answerers: Callable[[Any, Seat], list[Event]]) -> dict[str, Answerer]:
    """Answers written as ``f(state, viewer)``, as `Answerer`s (a game's `answers` table)."""
    def answerer(f: Callable[[Any, Seat], list[Event]]) -> Answerer:
        return lambda ask: f(ask.state, ask.viewer)

    return {name: answerer(f) for name, f in answerers.items()}


def common_fields(candidates: Sequence[Action], card: str | None) -> dict[str, Any] | Question:
    """The fields all candidates share; a Question when they differ in type or seat."""
    first = dict(candidates[0])
    if any(c.get("type") != first.get("type") or c.get("seat") != first.get("seat") for c in candidates):
        return Question(card, tuple(candidates))
    return {k: v for k, v in first.items() if all(c.get(k) == v for c in candidates)}


def to_seat(seat: Seat, events: Sequence[Event]) -> list[Event]:
    """The same events, addressed to ``seat`` only (a question is answered to its asker)."""
    return [type(e)(seat, e.key, dict(e.params)) for e in events]
