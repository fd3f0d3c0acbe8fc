"""Issue 28, finding 1: a braille server that takes the display and then stops reading froze the
whole game after ~270 lines, "quitte" included (the line printer held its lock while the
braille write blocked with no time-out). Now the display is dropped with one line, and the
game goes on: a real `companion play` process; once its display is connected, 800 "aide"
(20,000 lines: far more than a local socket's buffers hold), then "quitte"."""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path

import pytest

from companion.braille.brlapi import BrlapiClient, BrlapiError

from .conftest import COMPANION, child_env
from .stuck_braille import StuckBrlapi

CONNECTED = "Braille : afficheur de 40 cellules."
LOST = "Braille : l'afficheur ne répond plus (il ne lit plus ce qui lui est écrit). Je continue sans."


def test_a_braille_display_that_stops_reading_is_dropped_and_the_game_goes_on(home: Path,
                                                                             tmp_path: Path) -> None:
    server = StuckBrlapi()
    (home / "config.toml").write_text('braille = "on"\n', encoding="utf-8")
    child = subprocess.Popen([COMPANION, "play", "tatsu", "--synthetic", "--fast", "--text", "--seats", "4",
                              "--me", "sud", "--seed", "3", "--record", str(tmp_path / "game.jsonl")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=child_env(home, BRLAPI_HOST=server.host), cwd=home)
    lines: list[str] = []
    assert child.stdout is not None and child.stdin is not None
    reader = threading.Thread(target=lambda: lines.extend(ln.decode("utf-8", "replace").rstrip("\n")
                                                          for ln in child.stdout), daemon=True)
    reader.start()
    try:
        child.stdin.write(b"\n")
        child.stdin.flush()
        deadline = time.monotonic() + 60
        while CONNECTED not in lines and time.monotonic() < deadline:
            time.sleep(0.1)
        assert CONNECTED in lines, lines[-10:]
        child.stdin.write(b"aide\n" * 800)
        child.stdin.flush()
        deadline = time.monotonic() + 60  # the display stops reading: it is dropped, said once
        while not any(ln.startswith(LOST) for ln in lines) and time.monotonic() < deadline:
            time.sleep(0.1)
        child.stdin.write(b"score\nquitte\n")  # and the game still answers
        child.stdin.close()
        code = child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
        server.close()
    reader.join(10)
    assert server.stuck.is_set(), "the display was taken, then stopped reading"
    assert code == 0, lines[-20:]
    lost = [ln for ln in lines if ln.startswith(LOST)]
    assert len(lost) == 1, lost  # said once
    assert sum("Commandes :" in ln for ln in lines) == 800, "every answer was given"
    assert any(ln.endswith("Scores : Jaunes 0, Rouges 0.") for ln in lines[-5:]), lines[-5:]
    assert any("Au revoir" in ln for ln in lines[-3:])


@pytest.mark.parametrize(("server", "reason"), [
    ({"version": b"\x01"}, "un paquet de 1 octets du serveur braille, il en faut 4"),
    ({"size": (4294967295, 4294967295)}, "un afficheur de 4294967295 × 4294967295 cellules"),
])
def test_a_server_with_odd_packets_is_refused_in_words(server: dict, reason: str) -> None:
    """Issue 28, finding 6 (and 9): a packet too short was a struct.error guard line; a display
    claiming 4294967295² cells was announced as such."""
    odd = StuckBrlapi(**server)
    try:
        with pytest.raises(BrlapiError) as err:
            BrlapiClient(odd.host, timeout=5).display_size()
    finally:
        odd.close()
    assert reason in err.value.text("fr")


@pytest.mark.parametrize("host", ["é" * 70 + ":1", "a\x00b:1"])
def test_a_host_no_resolver_takes_is_refused_in_words(host: str) -> None:
    with pytest.raises(BrlapiError) as err:
        BrlapiClient(host, timeout=2)
    assert err.value.text("fr").startswith(("serveur braille mal écrit", "pas de serveur braille"))
