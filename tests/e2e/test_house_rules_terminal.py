"""House rules set at the command line, as a table uses them (issue 27): `--option` changes what
the companion announces, the rules in force are said at the start and by `règles`, and a name
or value the game does not know is refused in one line before anything starts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from companion.journal import open_record

from .blind import BlindPlayer
from .test_play_terminal import COMPANION, ROOT, env

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(subprocess.run(["which", "tmux"], capture_output=True).returncode != 0,
                                 reason="tmux is installed by make test's bootstrap")]


def dealt(me: BlindPlayer) -> list[str]:
    me.term.wait_for("Entrée pour commencer", 60)
    me.type("")
    me.term.wait_for("À vous", 60)
    return me.lines()


def test_tatsu_3p_a_ghost_hand_kept_for_the_red_player_is_not_read_to_the_table(tmp_path: Path) -> None:
    """By default the Ghost's hand lies face up and is read to all; with the house rule
    ghost_hand=red only the red player learns it: a yellow player's screen never shows it."""
    for folder in ("default", "house"):
        (tmp_path / folder).mkdir()
    default = BlindPlayer("tatsu", 3, "Sud", tmp_path / "default", seed=3)
    try:
        assert any(ln.startswith("Fantôme, en main : ") for ln in dealt(default))
    finally:
        default.close()
    house = BlindPlayer("tatsu", 3, "Sud", tmp_path / "house", "--option", "ghost_hand=red", seed=3)
    try:
        screen = dealt(house)
        assert not any("Fantôme, en main" in ln for ln in screen), screen
        assert any(ln.startswith("Règles de la table : ") for ln in screen), screen
        said = " ".join(house.type("règles"))
        assert "Règles de la table : " in said, said
        house.quit()
    finally:
        house.close()
    header, _actions, _ = open_record(house.record)
    assert header.options["ghost_hand"] == "red"  # written in the record, so resumed with it


def test_an_unknown_option_or_value_is_refused_in_one_line_and_nothing_starts(tmp_path: Path) -> None:
    for given, said in (("ghost=red", "Pas d'option ghost au jeu tatsu."),
                        ("ghost_hand=blue", "Valeur refusée pour ghost_hand : blue. Choix : open, red.")):
        done = subprocess.run([COMPANION, "play", "tatsu", "--synthetic", "--text", "--seats", "3",
                               "--option", given, "--record", str(tmp_path / "x.jsonl")],
                              capture_output=True, text=True, cwd=ROOT, env=env(tmp_path / "home"),
                              timeout=60)
        assert done.returncode == 2 and done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(said), lines
        assert not (tmp_path / "x.jsonl").exists()
