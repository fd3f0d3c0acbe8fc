"""Every judo event key and rejection code has a phrase in French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import Event
from companion.speech.phrasebook import Phrasebook

SOURCE = "".join(p.read_text(encoding="utf-8")
                 for p in sorted((Path(__file__).parents[3] / "companion" / "games" / "judo").glob("*.py"))
                 if p.name != "table.py")
EVENT_KEYS = set(re.findall(r'Event\(\s*[\w"]+,\s*"(\w+)"', SOURCE)) | {
    k for pair in re.findall(r'key = "(\w+)" if [^\n]* else "(\w+)"', SOURCE) for k in pair}
LACKS = {f"lacks_{w}" for w in ("throw", "grip", "kuzushi", "kuzushi_cover", "turns", "ippon_card")}
REASONS = set(re.findall(r'Rejected\("(\w+)"', SOURCE))


def test_the_scan_found_the_keys() -> None:
    assert {"grip", "kuzushi", "throw", "gake", "combat_won", "match_won", "rps_won", "rps_lost",
            "can_throw", "can_throw_tie", "can_throw_none", "lacks_nothing"} <= EVENT_KEYS
    assert {"cannot_cover", "throw_grips", "throw_rotation", "not_turn", "unknown_card"} <= REASONS


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_key_and_reason_has_a_phrase(lang: str) -> None:
    book = Phrasebook(lang, "judo")
    assert sorted(k for k in EVENT_KEYS | LACKS if not book.has("events", k)) == []
    assert sorted(k for k in REASONS if not book.has("reasons", k)) == []


def test_terms_name_hands_directions_elements_and_die_faces() -> None:
    fr = Phrasebook("fr", "judo", seat_keys=["north", "south"])
    en = Phrasebook("en", "judo", seat_keys=["north", "south"])
    grip = Event("all", "grip", {"seat": 1, "card": "GRIP-RG-2", "hand": "right"})
    assert fr.render(grip) == "Sud saisit, main droite : Saisie rG : revers gauche."
    assert en.render(grip) == "South grips, right hand: Grip rG: left lapel."
    assert en.render(Event("all", "gake", {"seat": 0, "face": "ECHEC"})) == "GAKE die: FAILURE!"
    tai = Event("all", "tai", {"s0": 0, "s1": 1, "t0": 2, "t1": 1})
    assert fr.render(tai) == "Piste TAI : Nord 2, Sud 1."
    # a value with no term is said as it is
    assert fr.render(Event("all", "gake", {"seat": 0, "face": "KOKA"})) == "Dé GAKE : KOKA !"
