"""The protocol every game engine implements: events, rejections, options, the Game base.

Engines are pure and deterministic: no I/O, no clock, randomness only from a seed kept in
the state. `apply` returns a new state and the events it caused, or raises `Rejected`
(a typed, speakable reason) and changes nothing. Engines never build sentences: events
and rejections carry a message key and parameters; the phrasebooks turn them into text.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from types import MappingProxyType
from typing import Any, ClassVar, Literal, TypedDict, TypeVar

Seat = int
Audience = Literal["all"] | int
Action = Mapping[str, Any]
State = Any

# Rejection codes the engine's own machinery raises, for every game (the phrasebook's
# common reasons); each game adds its own closed set (`Game.rejections`).
COMMON_REJECTIONS = frozenset({
    "bad_action", "unknown_action", "game_over", "nothing_to_undo", "bad_seat", "bad_seat_count",
    "bad_option", "bad_option_value", "unknown_card", "already_played", "not_turn", "card_not_now",
    "not_now", "ambiguous", "rules_version", "photo_no_words", "photo_unreadable", "photo_other_game",
    "ask_self", "house_unknown", "house_value", "house_value_number", "house_not_assignment",
})


class SharedView(TypedDict, total=False):
    """The view keys the generic table rules read, when a game's view has them (a game's
    own table rules may read anything of its own views instead)."""

    turn: int | None  # the seat expected to act (or in front of which the next card goes)
    actor: int | None  # the person who decides, when it is not `turn` (a dummy seat's partner)
    hand: list[str] | None  # private view: the seat's known cards (None: not registered)
    out: list[str]  # public view: cards not seen yet


@dataclass(frozen=True, slots=True)
class Event:
    """A fact to announce: to everyone (`"all"`) or to one seat only."""

    phrases: ClassVar[str] = "events"  # the phrasebook section its key is found in

    audience: Audience
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"audience": self.audience, "key": self.key, "params": self.params}


@dataclass(frozen=True, slots=True)
class Answer(Event):
    """What the table rules say that is no game event (an answer to a question, a question):
    its key is found in the phrasebook's `[session]` section. Never recorded."""

    phrases: ClassVar[str] = "session"


Handler = TypeVar("Handler")


class Rejected(Exception):
    """An action the rules refuse; `code` is a phrasebook key, `params` fill it.

    Not a `CompanionError`: it is a verdict of the rules, said by the session or the command
    line with the game's phrasebook (its reasons, its seat and card names), which this pure
    layer may not import; one that reached the last-resort guard would be a fault of the
    program (logged), not a reason to say."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(f"{code} {params}" if params else code)


@dataclass(frozen=True, slots=True)
class Option:
    """A named rule option with its default (a rule choice the text leaves open)."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    rule: str = ""  # the digest id it settles, e.g. "T9"


class Game:
    """Base of every game engine. Subclasses override the rule methods; all are pure."""

    name: str = ""
    seat_counts: tuple[int, ...] = ()
    default_seats: int = 0  # the seat count `play` and `demo` start with: the game's commonest
    options: tuple[Option, ...] = ()
    # Options a simulated table (random play: demos, tests) adds so that its games end;
    # never the defaults people play with.
    simulation_options: Mapping[str, Any] = MappingProxyType({})
    # The rules' version, written in every record's header: a record made under other rules
    # of the game is refused before its first action (records without one are version 1).
    rules_version: int = 1
    # Options with a meaning outside the rules: the one seeding the state's randomness (a
    # simulated game sets it from its own seed), the one `--target` sets, the one the set-up
    # dialogue's "donneur Est" sets. None: the game has no such option.
    seed_option: str | None = None
    target_option: str | None = None
    dealer_option: str = "dealer"
    # The closed set of rejection codes this game's rules raise (beyond COMMON_REJECTIONS);
    # each has a phrase in every language (the conformance test checks both).
    rejections: frozenset[str] = frozenset()

    def resolve_options(self, seats: int, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults completed by `given`; unknown names or choices are Rejected."""
        if seats not in self.seat_counts:
            raise Rejected("bad_seat_count", n=seats, allowed=list(self.seat_counts))
        known = {o.name: o for o in self.options}
        out = {name: self.default_option(name, seats) for name in known}
        for name, value in (given or {}).items():
            if name not in known:
                raise Rejected("bad_option", name=name)
            opt = known[name]
            if opt.choices and value not in opt.choices:
                raise Rejected("bad_option_value", name=name, value=str(value))
            out[name] = value
        return out

    def default_option(self, name: str, seats: int) -> Any:
        """The default of an option; games override it when it depends on the seat count."""
        return next(o.default for o in self.options if o.name == name)

    def seat_keys(self, seats: int) -> list[str]:
        """Phrasebook keys naming each seat (index = seat number): two players face each other
        (North and South); three or four go round the table."""
        return ["north", "south"] if seats == 2 else ["north", "east", "south", "west"][:seats]

    # The rules: every game implements these.
    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> State:
        raise NotImplementedError

    def start_events(self, state: State) -> list[Event]:
        """Events announcing a new game (e.g. who deals); none by default."""
        return []

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def legal(self, state: State, seat: Seat) -> Sequence[Action]:
        """What `seat` may do now, as the game's typed actions. Where the full set is too large
        to list (a 2-player layout), a few valid examples drawn from the state's seed."""
        raise NotImplementedError

    def public_view(self, state: State) -> dict[str, Any]:
        raise NotImplementedError

    def private_view(self, state: State, seat: Seat) -> dict[str, Any]:
        raise NotImplementedError

    def scores(self, state: State) -> dict[Seat, int]:
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def winners(self, state: State) -> list[Seat]:
        raise NotImplementedError

    def table_actions(self, state: State, rng: Random) -> Sequence[Action]:
        """What a simulated table does now that is nobody's rule choice (dealing hands,
        drawing the top card), as actions; none by default. Used by demos, the synthetic
        table and random tests, never by the rules themselves."""
        return []

    def seats_of(self, state: State) -> Sequence[Seat]:
        """Every seat that may appear in actions (players, plus any dummy seat)."""
        raise NotImplementedError

    # Whether some cards are hidden from some seats (a hand, a face-down card); a game where
    # everything is public or unknown to all says False, and has no hidden variants.
    hides_cards: bool = True

    def hidden_variants(self, state: State, seat: Seat) -> list[State]:
        """States that differ from ``state`` only in what ``seat`` cannot know (another seat's
        hidden cards swapped for unseen ones): ``private_view(v, seat)`` must be the same for
        each. Used by the conformance test (OpenSpiel's information-state rule)."""
        return []


def handler_for(handlers: Mapping[str, Handler], action: object, over: bool) -> Handler:
    """The handler of an action's type: Rejected "unknown_action" for a type the game has no
    handler for, then "game_over" once the game is over (in that order, for every game)."""
    kind = action.get("type") if isinstance(action, Mapping) else None
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise Rejected("unknown_action", type=str(kind))
    if over:
        raise Rejected("game_over")
    return handler


def named_card(action: Mapping[str, Any], known: Container[str], key: str = "card") -> str:
    """The card an action names under ``key``; Rejected "unknown_card" if it is none of ``known``."""
    card = action.get(key)
    if not isinstance(card, str) or card not in known:
        raise Rejected("unknown_card", card=str(card))
    return card
