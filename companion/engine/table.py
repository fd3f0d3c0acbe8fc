"""Table rules: what a label seen or a typed line means in one game, and the answers to what
a player asks. Pure, like the engine: actions, questions and refusals come out, and every
answer is events (key + params) that the session renders through the phrasebook; never text.

The generic rules here work for any engine from its `legal()` list and the `SharedView` keys:
a card seen becomes the one legal action that names it (fields the candidates disagree on
but the engine can default, such as where a card came from, are left out); a command word
becomes the legal action of its type. A game's own `TableRules` subclass, in its package,
overrides what it says better: refusals, answers, questions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from card_codes import Deck
from companion.engine.protocol import Action, Answer, Event, Game, Rejected, Seat, State


@dataclass
class Hints:
    """What the table told the companion besides the card: who asked whom, whose zone."""

    source: int | None = None  # the hand the next card comes from ("demande Est")
    zone_seat: int | None = None  # the seat whose zone of the image the card was seen in
    target: int | None = None  # a seat named by a command ("donne Est")
    typist: int | None = None  # the seat whose keyboard named the card (None: the camera saw it)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """A question for one seat, waiting for its answer (with no time-out); nothing is recorded
    until it comes.

    A card seen may need words to become an action (which seat it goes to, which hand lets
    go, which square): ``card`` is that card, ``choices`` the actions the answer picks from,
    and the answer is a typed line the table rules read with `parse_line` (or a seat, "donne").
    A choice the rules give a seat (a card to play for another seat, a swap to make or not,
    a unit to remove) has no card yet (``card`` is ""): the answer is a card shown or typed
    that one of the ``choices`` names, or a line `parse_line` reads. ``seat`` is who must
    answer (None: the seat the rules expect to act); ``prompt`` what is asked (None: the
    session's "card_waiting" phrase); ``announce`` what the table hears when it is asked;
    ``table_draws``: the card is one nobody has seen (face down): the synthetic table turns
    it up itself. ``labels``: the card each choice is about when the choice itself names none
    (a place beside that card): the answer may name that card, or its number in ``labels``."""

    card: str
    choices: tuple[Action, ...]
    seat: Seat | None = None
    prompt: Event | None = None
    announce: Event | None = None
    table_draws: bool = False
    labels: tuple[str, ...] = ()


class TableRules:
    """The generic table rules; a game package subclasses them for its own words and answers."""

    # The earcon an announced event plays (event key -> earcon name).
    earcons: ClassVar[Mapping[str, str]] = MappingProxyType({"game_over": "game_over"})
    # Equal information: the parameters of an event (event key -> names) that name a kind of card
    # by one card of that kind (a category the rules ask for, a throw the player asked about), not
    # a card of the table; an answer may name them whatever is in sight.
    kind_params: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType({})

    def __init__(self, game: Game, seat_names: Sequence[str] = ()) -> None:
        self.game = game
        self.seat_names = list(seat_names)  # as the players say them (the phrasebook's, configurable)

    # -- cards and lines -> actions -----------------------------------------------------------
    def candidates(self, state: State, pred: Callable[[Action], bool]) -> list[Action]:
        """Every legal action of every seat that ``pred`` accepts."""
        return [a for s in self.game.seats_of(state) for a in self.game.legal(state, s) if pred(a)]

    def default_card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | None:
        """The action a card most likely means, used to get the rules' own refusal."""
        return None

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Question:
        """The action a card seen means now (or the question it raises); Rejected with the
        reason when it means none."""
        found = self.candidates(state, lambda a: a.get("card") == card)
        if hints.zone_seat is not None:
            found = [a for a in found if a.get("seat") in (None, hints.zone_seat)]
        if hints.source is not None:
            found = [a for a in found if a.get("from", hints.source) == hints.source]
        if not found:
            default = self.default_card_action(state, card, hints)
            if default is not None:
                self.game.apply(state, default)  # raises the rules' reason
                return default
            raise Rejected("card_not_now")
        return common_fields(found, card)

    def command_action(self, state: State, kind: str, seat: Seat, hints: Hints) -> dict[str, Any]:
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

    def place_action(self, state: State, seat: Seat, words: str) -> dict[str, Any] | Question:
        """A placement from the words after "pose": by default a row and a column ("0 1"); a
        Question when the words fit several places ("which one?"). ValueError when the words
        are no position (the session asks for one)."""
        row, col = (int(x) for x in words.split()[:2])
        return {"type": "place", "seat": seat, "row": row, "col": col}

    def parse_line(self, state: State, seat: Seat, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | Question | None:
        """A typed line in the game's own words (no common command): an action to apply,
        events answering a question (addressed to ``seat``), a question to ask ``seat`` (the
        card it names next), or None if it means nothing
        here. Rejected with a reason for a line that is the game's but wrong. ``card`` is
        the card of the open question (the card seen last, waiting for words)."""
        return None

    # -- answers: what the companion says on request (events, to ``viewer``) -------------
    def actor(self, state: State) -> Seat | None:
        """The seat expected to act now, if the game has one."""
        view = self.game.public_view(state)
        turn = view.get("actor", view.get("turn"))
        return turn if isinstance(turn, int) else None

    def front(self, state: State) -> Seat | None:
        """Where a card put down now lands (the synthetic table): None for the seat putting it."""
        return None

    def due(self, state: State, seat: Seat) -> bool:
        """Whether ``seat`` has something to do now (its player is prompted): by default when it
        is the seat expected to act; a game where several act at once says more."""
        return self.actor(state) == seat

    def acted_by(self, state: State, action: Action) -> Seat | None:
        """The seat whose move ``action`` is, in ``state`` (before it): the seat expected to act,
        else the seat the action names. A person's "annule" undoes back to their own last move."""
        actor = self.actor(state)
        seat = action.get("seat")
        return actor if actor is not None else (seat if isinstance(seat, int) else None)

    def decider(self, state: State, action: Action) -> Seat | None:
        """The seat whose choice the details of ``action`` are, when it is not the seat acting
        (the seat asked to play a card for another, a duel's winner deciding a swap): None when
        the actor decides all of it. The synthetic table never decides for a person: it asks."""
        return None

    def request(self, state: State, action: Action, seat: Seat) -> Question:
        """The question that lets ``seat`` (the decider of ``action``) choose: by default, among
        the legal actions of the same type for the same seat."""
        choices = tuple(a for a in self.candidates(state, lambda a: a.get("type") == action.get("type")
                                                   and a.get("seat") == action.get("seat")))
        return Question("", choices or (action,), seat, Answer(seat, "decide", {}))

    def asked(self, state: State, asker: Seat, seat: Seat) -> Event:
        """What the table hears when ``asker`` asks ``seat`` to play a card for him."""
        return Answer("all", "ask", {"seat": asker, "other": seat})

    def own_choice(self, state: State, asker: Seat, seat: Seat) -> Question | None:
        """``asker`` chooses himself the card ``seat``'s hand plays (the red player for the
        Ghost): the question listing that hand's cards, numbered; None: the hand is read."""
        return None

    def source(self, state: State, asker: Seat, seat: Seat) -> Seat:
        """``asker`` asks ``seat`` to play the next card for him ("demande Est"): the seat who
        chooses that card (``seat`` itself by default); Rejected with the reason when the
        request cannot be made (oneself, a seat with no card that fits)."""
        if seat == asker:
            raise Rejected("ask_self")
        return seat

    def hand_numbers_kept(self, state: State, seat: Seat) -> bool:
        """Whether ``seat`` types cards by the numbers of `main`, which close up when a card
        leaves (so a change is said); False where every prompt lists its own numbered choices
        or cards are numbered by place."""
        return True

    def nothing_to_give(self, state: State, seat: Seat, history: Sequence[Event]) -> Rejected | None:
        """Why "donne Est" gives nothing now (no card shown waits for a seat), in the game's own
        words; None: the session's plain "not now". ``history``: the events so far."""
        return None

    def seat_facts(self, state: State, seat: Seat) -> list[Event]:
        """What the person at ``seat`` should know of their place before the game (a team, a
        partner), told at the set-up and on resuming."""
        return []

    def progress(self, state: State, viewer: Seat) -> list[Event]:
        """Where the game stands (round, trick), said on resuming."""
        return []

    def turn(self, state: State, viewer: Seat) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        seat = self.actor(state)
        if seat is None:
            return [Answer(viewer, "not_now")]
        return [Answer(viewer, "turn_seat", {"seat": seat})]

    def hand_cards(self, state: State, seat: Seat) -> list[str] | None:
        """The cards the companion knows in ``seat``'s hand, in the order a player numbers them."""
        hand = self.game.private_view(state, seat).get("hand")
        return list(hand) if isinstance(hand, list | tuple) else None

    def hand(self, state: State, viewer: Seat) -> list[Event]:
        hand = self.hand_cards(state, viewer)
        if hand is None:
            return [Answer(viewer, "hand_unknown")]
        return [Answer(viewer, "hand", {"cards": hand}) if hand else Answer(viewer, "hand_empty")]

    def trick(self, state: State, viewer: Seat) -> list[Event]:
        return self.table(state, viewer)

    def table(self, state: State, viewer: Seat) -> list[Event]:
        """What lies face up on the table."""
        return [Answer(viewer, "table_empty")]

    def scores(self, state: State, viewer: Seat) -> list[Event]:
        parts = [Answer(viewer, "seat_score", {"seat": s, "points": v})
                 for s, v in self.game.scores(state).items()]
        return [Answer(viewer, "scores", {"parts": parts})]

    def out(self, state: State, viewer: Seat) -> list[Event]:
        """The cards not seen yet."""
        out = self.game.public_view(state).get("out")
        if not out:
            return [Answer(viewer, "out_none")]
        return [Answer(viewer, "out", {"cards": list(out)})]

    def played(self, state: State, history: Sequence[Event], viewer: Seat) -> list[Event]:
        """Who played what (a memory aid): every public announcement of ``history`` (the game's
        events so far) that put a seat's card down, as it was said."""
        plays = [e for e in history if e.audience == "all" and isinstance(e.params.get("card"), str)
                 and isinstance(e.params.get("seat"), int)]
        return [Answer(viewer, "played", {"plays": plays})] if plays else [Answer(viewer, "played_none")]

    def legal_moves(self, state: State, seat: Seat) -> list[Event]:
        """What ``seat`` may do now, said to it."""
        actions = self.game.legal(state, seat)
        cards = sorted({a["card"] for a in actions if "card" in a})
        if cards:
            return [Answer(seat, "legal", {"cards": cards})]
        kinds = sorted({str(a.get("type")) for a in actions})
        if kinds:
            return [Answer(seat, "legal_other", {"what": kinds})]
        return [Answer(seat, "legal_none")]

    def rules(self, viewer: Seat) -> list[Event]:
        """A short reminder of how to play this game at the companion."""
        return [Answer(viewer, "rules")]

    def query(self, name: str, state: State, viewer: Seat, target: Seat | None) -> list[Event]:
        """A question the game's own command words ask (`kind = "query"` in its commands.toml):
        "trick" and "out" here; a game adds its own (say, "describe"). ``target``: a seat named."""
        if name == "trick":
            return self.trick(state, viewer)
        if name == "out":
            return self.out(state, viewer)
        raise Rejected("not_now")

    # -- equal information: what a sighted player may see at this moment ---------------------
    def face_up(self, state: State) -> frozenset[str]:
        """The cards anyone at the table may see now: face up on the table (a trick being played,
        a board, a layout, a pile's top card). What is gone (a trick turned face down, a discard
        under the top one, a card played earlier) is not in it. Each game declares it from its
        rules; by default nothing on the table is known to be face up."""
        return frozenset()

    def in_sight(self, state: State, viewer: Seat) -> frozenset[str]:
        """The cards a sighted player at ``viewer``'s seat may see now: what is face up, and the
        cards in their own hand (a game adds any card only that seat may look at). In the table
        setting "equal", no answer to ``viewer`` names a card outside it."""
        return self.face_up(state) | frozenset(self.hand_cards(state, viewer) or ())

    # -- announcing ------------------------------------------------------------------------
    def subject(self, event: Event) -> Seat | None:
        """The seat an announced event is about (whose voice or place it concerns), if any."""
        seat = event.params.get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    def clears_table(self, events: Sequence[Event]) -> bool:
        """True when these events take the cards off the table (a trick picked up). By
        default every card is taken away once read: the synthetic table keeps no layout."""
        return True

    def frequent(self, state: State, deck: Deck) -> list[Event]:
        """The announcements worth building into the speech cache before the game starts."""
        return []


def common_fields(candidates: Sequence[Action], card: str | None) -> dict[str, Any] | Question:
    """The fields all candidates share; a Question when they differ in type or seat."""
    first = dict(candidates[0])
    if any(c.get("type") != first.get("type") or c.get("seat") != first.get("seat") for c in candidates):
        return Question(card or "", tuple(candidates))
    return {k: v for k, v in first.items() if all(c.get(k) == v for c in candidates)}


def to_seat(seat: Seat, events: Sequence[Event]) -> list[Event]:
    """The same events, addressed to ``seat`` only (a question is answered to its asker)."""
    return [type(e)(seat, e.key, dict(e.params)) for e in events]
