"""`companion say`, `voices`, `devices` through CliRunner, and `say --out` once as a real process."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()


def _wav(path: Path) -> tuple[np.ndarray, int]:
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
        return np.frombuffer(w.readframes(w.getnframes()), "<i2") / 32768.0, w.getframerate()


@pytest.mark.parametrize(
    ("lang", "text"), [("fr", "Esprit jaune 1, 3 points"), ("en", "Yellow spirit 1, 3 points")])
def test_say_out_writes_a_valid_spoken_wav(lang: str, text: str, home: Path, tmp_path: Path) -> None:
    target = tmp_path / f"{lang}.wav"
    result = runner.invoke(app, ["say", text, "--lang", lang, "--out", str(target)])
    assert result.exit_code == 0, result.output
    samples, rate = _wav(target)
    assert rate == 22050 and len(samples) / rate > 0.8
    assert np.sqrt(np.mean(samples**2)) > 0.02
    assert str(target) in result.output and "\x1b" not in result.output


def test_say_out_rate_and_voice_change_the_speech(home: Path, tmp_path: Path) -> None:
    slow, fast = tmp_path / "slow.wav", tmp_path / "fast.wav"
    assert runner.invoke(app, ["say", "Rouge gagne", "--rate", "120", "--out", str(slow)]).exit_code == 0
    assert runner.invoke(app, ["say", "Rouge gagne", "--rate", "300", "--voice", "fr-be",
                               "--out", str(fast)]).exit_code == 0
    assert len(_wav(slow)[0]) > 1.6 * len(_wav(fast)[0])


def test_say_out_as_a_real_process(home: Path, tmp_path: Path) -> None:
    target = tmp_path / "real.wav"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "say", "Nord gagne le pli", "--out", str(target)],
        capture_output=True, text=True, timeout=60, env={**os.environ, "COMPANION_HOME": str(home)},
    )
    assert done.returncode == 0, done.stderr
    assert "Audio saved" not in done.stdout  # pyttsx3's chatter is not ours
    samples, rate = _wav(target)
    assert len(samples) / rate > 0.5 and np.abs(samples).max() > 0.1


def test_say_text_prints_the_line_only(home: Path) -> None:
    result = runner.invoke(app, ["say", "--text", "--lang", "en", "--to", "south", "Your hand"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "South (private): Your hand"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["say", "x", "--lang", "de"], "Langue inconnue"),
        (["say", "x", "--to", "mars"], "unknown seat"),
        (["say", "x", "--rate", "5", "--text"], "la vitesse 5 est hors des limites (40 à 900 mots"),
        (["say", "x", "--voice", "no-such-voice", "--out", "x.wav"], "voix inconnue : « no-such-voice »"),
        (["say", "x", "--backend", "loud"], "moteur de parole inconnu : « loud »"),
        (["say", "x", "--backend", "loud", "--lang", "en"], "unknown backend 'loud'"),
        (["say", "   ", "--out", "x.wav"], "Rien à dire"),
    ],
)
def test_bad_input_is_one_short_line_without_traceback(args: list[str], words: str, home: Path) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_bad_config_file_is_one_line_and_the_defaults(home: Path) -> None:
    (home / "config.toml").write_text('backend = "builtin"\n[routes]\nmars = "table"\n')
    result = runner.invoke(app, ["say", "x", "--text"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("Configuration : routes.mars : ")
    assert "ignoré" in result.output.splitlines()[0] and result.output.splitlines()[1] == "x"


def test_voices_lists_french_and_english_with_defaults(home: Path) -> None:
    fr = runner.invoke(app, ["voices", "--lang", "fr"])
    assert fr.exit_code == 0 and "roa/fr: French (France); fr-fr (par défaut pour fr)" in fr.output
    assert "gmw/en" not in fr.output
    everything = runner.invoke(app, ["voices"]).output
    assert "gmw/en:" in everything and "(par défaut pour en)" in everything


def test_devices_lists_the_null_sinks(audio: None) -> None:
    result = runner.invoke(app, ["devices"])
    assert result.exit_code == 0
    names = [line.split(":")[1].split(";")[0].strip() for line in result.output.splitlines()[:-1]]
    assert {"table", "seat_north", "seat_south"} <= set(names)


def test_say_to_a_seat_without_route_is_not_spoken_and_says_so(audio: None, home: Path) -> None:
    (home / "config.toml").write_text('[routes]\nall = "table"\n')
    result = runner.invoke(app, ["say", "--to", "nord", "Ta main"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Nord (privé) : Ta main", "Nord : message gardé, sans sortie audio privée. Il sera lu à la demande."]
