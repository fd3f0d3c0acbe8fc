"""The label tracker: decoded codes, frame after frame, become card events.

A label is *seen* once it is read in ``confirm`` of the last ``window`` frames (one
lucky read is not enough, one missed frame does not matter), and *gone* once it has
not been read for ``gone_after`` seconds. A card staying in view is one event. A text
that is not one of our cards is one ``unknown`` event (with the reason), not a stream.
Time comes from the frames' timestamps, so the same video always gives the same events.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from card_codes import Label, LabelErrorKind, try_decode
from companion.vision.decoders import Detection, Quad

SEEN, GONE, UNKNOWN = "seen", "gone", "unknown"
CONFIRM = 2         # reads needed ...
WINDOW = 3          # ... among this many latest frames
GONE_AFTER = 1.0    # seconds without a read before a seen card is gone


@dataclass(frozen=True)
class Zone:
    """A seat's part of the image, as fractions of its width and height (x0, y0, x1, y1)."""

    seat: int
    box: tuple[float, float, float, float]

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 <= x < x1 and y0 <= y < y1

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass(frozen=True)
class CardEvent:
    """What the table should hear about: a card seen or gone, or an unknown label.

    ``card`` is the card id (None for unknown labels), ``error`` why a label is not
    one of ours, ``seat`` the zone it lies in (None without zones or outside them).
    """

    kind: str
    t: float
    frame: int
    text: str
    game: str | None = None
    card: str | None = None
    seat: int | None = None
    quad: Quad | None = None
    error: LabelErrorKind | None = None


@dataclass
class _Track:
    text: str
    hits: deque[bool]
    last_t: float
    quad: Quad
    confirmed: bool = False
    label: Label | None = None
    error: LabelErrorKind | None = None
    game: str | None = None


@dataclass
class LabelTracker:
    """Feed it every decoded frame with `update`; it returns the events that frame makes."""

    game: str | None = None
    confirm: int = CONFIRM
    window: int = WINDOW
    gone_after: float = GONE_AFTER
    zones: Sequence[Zone] = ()
    _tracks: dict[str, _Track] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 1 <= self.confirm <= self.window:
            raise ValueError("need 1 <= confirm <= window")

    @property
    def in_view(self) -> list[str]:
        """Texts of the labels currently confirmed in view."""
        return [t.text for t in self._tracks.values() if t.confirmed]

    def seat_of(self, quad: Quad, size: tuple[int, int]) -> int | None:
        if not self.zones:
            return None
        cx = sum(p[0] for p in quad) / 4 / size[0]
        cy = sum(p[1] for p in quad) / 4 / size[1]
        return next((z.seat for z in self.zones if z.contains(cx, cy)), None)

    def update(
        self, t: float, detections: Sequence[Detection], size: tuple[int, int] = (1280, 720), frame: int = 0
    ) -> list[CardEvent]:
        """The events of one decoded frame taken at time t (seconds); size is (w, h)."""
        events: list[CardEvent] = []
        read = {}
        for d in detections:
            read.setdefault(d.text, d)
        for text, d in read.items():
            track = self._tracks.get(text)
            if track is None:
                track = self._tracks[text] = self._new_track(text, d.quad, t)
            else:
                track.hits.append(True)
                track.last_t, track.quad = t, d.quad
        for text, track in list(self._tracks.items()):
            if text not in read:
                track.hits.append(False)
            if not track.confirmed and sum(track.hits) >= self.confirm:
                track.confirmed = True
                events.append(self._event(SEEN if track.label else UNKNOWN, track, t, frame, size))
            elif track.confirmed and t - track.last_t >= self.gone_after - 1e-9:  # float times
                if track.label:
                    events.append(self._event(GONE, track, t, frame, size))
                del self._tracks[text]
            elif not track.confirmed and not any(track.hits):
                del self._tracks[text]  # a one-off read that never came back
        return events

    def _new_track(self, text: str, quad: Quad, t: float) -> _Track:
        hits: deque[bool] = deque([True], maxlen=self.window)
        result = try_decode(text, self.game)
        if isinstance(result, Label):
            return _Track(text, hits, t, quad, label=result, game=result.game)
        return _Track(text, hits, t, quad, error=result.kind, game=result.game)

    def _event(self, kind: str, track: _Track, t: float, frame: int, size: tuple[int, int]) -> CardEvent:
        return CardEvent(
            kind=kind,
            t=t,
            frame=frame,
            text=track.text,
            game=track.game,
            card=track.label.card.id if track.label else None,
            seat=self.seat_of(track.quad, size),
            quad=track.quad,
            error=track.error,
        )

    def finish(self, t: float, frame: int = 0, size: tuple[int, int] = (1280, 720)) -> list[CardEvent]:
        """At the end of a video: every card still in view is gone now."""
        events = [
            self._event(GONE, tr, t, frame, size) for tr in self._tracks.values() if tr.confirmed and tr.label
        ]
        self._tracks.clear()
        return events
