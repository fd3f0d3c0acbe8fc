"""Every Dojo event key and rejection code has a short phrase in French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import Event
from companion.speech.phrasebook import Phrasebook

ROOT = Path(__file__).parents[3] / "companion"
# table.py answers from [session] (the strict phrasebook checks those), not from [events]
SOURCES = sorted(p for p in (ROOT / "games" / "dojo").glob("*.py") if p.name != "table.py")


def _found(pattern: str) -> set[str]:
    return {m for path in SOURCES for m in re.findall(pattern, path.read_text(encoding="utf-8"))}


EVENT_KEYS = _found(r'Event\(\s*[\w"]+,\s*"(\w+)"') | _found(r'key = "(\w+)" if') | _found(r'else "(\w+)"')
EVENT_KEYS |= {f"place_{side}" for side in ("left", "right", "above", "under")}
EVENT_KEYS |= {"dojo_no_row", "dojo_no_column"}
REASONS = _found(r'Rejected\("(\w+)"')


def test_the_scan_found_the_keys() -> None:
    assert {"given", "gave", "received", "duel", "placed", "final_score", "dojo_row", "score_row",
            "no_challenge_trophy_stays", "photo_total"} <= EVENT_KEYS
    assert {"has_tatami", "outside_grid", "place_unclear", "score_labels", "no_swap"} <= REASONS


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_key_and_reason_has_a_short_phrase(lang: str) -> None:
    book = Phrasebook(lang, "dojo")
    assert sorted(k for k in EVENT_KEYS if not book.has("events", k)) == []
    assert sorted(k for k in REASONS if not book.has("reasons", k)) == []
    for section in ("events", "reasons"):
        assert all(len(t) < 120 for t in book.section(section).values()), section


def test_phrases_name_seats_cards_belts_and_empty_places() -> None:
    fr = Phrasebook("fr", "dojo", seat_keys=["north", "northeast", "southeast", "southwest", "northwest"])
    en = Phrasebook("en", "dojo", seat_names=["Anne", "Bob", "Chloé"])
    assert fr.render(Event(4, "received", {"seat": 4, "card": "RACCOON-3-1"})) == \
        "Nord-Ouest, vous recevez Raton laveur, ceinture verte."
    assert en.render(Event("all", "given", {"seat": 2, "dealer": 0})) == "Anne gives a tatami to Chloé."
    assert fr.render(Event(0, "dojo_row", {"row": -1, "cells": [None, "FOX-5-2"]})) == \
        "Ligne -1 : vide ; Renard, ceinture noire."
    assert en.render(Event(0, "score_column", {"col": 2, "belt": 4, "points": 4})) == \
        "Column 2: three blue belts, 4 points."
    assert fr.render(Event(0, "score_row", {"row": 1, "disciple": "RACCOON", "count": 4, "points": 10})) == \
        "Ligne 1 : Raton-laveur × 4, 10 points."
