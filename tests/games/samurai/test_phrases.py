"""Every samurai event key, query answer and rejection has a phrase in French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.speech.phrasebook import Phrasebook

ROOT = Path(__file__).parents[3] / "companion"
# table.py answers from [session] (the strict phrasebook checks those), not from [events]
SOURCES = sorted(p for p in (ROOT / "games" / "samurai").glob("*.py") if p.name != "table.py")


def _found(pattern: str) -> set[str]:
    return {m for path in SOURCES for m in re.findall(pattern, path.read_text(encoding="utf-8"))}


EVENT_KEYS = _found(r'Event\(\s*[\w"]+,\s*"(\w+)"') | _found(r'"(\w+)" if ') | _found(r' else "(\w+)"')
REASONS = _found(r'Rejected\("(\w+)"')


def test_the_scan_found_the_keys() -> None:
    assert {"moved", "attacked", "shot", "removed", "recruited", "control_scored", "control_none",
            "event_card_mandatory", "q_unit_done", "q_reach_stays", "game_over"} <= EVENT_KEYS
    assert {"out_of_range", "square_occupied", "out_of_reach", "unit_attacked", "not_enough_cp",
            "missing_resources", "cmd_unknown_word", "cmd_ambiguous_unit"} <= REASONS


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_key_and_reason_has_a_phrase(lang: str) -> None:
    book = Phrasebook(lang, "samurai")
    known = {"move", "place"}  # verbs the command parser picks with "if", not event keys
    assert sorted(k for k in EVENT_KEYS - known if not book.has("events", k)) == []
    assert sorted(k for k in REASONS if not book.has("reasons", k)) == []


def test_the_terms_name_teams_types_and_terrain() -> None:
    for lang in ("fr", "en"):
        terms = Phrasebook(lang, "samurai").section("terms")
        assert {"Y", "R", "katana", "naginata", "archer", "cavalry", "plain", "forest", "mountain",
                "field"} <= set(terms)
