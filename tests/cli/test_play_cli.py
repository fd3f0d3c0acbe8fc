"""`companion play` and `companion demo` refuse bad starts with one clear line, changing nothing."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.engine import games, get_game

runner = CliRunner()


def test_an_existing_record_is_never_overwritten(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    record.write_text("precious\n", encoding="utf-8")
    for command in (["play", "tatsu", "--synthetic", "--text"], ["demo", "--text"]):
        result = runner.invoke(app, [*command, "--record", str(record)])
        assert result.exit_code == 1
        assert "existe déjà" in result.output and "--resume" in result.output
    assert record.read_text(encoding="utf-8") == "precious\n"


def test_bad_starts_say_why(tmp_path: Path) -> None:
    cases = [
        (["play", "chess", "--synthetic"], 2, "Jeu inconnu"),
        (["play", "tatsu", "--seats", "7", "--synthetic", "--lang", "en"], 2, "this game is for 2, 3 or 4"),
        (["play", "judo", "--seats", "4", "--synthetic", "--lang", "fr"], 2, "ce jeu se joue à 2."),
        (["demo", "samurai", "--seats", "7", "--lang", "fr"], 2, "2, 3, 4, 5 ou 6"),
        (["play", "tatsu", "--video", str(tmp_path / "none.mp4"), "--lang", "en"], 1, "no such file"),
        (["play", "tatsu", "--synthetic", "--camera", "0"], 2, "une seule source"),
        (["play", "tatsu", "--resume", str(tmp_path / "none.jsonl")], 1, "none.jsonl"),
        (["demo", "--record", str(tmp_path / "nodir" / "x.jsonl")], 1, "dossier introuvable"),
        (["play", "tatsu", "--synthetic", "--information", "tout"], 2, "Réglages : equal, aid"),
        (["play", "tatsu", "--synthetic", "--zones", "5@0.5,0.5"], 2, "choisissez une place de 1 à 4"),
        (["play", "tatsu", "--synthetic", "--zones", "Nord@0.5,1.5", "--lang", "en"], 2, "from 0 to 1"),
        (["play", "tatsu", "--synthetic", "--zones", "Ouest:0.5,0.5,0.2,0.9"], 2, "x0 < x1"),
        (["play", "tatsu", "--synthetic", "--decoder", "eyes"], 2, "Décodeur inconnu : eyes"),
        (["check", "--video", str(tmp_path / "none.mp4")], 1, "fichier ou dossier introuvable"),
        (["check", "--camera", "0", "--video", str(tmp_path), "--lang", "en"], 2, "Choose one source"),
        (["check", "--seats", "40", "--video", str(tmp_path)], 2, "de 1 à 12"),
        (["check", "--game", "chess", "--video", str(tmp_path)], 2, "Jeu inconnu"),
    ]
    for args, code, text in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == code, (args, result.output)
        assert text in result.output, (args, result.output)
        assert "Traceback" not in result.output


@pytest.mark.slow
def test_each_game_starts_with_its_own_seat_count_as_typed(tmp_path: Path) -> None:
    """`companion play GAME` with no --seats: the set-up the player hears names the game's own
    count (a real process, the player quits at the set-up prompt)."""
    companion = str(Path(sys.executable).with_name("companion"))
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1"}
    for game in games():
        seats = get_game(game).default_seats
        assert seats in get_game(game).seat_counts
        done = subprocess.run([companion, "play", game, "--synthetic", "--text", "--lang", "en"],
                              input="quit\n", capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, (game, done.stderr)
        assert f"{seats} players" in done.stdout.splitlines()[0], (game, done.stdout)
