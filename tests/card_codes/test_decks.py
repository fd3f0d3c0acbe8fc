"""Deck files: the shipped decks are right, and a bad file is refused by name."""

from pathlib import Path

import pytest

from card_codes import DeckError, load_deck, load_deck_file
from card_codes.deck import DECKS_DIR


def test_tatsu_has_the_28_cards_of_the_design() -> None:
    deck = load_deck("tatsu")
    expected = set()
    for clan in "YR":
        expected |= {f"{clan}-P1-V{v}" for v in range(3, 8)}
        expected |= {f"{clan}-P{p}-V1" for p in range(2, 7)}
        expected |= {f"{clan}-X1", f"{clan}-X2", f"{clan}-X3", f"{clan}-F"}
    assert set(deck.ids()) == expected
    # 30 points per clan, multipliers x1 x2 x3 (rule text, "Matériel")
    for clan in "YR":
        cards = [c for c in deck if c["clan"] == clan]
        assert sum(c["points"] for c in cards) == 30
        assert sorted(c["multiplier"] for c in cards if c.kind == "multiplier") == [1, 2, 3]
        assert sum(c.kind == "fusion" for c in cards) == 1


def test_dojo_has_60_tatami_and_12_trophies_marked_assumed() -> None:
    deck = load_deck("dojo")
    tatami = [c for c in deck if c.kind == "tatami"]
    trophies = [c for c in deck if c.kind == "trophy"]
    assert len(tatami) == 60 and len(trophies) == 12
    assert "FOX-5-2" in deck and "TROPHY-12" in deck
    assert {c["disciple"] for c in tatami} == {"MONKEY", "FOX", "TIGRESS", "CRANE", "BEAR", "RACCOON"}
    assert all("points" in t.assumed for t in trophies)
    assert deck.assumed, "the deck must say that its composition is assumed"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _tatsu_with(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = (DECKS_DIR / "tatsu.toml").read_text(encoding="utf-8")
    assert old in text
    return _write(tmp_path, text.replace(old, new, count))


def test_duplicate_id_is_refused_with_file_and_card(tmp_path: Path) -> None:
    path = _tatsu_with(tmp_path, 'id = "Y-P1-V4"', 'id = "Y-P1-V3"')
    with pytest.raises(DeckError) as err:
        load_deck_file(path)
    assert err.value.card == "Y-P1-V3"
    assert str(path) in str(err.value) and "duplicate id" in str(err.value)


def test_missing_attribute_is_refused(tmp_path: Path) -> None:
    path = _tatsu_with(tmp_path, "power = 1\npoints = 3\n", "points = 3\n")
    with pytest.raises(DeckError) as err:
        load_deck_file(path)
    assert err.value.card == "Y-P1-V3" and "missing attribute power" in str(err.value)


def test_bad_value_is_refused(tmp_path: Path) -> None:
    path = _tatsu_with(tmp_path, 'clan = "Y"', 'clan = "G"')
    with pytest.raises(DeckError) as err:
        load_deck_file(path)
    assert err.value.card == "Y-P1-V3" and "clan" in str(err.value)


def test_wrong_type_is_refused(tmp_path: Path) -> None:
    path = _tatsu_with(tmp_path, "power = 1\npoints = 3\n", 'power = "one"\npoints = 3\n')
    with pytest.raises(DeckError, match="power must be int"):
        load_deck_file(path)


def test_missing_name_is_refused(tmp_path: Path) -> None:
    path = _tatsu_with(tmp_path, 'en = "Yellow spirit 1, 3 points"', 'de = "Geist"')
    with pytest.raises(DeckError, match="missing en name"):
        load_deck_file(path)


def test_broken_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck_file(_write(tmp_path, "game = [unclosed"))
    with pytest.raises(DeckError, match="cannot read"):
        load_deck_file(tmp_path / "nope.toml")
    with pytest.raises(DeckError, match="no deck for game"):
        load_deck("chess")
