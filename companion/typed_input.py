"""Typed lines, read so that nothing typed (or piped) can stop the keyboard.

Bytes are decoded leniently (a byte that is not UTF-8 becomes U+FFFD, so the line is
simply an unknown command), escape sequences and control characters are dropped
(an arrow key pressed in the middle of a word leaves the word), and a line longer than
MAX_LINE characters is skipped whole, up to its newline, and reported once as `TooLong`
— it is never held in memory nor echoed back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from companion.safe_text import printable

MAX_LINE = 200  # characters; the longest command ("senpai sud rouge 8 sur 1 oui") is ~30
_CHUNK = 64 * 1024


@dataclass(frozen=True)
class TooLong:
    """A typed line beyond the limit, skipped."""

    limit: int = MAX_LINE


def typed_lines(stream: IO[Any], limit: int = MAX_LINE) -> Iterator[str | TooLong]:
    """Each line of ``stream`` (text or bytes; a text stream's buffer is read when it has one)
    as plain text, or TooLong for a line that was skipped."""
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
        line = printable(data.decode("utf-8", "replace"))
        if len(line) > limit:
            yield TooLong(limit)
            continue
        yield line


def _bytes(raw: str | bytes) -> bytes:
    return raw if isinstance(raw, bytes) else raw.encode("utf-8", "replace")
