"""What each page may show, kept as it is said: the seat outputs of the web, and the tokens.

A seat's log keeps its lines (the public ones and its own), each with a number, so that a page
that reconnects gets exactly what it missed; the table view's log keeps the public lines only.
A token is found in constant time whatever it is compared with (`hmac.compare_digest`).
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.session.views import SeatView
from companion.speech.audience import PUBLIC, Audience
from companion.speech.text import fit

TOKEN_BYTES = 16  # 128 bits
KEPT_LINES = 2000  # lines a page can catch up on after a drop (a long game says ~1,500)
TABLE = -1  # the table view's "seat": public lines only


@dataclass(frozen=True)
class Line:
    """One line as a page shows it: its number in the log, whether it is the seat's own (private)
    and urgent (the seat's turn, a question for it: read at once, interrupting)."""

    n: int
    text: str
    private: bool
    urgent: bool


Listener = Callable[[int], None]  # told the seat (or TABLE) whose log or view changed


class SeatLog:
    """The lines of one page, numbered from 1, and its current view (`session.views.SeatView`)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.lines: deque[Line] = deque(maxlen=KEPT_LINES)
        self.count = 0
        self.view = SeatView()

    def add(self, text: str, private: bool, urgent: bool) -> None:
        self.count += 1
        self.lines.append(Line(self.count, text, private, urgent))

    def since(self, n: int) -> list[Line]:
        """The lines after number ``n`` (all that are kept, when ``n`` is older than them)."""
        return [line for line in self.lines if line.n > n]


class Tables:
    """The pages of one game: a log per web seat and one for the table view, their tokens, and
    the seat output the announcer hands every line to. Thread-safe: lines come from the game's
    thread, pages read them from the server's."""

    def __init__(self, seats: Sequence[int], seat_names: Sequence[str], lang: str) -> None:
        self.lang = lang
        self.seat_names = list(seat_names)
        self.logs: dict[int, SeatLog] = {s: SeatLog(s) for s in seats}
        self.logs[TABLE] = SeatLog(TABLE)
        self.tokens: dict[int, str] = {s: secrets.token_urlsafe(TOKEN_BYTES) for s in self.logs}
        self.lock = threading.Lock()
        self.listeners: list[Listener] = []

    @property
    def seats(self) -> list[int]:
        return [s for s in self.logs if s != TABLE]

    def seat_of(self, token: str) -> int | None:
        """The seat (or TABLE) a token opens; None for any other string. Every token is compared,
        in constant time, so the time taken says nothing of how near a guess came."""
        found = None
        given = token.encode("utf-8", "replace")
        for seat, mine in self.tokens.items():
            if hmac.compare_digest(given, mine.encode()):
                found = seat
        return found

    # -- the seat output (companion.speech.outputs.SeatOutput) --------------------------------
    def deliver(self, audience: Audience, text: str, *, urgent: bool, speaker: int | None) -> None:
        changed = []
        with self.lock:
            for seat, log in self.logs.items():
                private = audience != PUBLIC
                if private and audience != seat:
                    continue
                for piece in fit(text):  # a page's line bears what a terminal's does (LINE_MAX)
                    log.add(piece, private, private and urgent)
                changed.append(seat)
        self._tell(changed)

    def notice(self, seat: int, text: str) -> None:
        """A line of the page itself to one seat (slow down, this page took over), not the game's."""
        with self.lock:
            self.logs[seat].add(text, True, False)
        self._tell([seat])

    # -- views, set by the game's thread (companion.session.views.Pages) ------------------------
    def show(self, seat: int, view: SeatView) -> None:
        with self.lock:
            if seat not in self.logs or self.logs[seat].view == view:
                return
            self.logs[seat].view = view
        self._tell([seat])

    def show_table(self, view: SeatView) -> None:
        self.show(TABLE, view)

    def snapshot(self, seat: int, since: int = 0) -> tuple[list[Line], SeatView, int]:
        """A page's lines after ``since``, its view, and the number of its last line."""
        with self.lock:
            log = self.logs[seat]
            return log.since(since), log.view, log.count

    def _tell(self, seats: list[int]) -> None:
        for listener in list(self.listeners):
            for seat in seats:
                listener(seat)
