"""The stop key: one key silences speech at once, in a program that reads whole lines.

A terminal in its normal (canonical) mode hands a program a line only when Enter is
pressed, and keeps line editing (backspace, a screen reader's echo) for the person. It
also ends a line at its "end of line" character, VEOL, unset by default. Setting VEOL to
the stop key (Tab by default: it prints nothing visible, commands never use it) makes
that one key reach the program at once, with line editing untouched. ``typed_lines``
reads the terminal's own lines and yields `STOP` for that key; what was typed before it
is kept and joined to the next line, so a stop in the middle of a word loses nothing.
"""

from __future__ import annotations

import contextlib
import os
import re
import termios
from collections.abc import Iterator
from typing import TextIO

_CSI_TAIL = re.compile(r"^(\[[0-9;?]*[ -/]*[@-~]|O[@-~])")  # the rest of an arrow key after Escape


class _Stop:
    def __repr__(self) -> str:
        return "STOP"


STOP = _Stop()  # what typed_lines yields for the stop key


def _fd(stream: TextIO) -> int | None:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        fd = stream.fileno()
        if os.isatty(fd):
            return fd
    return None


def stop_char(stream: TextIO) -> str:
    """The terminal's stop key (its VEOL character), "" when none is set or it is no terminal."""
    fd = _fd(stream)
    if fd is None:
        return ""
    with contextlib.suppress(termios.error):
        value = termios.tcgetattr(fd)[6][termios.VEOL]
        char = value.decode("latin-1") if isinstance(value, bytes) else chr(value)
        return "" if char in ("\0", "\xff") else char
    return ""


class StopKeyTerminal:
    """While open, ``key`` ("\\t", "\\x1b"; "" = none) ends a line at once on ``stream``'s
    terminal; the terminal's settings are put back on exit (or left alone if not a tty)."""

    def __init__(self, stream: TextIO, key: str) -> None:
        self.fd = _fd(stream)
        self.key = key
        self._saved: list | None = None

    def open(self) -> None:
        if self.fd is None or not self.key:
            return
        with contextlib.suppress(termios.error):
            self._saved = termios.tcgetattr(self.fd)
            changed = termios.tcgetattr(self.fd)
            changed[6][termios.VEOL] = self.key.encode("latin-1")
            termios.tcsetattr(self.fd, termios.TCSANOW, changed)

    def close(self) -> None:
        if self._saved is not None and self.fd is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.fd, termios.TCSANOW, self._saved)
            self._saved = None

    def __enter__(self) -> StopKeyTerminal:
        self.open()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def typed_lines(stream: TextIO) -> Iterator[str | _Stop]:
    """Lines typed on ``stream`` (without their newline), and `STOP` for the stop key; ends at
    end of input. A terminal is read as the terminal hands lines over; anything else by line."""
    fd = _fd(stream)
    key = stop_char(stream)
    if fd is None or not key:
        for line in stream:
            yield line.rstrip("\n")
        return
    pending = ""
    after_escape = False
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            data = b""
        if not data:
            if pending:
                yield pending
            return
        text = data.decode("utf-8", errors="replace")
        if after_escape:  # an arrow or function key sends Escape and more: drop the more
            text = _CSI_TAIL.sub("", text, count=1)
            after_escape = False
        for piece in re.split(f"(\n|{re.escape(key)})", text):
            if piece == "\n":
                yield pending
                pending = ""
            elif piece == key:
                yield STOP
                after_escape = key == "\x1b"
            else:
                pending += piece
