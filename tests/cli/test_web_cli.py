"""`--web` at the command line: a server that cannot start says so in one line and the game goes
on at the keyboard; --phone refused with its reason where it cannot be; "--web lan" as said."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from companion.cli import web_words

from ..e2e.test_play_terminal import env


def play(tmp_path: Path, *args: str, stdin: str = "\nquitte\n") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "play", "tatsu", "--synthetic", "--text",
                           "--fast", "--record", str(tmp_path / "g.jsonl"), *args],
                          input=stdin, capture_output=True, text=True, timeout=120,
                          env=env(tmp_path / "home"))


def test_a_port_taken_is_said_in_one_line_and_the_game_goes_on_at_the_keyboard(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = play(tmp_path, "--web", "--web-port", str(port), "--phone", "Est")
    assert done.returncode == 0, done.stderr
    said = [ln for ln in done.stdout.splitlines() if "téléphones" in ln]
    assert said == [f"Les pages des téléphones ne peuvent pas s'ouvrir (le port {port} "
                    "est déjà pris ; choisissez-en un autre avec --web-port) : "
                    "la partie continue au clavier."]
    assert "La partie commence." in done.stdout and "Traceback" not in done.stderr + done.stdout


def test_phone_needs_web_and_another_seat_than_mine(tmp_path: Path) -> None:
    done = play(tmp_path, "--phone", "Est")
    assert done.returncode == 2 and "--phone sert aux pages des téléphones : ajoutez --web." in done.stderr
    done = play(tmp_path, "--web", "--phone", "Nord")
    assert done.returncode == 2 and "c'est votre place" in done.stderr
    done = play(tmp_path, "--web", "--phone", "Centre")
    assert done.returncode == 2 and "--phone Centre : il y a 4 places" in done.stderr
    assert not (tmp_path / "g.jsonl").exists()  # nothing started


def test_web_lan_is_read_as_the_players_say_it() -> None:
    assert web_words(["play", "--web", "lan", "--seats", "4"]) == ["play", "--web", "--lan", "--seats", "4"]
    assert web_words(["play", "--web", "local"]) == ["play", "--web"]
    assert web_words(["play", "--web", "--fast"]) == ["play", "--web", "--fast"]
    assert web_words(["play", "--web"]) == ["play", "--web"]
