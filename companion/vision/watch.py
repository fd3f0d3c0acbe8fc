"""Boards and grids watched live: the labels at rest and where, said only when that changes.

A board game's pieces (tokens, the board's corner labels) and a laid-out grid of cards stay
where they are for most of a game; hands pass over them, pick one up and put it down. The
`LayoutWatcher` turns decoded frames into `LayoutEvent`s: the whole set of labels at rest with
their quads, given again only when it changes (a label comes to rest, is put down elsewhere, or
is gone for good). What the positions mean (a square of the board, a cell of a grid) is for the
game's own photo reader (its `read_board`, `read_grid`), which takes these labels as it takes
one photo's detections; what differs from the game's state is for the session to say once.

- A label is at rest once read for `SETTLE` seconds at one place (its centre within
  `STILL_SIZES` of its size); a move further than that starts its rest again.
- A label at rest that is not read (a hand over it, glare) keeps its place for `LOST_AFTER`
  seconds: a reading hand or a piece lifted and put back makes no event. Put down elsewhere, it
  is at its new place after `SETTLE` seconds: one event.
- Every change waits until the labels in view have been quiet for `SETTLE` seconds, so a move
  (lifted here, put down there) is one event, not two.
Time comes from the frames, so the same video always gives the same events.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from companion.vision.decoders import Decoder, Detection, make_decoder
from companion.vision.frames import FrameSource

SETTLE = 0.4        # seconds at one place before a label is at rest; and of quiet before an event
STILL_SIZES = 0.15  # a centre moving less than this share of the label's size stays at its place
LOST_AFTER = 1.5    # seconds a label at rest may go unread and keep its place


@dataclass(frozen=True)
class LayoutEvent:
    """The labels at rest and where (each label's last quad at rest), at frame ``frame``;
    ``added``, ``moved`` and ``removed`` name the texts that changed since the last event."""

    t: float
    frame: int
    labels: tuple[Detection, ...]
    added: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    kind: str = "layout"

    @property
    def texts(self) -> list[str]:
        return [d.text for d in self.labels]


@dataclass
class _Spot:
    det: Detection      # where the label lies (its first read at this place)
    since: float        # when it came to this place
    last: float         # when it was last read


@dataclass
class LayoutWatcher:
    """Feed it every decoded frame with `update`; it returns a LayoutEvent when the layout changes."""

    settle: float = SETTLE
    still: float = STILL_SIZES
    lost_after: float = LOST_AFTER
    _spots: dict[str, _Spot] = field(default_factory=dict)
    _said: dict[str, Detection] = field(default_factory=dict)
    _quiet_since: float = 0.0

    def update(self, t: float, detections: Sequence[Detection], frame: int = 0) -> list[LayoutEvent]:
        read = {}
        for d in detections:
            read.setdefault(d.text, d)
        for text, d in read.items():
            spot = self._spots.get(text)
            if spot is None or _far(spot.det, d, self.still):
                self._spots[text] = _Spot(d, t, t)
                self._quiet_since = t
            else:
                spot.last = t
        for text in [k for k, s in self._spots.items() if t - s.last > self.lost_after]:
            del self._spots[text]
        resting = {k: s.det for k, s in self._spots.items() if t - s.since >= self.settle - 1e-9}
        moving = len(resting) < len(self._spots)
        if moving or t - self._quiet_since < self.settle - 1e-9:
            return []
        added = tuple(sorted(k for k in resting if k not in self._said))
        removed = tuple(sorted(k for k in self._said if k not in resting))
        moved = tuple(sorted(k for k in resting
                             if k in self._said and _far(self._said[k], resting[k], self.still)))
        if not (added or removed or moved) and self._said:
            return []
        if not resting and not self._said:
            return []
        self._said = dict(resting)
        labels = tuple(resting[k] for k in sorted(resting))
        return [LayoutEvent(t, frame, labels, added, moved, removed)]

    @property
    def layout(self) -> list[Detection]:
        """The labels at rest as last said."""
        return list(self._said.values())


def _far(a: Detection, b: Detection, sizes: float) -> bool:
    (ax, ay), (bx, by) = a.centre, b.centre
    return math.hypot(ax - bx, ay - by) > sizes * max(a.size, b.size)


def watch_layout(source: FrameSource, decoder: Decoder | None = None,
                 watcher: LayoutWatcher | None = None) -> Iterator[LayoutEvent]:
    """Every layout change of a source, frame by frame (files, tests): none dropped."""
    decoder = decoder or make_decoder()
    watcher = watcher or LayoutWatcher()
    for frame in source:
        yield from watcher.update(frame.t, decoder.decode(frame.image), frame.index)
