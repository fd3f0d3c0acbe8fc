"""End to end in a real terminal (tmux), heard through the null sinks and read on a braille
display: `companion play tatsu --synthetic` as a blind player runs it, South at the keyboard,
with a table speaker and an earpiece; the test types only what that player types and judges
only what they hear (recorded back from the sinks) and what their own display shows.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from tests.braille.conftest import braille_server  # noqa: F401  (a real BRLTTY, virtual display)
from tests.speech.analysis import frame_pitch, semitones, stereo_frames
from tests.speech.conftest import RECORD_RATE, audio, recorder  # noqa: F401  (the null sinks)

from .test_play_terminal import COMPANION, ROOT, Player, env
from .tmux import Terminal

pytestmark = [pytest.mark.audio, pytest.mark.realtime, pytest.mark.skipif(
    subprocess.run(["which", "tmux"], capture_output=True).returncode != 0, reason="needs tmux")]

ME = 2  # South
SEATS = ("Nord", "Est", "Sud", "Ouest")
# where pan = 1 puts each seat: right share of the sound, hard left (North) to hard right (West)
PLACES = {seat: float(np.sin(a) / (np.cos(a) + np.sin(a)))
          for seat, a in enumerate((np.pi / 4) * (1 + np.array([-1, -1 / 3, 1 / 3, 1])))}


def configure(home: Path, *settings: str) -> None:
    args = [a for s in settings for a in ("--set", s)]
    subprocess.run([COMPANION, "config", *args], env=env(home), check=True, capture_output=True)


def start(tmp_path: Path, *extra: str, more_env: dict[str, str] | None = None) -> tuple[Terminal, Player]:
    cmd = [COMPANION, "play", "tatsu", "--synthetic", "--me", "sud", "--seed", "7",
           "--record", str(tmp_path / "game.jsonl"), *extra]
    # the tmux server may be older than this test: what the program needs is given explicitly
    term = Terminal(cmd, ROOT, {**env(tmp_path / "home"), **(more_env or {})})
    return term, Player(term)


def test_each_seats_play_is_heard_in_its_own_voice(tmp_path: Path, recorder) -> None:  # noqa: F811
    configure(tmp_path / "home", "routes.all=table", "routes.2=seat_south", "pan=1.0")
    term, me = start(tmp_path)
    try:
        me.wait("Entrée pour commencer", timeout=90)  # the voices are made first (a few seconds)
        with recorder("table_monitor") as rec:
            term.type("")
            for _ in range(2):  # two of my turns: everyone plays twice, in their own voice
                me.play_my_turn()
            me.wait_any(["remporte le pli", "Fusion !"])
            time.sleep(2.0)
        term.type("quitte")
        me.wait("[exited] 0")
    finally:
        term.close()
    frames = stereo_frames(rec.audio("table_monitor"), RECORD_RATE)
    by_seat: dict[int, list[float]] = {seat: [] for seat in PLACES}
    for _t, share, mono in frames:
        seat = min(PLACES, key=lambda s: abs(PLACES[s] - share))
        if abs(PLACES[seat] - share) < 0.05:  # clearly at one seat's place (not the centre)
            f0 = frame_pitch(mono, RECORD_RATE)
            if f0 is not None:
                by_seat[seat].append(f0)
    heard = {SEATS[s]: float(np.median(p)) for s, p in by_seat.items() if len(p) >= 20}
    assert set(heard) == set(SEATS), {SEATS[s]: len(p) for s, p in by_seat.items()}
    closest = min(semitones(heard[a], heard[b]) for a in heard for b in heard if a < b)
    assert closest >= 3.0, heard  # four voices, told apart by pitch alone
    print("median pitch by seat (Hz):", {k: round(v) for k, v in heard.items()})


def test_tab_and_chut_stop_my_speech_at_once_and_drop_what_waits(tmp_path: Path, recorder) -> None:  # noqa: F811
    configure(tmp_path / "home", "routes.all=table", "routes.2=seat_south")
    term, me = start(tmp_path)
    latencies = []
    try:
        me.wait("Entrée pour commencer", timeout=90)
        term.type("")
        me.wait("\nÀ vous.")  # my turn: the table waits for me, nothing else is said
        time.sleep(2.5)
        for how in ("tab", "chut"):
            with recorder("seat_south_monitor") as rec:
                term.type("aide")  # some thirty lines into my earpiece: half a minute of speech
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline and not rec.audible_times("seat_south_monitor").size:
                    time.sleep(0.05)
                time.sleep(0.8)
                pressed = time.perf_counter()
                if how == "tab":
                    term.press("Tab")
                else:
                    term.type("chut")
                time.sleep(2.0)
            heard = rec.audible_times("seat_south_monitor")
            before, after = heard[heard < pressed], heard[heard >= pressed]
            assert before.size and before.max() - before.min() > 0.5, how  # it was speaking
            last = float(after.max()) if after.size else pressed
            latencies.append((how, (last - pressed) * 1000))
            # the rest of the help (many seconds) is never heard: silence soon after the key
            assert last - pressed < 0.25, (how, last - pressed)
        assert "Commandes :" in term.screen()  # and the help stays on the screen, to read
        term.type("quitte")
        me.wait("[exited] 0")
    finally:
        term.close()
    print("key -> last sound (ms):", [(how, round(ms, 1)) for how, ms in latencies])


def test_the_braille_display_shows_my_lines_and_nothing_else(tmp_path: Path, braille_server) -> None:  # noqa: F811
    server, display = braille_server
    configure(tmp_path / "home", "braille=on")
    term, me = start(tmp_path, "--text", more_env={"BRLAPI_HOST": server.host})
    try:
        me.wait("Braille : afficheur de 40 cellules.", timeout=60)
        term.wait_for("Entrée pour commencer")  # said before or after the display is found
        term.type("")
        me.play_my_turn()
        me.wait("\nÀ vous.")
        shown_before, newest = len(display.texts()), display.now()
        display.press("LnUp")  # one line back: the display stays there
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and len(display.texts()) == shown_before:
            time.sleep(0.05)
        back = display.now()
        term.type("quitte")
        me.wait("[exited] 0")
        screen = term.screen()
    finally:
        term.close()
    lines = [ln.strip() for ln in screen.splitlines() if ln.strip()]
    mine = [ln for ln in lines if " (privé) : " not in ln]  # my own lines have no seat's name before them
    others = [ln for ln in lines if ln not in mine]
    assert not others, "one screen, one seat: no other seat's private line is on this screen either"
    shown = display.texts()
    start_at = next(i for i, t in enumerate(shown) if t.startswith("Braille : afficheur"))
    ours = [t for t in shown[start_at:] if t]
    assert any(t.startswith("À vous.") for t in ours), "my own lines, as the screen shows them"
    for text in ours:
        assert " (privé) : " not in text, text
        assert any(ln.startswith(text) for ln in mine) or text == "no screen", text  # BRLTTY's, at exit
    assert back != newest and any(ln.startswith(back) for ln in mine), (back, newest)
