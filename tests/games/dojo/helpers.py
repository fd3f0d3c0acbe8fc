"""Helpers for Dojo tests: a match, a recruited round, a whole dojo placed row by row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from companion.engine import Event, Match, Rejected, get_game
from companion.games.dojo.state import DojoState

DOJO = get_game("dojo")


def new(seats: int = 3, **options: Any) -> Match:
    return Match.new(DOJO, seats, options)


def keys(events: Sequence[Event]) -> list[str]:
    return [e.key for e in events]


def recruit(m: Match, cards: dict[int, str], trophy: str | None = None) -> list[Event]:
    """Flip `trophy` (if given) and hand each seat its card; the events."""
    events: list[Event] = []
    if trophy:
        events += m.apply({"type": "trophy", "card": trophy})
    for seat, card in cards.items():
        events += m.apply({"type": "give", "seat": seat, "card": card})
    return events


def refused(m: Match, action: dict[str, Any], code: str) -> Rejected:
    """The action is refused with `code` and the match is unchanged."""
    before, n = m.state, len(m.events)
    with pytest.raises(Rejected) as err:
        m.apply(action)
    assert err.value.code == code, err.value
    assert m.state is before and len(m.events) == n
    return err.value


def state_of(m: Match) -> DojoState:
    return m.state
