"""Nothing foreign reaches the terminal: text from outside is stripped of escape and control
characters before it is printed or spoken (decoded labels, file names, seat names, decks).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import termios
import time
from pathlib import Path

import pytest
import segno

from companion.safe_text import json_text, printable

from .conftest import COMPANION, RECORD, child_env, clean

HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202eX\r"


def test_a_label_carrying_escape_codes_is_shown_plain(cli, tmp_path: Path) -> None:
    image = tmp_path / "hostile.png"
    segno.make(HOSTILE, error="l", mode="byte").save(str(image), scale=8, border=4)
    plain = cli("scan", str(image))
    assert plain.code == 0 and clean(plain.text) and "étiquette inconnue" in plain.out
    as_json = cli("scan", str(image), "--json")
    assert as_json.code == 0 and clean(as_json.text) and "\u202e" not in as_json.out
    assert json.loads(as_json.out)["text"] == HOSTILE, "JSON escapes keep the exact text"


def test_a_file_name_carrying_escape_codes_is_shown_plain(cli, tmp_path: Path) -> None:
    named = tmp_path / f"{HOSTILE}.jsonl"
    named.write_text(RECORD.read_text(encoding="utf-8"), encoding="utf-8")
    for args in (["replay", str(named)], ["replay", str(named) + "x"],
                 ["scan", str(tmp_path / "a\x1b[2J.png")], ["labels", "tatsu", "--out", str(named)],
                 ["play", "tatsu", "--record", str(named)]):
        done = cli(*args)
        assert clean(done.text), (args, done.text)


def test_seat_names_are_checked_on_the_way_in_and_cleaned_on_the_way_out(cli, home: Path) -> None:
    refused = cli("config", "--set", f"seat_names.fr=A{HOSTILE},B,C,D")
    assert refused.code == 2 and clean(refused.text)
    (home / "config.toml").write_text('[seat_names]\nfr = ["A\\u001b[2J", "B", "C", "D"]\n', encoding="utf-8")
    done = cli("replay", str(RECORD))
    assert done.code == 0 and clean(done.text) and done.err.startswith("Configuration : seat_names.fr")


def test_a_custom_deck_with_escape_codes_is_refused_in_plain_words(cli, tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    source = (Path(__file__).resolve().parents[2] / "card_codes" / "decks" / "tatsu.toml").read_text()
    deck.write_text(source.replace('fr = "Tatsu"', 'fr = "Tat\\u001b]0;x\\u0007su"'), encoding="utf-8")
    done = cli("labels", "--deck", str(deck), "--out", str(tmp_path / "x.pdf"))
    assert done.code == 2 and clean(done.text) and "caractères de contrôle" in done.one_line()


@pytest.mark.parametrize("text", [HOSTILE, "\x1bc", "\x1b[?1049h", "a\x00b", "\x9d0;t\x9c", "\u2028x\u2029"])
def test_the_one_helper_leaves_only_plain_text(text: str) -> None:
    assert clean(printable(text)) and "\n" not in printable(text)
    assert clean(json_text({"t": text})) and json.loads(json_text({"t": text}))["t"] == text


def _eol(fd: int) -> bytes:
    return termios.tcgetattr(fd)[6][termios.VEOL]


def _play_on_a_terminal(home: Path, tmp_path: Path, left_changed: bool = False
                        ) -> tuple[subprocess.Popen[bytes], int, int]:
    """`companion play` with a real terminal (a pty) as its keyboard, as a person runs it
    (``left_changed``: the terminal as a run killed by SIGKILL left it, Tab ending lines)."""
    master, slave = os.openpty()
    if left_changed:
        attrs = termios.tcgetattr(slave)
        attrs[6][termios.VEOL] = b"\t"
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    child = subprocess.Popen([COMPANION, "play", "tatsu", "--synthetic", "--fast", "--text", "--seats", "4",
                              "--me", "sud", "--record", str(tmp_path / "game.jsonl")],
                             stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=child_env(home), cwd=home)
    return child, master, slave


def test_killed_by_a_signal_the_terminal_is_put_back_and_a_run_after_mends_it(home: Path,
                                                                          tmp_path: Path) -> None:
    """Issue 28, finding 10: killed by TERM or HUP under a shell that does not restore the
    terminal, the stop key stayed the terminal's end-of-line (Tab ended lines in other programs)."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        child, master, slave = _play_on_a_terminal(home, tmp_path)
        try:
            deadline = time.monotonic() + 60
            while _eol(slave) != b"\t" and time.monotonic() < deadline:  # the game is on: Tab stops speech
                time.sleep(0.05)
            assert _eol(slave) == b"\t"
            child.send_signal(sig)
            out, _err = child.communicate(timeout=60)
            assert _eol(slave) == b"\x00", sig  # put back
            assert b"Traceback" not in out
        finally:
            os.close(master)
            os.close(slave)
    # a terminal left changed (a kill -9) is mended by the next run, at its start and its end
    child, master, slave = _play_on_a_terminal(home, tmp_path, left_changed=True)
    try:
        os.write(master, b"quitte\n")
        child.communicate(timeout=60)
        assert _eol(slave) == b"\x00"
    finally:
        os.close(master)
        os.close(slave)
