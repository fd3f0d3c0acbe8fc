"""Tatsu's state: cards, options, the immutable state, turn order and what a layout shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Option, Rejected
from companion.engine.protocol import named_card

YELLOW, RED = "Y", "R"


CLANS = (YELLOW, RED)


TRICKS_PER_ROUND = 7


CARDS_PER_TRICK = 4


LAYOUT_SIZE = 7


GHOST = 3  # the Ghost's seat number (and table place) in the 3-player game


DEFAULT_YELLOW = {2: [0], 3: [0, 2], 4: [0, 2]}


OPTIONS = (
    Option("dealer", 0, "Seat that deals (and leads) the first round."),
    Option("yellow", None, "The yellow seats (4p: two opposite seats; 3p: the two yellow humans of round "
           "1, in any order: the humans sit clockwise by seat number, the red one opposite the Ghost; 2p: "
           "one seat). Default: North and South (2p: North)."),
    Option("target", 500, "The score that ends the game."),
    Option("seed", 0, "Seed for the examples `legal` draws (2-player layouts)."),
    Option("tie", "play_on", "A tie on top at the target: play another round, or share the win.",
           ("play_on", "shared"), "T9, T13"),
    Option("last_trick_fusion", "lose_all", "A fusion in the 7th trick: every pending card is lost, "
           "or the trick is won as if the fusion were a card of no power.",
           ("lose_all", "last_winner"), "T3"),
    Option("pending_multipliers", "travel",
           "Multipliers in a fused trick go to its final winner, or are lost.",
           ("travel", "lost"), "T4"),
    Option("double_fusion_leader", "first",
           "Both fusions in one trick: the first or the last one's seat leads.",
           ("first", "last"), "T5"),
    Option("fusion_leader", "front", "Who leads after a fusion: the seat it lies in front of, or the seat "
           "whose hand it came from.", ("front", "player"), "T7"),
    Option("multiplier_power", 0, "The power of a multiplier when comparing (below every spirit).",
           (0, -1), "T8"),
    Option("face_down", "per_source", "2p: a face-down card may be taken when that layout has no face-up "
           "card of the colour (per_source), or only when neither layout has one.",
           ("per_source", "neither"), "T10"),
    Option("dealer_2p", "alternate", "2p: the dealer card alternates each round, or stays.",
           ("alternate", "same"), "T11"),
    Option("ghost_hand", "open", "3p: the Ghost's hand is face up for all, or seen by the red player only.",
           ("open", "red"), "T12"),
    Option("ask_partner", True, "You may ask your partner to play for you.", (True, False), "T17"),
)


@dataclass(frozen=True, slots=True)
class CardInfo:
    clan: str
    power: int
    points: int
    multiplier: int
    fusion: bool


@dataclass(frozen=True, slots=True)
class Stack:
    """One place of a 2-player layout: a face-up card (id None: turned up, not yet named)
    and the colour of the face-down card under it."""

    up: str | None
    colour: str | None  # colour of the face-up card; None: nothing face up
    down: str | None  # colour of the face-down card; None: nothing under


class TatsuState(NamedTuple):
    """The whole game; immutable (a NamedTuple: cheap to evolve, so replaying stays fast)."""

    players: int  # 2, 3 or 4 people
    seat_count: int  # seats that may appear in actions (3p: the Ghost is seat 3)
    opts: Mapping[str, Any]  # read-only
    round: int
    dealer: int
    order: tuple[int, ...]  # seats in clockwise table order, this round
    clans: tuple[str, ...]  # clan of each seat, this round
    leader: int
    trick_no: int
    trick: tuple[tuple[int, str, int], ...]  # (front seat, card, hand it came from)
    pending: tuple[str, ...]
    pending_tricks: int
    captured: tuple[tuple[str, ...], tuple[str, ...]]  # by clan: yellow, red
    lost: tuple[str, ...]
    played: frozenset[str]
    hands: tuple[tuple[str, ...] | None, ...]  # registered hands (None: unknown)
    sizes: tuple[int, ...]  # cards left in each hand
    tableaux: tuple[tuple[Stack, ...] | None, ...]  # 2 players only
    totals: tuple[int, ...]  # per player
    over: bool = False
    winners: tuple[int, ...] = ()


@cache
def cards() -> dict[str, CardInfo]:
    """The 28 cards, by id, from the deck file."""
    return {
        c.id: CardInfo(c["clan"], c.get("power", 0), c["points"], c.get("multiplier", 0),
                       c.get("fusion", False))
        for c in load_deck("tatsu")
    }


# ---------------------------------------------------------------------- turn order
def turn_seat(state: TatsuState) -> int | None:
    """The seat in front of which the next card goes, or None when the game is over."""
    if state.over:
        return None
    i = len(state.trick)
    if state.players == 2:
        return state.leader if i % 2 == 0 else 1 - state.leader
    pos = state.order.index(state.leader)
    return state.order[(pos + i) % CARDS_PER_TRICK]


def actor(state: TatsuState) -> int | None:
    """The person who decides the next card (the red player acts for the Ghost)."""
    front = turn_seat(state)
    if front == GHOST and state.players == 3:
        return red_human(state)
    return front


def red_human(state: TatsuState) -> int:
    """3 players: the human on the Ghost's side this round."""
    return next(s for s in range(3) if state.clans[s] == RED)


def partner(state: TatsuState, seat: int) -> int | None:
    if state.players == 2:
        return None
    pos = state.order.index(seat)
    return state.order[(pos + 2) % 4]


# ---------------------------------------------------------------------- actions
def seat_field(state: TatsuState, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = action.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seat_count:
        raise Rejected("bad_seat", value=str(seat))
    return seat


def card_field(action: Mapping[str, Any], key: str = "card") -> str:
    return named_card(action, cards(), key)


def holder_of(state: TatsuState, card: str) -> int | None:
    for seat, hand in enumerate(state.hands):
        if hand is not None and card in hand:
            return seat
    return None


def identified(state: TatsuState) -> dict[str, tuple[int, int]]:
    """2p: face-up cards already named, by id -> (seat, place)."""
    out = {}
    for seat, tableau in enumerate(state.tableaux):
        for place, stack in enumerate(tableau or ()):
            if stack.up is not None:
                out[stack.up] = (seat, place)
    return out


def face_down_allowed(state: TatsuState, source: int, clan: str) -> bool:
    """T10: a face-down card may be taken when no face-up card of the colour is available."""
    layouts = [state.tableaux[source]] if state.opts["face_down"] == "per_source" else list(state.tableaux)
    return not any(k.colour == clan for t in layouts for k in t or ())


def slot_field(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < LAYOUT_SIZE:
        raise Rejected("bad_slot", value=str(value))
    return value


# ---------------------------------------------------------------------- views
def listed(hand: tuple[str, ...] | None) -> list[str] | None:
    return None if hand is None else list(hand)


def hand_summary(state: TatsuState, seat: int) -> dict[str, Any]:
    """Public facts about a hand: its size, and its colours when known (the backs show them)."""
    hand = state.hands[seat]
    out: dict[str, Any] = {"size": state.sizes[seat]}
    if hand is not None:
        yellow = sum(cards()[c].clan == YELLOW for c in hand)
        out.update({YELLOW: yellow, RED: len(hand) - yellow})
    return out
