"""Typed lines, read so that nothing typed (or piped) can stop the keyboard, and the stop key.

Bytes are decoded leniently (a byte that is not UTF-8 becomes U+FFFD, so the line is
simply an unknown command), escape sequences and control characters are dropped
(an arrow key pressed in the middle of a word leaves the word), and a line longer than
MAX_LINE characters is skipped whole, up to its newline, and reported once as `TooLong`
— it is never held in memory nor echoed back.

The stop key: a terminal in its normal (canonical) mode hands a program a line only when
Enter is pressed, and keeps line editing (backspace, a screen reader's echo) for the
person. It also ends a line at its "end of line" character, VEOL, unset by default.
`StopKeyTerminal` sets VEOL to the stop key (Tab by default: it prints nothing visible,
commands never use it), so that one key reaches the program at once, line editing
untouched. The reader yields `STOP` for that key; what was typed before it is kept and
joined to the next line, so a stop in the middle of a word loses nothing.

One reader, two steps: `keyboard_lines` splits what the keyboard sends into lines and
stop keys (a terminal as the terminal hands lines over, anything else by line), bounded
and decoded leniently; `typed_lines`, what the session reads, makes each line plain text.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import termios
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from companion.safe_text import printable

MAX_LINE = 200  # characters; the longest command ("senpai sud rouge 8 sur 1 oui") is ~30
_CHUNK = 64 * 1024
_READ = 4096  # a terminal hands over at most this much of a line at once (its line buffer)
_CSI_TAIL = re.compile(rb"^(\[[0-9;?]*[ -/]*[@-~]|O[@-~])")  # the rest of an arrow key after Escape


@dataclass(frozen=True)
class TooLong:
    """A typed line beyond the limit, skipped."""

    limit: int = MAX_LINE


class Stop:
    """The stop key, pressed (the reader yields the one `STOP`)."""

    def __repr__(self) -> str:
        return "STOP"


STOP = Stop()


def _tty(stream: IO[Any]) -> int | None:
    """The file descriptor of ``stream`` if it is a terminal."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        fd = stream.fileno()
        if os.isatty(fd):
            return fd
    return None


def stop_char(stream: IO[Any]) -> str:
    """The terminal's stop key (its VEOL character), "" when none is set or it is no terminal."""
    fd = _tty(stream)
    if fd is None:
        return ""
    with contextlib.suppress(termios.error):
        value = termios.tcgetattr(fd)[6][termios.VEOL]
        char = value.decode("latin-1") if isinstance(value, bytes) else chr(value)
        return "" if char in ("\0", "\xff") else char
    return ""


LEFT_BY_US = (b"\t", b"\x1b")  # an end-of-line character only a stop key of ours would set
NO_CHARACTER = b"\x00"  # _POSIX_VDISABLE on Linux: no extra end-of-line character


class StopKeyTerminal:
    """While open, ``key`` ("\\t", "\\x1b"; "" = none) ends a line at once on ``stream``'s
    terminal; the terminal's settings are put back on exit (or left alone if not a tty)."""

    def __init__(self, stream: IO[Any], key: str) -> None:
        self.fd = _tty(stream)
        self.key = key
        self._saved: list[Any] | None = None
        self._handlers: dict[int, Any] = {}

    def open(self) -> None:
        if self.fd is None or not self.key:
            return
        with contextlib.suppress(termios.error):
            self._saved = termios.tcgetattr(self.fd)
            if self._saved[6][termios.VEOL] in LEFT_BY_US:  # a run killed earlier left its stop key
                self._saved[6][termios.VEOL] = NO_CHARACTER
            changed = termios.tcgetattr(self.fd)
            changed[6][termios.VEOL] = self.key.encode("latin-1")
            termios.tcsetattr(self.fd, termios.TCSANOW, changed)
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGHUP):  # killed: the terminal is put back first
                self._handlers[sig] = signal.signal(sig, self._killed)

    def _killed(self, signum: int, _frame: Any) -> None:
        self.close()
        raise KeyboardInterrupt  # the game ends as on Ctrl-C: said, its record whole

    def close(self) -> None:
        if self._saved is not None and self.fd is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.fd, termios.TCSANOW, self._saved)
            self._saved = None
        for sig, handler in self._handlers.items():
            with contextlib.suppress(ValueError, TypeError):
                signal.signal(sig, handler)
        self._handlers = {}

    def __enter__(self) -> StopKeyTerminal:
        self.open()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def typed_lines(stream: IO[Any], limit: int = MAX_LINE) -> Iterator[str | TooLong | Stop]:
    """Each line of ``stream`` (text or bytes; a text stream's buffer is read when it has one)
    as plain text, TooLong for a line that was skipped, STOP for the terminal's stop key."""
    for line in keyboard_lines(stream, limit):
        if not isinstance(line, str):
            yield line
            continue
        plain = printable(line)
        yield TooLong(limit) if len(plain) > limit else plain


def keyboard_lines(stream: IO[Any], limit: int = MAX_LINE) -> Iterator[str | TooLong | Stop]:
    """The lines of ``stream`` as sent (decoded leniently, without their newline), STOP for the
    stop key of a terminal, TooLong for a line too long to be a command of ``limit`` characters
    (more bytes than that many characters can take: skipped, never held)."""
    fd = _tty(stream)
    key = stop_char(stream)
    if fd is not None and key:
        yield from _terminal_lines(fd, key.encode("latin-1"), limit)
    else:
        yield from _plain_lines(stream, limit)


def _plain_lines(stream: IO[Any], limit: int) -> Iterator[str | TooLong]:
    source = getattr(stream, "buffer", stream)
    cap = limit * 4 + 2  # bytes: UTF-8 takes at most 4 per character, then the newline
    while True:
        data = _bytes(source.readline(cap))
        if not data:
            return
        if not data.endswith(b"\n") and len(data) >= cap:  # longer than any command: skip to its end
            while data and not data.endswith(b"\n"):
                data = _bytes(source.readline(_CHUNK))
            yield TooLong(limit)
            continue
        yield _decoded(data.removesuffix(b"\n"))


def _terminal_lines(fd: int, key: bytes, limit: int) -> Iterator[str | TooLong | Stop]:
    """A terminal's lines as it hands them over: a line ends at Enter or at the stop key."""
    cap = limit * 4 + 2
    pending = b""
    skipping = False  # inside a line already too long: dropped up to its newline
    after_escape = False
    splitter = re.compile(b"(\n|" + re.escape(key) + b")")
    while True:
        try:
            data = os.read(fd, _READ)
        except OSError:
            data = b""
        if not data:
            if skipping:
                yield TooLong(limit)
            elif pending:
                yield _decoded(pending)
            return
        for piece in splitter.split(data):
            if after_escape and piece:  # an arrow or function key sends Escape and more: drop the more
                piece = _CSI_TAIL.sub(b"", piece, count=1)
                after_escape = False
            if piece == b"\n":
                if skipping:
                    yield TooLong(limit)
                else:
                    yield _decoded(pending)
                pending, skipping = b"", False
            elif piece == key:
                yield STOP
                after_escape = key == b"\x1b"
            elif not skipping:
                pending += piece
                if len(pending) > cap:
                    pending, skipping = b"", True


def _decoded(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _bytes(raw: str | bytes) -> bytes:
    return raw if isinstance(raw, bytes) else raw.encode("utf-8", "replace")
