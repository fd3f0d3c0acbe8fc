"""Verbosity per audience: a phrase's brief, normal or detailed form, chosen by the listener."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.speech import phrasebook
from companion.speech.announcer import Announcer
from companion.speech.phrasebook import MissingPhrase, Phrasebook
from companion.speech.verbosity import BRIEF, DETAILED, NORMAL, Phrase, choose, parse_level


@pytest.fixture
def book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Phrasebook:
    """A phrasebook whose game has forms by level (the games' own texts come later)."""
    for lang in ("fr", "en"):
        (tmp_path / lang).mkdir()
        common = (phrasebook.PHRASES_DIR / lang / "common.toml").read_text(encoding="utf-8")
        (tmp_path / lang / "common.toml").write_text(common, encoding="utf-8")
    (tmp_path / "fr" / "testgame.toml").write_text(
        '[seats]\nnorth = "Nord"\nwest = "Ouest"\n[events]\n'
        'play = { brief = "{seat:seat} : {card}", normal = "{seat:seat} joue {card}." }\n'
        'trick_won = { brief = "{seat:seat}, {points} points", normal = "{seat:seat} remporte le pli.", '
        'detailed = "{seat:seat} remporte le pli : 3 + 4 + 5 = {points} points." }\n'
        'your_turn = { brief = "", normal = "À vous." }\n'
        'fusion = "Fusion !"\n', encoding="utf-8")
    monkeypatch.setattr(phrasebook, "PHRASES_DIR", tmp_path)
    monkeypatch.setattr(phrasebook, "_game_file", lambda lang, game: tmp_path / lang / f"{game}.toml")
    phrasebook._table.cache_clear()
    yield Phrasebook("fr", "testgame")
    phrasebook._table.cache_clear()


def test_levels_in_either_language() -> None:
    assert [parse_level(w) for w in ("bref", "Brief", "normal", "détaillé", "DETAILLE", "detailed")] == [
        BRIEF, BRIEF, NORMAL, DETAILED, DETAILED, DETAILED]
    with pytest.raises(ValueError, match="bref, normal or détaillé"):
        parse_level("loud")


def test_a_phrase_is_its_normal_sentence_and_carries_the_others(book: Phrasebook) -> None:
    line = book.text("events", "trick_won", {"seat": 3, "points": 12})
    assert line == "Ouest remporte le pli." and isinstance(line, Phrase)
    assert choose(line, BRIEF) == "Ouest, 12 points"
    assert choose(line, DETAILED) == "Ouest remporte le pli : 3 + 4 + 5 = 12 points."
    play = book.text("events", "play", {"seat": 0, "card": "jaune 5"})
    assert choose(play, DETAILED) == "Nord joue jaune 5."  # no detailed form: the normal one
    assert choose(book.text("events", "fusion", {}), BRIEF) == "Fusion !"  # one form for all
    lenient = Phrasebook("fr", "testgame", strict=False)  # a strict book refuses a form it cannot fill
    missing = lenient.text("events", "trick_won", {"seat": 3})  # no points given: that form falls back
    assert missing == "Ouest remporte le pli." and choose(missing, BRIEF) == "Ouest remporte le pli."
    with pytest.raises(MissingPhrase, match="brief form"):
        book.text("events", "trick_won", {"seat": 3})


def test_each_audience_hears_its_own_level(book: Phrasebook) -> None:
    out = io.StringIO()
    with Announcer("fr", backend="text", out=out, verbosity={"all": "bref", 2: "détaillé"}) as ann:
        won = book.text("events", "trick_won", {"seat": 3, "points": 12})
        ann.announce("all", won)
        ann.announce(2, won)
        ann.announce(0, won)  # no level of its own: the table's
        ann.announce(2, book.text("events", "your_turn", {}))
        ann.set_verbosity(2, "bref")
        ann.announce(2, book.text("events", "your_turn", {}))  # brief: nothing (an earcon says it)
        assert ann.private_backlog(2) == ["Ouest remporte le pli : 3 + 4 + 5 = 12 points.", "À vous."]
    assert out.getvalue().splitlines() == [
        "Ouest, 12 points", "Sud (privé) : Ouest remporte le pli : 3 + 4 + 5 = 12 points.",
        "Nord (privé) : Ouest, 12 points", "Sud (privé) : À vous."]


def test_the_keyboard_player_chooses_for_their_lines_and_the_tables(book: Phrasebook) -> None:
    out = io.StringIO()
    with Announcer("fr", backend="text", out=out, keyboard_seat=2) as ann:
        assert ann.choose_verbosity("bref") == BRIEF
        assert ann.verbosity_for("all") == ann.verbosity_for(2) == BRIEF
        assert ann.verbosity_for(0) == BRIEF  # follows the table
        ann.set_verbosity(0, "normal")
        ann.announce("all", book.text("events", "play", {"seat": 0, "card": "jaune 5"}))
        ann.choose_verbosity("détaillé")
    assert out.getvalue().splitlines() == ["Mode bref.", "Nord : jaune 5", "Mode détaillé."]
