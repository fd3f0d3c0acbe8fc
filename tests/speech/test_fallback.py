"""Failures: a missing or vanishing device, a failing synthesizer, no speech-dispatcher.
Each is said once as a line of text, and the game goes on in text."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from companion.speech.announcer import Announcer
from companion.speech.synth import SynthError
from tests.worker import start_pulse, stop_pulse

pytestmark = pytest.mark.audio


def _lines(out: io.StringIO) -> list[str]:
    return out.getvalue().splitlines()


def test_route_to_a_missing_device_is_said_once_and_text_goes_on(audio: None, tmp_path: Path) -> None:
    out = io.StringIO()
    routes = {"all": "no_such_speaker", 0: "no_such_speaker"}
    with Announcer("fr", routes, out=out, cache_folder=tmp_path) as ann:
        for n in range(3):
            ann.announce("all", f"Pli {n}")
        ann.announce(0, "Ta main")
        ann.earcon("trick_won")
        assert ann.wait(30)
        assert ann.private_backlog(0) == ["Ta main"]  # its earpiece does not exist: kept
    lines = _lines(out)
    assert lines[0].startswith("Audio : pas de sortie no_such_speaker") and "texte" in lines[0]
    assert lines[1:] == ["Pli 0", "Pli 1", "Pli 2", "Nord (privé) : Ta main"]


@pytest.mark.slow
def test_device_that_disappears_mid_game_is_said_once_and_text_goes_on(audio: None, tmp_path: Path) -> None:
    victim = start_pulse(str(tmp_path / "pa"))  # a second server, stopped during the game
    saved = os.environ["PULSE_SERVER"]
    os.environ["PULSE_SERVER"] = victim["PULSE_SERVER"]
    out = io.StringIO()
    try:
        ann = Announcer("en", {"all": "table", 0: "seat_north"}, out=out, cache_folder=tmp_path)
    finally:
        os.environ["PULSE_SERVER"] = saved
    try:
        ann.announce("all", "Trick one")
        ann.announce(0, "Your hand")
        assert ann.wait(30)
        assert ann.private_backlog(0) == []  # heard
        stop_pulse(victim["PA_DIR"])
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not all(p.lost for p in ann._players.values()):
            ann.earcon("label_read")
            ann.earcon("label_read", 0)
            time.sleep(0.05)
        for n in range(3):
            ann.announce("all", f"Trick {n + 2}")
        ann.announce(0, "Your new hand")
        ann.wait(30)
        assert ann.private_backlog(0) == ["Your new hand"]
    finally:
        t0 = time.monotonic()
        ann.close()
        stop_pulse(victim["PA_DIR"])  # again, in case the test failed before
        assert time.monotonic() - t0 < 8  # closing a dead device does not hang
    lines = _lines(out)
    lost = [ln for ln in lines if "stopped responding" in ln]
    assert sorted(lost) == ["Audio: output seat_north stopped responding. Continuing in text.",
                            "Audio: output table stopped responding. Continuing in text."]
    assert [ln for ln in lines if ln not in lost] == [
        "Trick one", "North (private): Your hand", "Trick 2", "Trick 3", "Trick 4",
        "North (private): Your new hand"]


class BrokenSynth:
    sample_rate = 22050
    version = "broken-1"

    def __init__(self) -> None:
        self.calls = 0

    def synth(self, text: str, voice: str, rate: int, volume: float, pitch: int = 50) -> bytes:
        self.calls += 1
        raise SynthError("no_audio")


def test_synthesizer_failure_is_said_once_and_text_goes_on(audio: None, tmp_path: Path) -> None:
    out, synth = io.StringIO(), BrokenSynth()
    routes = {"all": "table", 1: "seat_north"}
    with Announcer("fr", routes, out=out, cache_folder=tmp_path, synth=synth) as ann:
        ann.announce("all", "Premier")
        ann.announce("all", "Deuxième")
        ann.announce(1, "Secret")
        assert ann.wait(30)
        assert ann.private_backlog(1) == ["Secret"]  # not heard: kept
        assert ann.prebuild(["Nord", "Sud"]) == 0
    lines = _lines(out)
    assert lines.count("Voix : la synthèse a échoué (aucun son produit). Je continue en texte.") == 1
    spoken = [ln for ln in lines if not ln.startswith("Voix")]
    assert spoken == ["Premier", "Deuxième", "Est (privé) : Secret"]
    assert synth.calls == 1  # not retried for every message


def test_no_audio_server_at_all_say_still_prints_and_exits_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "PULSE_SERVER": f"unix:{tmp_path}/nothing-here", "COMPANION_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "companion", "say", "--lang", "en", "Hello table"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert "Hello table" in lines
    assert sum(ln.startswith("Audio: no output") for ln in lines) == 1
    assert "Traceback" not in done.stderr


def _fake_spd_say(folder: Path, code: int = 0) -> Path:
    script = folder / "spd-say"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> "{folder}/calls.txt"\nexit {code}\n')
    script.chmod(0o755)
    return script


def test_speechd_backend_speaks_public_and_routed_seats_only(tmp_path: Path, monkeypatch) -> None:
    _fake_spd_say(tmp_path)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    out = io.StringIO()
    with Announcer("fr", {"all": "speechd", 0: "speechd"}, backend="speechd", out=out) as ann:
        ann.announce("all", "Nord joue", 1)
        ann.announce(0, "Ta main", 2)
        ann.announce(1, "Secret d'Est")
        assert ann.wait(30)
        assert ann.private_backlog(1) == ["Secret d'Est"]
    calls = (tmp_path / "calls.txt").read_text().split("--\n")
    assert calls[0].split() == ["-l", "fr", "-P", "message"] and "Nord joue" in calls[1]
    assert "important" in calls[1] and "Ta main" in calls[2] and "Secret" not in "".join(calls)


def test_speechd_failure_is_said_once(tmp_path: Path, monkeypatch) -> None:
    _fake_spd_say(tmp_path, code=1)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    out = io.StringIO()
    with Announcer("en", backend="speechd", out=out) as ann:
        ann.announce("all", "One")
        assert ann.wait(30)
        ann.announce("all", "Two")
        assert ann.wait(30)
    lines = _lines(out)
    assert lines[0] == "One" and lines[-1] == "Two"
    assert sum("speech-dispatcher" in ln for ln in lines) == 1


def test_real_speech_dispatcher_is_heard_on_the_table(
    audio: None, recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a private speech-dispatcher (its socket in our runtime dir) spawned with this test's audio server
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    out = io.StringIO()
    with recorder("table_monitor") as rec, Announcer("fr", backend="speechd", out=out) as ann:
        ann.announce("all", "Bonjour la table", 2)
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and np.abs(rec.audio("table_monitor")).max(initial=0) < 0.05:
            time.sleep(0.1)
    assert out.getvalue() == "Bonjour la table\n"
    assert np.abs(rec.audio("table_monitor")).max() > 0.05


@pytest.mark.slow
def test_lost_device_is_retried_and_heard_again_when_it_comes_back(
    audio: None, recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.speech import announcer as announcer_module

    monkeypatch.setattr(announcer_module, "RETRY_AFTER_S", 0.2)
    pa_dir = str(tmp_path / "pa")
    victim = start_pulse(pa_dir)
    # this test's own server: the same socket after a restart
    monkeypatch.setenv("PULSE_SERVER", victim["PULSE_SERVER"])
    out = io.StringIO()
    ann = Announcer("en", {"all": "table"}, out=out, cache_folder=tmp_path)
    try:
        stop_pulse(pa_dir)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not ann._players["table"].lost:
            ann.earcon("label_read")
            time.sleep(0.05)
        ann.announce("all", "While it is gone")
        start_pulse(pa_dir)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and "is back" not in out.getvalue():
            time.sleep(0.3)
            ann.earcon("label_read")
        with recorder("table_monitor") as rec:
            ann.announce("all", "Back again")
            assert ann.wait(30)
        assert min(rec.rms("table_monitor")) > 0.01
    finally:
        ann.close()
        stop_pulse(pa_dir)
    assert out.getvalue().splitlines() == [
        "Audio: output table stopped responding. Continuing in text.", "While it is gone",
        "Audio: output table is back.", "Back again"]
