"""Broken decks, on every path that loads one: one line before anything starts, never a loop.

One schema checks every deck (types, counts, unique ids and codes, the game it names);
a deck missing a card, or another game's deck, used to make `demo` loop for ever.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from card_codes.deck import MAX_DECK_BYTES

from .conftest import RECORD, child_env


def _cards_removed(text: str) -> str:
    return text[:text.index("[[cards]]")]


def _last_card_removed(text: str) -> str:
    return text[:text.rindex("[[cards]]")]


FAULTS: dict[str, Callable[[str, Path], str | None]] = {
    "duplicate id": lambda t, _: t.replace('id = "Y-P1-V4"', 'id = "Y-P1-V3"', 1),
    "duplicate code": lambda t, _: t.replace('code = "Y14"', 'code = "Y13"', 1),
    "missing name": lambda t, _: t.replace('en = "Yellow spirit 1, 3 points"', 'de = "Geist"', 1),
    "wrong type": lambda t, _: t.replace("power = 1\npoints = 3\n", 'power = "one"\npoints = 3\n', 1),
    "out of range": lambda t, _: t.replace("power = 6\n", "power = 60\n", 1),
    "players = 5": lambda t, _: t.replace("players = [2, 3, 4]", "players = 5"),
    "cards = [1]": lambda t, _: "cards = [1]\n" + _cards_removed(t),
    "a card missing": lambda t, _: _last_card_removed(t),
    "a card too many": lambda t, _: t + t[t.rindex("[[cards]]"):].replace('"R-F"', '"R-G"').replace(
        'code = "RF"', 'code = "RG"').replace("tag = 27\n", "tag = 28\n"),
    "a tag outside the game's range": lambda t, _: t.replace("tag = 1\n", "tag = 40\n", 1),
    "another game's deck": lambda t, folder: (folder / "dojo.toml").read_text(encoding="utf-8"),
    # issue 28, finding 4: accepted by every command, then the camera was blind in play
    "a range over dojo's": lambda t, _: t.replace("tags = [0, 31]", "tags = [0, 40]", 1),
    "a range past the family": lambda t, _: re.sub(r"^tag = (\d+)$", lambda m: f"tag = {580 + int(m[1])}",
                                                   t.replace("tags = [0, 31]", "tags = [580, 611]", 1),
                                                   flags=re.M),
    "dojo's game code": lambda t, _: t.replace('code = "TA"', 'code = "DO"', 1),
    "a card without its tag": lambda t, _: t.replace("tag = 27\n", "", 1),
    "escape codes in a name": lambda t, _: t.replace('fr = "Esprit jaune 1, 3 points"',
                                                      'fr = "Esprit\\u001b[2J jaune"', 1),
    "kind without count": lambda t, _: t.replace("count = 20\n", "", 1),
    "kinds = 3": lambda t, _: re.sub(r"\[kinds\.\w+\]\ncount = \d+\n", "", t).replace(
        "[attributes]", "kinds = 3\n[attributes]", 1),
    "attribute spec": lambda t, _: t.replace('fusion = { type = "bool" }', "fusion = 3"),
    "camera plays misspelt": lambda t, _: t.replace('plays = "laid"', 'plays = "layed"', 1),
    "not TOML": lambda t, _: t + "\n[[cards\n",
    "not UTF-8": lambda t, _: None,
    "a pipe": lambda t, _: None,
    "huge": lambda t, _: None,
}
WORDS = {"not TOML": "ce n'est pas du TOML valide", "a pipe": "(tube)", "huge": "fichier trop gros",
         "not UTF-8": "ce n'est pas du TOML valide", "a card missing": "annonce 2 cartes, le fichier en a 1",
         "a card too many": "annonce 2 cartes, le fichier en a 3",
         "a tag outside the game's range": "carte Y-P1-V4 : le tag 40 doit être un nombre entier entre 0",
         "another game's deck": "ce fichier décrit le jeu « dojo », pas « tatsu »",
         "duplicate id": "carte Y-P1-V3 : identifiant en double", "players = 5": "« players » doit être",
         "cards = [1]": "la carte n° 1 doit être une table", "missing name": "nom en en manquant",
         "escape codes in a name": "contient des caractères de contrôle",
         "camera plays misspelt": "la table « camera » dit comment la caméra voit un coup",
         "a range over dojo's": "les tags 0 à 40 empiètent sur ceux du jeu dojo (32 à 111)",
         "a range past the family": "les tags 580 à 611 dépassent la famille de la caméra (0 à 586)",
         "dojo's game code": "le code de jeu DO est déjà celui du jeu dojo",
         "a card without its tag": "carte R-F : cette carte n'a pas de tag"}


def break_deck(folder: Path, fault: str) -> None:
    path = folder / "tatsu.toml"
    text = path.read_text(encoding="utf-8")
    if fault == "a pipe":
        path.unlink()
        os.mkfifo(path)
    elif fault == "huge":
        with path.open("ab") as f:
            f.truncate(MAX_DECK_BYTES + 1)
    elif fault == "not UTF-8":
        path.write_bytes(text.encode("utf-8").replace(b"Tatsu", b"Tats\xff", 1))
    else:
        broken = FAULTS[fault](text, folder)
        assert broken is not None and broken != text, fault
        path.write_text(broken, encoding="utf-8")


COMMANDS = {
    "cards": (["cards", "tatsu"], 2),
    "labels": (["labels", "tatsu", "--out", "OUT/x.pdf"], 2),
    "simulate": (["simulate", "tatsu"], 2),
    "demo": (["demo", "tatsu", "--text", "--fast"], 2),
    "play": (["play", "tatsu", "--synthetic", "--text"], 2),
    "replay": (["replay", str(RECORD)], 1),
    "resume": (["play", "--resume", "RECORD", "--text"], 1),
    "scan": (["scan", "nothing.png", "--game", "tatsu"], 2),
    "photo": (["photo", "tatsu", "nothing.png"], 2),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_broken_deck_is_one_line_on_every_path(cli, broken_decks: Path, tmp_path: Path, fault: str,
                                                 command: str) -> None:
    break_deck(broken_decks, fault)
    record = tmp_path / "game.jsonl"
    shutil.copy(RECORD, record)
    args, code = COMMANDS[command]
    args = [a.replace("OUT", str(tmp_path)).replace("RECORD", str(record)) for a in args]
    before = record.read_bytes()
    done = cli(*args)
    assert done.code == code, done.text
    line = done.one_line()
    assert line.startswith(f"Fichier de cartes invalide : {broken_decks / 'tatsu.toml'}"), line
    assert WORDS.get(fault, "") in line, line
    assert "\x1b" not in done.text and done.out == ""
    assert record.read_bytes() == before and not (tmp_path / "x.pdf").exists()


def test_a_real_demo_with_a_card_missing_is_refused_before_the_game(run, deck_copy: Path, home: Path) -> None:
    """The shipped deck itself edited (a copy first on PYTHONPATH): the demo no longer loops for ever."""
    break_deck(deck_copy / "card_codes" / "decks", "a card missing")
    env = child_env(home, PYTHONPATH=str(deck_copy))
    for args in (["demo", "--fast", "--text"], ["play", "tatsu", "--synthetic", "--text"]):
        done = run(*args, env=env, timeout=60)
        assert done.code == 2 and "la sorte fusion annonce 2 cartes, le fichier en a 1" in done.one_line()


def test_another_games_broken_deck_does_not_stop_this_game(run, deck_copy: Path, home: Path) -> None:
    break_deck(deck_copy / "card_codes" / "decks", "duplicate id")  # tatsu's deck is broken
    env = child_env(home, PYTHONPATH=str(deck_copy))
    done = run("cards", "dojo", env=env)
    assert done.code == 0 and "72 cartes." in done.out.splitlines()
