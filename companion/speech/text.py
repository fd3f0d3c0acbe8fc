"""Text output: every announcement is one plain line, usable by a screen reader.

No escape codes are ever written (so NO_COLOR and non-terminal output hold by
construction), and control characters in the text are removed so one message is
exactly one line.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TextIO

from companion.safe_text import printable
from companion.speech.audience import PUBLIC, Audience, message, seat_name

LINE_MAX = 200  # characters: a longer line is more than a screen reader's listener can hold


def longest(text: str) -> int:
    """The length of ``text``'s longest form (a `Phrase` has one per level)."""
    forms = getattr(text, "forms", None)
    return max((len(f) for f in forms.values()), default=len(text)) if forms else len(text)


BREAKS = (" ; ", ". ", ", ", " ")  # where a long line is cut, the best place first


def fit(text: str, limit: int = LINE_MAX) -> list[str]:
    """``text`` as lines of at most ``limit`` characters, each cut after a list's " ; ", else a
    sentence's end, a comma, a space (a word is never cut unless it alone is longer)."""
    out: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = next((i + len(mark.rstrip()) for mark in BREAKS
                    if (i := rest.rfind(mark, limit // 3, limit)) > 0), limit)
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    return [*out, rest] if rest or not out else out


def clean(text: str) -> str:
    """One line of plain text: escape sequences dropped, control characters and runs of space folded."""
    return printable(text)


def format_line(audience: Audience, text: str, lang: str, seat_names: list[str] | None = None,
                own: int | None = None) -> str:
    """Public, or the screen's own seat's (``own``: one screen, one seat): the text itself. Another
    seat's (a demo's screen shows every seat): "Nord (privé) : ..." / "North (private): ..."."""
    text = clean(text)
    if audience == PUBLIC or (own is not None and audience == own):
        return text
    return message(lang, "private_line", seat=seat_name(int(audience), lang, seat_names), text=text)


# told of every line written: (audience or None for the speech layer's own notices, text, line)
LineListener = Callable[[Audience | None, str, str], None]


class TextOut:
    """Writes lines to a stream, one at a time (thread-safe), flushing each; a ``listener``
    (the braille display) is given each line too."""

    def __init__(self, out: TextIO, lang: str, seat_names: list[str] | None = None) -> None:
        self.out = out
        self.lang = lang
        self.seat_names = seat_names
        self.listener: LineListener | None = None
        self._lock = threading.Lock()

    def line(self, text: str, audience: Audience | None = None, said: str | None = None) -> None:
        shown = clean(text)
        with self._lock:
            try:
                self.out.write(shown + "\n")
                self.out.flush()
            except (OSError, ValueError):
                pass  # a closed or broken stdout must not stop the game
            if self.listener is not None:  # the braille display gets plain text too
                self.listener(audience, clean(said) if said is not None else shown, shown)

    def announce(self, audience: Audience, text: str, own: int | None = None) -> None:
        """``own``: the seat this screen is (the keyboard's): its lines show without a seat's name.
        A text longer than a line (LINE_MAX) shows as several, cut where its parts meet."""
        shown = format_line(audience, text, self.lang, self.seat_names, own)
        extra = len(shown) - len(clean(text))  # a seat's name before another seat's line
        for piece in fit(clean(text), LINE_MAX - extra):
            self.line(format_line(audience, piece, self.lang, self.seat_names, own), audience, piece)
