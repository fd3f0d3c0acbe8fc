"""The synthetic table in a live game: cards appear when the session plays them.

A `LiveTable` is a `SyntheticTable` whose script grows while it runs: `show` slides a card
in front of a seat, `clear` takes cards away (a trick picked up). Frames still go through
the real decoder and tracker, so the demo and `play --synthetic` exercise the same path
as a webcam.
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace
from typing import Any

from companion.vision.synthetic import Shown, SyntheticTable
from companion.vision.tracker import GONE_AFTER

# Where each seat's cards land (image fractions), and the edge they slide in from,
# for up to 6 seats around the table; seat 0 sits at the top of the image.
SEAT_SPOTS: dict[int, list[tuple[tuple[float, float], str]]] = {
    2: [((0.5, 0.3), "top"), ((0.5, 0.7), "bottom")],
    3: [((0.5, 0.3), "top"), ((0.75, 0.55), "right"), ((0.25, 0.55), "left")],
    4: [((0.5, 0.28), "top"), ((0.74, 0.5), "right"), ((0.5, 0.72), "bottom"), ((0.26, 0.5), "left")],
    5: [((0.5, 0.28), "top"), ((0.78, 0.4), "right"), ((0.66, 0.74), "bottom"), ((0.34, 0.74), "bottom"),
        ((0.22, 0.4), "left")],
}


class LiveTable(SyntheticTable):  # type: ignore[misc]  # the vision layer is not type-checked
    """A synthetic table without an end, played from the session."""

    def __init__(self, deck: Any, seats: int, **kwargs: Any) -> None:
        super().__init__(deck, (), duration=math.inf, **kwargs)
        self.seats = seats
        self._t = 0.0
        self._lock = threading.Lock()

    def frame_count(self) -> int:  # no end: frames until closed
        return 2**62

    def read(self):  # type: ignore[no-untyped-def]
        frame = super().read()
        if frame is not None:
            self._t = frame.t
        return frame

    def now(self) -> float:
        """The time of the newest frame."""
        return self._t

    def spot(self, seat: int, nth: int = 0) -> tuple[tuple[float, float], str]:
        spots = SEAT_SPOTS.get(self.seats) or SEAT_SPOTS[4]
        (x, y), edge = spots[seat % len(spots)]
        return (x + 0.04 * nth, y + 0.02 * nth), edge

    def show(self, card: str, seat: int, nth: int = 0, delay: float = 0.05) -> None:
        """Slide ``card`` in front of ``seat``; ``nth`` shifts it past earlier cards there."""
        at, edge = self.spot(seat, nth)
        angle = ((sum(map(ord, card)) % 21) - 10) * 1.0  # a card is never put down quite straight
        with self._lock:
            start = self._t + delay
            # a card taken away a moment ago comes back only once the tracker has seen it go
            ends = [s.end + s.slide for s in self.script if s.card == card and s.end is not None]
            if ends:
                start = max(start, max(ends) + GONE_AFTER + 0.3)
            self.script.append(Shown(card, start, None, at, angle, enter=edge, slide=0.3))

    def clear(self, cards: list[str] | None = None) -> None:
        """Take these cards (default: all) off the table."""
        with self._lock:
            for i, s in enumerate(self.script):
                if s.end is None and (cards is None or s.card in cards):
                    self.script[i] = replace(s, end=self._t + 0.05)

    def on_table(self) -> list[str]:
        return [s.card for s in self.script if s.end is None]
