"""Samurai test helpers: a game set up by `place` actions, or a board arranged by hand."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from companion.engine import Match
from companion.games.samurai.board import TYPES, data
from companion.games.samurai.rules import GAME
from companion.games.samurai.state import PLAY, SamuraiState, Unit, cp_share, team_of

# Where each seat's four units start in `placed_match` (team Y north, team R south).
START = {
    0: {"KATANA-Y-1": "C2", "NAGINATA-Y-1": "D2", "ARCHER-Y-1": "E2", "CAVALRY-Y-1": "F2"},
    1: {"KATANA-R-1": "G8", "NAGINATA-R-1": "F8", "ARCHER-R-1": "E8", "CAVALRY-R-1": "D8"},
    2: {"KATANA-Y-2": "C1", "NAGINATA-Y-2": "D1", "ARCHER-Y-2": "E1", "CAVALRY-Y-2": "F1"},
    3: {"KATANA-R-2": "G9", "NAGINATA-R-2": "F9", "ARCHER-R-2": "E9", "CAVALRY-R-2": "D9"},
}


def placed_match(seats: int = 2, **options: Any) -> Match:
    """A match whose setup is done by real `place` actions (seats 0-3)."""
    match = Match.new(GAME, seats, options)
    for seat in range(seats):
        for unit, square in START[seat].items():
            match.apply({"type": "place", "seat": seat, "unit": unit, "at": square})
    return match


def arrange(state: SamuraiState, units: dict[str, tuple[int, str]], seat: int | None = None,
            hp: dict[tuple[int, str], int] | None = None, cp: int | None = None) -> SamuraiState:
    """`state` with exactly these units (id -> (owner, square)), full health counters unless
    `hp` says otherwise ((seat, type) -> points), and `seat` (default: the current) to play."""
    placed = {uid: Unit(uid, data().tokens[uid][0], owner, sq) for uid, (owner, sq) in units.items()}
    counters = [[0] * len(TYPES) for _ in range(state.players)]
    for u in placed.values():
        counters[u.owner][TYPES.index(u.type)] += data().units[u.type].hp
    for (owner, kind), points in (hp or {}).items():
        counters[owner][TYPES.index(kind)] = points
    seat = state.seat if seat is None else seat
    assert seat is not None
    cps = list(state.cp)
    cps[seat] = cp_share(state, seat) if cp is None else cp
    return state._replace(units=MappingProxyType(placed), hp=tuple(tuple(c) for c in counters), phase=PLAY,
                          seat=seat, team=team_of(state, seat), cp=tuple(cps), acted=False, effects=())


def play(state: SamuraiState, *actions: dict[str, Any]) -> tuple[SamuraiState, list]:
    """Apply actions in turn; the final state and every event."""
    events: list = []
    for action in actions:
        state, new = GAME.apply(state, action)
        events.extend(new)
    return state, events


def keys(events: list) -> list[str]:
    return [e.key for e in events]
