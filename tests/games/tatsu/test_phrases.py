"""Every event key and rejection code the engine can produce has a short phrase in French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import Event, Rejected
from companion.speech.phrasebook import MissingPhrase, Phrasebook

ROOT = Path(__file__).parents[3] / "companion"
SOURCES = [*sorted(p for p in (ROOT / "games" / "tatsu").glob("*.py") if p.name != "table.py"),
           ROOT / "engine" / "match.py",
           ROOT / "engine" / "protocol.py"]


def _found(pattern: str) -> set[str]:
    return {m for path in SOURCES for m in re.findall(pattern, path.read_text(encoding="utf-8"))}


EVENT_KEYS = _found(r'Event\(\s*[\w"]+,\s*"(\w+)"') | _found(r'key = "(\w+)" if') | _found(r'else "(\w+)"')
REASONS = _found(r'Rejected\("(\w+)"')


def test_the_scan_found_the_keys() -> None:
    assert {"play", "play_for", "trick_won", "fusion", "fusion_lost", "round_score", "round_score_none",
            "game_over", "undo"} <= EVENT_KEYS
    assert {"wrong_colour", "not_turn", "already_played", "nothing_to_undo", "face_up_first"} <= REASONS


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_key_and_reason_has_a_phrase(lang: str) -> None:
    book = Phrasebook(lang, "tatsu")
    assert sorted(k for k in EVENT_KEYS if not book.has("events", k)) == []
    assert sorted(k for k in REASONS if not book.has("reasons", k)) == []


def test_phrases_fill_seat_names_card_names_plurals_and_arithmetic() -> None:
    fr = Phrasebook("fr", "tatsu")
    en = Phrasebook("en", "tatsu", seat_names=["Anne", "Bob", "Chloé", "Dan"])
    won = Event("all", "trick_won", {"seat": 2, "cards": ["Y-F"] * 8, "points": 1})
    assert fr.render(won) == "Sud remporte le pli : 8 cartes, 1 point."
    assert en.render(won) == "Chloé wins the trick: 8 cards, 1 point."
    score = Event("all", "round_score", {"clan": "Y", "points": 17, "factors": [3], "mult": 3, "score": 51})
    assert fr.render(score) == "Jaunes : 17 points × 3 = 51."
    play = Event("all", "play_for", {"seat": 0, "from": 3, "card": "R-P1-V7"})
    assert en.render(play) == "Dan for Anne: Red spirit 1, 7 points."
    assert fr.reason(Rejected("wrong_colour", seat=1, clan="R")) == "Devant Est, une carte rouge."
    lenient = Phrasebook("fr", "tatsu", strict=False)
    assert lenient.render(Event("all", "no_such_key", {})) == "Message sans texte."  # never the raw key
    with pytest.raises(MissingPhrase):
        Phrasebook("fr", "tatsu", strict=True).render(Event("all", "no_such_key", {}))
    assert Phrasebook("fr", "tatsu", seat_keys=["north", "east", "south", "ghost"]).seat_name(3) == "Fantôme"
