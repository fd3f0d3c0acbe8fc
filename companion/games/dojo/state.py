"""Dojo's state: the options, the immutable state, its phases and the deck's tatamis and trophies."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Option

ROUNDS = 12


ROWS, COLS = 3, 4


RACCOON = "RACCOON"


ROW_POINTS = (0, 1, 3, 6, 10)  # by the number of cards of the row's disciple


SEAT_KEYS = {3: ["north", "east", "south"], 4: ["north", "east", "south", "west"],
             5: ["north", "northeast", "southeast", "southwest", "northwest"]}


OPTIONS = (
    Option("first_dealer", 0, "Seat that deals the first round (the youngest player)."),
    Option("challenges", "one", "One challenge a round (the first challenger ends the asking), or each "
           "opponent in turn may challenge.", ("one", "several"), "D1"),
    Option("trophy_flip", "when_none", "Flip a trophy only when none is in play, or every round (the "
           "unclaimed ones pile up).", ("when_none", "every_round"), "D2"),
    Option("rotation", "clockwise", "The deal passes to the dealer's left, or right.",
           ("clockwise", "counterclockwise"), "D3"),
    Option("orientation", "fixed", "The dojo is 3 rows x 4 columns as its owner sees it, or may also be "
           "4 x 3 (scored turned a quarter).", ("fixed", "free"), "D4"),
    Option("raccoons", "per_card", "Each raccoon joins its row's best disciple, or all raccoons of a dojo "
           "are one disciple.", ("per_card", "one_disciple"), "D5"),
    Option("raccoon_belts", "printed", "In columns raccoons keep their printed belt, or match any belt.",
           ("printed", "any"), "D6"),
    Option("swap", "optional", "The challenge winner may swap tatamis with the loser, or never.",
           ("optional", "never"), "D7"),
    Option("tie_break", "trophies", "Equal totals: more trophies wins, then shared; or always shared.",
           ("trophies", "shared"), "D8"),
    Option("deal_order", "any", "The dealer hands tatamis in any order, or clockwise from his left, "
           "himself last.", ("any", "clockwise"), "D9"),
    Option("empty_pile", "challenges", "With no trophy left, challenges still happen (for the swap), or "
           "none.", ("challenges", "none"), "D10"),
    Option("challenge_order", "skip", "A challenge from a seat further round means the seats before it "
           "passed, or each seat must answer in turn.", ("skip", "strict"), "D1"),
)


# phases of a round
TROPHY, RECRUIT, CHALLENGE, TRAINING, OVER = "trophy", "recruit", "challenge", "training", "over"


Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Tatami:
    disciple: str
    belt: int


class DojoState(NamedTuple):
    """The whole game; immutable."""

    seats: int
    opts: Mapping[str, Any]
    round: int
    dealer: int
    phase: str
    flipped: frozenset[str]  # trophies flipped so far (in play or won)
    in_play: tuple[str, ...]  # trophies face up, at stake
    won: tuple[tuple[str, ...], ...]  # trophies won, per seat
    pending: tuple[str | None, ...]  # the face-down tatami each seat holds this round
    shown: frozenset[int]  # seats whose held tatami was revealed (challenge)
    asked: int  # challenge phase: index in `challenge_order` of the next seat to ask
    challenges: int  # challenges this round
    swap_offer: tuple[int, int] | None  # (winner, loser) of the last duel, while he may swap
    dojos: tuple[tuple[tuple[int, int, str], ...], ...]  # per seat: (row, col, card) in placing order
    used: frozenset[str]  # tatamis given so far (held or placed)
    over: bool = False
    winners: tuple[int, ...] = ()


@cache
def tatamis() -> dict[str, Tatami]:
    """The 60 tatamis, by id, from the deck file."""
    return {c.id: Tatami(c["disciple"], c["belt"]) for c in load_deck("dojo") if c.kind == "tatami"}


@cache
def trophies() -> dict[str, int]:
    """The 12 trophies, by id, with their points (deck file)."""
    return {c.id: c["points"] for c in load_deck("dojo") if c.kind == "trophy"}
