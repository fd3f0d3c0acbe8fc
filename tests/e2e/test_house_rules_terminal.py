"""House rules set at the command line, as a table uses them (issue 27): `--option` changes what
the companion announces (Tatsu's Ghost hand, Dojo's deal), the rules in force are said at the
start and by `règles`, and a name or value the game does not know is refused in one line before
anything starts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from companion.journal import open_record

from .blind import BlindPlayer
from .test_play_terminal import COMPANION, ROOT, Player, env
from .tmux import NEEDS_TMUX, Terminal

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]


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


def dojo_round_one(cmd_extra: list[str], tmp_path: Path) -> tuple[list[str], Path]:
    """A blind dealer plays Dojo's first round (3 players): gives each tatami he is told of to the
    first seat offered, answers a won challenge by keeping his tatami, places his own, and reads
    the screen until the second round's dealer is said; then asks 'règles' and leaves."""
    record = tmp_path / "dojo.jsonl"
    cmd = [COMPANION, "play", "dojo", "--synthetic", "--fast", "--seats", "3", "--text", "--me", "nord",
           "--seed", "4", "--record", str(record), *cmd_extra]
    term = Terminal(cmd, ROOT, env(tmp_path / "home"))
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("Tour 1. Nord donne.")
        while True:  # each tatami I am told of: to the first seat offered
            screen = me.wait_any(["À qui ? « donne » et une place : ", "Nord garde un tatami."])
            if "Nord garde un tatami." in screen[me.mark - 1:]:
                break
            offered = me.whole_line(me.mark).split(" et une place : ", 1)[1]
            term.type(f"donne {offered.split()[0]}")
        me.wait("Entraînement : chacun pose son tatami.")
        if "Nord gagne le défi" in term.screen():
            term.type("garde")
        term.wait_for("\nÀ vous. Posez votre premier tatami", 60)
        term.type("pose")
        me.wait("Nord commence son dojo : ")
        me.wait("Tour 2. ")
        second = me.whole_line(me.mark)
        said = me.ask("règles", "Règles ")
        term.type("quitte")
        me.wait("[exited] 0")
        return [second, said, *term.screen().splitlines()], record
    finally:
        term.close()


def test_dojo_a_deal_passed_to_the_right_by_house_rule_is_announced(tmp_path: Path) -> None:
    """Dojo's deal passes to the dealer's left (D3); with the house rule rotation=counterclockwise
    the second round is dealt by the seat on North's right, South, and the companion says so: at
    the start, in the round's announcement, and when asked 'règles'."""
    (tmp_path / "default").mkdir()
    (tmp_path / "house").mkdir()
    second, said, *_ = dojo_round_one([], tmp_path / "default")[0]
    assert second.startswith("Tour 2. Est donne."), second
    assert said == "Règles du texte : aucune variante de la table.", said
    lines, record = dojo_round_one(["--option", "rotation=counterclockwise"], tmp_path / "house")
    second, said, *screen = lines
    assert second.startswith("Tour 2. Sud donne."), second
    rule = ("Règles de la table : Le sens où passe la donne : au joueur à droite du donneur "
            "(sens antihoraire).")
    assert said == rule, said
    assert screen.count(rule) >= 2, "said at the start as well"
    assert not any("Est donne" in ln for ln in screen)
    assert all(len(ln) <= 200 for ln in screen) and not any("Traceback" in ln for ln in screen)
    header, _actions, _ = open_record(record)
    assert header.options["rotation"] == "counterclockwise"
