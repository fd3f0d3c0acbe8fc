"""Seat zones: which seat a card laid on the table belongs to, for an overhead or side camera.

Two ways to say it, both as fractions of the image (0,0 top-left, 1,1 bottom-right):

- boxes, ``SEAT:x0,y0,x1,y1`` (an overhead camera: each seat a part of the image);
- anchors, ``SEAT@x,y``: the place in front of each seat; a card belongs to the nearest
  anchor (works for a side camera too, whose perspective bends every box).

Seats are numbers from 1, as players count them, or names given by the caller. Several
are joined with ``;``: ``--zones "1@0.5,0.85;2@0.15,0.5;3@0.5,0.2;4@0.85,0.5"``.
`calibrate` makes the anchors from "put one card in front of each seat, in seat order".
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from card_codes.errors import CompanionError
from companion.messages import text as message
from companion.vision.tracker import Zone

_PART = re.compile(r"^\s*([^:@;]+?)\s*([:@])\s*([-0-9.,\s]+)$")


class ZoneError(CompanionError, ValueError):
    """A --zones value (or a calibration) that cannot be used: ``key`` and ``params`` say why
    (messages.toml, area ``zones``); ``str()`` is English, ``text(lang)`` the user's language."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "fr") -> str:
        return message(lang, f"zones.{self.key}", **self.params)


@dataclass(frozen=True)
class SeatMap:
    """Seats by where their cards lie: boxes, or the nearest of the anchors."""

    boxes: tuple[Zone, ...] = ()
    anchors: tuple[tuple[int, float, float], ...] = ()  # (seat, x, y)

    def seat_at(self, x: float, y: float) -> int | None:
        """The seat of a card whose centre is at (x, y), image fractions; None outside every box."""
        if self.anchors:
            return min(self.anchors, key=lambda a: math.hypot(a[1] - x, a[2] - y))[0]
        return next((z.seat for z in self.boxes if z.contains(x, y)), None)

    @property
    def seats(self) -> list[int]:
        return sorted({a[0] for a in self.anchors} | {z.seat for z in self.boxes})


def _seat(word: str, seats: int, names: Mapping[str, int]) -> int:
    folded = word.strip().casefold()
    if folded.isdigit():
        n = int(folded)
        if not 1 <= n <= seats:
            raise ZoneError("seat_number", n=n, seats=seats)
        return n - 1
    for name, seat in names.items():
        if name.casefold() == folded:
            return seat
    known = ", ".join(list(names)[:8]) or f"1-{seats}"
    raise ZoneError("seat_name", word=word.strip(), known=known)


def parse_zones(text: str, seats: int, names: Mapping[str, int] | None = None) -> SeatMap:
    """The SeatMap a --zones value describes; ZoneError with the reason when it is wrong."""
    names = names or {}
    boxes: list[Zone] = []
    anchors: list[tuple[int, float, float]] = []
    parts = [p for p in text.split(";") if p.strip()]
    if not parts:
        raise ZoneError("empty")
    for part in parts:
        m = _PART.match(part)
        if m is None:
            raise ZoneError("bad_part", part=part.strip())
        seat = _seat(m.group(1), seats, names)
        try:
            values = [float(v) for v in m.group(3).split(",")]
        except ValueError:
            raise ZoneError("not_numbers", part=part.strip()) from None
        if any(not 0.0 <= v <= 1.0 for v in values):
            raise ZoneError("outside", part=part.strip())
        if m.group(2) == "@":
            if len(values) != 2:
                raise ZoneError("bad_place", part=part.strip())
            anchors.append((seat, values[0], values[1]))
        else:
            if len(values) != 4 or values[0] >= values[2] or values[1] >= values[3]:
                raise ZoneError("bad_box", part=part.strip())
            boxes.append(Zone(seat, (values[0], values[1], values[2], values[3])))
    if boxes and anchors:
        raise ZoneError("mixed")
    found = [s for s, *_ in anchors] or [z.seat for z in boxes]
    if len(set(found)) != len(found):
        raise ZoneError("seat_twice")
    return SeatMap(tuple(boxes), tuple(anchors))


def format_zones(zones: SeatMap) -> str:
    """The --zones value of a SeatMap (what a calibration tells the user to keep)."""
    if zones.anchors:
        return ";".join(f"{s + 1}@{x:.2f},{y:.2f}" for s, x, y in zones.anchors)
    return ";".join(f"{z.seat + 1}:" + ",".join(f"{v:.2f}" for v in z.box) for z in zones.boxes)


def calibrate(events: Sequence[Any], seats: int, size: tuple[int, int] = (1280, 720)) -> SeatMap:
    """Anchors from cards laid one in front of each seat, in seat order: the first ``seats``
    distinct cards of ``events`` (tracker events with a quad). ZoneError when too few."""
    places: list[tuple[float, float]] = []
    seen: set[str] = set()
    for e in events:
        quad = getattr(e, "quad", None)
        if quad is None or e.text in seen:
            continue
        seen.add(e.text)
        places.append((sum(p[0] for p in quad) / 4 / size[0], sum(p[1] for p in quad) / 4 / size[1]))
        if len(places) == seats:
            break
    if len(places) < seats:
        raise ZoneError("too_few_cards", n=len(places), seats=seats)
    for i, a in enumerate(places):
        for b in places[i + 1:]:
            if math.hypot(a[0] - b[0], a[1] - b[1]) < 0.05:
                raise ZoneError("same_place")
    return SeatMap(anchors=tuple((s, x, y) for s, (x, y) in enumerate(places)))
