"""`companion board samurai IMAGE [--record F]`: one line per piece, the differences with the
recorded game, and one clear line (exit 1) for a bad photo or a missing corner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from tests.games.samurai.board_helpers import SETUP, render_board, write_image, write_setup_record

runner = CliRunner()


@pytest.fixture(scope="module")
def moved_photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The recorded setup, except the yellow archer moved to F4 and the red cavalry gone."""
    shown = {**SETUP[0], **SETUP[1], "ARCHER-Y-1": "F4"}
    del shown["CAVALRY-R-1"]
    return write_image(tmp_path_factory.mktemp("board") / "board.png", render_board(shown, board_angle=4.0))


@pytest.mark.slow
def test_every_piece_is_said_with_its_square(moved_photo: Path) -> None:
    result = runner.invoke(app, ["photo", "samurai", str(moved_photo)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Archer jaune 1 : F4" in lines
    assert "Samouraï katana rouge 1 : B9" in lines
    assert len(lines) == 7 and not any("Cavalier rouge 1" in ln for ln in lines)


def test_the_differences_with_the_recorded_game_are_said(moved_photo: Path, tmp_path: Path) -> None:
    record = write_setup_record(tmp_path / "game.jsonl")
    args = ["photo", "samurai", str(moved_photo), "--record", str(record), "--lang", "en"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Yellow archer 1: F4" in lines
    assert lines[-2:] == [
        "Yellow archer 1: seen on F4, the game has it on F1. A move to confirm.",
        "Red cavalry 1: not seen, the game has it on H9.",
    ]


@pytest.mark.slow
def test_a_photo_matching_the_record_agrees(tmp_path: Path) -> None:
    photo = write_image(tmp_path / "same.png", render_board({**SETUP[0], **SETUP[1]}, board_angle=-2.0))
    record = write_setup_record(tmp_path / "game.jsonl")
    result = runner.invoke(app, ["photo", "samurai", str(photo), "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "Le plateau correspond à la partie."


def test_a_missing_corner_is_one_clear_line(tmp_path: Path) -> None:
    photo = write_image(tmp_path / "three.png", render_board(SETUP[0], missing=["NW"]))
    result = runner.invoke(app, ["photo", "samurai", str(photo)])
    assert result.exit_code == 1
    assert result.output.strip() == ("Coins du plateau non vus : nord-ouest. "
                                     "Il faut les quatre coins pour lire le plateau.")


@pytest.mark.parametrize("content", [None, b"not an image"])
def test_a_bad_image_is_one_clear_line(tmp_path: Path, content: bytes | None) -> None:
    photo = tmp_path / "photo.png"
    if content is not None:
        photo.write_bytes(content)
    result = runner.invoke(app, ["photo", "samurai", str(photo), "--lang", "en"])
    assert result.exit_code == 1
    assert result.output.strip() == f"Cannot read the image: {photo}"
    assert "Traceback" not in result.output


def test_a_bad_record_or_game_is_refused(moved_photo: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("nothing\n")
    result = runner.invoke(app, ["photo", "samurai", str(moved_photo), "--record", str(bad)])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    result = runner.invoke(app, ["photo", "tatsu", str(moved_photo)])
    assert result.exit_code == 2 and "samurai" in result.output


@pytest.mark.slow
def test_a_real_process_reads_the_photo(moved_photo: Path, tmp_path: Path) -> None:
    record = write_setup_record(tmp_path / "game.jsonl")
    proc = subprocess.run([sys.executable, "-m", "companion", "photo", "samurai", str(moved_photo),
                           "--record", str(record)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_COLOR": "1"})
    assert proc.returncode == 0, proc.stderr
    moved = "Archer jaune 1 : vu en F4, la partie l'a en F1. Déplacement à confirmer."
    assert moved in proc.stdout.splitlines()
    assert "\x1b[" not in proc.stdout and proc.stderr == ""
