"""Shodan test helpers: a set-up table with chosen hands, and short turn moves."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Event, Match, Rejected, get_game
from companion.games.shodan.state import PILES, cards

GAME = get_game("shodan")
FACE_UP = ["POS-4-6", "ATK-1-4", "TEC-1-4", "NOT-8-2", "DIV-6-3"]


def started(hands: list[list[str]], objective: str = "OBJ-01", face_up: list[str] | None = None,
            **options: Any) -> Match:
    """A match after setup and the initial draft, each seat holding `hands[seat]` (5 known cards)."""
    m = Match.new(GAME, len(hands), options)
    m.apply({"type": "setup", "objective": objective, "face_up": face_up or FACE_UP})
    first = m.state.turn
    for i in range(5):
        for k in range(len(hands)):
            seat = (first + k) % len(hands)
            card = hands[seat][i]
            m.apply({"type": "draw", "seat": seat, "pile": cards()[card].colour, "card": card})
    assert m.state.phase == "main"
    return m


def refused(m: Match, action: dict[str, Any]) -> Rejected:
    """Apply an action the rules must refuse; check nothing changed."""
    before, n_events = m.state, len(m.events)
    with pytest.raises(Rejected) as err:
        m.apply(action)
    assert m.state is before and len(m.events) == n_events
    return err.value


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def refill(m: Match, seat: int, pile: str = "YELLOW") -> list[Event]:
    """Draw face-down (unknown cards) until the turn passes."""
    out: list[Event] = []
    while m.state.phase == "refill" and m.state.turn == seat:
        out += m.apply({"type": "draw", "seat": seat, "pile": pile})
    return out


def idle(m: Match, seat: int) -> None:
    """A turn that changes nothing much: discard a known card and take it back face up."""
    card = m.state.known[seat][0]
    m.apply({"type": "discard", "seat": seat, "card": card})
    m.apply({"type": "draw", "seat": seat, "pile": cards()[card].colour, "face_up": True})
    refill(m, seat)
    assert m.state.turn != seat or m.state.phase == "over"


def pile_of(card: str) -> str:
    colour = cards()[card].colour
    assert colour in PILES
    return colour
