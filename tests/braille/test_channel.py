"""The braille channel through the announcer, on a real BRLTTY with a virtual display: the
keyboard seat's lines and nothing else, one at a time, with next / previous / pan / repeat."""

from __future__ import annotations

import io
import time
from pathlib import Path

import numpy as np
import pytest

from companion.braille import BrailleConfig
from companion.braille.channel import windows
from companion.speech.announcer import Announcer
from tests.braille.conftest import CELLS


def _connected(ann: Announcer) -> None:
    assert ann._braille_link is not None and ann._braille_link.connected.wait(10)


def _shows(display, start: str, timeout: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not display.now().startswith(start):
        time.sleep(0.02)
    assert display.now().startswith(start), (start, display.texts()[-5:])


def test_long_lines_are_cut_between_words() -> None:
    line = "Sud (privé) : Sud, en main : Esprit jaune 4 ; Esprit jaune 2 ; Esprit rouge 2."
    pieces = windows(line, 40)
    assert all(len(p) <= 40 for p in pieces) and " ".join(pieces) == line
    assert pieces[0] == "Sud (privé) : Sud, en main : Esprit"
    assert windows("x" * 90, 40) == ["x" * 40, "x" * 40, "x" * 10]


@pytest.mark.slow
def test_the_display_shows_public_lines_and_its_owners_only(braille_server) -> None:
    _server, display = braille_server
    out = io.StringIO()
    with Announcer("fr", backend="text", out=out, keyboard_seat=2, braille=BrailleConfig("on")) as ann:
        _connected(ann)
        start = len(display.texts())
        ann.announce("all", "Nord : Esprit jaune 5.")
        ann.announce(0, "Nord, en main : Fusion rouge.")  # another seat's secret
        ann.announce(2, "À vous.")
        ann.announce(3, "Ouest, en main : Esprit rouge 6.")
        ann.announce("all", "Est : Esprit rouge 1.")
        display.wait_for("Est : Esprit rouge 1.", after=start)
        time.sleep(0.2)
        shown = display.texts()[start:]
    assert "Nord, en main" not in " ".join(shown) and "Ouest" not in " ".join(shown)
    # the display shows the newest line (lines in quick succession: only the last is drawn), and
    # only public ones and mine, with no seat before my own
    assert [t for t in shown if not t.startswith("Braille")][-1] == "Est : Esprit rouge 1."
    assert set(t for t in shown if not t.startswith("Braille")) <= {
        "Nord : Esprit jaune 5.", "À vous.", "Est : Esprit rouge 1."}
    assert "Braille : afficheur de 40 cellules." in out.getvalue()


@pytest.mark.slow
def test_previous_next_pan_and_newest_from_the_displays_keys(braille_server) -> None:
    _server, display = braille_server
    long_line = "Sud, en main : Esprit jaune 4 ; Esprit jaune 2 ; Esprit rouge 2 ; Fusion rouge."
    with Announcer("fr", backend="text", out=io.StringIO(), keyboard_seat=2,
                   braille=BrailleConfig("on")) as ann:
        _connected(ann)
        for line in ("Manche 1.", long_line, "Nord : Esprit jaune 5."):
            ann.announce("all", line)
        display.wait_for("Nord : Esprit jaune 5.")
        first_window = long_line[:CELLS].rsplit(" ", 1)[0]
        # the first line is the companion's own: "Braille : afficheur de 40 cellules."
        steps = [("LnUp", first_window), ("FWinRt", "jaune 2 ;"), ("LnUp", "Manche 1."),
                 ("LnUp", "Braille : "), ("LnUp", "Braille : "), ("LnDn", "Manche 1."),
                 ("LnDn", "Sud, en main")]
        for key, expect in steps:
            display.press(key)
            _shows(display, expect)
        # the reader stepped back: a new line does not take the display from them
        ann.announce("all", "Est : Esprit rouge 1.")
        time.sleep(0.3)
        assert display.now().startswith("Sud, en main")
        mark = len(display.texts())
        display.press("Bot")  # to the newest line: following again
        display.wait_for("Est : Esprit rouge 1.", after=mark)
        ann.announce("all", "Ouest : Fusion rouge.")
        display.wait_for("Ouest : Fusion rouge.", after=mark)


@pytest.mark.slow
@pytest.mark.audio
def test_repeat_says_the_shown_line_again_without_a_new_screen_line(braille_server, recorder,
                                                                    tmp_path: Path) -> None:
    _server, display = braille_server
    out = io.StringIO()
    with Announcer("fr", {"all": "table"}, out=out, cache_folder=tmp_path, keyboard_seat=2,
                   braille=BrailleConfig("on")) as ann:
        _connected(ann)
        ann.announce("all", "Nord : Esprit jaune 5.")
        display.wait_for("Nord : Esprit jaune 5.")
        assert ann.wait(10)
        with recorder("table_monitor") as rec:
            display.press("Home")
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and np.abs(rec.audio("table_monitor")).max(initial=0) < 0.05:
                time.sleep(0.05)
            assert ann.wait(10)
        assert np.abs(rec.audio("table_monitor")).max() > 0.05
    assert out.getvalue().count("Nord : Esprit jaune 5.") == 1


def test_no_braille_server_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRLAPI_HOST", "127.0.0.1:3")  # nothing listens there
    for mode, said in [("auto", []), ("off", []), ("on", ["Braille : pas d'afficheur"])]:
        out = io.StringIO()
        with Announcer("fr", backend="text", out=out, keyboard_seat=0, braille=BrailleConfig(mode)) as ann:
            if ann._braille_link is not None:
                assert ann._braille_link.done.wait(5)
            ann.announce("all", "La partie commence.")
        lines = out.getvalue().splitlines()
        assert [ln.split(" (")[0] for ln in lines if ln.startswith("Braille")] == said, mode
        assert "La partie commence." in lines


@pytest.mark.slow
def test_a_display_that_goes_away_is_said_once_and_the_game_goes_on(braille_server) -> None:
    server, display = braille_server
    out = io.StringIO()
    with Announcer("fr", backend="text", out=out, keyboard_seat=0, braille=BrailleConfig("on")) as ann:
        _connected(ann)
        ann.announce("all", "Un.")
        display.wait_for("Un.")
        server.stop()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and "ne répond plus" not in out.getvalue():
            time.sleep(0.05)
        for n in ("Deux.", "Trois."):
            ann.announce("all", n)
    lines = out.getvalue().splitlines()
    assert sum("Braille : l'afficheur ne répond plus" in ln for ln in lines) == 1
    assert lines[-2:] == ["Deux.", "Trois."]
