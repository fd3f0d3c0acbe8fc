"""Text output: one plain line per announcement, with its audience, in French or English."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

import pytest

from companion.speech.announcer import Announcer
from companion.speech.audience import Priority, parse_audience
from companion.speech.text import LINE_MAX, TextOut, clean, format_line


def test_public_line_is_the_text_and_private_names_the_seat() -> None:
    assert format_line("all", "Nord joue Esprit jaune 3.", "fr") == "Nord joue Esprit jaune 3."
    assert format_line(0, "Ta main : 3 cartes.", "fr") == "Nord (privé) : Ta main : 3 cartes."
    assert format_line(2, "Your hand: 3 cards.", "en") == "South (private): Your hand: 3 cards."
    assert format_line(1, "x", "en", seat_names=["Ana", "Bob"]) == "Bob (private): x"


def test_control_and_escape_sequences_never_reach_the_screen() -> None:
    assert clean("\x1b[31mRouge\x1b[0m\ngagne\tle pli\x07") == "Rouge gagne le pli"
    assert "\x1b" not in format_line(0, "\x1b]0;title\x07ok", "fr")


def test_seat_names_in_either_language_and_numbers() -> None:
    assert parse_audience("Nord") == parse_audience("north") == parse_audience("0") == 0
    assert parse_audience("ouest") == 3 and parse_audience("all") == "all"
    with pytest.raises(ValueError):
        parse_audience("mars")


def test_text_backend_prints_every_line_in_order_and_keeps_private_ones() -> None:
    out = io.StringIO()
    with Announcer("fr", backend="text", out=out) as ann:
        ann.announce("all", "Début de la manche.")
        ann.announce(0, "Ta main : Esprit jaune 3.", Priority.URGENT)
        ann.announce("all", "Sud joue.")
        ann.earcon("label_read")  # no line for a sound
        assert ann.private_backlog(0) == ["Ta main : Esprit jaune 3."]
        assert ann.private_backlog(0) == []  # asked for once, then gone
    assert out.getvalue().splitlines() == [
        "Début de la manche.", "Nord (privé) : Ta main : Esprit jaune 3.", "Sud joue."]


def test_text_mode_imports_no_audio_library() -> None:
    code = ("import io, sys; from companion.speech import Announcer\n"
            "a = Announcer('en', backend='text', out=io.StringIO()); a.announce(1, 'x'); a.close()\n"
            "print(sorted({'numpy', 'sounddevice', 'pyttsx3'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _say_text(env: dict[str, str], tty: bool) -> str:
    cmd = [sys.executable, "-m", "companion", "say", "--text", "--to", "north", "Ta main : trois cartes."]
    if not tty:
        return subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
    leader, follower = pty.openpty()
    proc = subprocess.Popen(cmd, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(20)
    os.close(leader)
    return b"".join(chunks).decode()


@pytest.mark.parametrize("tty", [False, True], ids=["pipe", "terminal"])
def test_no_escape_codes_with_no_color_or_without_a_terminal(tty: bool, tmp_path) -> None:
    env = {**os.environ, "NO_COLOR": "1", "COMPANION_HOME": str(tmp_path), "TERM": "xterm-256color"}
    output = _say_text(env, tty)
    assert "Nord (privé) : Ta main : trois cartes." in output
    assert "\x1b" not in output


def test_a_line_longer_than_a_screen_reader_bears_is_cut_where_its_parts_meet() -> None:
    """Issue 26, A2: no printed line over LINE_MAX characters; a hand of 14 cards shows as three
    lines, each ending at a " ; ", nothing lost."""
    hand = "Votre main : " + " ; ".join(f"{i} : Esprit rouge 1, {i} points" for i in range(1, 15)) + "."
    out = io.StringIO()
    TextOut(out, "fr").announce(2, hand, own=2)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and all(len(ln) <= LINE_MAX for ln in lines)
    assert all(ln.endswith(" ;") for ln in lines[:-1])
    assert " ".join(lines) == hand
    other = io.StringIO()  # another seat's line keeps its name, and still fits
    TextOut(other, "fr").announce(0, hand, own=2)
    theirs = other.getvalue().splitlines()
    assert all(len(ln) <= LINE_MAX and ln.startswith("Nord (privé) : ") for ln in theirs)
