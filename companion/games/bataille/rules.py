"""Bataille (the children's card game, here with 20 cards): two players, two suits of ten.

Each player holds a face-down pile of 10 cards. A round: the players each turn up the top
card of their pile, the first player (`first`) then the other; the higher value takes both
cards into its winnings. Equal values are a bataille: each adds `down_cards` cards face down,
then one face up, and the higher of the new pair takes everything on the table; a tie again
is another bataille. Winnings are not played again: the game ends when the piles are played
out, and the player who won more cards wins (equal counts: both). Cards still on the table
then (a bataille on the last cards) go back to their owners' winnings, or to nobody
(`unclaimed`). The companion never sees a face-down card: it counts them, by the rules.

Record actions: `{"type": "play", "seat": S, "card": ID}`, a card turned up by seat S (in a
bataille, S's face-down cards go down with it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, TypedDict

from card_codes import load_deck
from companion.engine import Event, Game, Option, Rejected

GAME_NAME = "bataille"
SEATS = 2
PILE = 10  # cards each player holds at the start

OPTIONS = (
    Option("first", 0, "Seat that turns up its card first in each round.", (0, 1)),
    Option("down_cards", 1, "Cards each player adds face down in a bataille, before the face-up one.",
           (1, 0, 2)),
    Option("unclaimed", "returned", "Cards left on the table when the piles run out during a bataille: "
           "back to the winnings of the player who put them, or to nobody.", ("returned", "lost")),
)
REJECTIONS = frozenset({"not_your_card_now", "card_seen", "pile_empty"})


class PlayAction(TypedDict):
    """A card turned up by a seat."""

    type: Literal["play"]
    seat: int
    card: str


class BatailleState(NamedTuple):
    """The whole game; immutable."""

    opts: Mapping[str, Any]
    piles: tuple[int, int]  # cards left in each face-down pile
    turn: int | None  # the seat to turn up a card now (None: the game is over)
    table: tuple[tuple[int, str | None], ...]  # (seat, card or None face down) on the table, this round
    up: tuple[str | None, str | None]  # each seat's face-up card of the current pair
    seen: frozenset[str]  # every card turned up so far
    won: tuple[int, int]  # cards won by each seat
    batailles: int  # batailles in the current round
    over: bool = False


@cache
def values() -> dict[str, int]:
    """Each card's value, from the deck file."""
    return {c.id: int(c["value"]) for c in load_deck(GAME_NAME)}


def other(seat: int) -> int:
    return 1 - seat


class Bataille(Game):
    """The bataille engine (2 players)."""

    name = GAME_NAME
    seat_counts = (SEATS,)
    default_seats = SEATS
    options = OPTIONS
    rejections = REJECTIONS
    dealer_option = "first"
    hides_cards = False  # the piles are face down to everyone: nothing is one seat's secret

    def seat_keys(self, seats: int) -> list[str]:
        return ["north", "south"]

    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> BatailleState:
        opts = self.resolve_options(seats, options)
        return BatailleState(MappingProxyType(opts), (PILE, PILE), opts["first"], (), (None, None),
                             frozenset(), (0, 0), 0)

    def start_events(self, state: BatailleState) -> list[Event]:
        return [Event("all", "deal", {"n": PILE, "seat": state.turn})]

    def apply(self, state: BatailleState, action: Mapping[str, Any]) -> tuple[BatailleState, list[Event]]:
        kind = action.get("type") if isinstance(action, Mapping) else None
        if kind != "play":
            raise Rejected("unknown_action", type=str(kind))
        if state.over:
            raise Rejected("game_over")
        seat, card = action.get("seat"), action.get("card")
        if seat not in (0, 1):
            raise Rejected("bad_seat", value=str(seat))
        if not isinstance(card, str) or card not in values():
            raise Rejected("unknown_card", card=str(card))
        if seat != state.turn:
            raise Rejected("not_your_card_now", seat=state.turn)
        if card in state.seen:
            raise Rejected("card_seen", card=card)
        return _turn_up(state, seat, card)

    def legal(self, state: BatailleState, seat: int) -> list[PlayAction]:
        if state.over or seat != state.turn:
            return []
        return [{"type": "play", "seat": seat, "card": c} for c in values() if c not in state.seen]

    def public_view(self, state: BatailleState) -> dict[str, Any]:
        return {"game": self.name, "turn": state.turn, "piles": list(state.piles), "won": list(state.won),
                "table": [{"seat": s, "card": c} for s, c in state.table], "batailles": state.batailles,
                "out": [c for c in values() if c not in state.seen], "over": state.over}

    def private_view(self, state: BatailleState, seat: int) -> dict[str, Any]:
        return {**self.public_view(state), "seat": seat}  # nothing is private: face down is unknown to all

    def scores(self, state: BatailleState) -> dict[int, int]:
        return dict(enumerate(state.won))

    def is_over(self, state: BatailleState) -> bool:
        return state.over

    def winners(self, state: BatailleState) -> list[int]:
        if not state.over:
            return []
        best = max(state.won)
        return [s for s in (0, 1) if state.won[s] == best]

    def seats_of(self, state: BatailleState) -> Sequence[int]:
        return range(SEATS)


def _turn_up(state: BatailleState, seat: int, card: str) -> tuple[BatailleState, list[Event]]:
    """Seat turns up ``card`` (after its face-down cards in a bataille); a full pair is settled."""
    if state.piles[seat] == 0:
        raise Rejected("pile_empty", seat=seat)
    down = min(state.opts["down_cards"], state.piles[seat] - 1) if state.batailles else 0
    piles = list(state.piles)
    piles[seat] -= down + 1
    up = list(state.up)
    up[seat] = card
    table = (*state.table, *((seat, None) for _ in range(down)), (seat, card))
    events = [Event("all", "played_over" if down else "played", {"seat": seat, "card": card, "down": down})]
    state = state._replace(piles=(piles[0], piles[1]), up=(up[0], up[1]), table=table,
                           seen=state.seen | {card}, turn=other(seat))
    if None in state.up:
        return state, events
    return _settle(state, events), events


def _settle(state: BatailleState, events: list[Event]) -> BatailleState:
    """Both cards of the pair are up: the higher takes the table, a tie is a bataille."""
    a, b = (values()[c] for c in state.up if c is not None)
    first = state.opts["first"]
    if a == b:
        state = state._replace(up=(None, None), batailles=state.batailles + 1, turn=first)
        if min(state.piles) > 0:
            events.append(Event("all", "bataille", {"value": a, "down": min(state.opts["down_cards"],
                                                                              min(state.piles) - 1)}))
            return state
        return _finish(state, events)
    winner = 0 if a > b else 1
    won = list(state.won)
    won[winner] += len(state.table)
    events.append(Event("all", "won", {"seat": winner, "n": len(state.table)}))
    state = state._replace(won=(won[0], won[1]), table=(), up=(None, None), batailles=0, turn=first)
    return state if min(state.piles) > 0 else _finish(state, events)


def _finish(state: BatailleState, events: list[Event]) -> BatailleState:
    """The piles are played out: cards left on the table are returned or lost, then the end."""
    won = list(state.won)
    if state.table:
        if state.opts["unclaimed"] == "returned":
            for seat, _ in state.table:
                won[seat] += 1
        returned = state.opts["unclaimed"] == "returned"
        key = "unclaimed_returned" if returned else "unclaimed_lost"
        events.append(Event("all", key, {"n": len(state.table)}))
    state = state._replace(won=(won[0], won[1]), table=(), up=(None, None), turn=None, over=True)
    best = max(won)
    winners = [s for s in (0, 1) if won[s] == best]
    events.append(Event("all", "game_over", {"seats": winners, "score": best, "other": min(won)}))
    return state


GAME = Bataille()
