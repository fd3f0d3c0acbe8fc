"""Every Shodan event key and rejection code has a phrase in French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import Event
from companion.games.shodan.state import TURN_PHASES
from companion.speech.phrasebook import Phrasebook

GAME_DIR = Path(__file__).parents[3] / "companion" / "games" / "shodan"
TEXT = "\n".join(path.read_text(encoding="utf-8") for path in sorted(GAME_DIR.glob("*.py"))
                 if path.name != "table.py")
PATTERNS = (r'Event\(\s*[\w."]+,\s*"(\w+)"', r'key = "(\w+)" if', r'key = "\w+" if [^\n]* else "(\w+)"',
            r'"(built_uke|placed_uke|built|placed)"')
EVENT_KEYS = {key for pattern in PATTERNS for key in re.findall(pattern, TEXT)}
REASONS = set(re.findall(r'Rejected\("(\w+)"', TEXT)) | {f"phase_{p}" for p in ("setup", "draft", "over",
                                                                                   *TURN_PHASES)}


def test_the_scan_found_the_keys() -> None:
    assert {"built", "placed_uke", "closed", "jury_needs", "atemi_lost", "not_admitted"} <= EVENT_KEYS
    assert {"position_first", "incomplete", "engaged_as_uke", "pile_empty", "phase_refill",
            "command_pile"} <= REASONS


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_key_and_reason_has_a_phrase(lang: str) -> None:
    book = Phrasebook(lang, "shodan")
    assert sorted(k for k in EVENT_KEYS if not book.has("events", k)) == []
    assert sorted(k for k in REASONS if not book.has("reasons", k)) == []


def test_phrases_name_cards_piles_and_plurals() -> None:
    fr, en = Phrasebook("fr", "shodan"), Phrasebook("en", "shodan", seat_names=["Anne", "Bob"])
    need = Event("all", "jury_needs", {"seat": 1, "n": 2, "position": "POS-4-1"})
    assert fr.render(need) == "Est : le jury attend encore 2 techniques en ushiro waza."
    assert en.render(need) == "Bob: the jury still needs 2 techniques in ushiro waza."
    draw = Event("all", "draw", {"seat": 0, "pile": "LIGHTGREEN"})
    assert fr.render(draw) == "Nord pioche dans le tas vert clair."
    assert en.render(Event("all", "prestige", {"seat": 0, "n": 1})) == "Anne: 1 prestige point."
