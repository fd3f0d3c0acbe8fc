"""Issue 16's remaining items, at the unit seam of the live session: what the player at the
keyboard hears (B3, B5, B6, A4, A7, A8, A9)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from .conftest import record_actions

ALL_RED = ["R-P1-V3", "R-P2-V1", "R-P3-V1", "R-P4-V1", "R-P5-V1", "R-X1", "R-F"]


def seen(card: str, seat: int | None = None) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=seat, error=None)


def test_b3_asking_a_seat_without_my_colour_is_refused_with_the_reason(make_session, tmp_path: Path) -> None:
    session, rec = make_session(seats=4, me=0)  # North plays yellow first
    assert session.apply({"type": "hand", "seat": 1, "cards": ALL_RED})  # East: no yellow card
    before, recorded = session.match.state, len(record_actions(tmp_path / "game.jsonl"))
    rec.clear()
    session.handle_line("demande Est")
    assert rec.lines == [(0, "Est n'a pas de carte jaune à jouer pour vous.")], rec.lines
    assert session.match.state is before
    assert len(record_actions(tmp_path / "game.jsonl")) == recorded, "nothing recorded"
    # the next card shown is North's own, not one asked of East
    session.handle_vision(seen("Y-P4-V1"))
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "play", "seat": 0, "card": "Y-P4-V1"}
