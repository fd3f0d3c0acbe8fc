"""Helpers for Tatsu scenario tests: play tricks by colour, and a fully known round."""

from __future__ import annotations

from typing import Any

from companion.engine import Event, Match, get_game
from companion.games.tatsu.state import turn_seat

TATSU = get_game("tatsu")

# A whole 4-player round, dealer North (0) leading; yellow = North and South.
# Each trick: (yellow cards in play order, red cards in play order).
# Yellow captures tricks 1-3 (14 points, multipliers yellow x1 and x3 and all three red ones),
# red captures tricks 4-6 (38 points, no red multiplier), trick 7 holds both fusions: lost.
ROUND_A = [
    (["Y-P6-V1", "Y-X1"], ["R-X1", "R-P1-V3"]),
    (["Y-P5-V1", "Y-X3"], ["R-X2", "R-P1-V4"]),
    (["Y-P4-V1", "Y-P1-V3"], ["R-X3", "R-P2-V1"]),
    (["Y-P2-V1", "Y-P1-V4"], ["R-P6-V1", "R-P1-V5"]),
    (["Y-X2", "Y-P1-V5"], ["R-P5-V1", "R-P1-V6"]),
    (["Y-P3-V1", "Y-P1-V6"], ["R-P4-V1", "R-P1-V7"]),
    (["Y-P1-V7", "Y-F"], ["R-P3-V1", "R-F"]),
]


def new(seats: int = 4, **options: Any) -> Match:
    return Match.new(TATSU, seats, options)


def play(m: Match, seat: int, card: str, frm: int | None = None, **extra: Any) -> list[Event]:
    action: dict[str, Any] = {"type": "play", "seat": seat, "card": card, **extra}
    if frm is not None:
        action["from"] = frm
    return m.apply(action)


def trick(m: Match, yellow: list[str], red: list[str]) -> list[Event]:
    """Play one trick: yellow cards go to the yellow seats in turn, red ones to the red seats."""
    queues = {"Y": list(yellow), "R": list(red)}
    events: list[Event] = []
    for _ in range(4):
        seat = turn_seat(m.state)
        assert seat is not None
        events += play(m, seat, queues[m.state.clans[seat]].pop(0))
    return events


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def first(events: list[Event], key: str) -> Event:
    return next(e for e in events if e.key == key)
