"""The stop key reaches a line-reading program at once, through a real pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import termios
import threading
import time
from collections.abc import Iterator

import pytest

from companion.typed_input import STOP, StopKeyTerminal, stop_char
from companion.typed_input import keyboard_lines as typed_lines  # the terminal's step of the one reader


@pytest.fixture
def terminal() -> Iterator[tuple[int, io.TextIOWrapper]]:
    """(the keyboard side, the program's stdin) of a new pseudo-terminal, in canonical mode."""
    keyboard, program = pty.openpty()
    stream = open(program, encoding="utf-8", closefd=True)  # noqa: SIM115  (closed below)
    yield keyboard, stream
    stream.close()
    os.close(keyboard)


def _reader(stream: io.TextIOWrapper) -> tuple[list, threading.Thread]:
    got: list = []
    thread = threading.Thread(target=lambda: got.extend(typed_lines(stream)), daemon=True)
    thread.start()
    return got, thread


def _wait(got: list, n: int) -> None:
    deadline = time.monotonic() + 3
    while len(got) < n and time.monotonic() < deadline:
        time.sleep(0.01)


def test_tab_stops_at_once_without_enter_and_keeps_what_was_typed(terminal) -> None:
    keyboard, stream = terminal
    with StopKeyTerminal(stream, "\t"):
        assert stop_char(stream) == "\t"
        got, _ = _reader(stream)
        os.write(keyboard, b"mai")
        time.sleep(0.1)
        assert got == []  # an unfinished line waits for Enter, as always
        os.write(keyboard, b"\t")
        _wait(got, 1)
        assert got == [STOP]  # the key alone, no Enter
        os.write(keyboard, "n\ndétaillé\n".encode())
        _wait(got, 3)
        assert got == [STOP, "main", "détaillé"]  # the word typed around the stop is whole
    assert stop_char(stream) == ""  # the terminal is given back as it was


def test_backspace_still_edits_the_line(terminal) -> None:
    keyboard, stream = terminal
    with StopKeyTerminal(stream, "\t"):
        got, _ = _reader(stream)
        erase = termios.tcgetattr(stream.fileno())[6][termios.VERASE]
        os.write(keyboard, b"mian" + erase * 3 + b"ain\n")
        _wait(got, 1)
        assert got == ["main"]


def test_escape_as_the_stop_key_ignores_the_rest_of_an_arrow_key(terminal) -> None:
    keyboard, stream = terminal
    with StopKeyTerminal(stream, "\x1b"):
        got, _ = _reader(stream)
        os.write(keyboard, b"\x1b")
        _wait(got, 1)
        os.write(keyboard, b"[Apli\n")  # what an arrow key leaves behind its Escape
        _wait(got, 2)
        assert got == [STOP, "pli"]


def test_no_terminal_no_stop_key_lines_as_they_come() -> None:
    assert list(typed_lines(io.StringIO("main\n\tpli\n"))) == ["main", "\tpli"]
    with StopKeyTerminal(io.StringIO(), "\t"):  # not a terminal: nothing to set, no error
        pass


def test_the_one_reader_keeps_its_rules_at_a_terminal_with_the_stop_key(terminal) -> None:
    """What the session reads: bad bytes decoded leniently, escape codes dropped, a line too
    long for any command refused whole, and the stop key, all from the same terminal."""
    from companion.typed_input import MAX_LINE, TooLong
    from companion.typed_input import typed_lines as session_lines

    keyboard, stream = terminal
    with StopKeyTerminal(stream, "\t"):
        got: list = []
        threading.Thread(target=lambda: got.extend(session_lines(stream)), daemon=True).start()
        for typed in (b"\xff\xfesc\x1b[Aore\n", b"\t", b"x" * (MAX_LINE * 4 + 10) + b"\n", "été\n".encode()):
            os.write(keyboard, typed)
            time.sleep(0.1)
        _wait(got, 4)
        assert got == ["\ufffd\ufffdscore", STOP, TooLong(), "été"]
