"""Verbosity per audience: a phrase's brief, normal or detailed form, chosen by the listener."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.engine import Event
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


def test_a_template_says_its_parts_at_the_listeners_level() -> None:
    book = Phrasebook("fr", "tatsu")
    plays = [Event("all", "play", {"seat": 0, "card": "Y-P5-V1"}),
             Event("all", "play_for", {"seat": 1, "card": "R-P1-V4", "from": 2})]
    trick = book.text("session", "trick", {"n": 2, "plays": plays})  # one template, parts with forms
    assert trick == "Pli 2 : Nord : Esprit jaune 5 ; Sud pour Est : Esprit rouge 1, 4 points."
    assert choose(trick, BRIEF) == "Pli 2 : Nord : 5 ; Est : 4 points."
    refused = book.text("session", "card_refused", {"reason": book.text("session", "trick_empty", {"n": 3})})
    assert choose(refused, BRIEF) == "Pli 3 : vide"  # a phrase given as a parameter: its form too
    assert book.text("session", "not_now", {}) == "Cette commande ne sert pas maintenant."
    assert not isinstance(book.text("session", "not_now", {}), Phrase)  # the same at every level


def test_short_names_and_the_arithmetic_come_from_the_deck() -> None:
    won = {"seat": 3, "cards": ["Y-P1-V3", "R-P2-V1", "Y-X2", "R-P1-V4"], "points": 8}
    for lang, brief, detailed in (
            ("fr", "Ouest, 8 points", "Ouest remporte le pli : 4 cartes, 3 + 1 + 4 = 8 points."),
            ("en", "West, 8 points", "West wins the trick: 4 cards, 3 + 1 + 4 = 8 points.")):
        line = Phrasebook(lang, "tatsu").render(Event("all", "trick_won", won))
        assert (choose(line, BRIEF), choose(line, DETAILED)) == (brief, detailed)
    hand = Phrasebook("fr", "tatsu").render(Event(0, "hand", {"seat": 0, "cards": ["Y-P1-V3", "R-X2",
                                                                                 "Y-F"]}))
    assert choose(hand, BRIEF) == "Main : jaune 3 points ; rouge fois 2 et fusion jaune"  # colours kept
    dojo = Phrasebook("en", "dojo").render(Event("all", "placed", {"seat": 0, "card": "FOX-5-2", "row": 0,
                                                                    "col": 1, "at_row": 1, "at_col": 2}))
    assert (str(dojo), choose(dojo, BRIEF)) == ("North places Fox, black belt at row 1, column 2.",
                                                "North: black Fox, 1 2")
