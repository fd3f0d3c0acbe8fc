"""The label tracker: decoded codes, frame after frame, become card events.

A label is *seen* once it is read in ``confirm`` of the last ``window`` frames (one
lucky read is not enough, one missed frame does not matter), and *gone* once it has
not been read for ``gone_after`` seconds. A card staying in view is one event. A text
that is not one of our cards is one ``unknown`` event (with the reason), not a stream.
Time comes from the frames' timestamps, so the same video always gives the same events.

With ``laid=True`` (games whose cards are played by putting them down, from their deck
file) a *seen* event means a card laid: read, and at rest (its centre moved less than
`REST_PX` or `REST_FRACTION` of its size between two reads). A card held is not laid: one
moving, or trembling as a hand holds it (moving a little, frame after frame: a fan, a card
shown), gives one *shown* event instead, and must then lie still for `HELD_REST` seconds
to be laid. A card laid that vanishes (a hand reading its tactile code, a trick swept up)
and is read again is the same card: silence, until `forget()` (the session's "round over")
or `remember` seconds without a read. Put down again far from where it lay (`MOVED_SIZES`),
it was moved to be played (a face-up card of a line into the trick): a new *seen* event.

Where the table lies is learned from the cards laid on it (`TableView`): a label on the table
has, at its place in the picture, the size and the foreshortening the table's perspective gives
it there. A label larger than that (`ON_TABLE_SIZE`: held nearer the camera) or turned against
the table (`ON_TABLE_TILT`: a fan held up) is in a hand however still it is held: shown, never
laid. Before any card has been laid the table is unknown, and a card once held must lie still
longer (`NO_TABLE_HELD_REST`) to be laid, and one first read at rest, there all at once (a card
slid in is a blur until it stops; a hand raised into view may stop too), waits `NO_TABLE_REST`.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from card_codes import Label, LabelErrorKind, try_decode
from companion.vision.detection import Detection, Quad, square_axes

SEEN, GONE, UNKNOWN, SHOWN = "seen", "gone", "unknown", "shown"
CONFIRM = 2         # reads needed ...
WINDOW = 3          # ... among this many latest frames
GONE_AFTER = 1.0    # seconds without a read before a seen card is gone
REST_PX = 1.5       # a label whose centre moved less than this between two reads is at rest,
REST_FRACTION = 0.03  # or less than this share of its size (a near label's corners wobble more)
TREMBLE_SIZES = 0.25  # moves under this share of its size (and over rest) are a hand's tremor
HELD_AFTER = 4      # trembling reads (within HELD_WINDOW) that make a card held
HELD_WINDOW = 0.6   # seconds
HELD_REST = 0.6     # seconds a card once held must lie still before it counts as laid
REST_READS = 2      # reads in a row at rest that make a card laid (one more frame than the first)
SLID_STEPS = 3      # moves one way just before rest: a card pushed in that stopped (or one first
#                     read where it stopped: too blurred to read while it moved) is laid at its first
#                     read at rest, a frame sooner
REMEMBER = 120.0    # seconds a laid card is remembered after its last read
MOVED_SIZES = 2.0   # a laid card put down again this many label sizes away was moved: a new play
#                     (a line's face-up card played into the trick); a hand reading it shifts it less
ON_TABLE_SIZE = 1.3  # a label this much larger than a laid one at its place is above the table
ON_TABLE_TILT = 15.0  # degrees: a label seen this much steeper or flatter than the table there is tilted
NO_TABLE_HELD_REST = 1.8  # seconds a card once held must lie still while no card laid shows the table
NO_TABLE_REST = 1.0  # ... and one first read at rest (a card laid, or a hand raised into view, still)
RESUME_AFTER = 2.0  # seconds an unconfirmed label unread is remembered where it lay (glare)
TABLE_SAMPLES = 16  # laid labels the table's view is learned from (the latest)
LENS_HFOV = 65.0    # degrees: an assumed webcam lens (most are 60-78°), for the table's perspective


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


@runtime_checkable
class SeatPlaces(Protocol):
    """Seats by where cards lie (companion.vision.zones.SeatMap)."""

    def seat_at(self, x: float, y: float) -> int | None: ...


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
    moves: deque[tuple[float, float, float]] = field(default_factory=lambda: deque(maxlen=24))  # t, dx, dy
    still_reads: int = 0  # reads in a row at rest
    still_since: float = 0.0  # time of the first of them (of the first read, if it never moved)
    laid: bool = False
    shown: bool = False


@dataclass
class TableView:
    """Where the table lies in the picture, from labels laid on it (all printed the same size).

    A camera at elevation e above a plane, with an assumed lens (`LENS_HFOV`), maps the plane
    onto the picture by a homography; at each place of the picture, its local stretch (the
    singular values of its derivative there) is what a label laid there shows: the longer one
    is its size across the view, up to the camera's height, and their ratio how much the table
    shortens it there. So a label laid tells the camera's elevation (the e whose ratio at its
    place is the one it shows), and the scale: a label elsewhere is on the table when it has
    the size and the ratio the table gives there.
    """

    samples: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)  # u, v, across, e

    def add(self, text: str, quad: Quad, size: tuple[int, int]) -> None:
        across, along = square_axes(quad)
        u, v = _centre(quad)
        ratio = along / max(across, 1e-6)
        e = min(range(5, 901, 5), key=lambda d: abs(_stretch(u, v, d / 10, size)[1] - ratio)) / 10
        self.samples.pop(text, None)
        self.samples[text] = (u, v, across, e)
        while len(self.samples) > TABLE_SAMPLES:
            del self.samples[next(iter(self.samples))]

    @property
    def known(self) -> bool:
        return bool(self.samples)

    def holds(self, text: str, quad: Quad) -> bool:
        """True when ``text``'s sample was taken where ``quad`` lies (within a label's rest):
        adding it again would only repeat the elevation's search (1 ms a label)."""
        sample = self.samples.get(text)
        if sample is None:
            return False
        (u, v), size = _centre(quad), _size(quad)
        return math.hypot(u - sample[0], v - sample[1]) <= max(REST_PX, REST_FRACTION * size)

    def expected(self, quad: Quad, size: tuple[int, int]) -> tuple[float, float] | None:
        """The size across (pixels) and the shortening (along / across) a label laid where
        ``quad`` lies would show; None while no laid label has shown the table."""
        if not self.samples:
            return None
        import statistics

        u, v = _centre(quad)
        e = statistics.median(s[3] for s in self.samples.values())
        here, ratio = _stretch(u, v, e, size)
        across = statistics.median(a * here / _stretch(su, sv, e, size)[0]
                                   for su, sv, a, _e in self.samples.values())
        return across, ratio

    def fits(self, quad: Quad, size: tuple[int, int]) -> bool | None:
        """True when a label whose corners are ``quad`` lies on the table as the laid ones do,
        False when it is held above it or turned against it, None while the table is unknown."""
        want = self.expected(quad, size)
        if want is None:
            return None
        across, along = square_axes(quad)
        seen_at = math.degrees(math.asin(min(along / max(across, 1e-6), 1.0)))
        tilt = abs(seen_at - math.degrees(math.asin(min(want[1], 1.0))))
        return across <= ON_TABLE_SIZE * want[0] and tilt <= ON_TABLE_TILT


def _stretch(u: float, v: float, elevation: float, size: tuple[int, int]) -> tuple[float, float]:
    """The table's local stretch at pixel (u, v) for a camera ``elevation`` degrees above it,
    one unit from the point it looks at (assumed lens): the longer singular value of the
    table-to-picture map's derivative there, and the shorter one's ratio to it."""
    f = _focal(size)
    cx, cy = size[0] / 2, size[1] / 2
    c, s = math.cos(math.radians(elevation)), math.sin(math.radians(elevation))
    # the table point (x, y) seen at (u, v): u = (f x + cx w) / w, v = ((cy c - f s) y + cy) / w, w = c y + 1
    y = (v - cy) / (cy * c - f * s - v * c)
    w = c * y + 1
    x = (u * w - cx * w) / f
    # derivative of (u, v) with respect to (x, y)
    a, b = f / w, (cx * c - (f * x + cx * w) * c / w) / w
    d = ((cy * c - f * s) - ((cy * c - f * s) * y + cy) * c / w) / w
    tr, det = a * a + b * b + d * d, abs(a * d)
    root = math.sqrt(max(tr * tr / 4 - det * det, 0.0))
    big, small = math.sqrt(tr / 2 + root), math.sqrt(max(tr / 2 - root, 0.0))
    return big, small / max(big, 1e-9)


@dataclass
class LabelTracker:
    """Feed it every decoded frame with `update`; it returns the events that frame makes."""

    game: str | None = None
    confirm: int = CONFIRM
    window: int = WINDOW
    gone_after: float = GONE_AFTER
    zones: Sequence[Zone] | SeatPlaces = ()
    laid: bool = False
    remember: float = REMEMBER
    _tracks: dict[str, _Track] = field(default_factory=dict)
    _laid_cards: dict[str, float] = field(default_factory=dict)  # text -> last time read while laid
    _laid_at: dict[str, tuple[float, float]] = field(default_factory=dict)  # text -> centre where laid
    table: TableView = field(default_factory=TableView)
    wait_for_table: bool = True  # False: no longer rests before the table is known (a calibration)
    _lost: dict[str, tuple[Quad, float, float, bool]] = field(default_factory=dict)  # unconfirmed, unread
    _size: tuple[int, int] = (1280, 720)

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
        if isinstance(self.zones, SeatPlaces):
            return self.zones.seat_at(cx, cy)
        return next((z.seat for z in self.zones if z.contains(cx, cy)), None)

    def update(
        self, t: float, detections: Sequence[Detection], size: tuple[int, int] = (1280, 720), frame: int = 0
    ) -> list[CardEvent]:
        """The events of one decoded frame taken at time t (seconds); size is (w, h)."""
        events: list[CardEvent] = []
        self._size = size
        read = {}
        for d in detections:
            read.setdefault(d.text, d)
        for text, d in read.items():
            track = self._tracks.get(text)
            if track is None:
                track = self._tracks[text] = self._new_track(text, d.quad, t)
                self._resume(track)
            else:
                track.hits.append(True)
                self._moved(track, d.quad, t)
                track.last_t, track.quad = t, d.quad
        for text, track in list(self._tracks.items()):
            if text not in read:
                track.hits.append(False)
            if self.laid and track.label and sum(track.hits) >= self.confirm and not track.laid:
                events.extend(self._laid_or_shown(track, t, frame, size))
                track.confirmed = True
            elif not track.confirmed and sum(track.hits) >= self.confirm:
                track.confirmed = True
                events.append(self._event(SEEN if track.label else UNKNOWN, track, t, frame, size))
            elif track.confirmed and t - track.last_t >= self.gone_after - 1e-9:  # float times
                if track.label:
                    events.append(self._event(GONE, track, t, frame, size))
                del self._tracks[text]
            elif not track.confirmed and not any(track.hits):
                self._lost[text] = (track.quad, track.still_since, track.last_t, track.shown)
                del self._tracks[text]  # a one-off read that never came back (or a label glare hides)
        return events

    def _resume(self, track: _Track) -> None:
        """A label read again where it lay unconfirmed before a few frames went by unread (glare,
        a shadow, a borderline read): it has lain still since then, and if it was held, it was."""
        lost = self._lost.pop(track.text, None)
        for text, (_q, _since, last, _shown) in list(self._lost.items()):
            if track.last_t - last > RESUME_AFTER:
                del self._lost[text]
        if lost is None:
            return
        quad, since, last, shown = lost
        if track.last_t - last > RESUME_AFTER:
            return
        track.shown = shown
        (ox, oy), (nx, ny) = _centre(quad), _centre(track.quad)
        if math.hypot(nx - ox, ny - oy) <= max(REST_PX, REST_FRACTION * _size(track.quad)):
            track.still_since = since

    def _moved(self, track: _Track, quad: Quad, t: float) -> None:
        """Note how the label moved since its last read, and how long it has been at rest."""
        (ox, oy), (nx, ny) = _centre(track.quad), _centre(quad)
        track.moves.append((t, nx - ox, ny - oy))
        if math.hypot(nx - ox, ny - oy) <= max(REST_PX, REST_FRACTION * _size(quad)):
            track.still_reads += 1
        else:
            track.still_reads, track.still_since = 0, t
        if track.laid and self._moved_away(track.text, quad):  # carried off in view: laid anew at rest
            track.laid, track.still_reads = False, 0
        if track.laid:
            self._laid_cards[track.text] = t
            if track.still_reads >= REST_READS and not self.table.holds(track.text, quad):
                self.table.add(track.text, quad, self._size)
            elif self._held(track, t):  # a laid card in a hand again: it no longer shows the table
                self.table.samples.pop(track.text, None)

    def _held(self, track: _Track, t: float) -> bool:
        """Trembling: small moves lately that turn back, as a hand holding a card makes; a card
        pushed across the table, even slowly, keeps its direction."""
        size = _size(track.quad)
        rest = max(REST_PX, REST_FRACTION * size)
        small = [(dx, dy) for when, dx, dy in track.moves
                 if t - when <= HELD_WINDOW and rest < math.hypot(dx, dy) < TREMBLE_SIZES * size]
        turns = sum(a[0] * b[0] + a[1] * b[1] < 0 for a, b in itertools.pairwise(small))
        return len(small) >= HELD_AFTER or (len(small) >= 2 and turns >= 1)

    @staticmethod
    def _slid_to_rest(track: _Track, t: float) -> str:
        """Put down, not carried: "first" when first read where it now lies (a card slid in is a
        blur until it stops), "slid" when its moves before rest all went one way (pushed across
        the table, slowing down), not back and forth as in a hand; "" otherwise."""
        rest = max(REST_PX, REST_FRACTION * _size(track.quad))
        moving = [(when, dx, dy) for when, dx, dy in track.moves if math.hypot(dx, dy) > rest]
        if not moving:
            return "first"
        steps = [(dx, dy) for when, dx, dy in moving if t - when <= HELD_WINDOW][-SLID_STEPS:]
        one_way = all(a[0] * b[0] + a[1] * b[1] > 0 for a, b in itertools.pairwise(steps))
        return "slid" if len(steps) == SLID_STEPS and one_way else ""

    def _laid_or_shown(self, track: _Track, t: float, frame: int, size: tuple[int, int]) -> list[CardEvent]:
        """A confirmed card of ours, in laid mode: laid once at rest; shown (once) while held."""
        known = (track.text in self._laid_cards and t - self._laid_cards[track.text] <= self.remember
                 and not self._moved_away(track.text, track.quad))
        on_table = self.table.fits(track.quad, size)
        held = self._held(track, t) or on_table is False
        came = self._slid_to_rest(track, t)
        needed: int | None
        wait = 0.0  # seconds still, the table unknown
        if on_table is False:  # in a hand, however still
            needed = None
        elif held or track.shown:
            needed = round(HELD_REST * self._fps(track))
            wait = 0.0 if on_table or not self.wait_for_table else NO_TABLE_HELD_REST
        elif came == "first" and on_table is None and self.wait_for_table:  # a card laid, or a hand raised
            needed, wait = 1, NO_TABLE_REST
        else:
            needed = 1 if came else REST_READS
        at_rest = needed is not None and t - track.still_since >= wait - 1e-9 and (
            track.still_reads >= needed or (not track.moves and sum(track.hits) >= self.window))
        if at_rest:
            track.laid = True
            self._laid_cards[track.text] = t
            self._laid_at[track.text] = _centre(track.quad)
            self.table.add(track.text, track.quad, size)
            return [] if known else [self._event(SEEN, track, t, frame, size)]
        if known or track.shown or not held:
            return []
        track.shown = True
        return [self._event(SHOWN, track, t, frame, size)]

    def _moved_away(self, text: str, quad: Quad) -> bool:
        """Read far from where it was laid (more than MOVED_SIZES of its size)."""
        where = self._laid_at.get(text)
        return where is not None and math.dist(where, _centre(quad)) > MOVED_SIZES * _size(quad)

    @staticmethod
    def _fps(track: _Track) -> float:
        times = [m[0] for m in track.moves]
        if len(times) < 2 or times[-1] <= times[0]:
            return 30.0
        return (len(times) - 1) / (times[-1] - times[0])

    def forget(self, texts: Sequence[str] | None = None) -> None:
        """Laid cards taken away for good (a round over): if read again, they are new plays."""
        for text in list(self._laid_cards) if texts is None else texts:
            self._laid_cards.pop(text, None)
            self._laid_at.pop(text, None)

    def texts_of(self, cards: Sequence[str]) -> list[str]:
        """The label texts remembered or in view that name these card ids (its QR code, its tag)."""
        wanted = set(cards)
        known = set(self._laid_cards) | set(self._tracks)
        out = []
        for text in known:
            label = try_decode(text, self.game)
            if text in wanted or (isinstance(label, Label) and label.card.id in wanted):
                out.append(text)
        return out

    def forget_cards(self, cards: Sequence[str]) -> None:
        """Cards (by id) taken away for good: read again, they are new plays."""
        self.forget(self.texts_of(cards))

    def taken_up(self, cards: Sequence[str]) -> None:
        """Laid cards (by id) picked up to be played elsewhere (a line's face-up card): forgotten,
        and put down again they are laid anew, a new play, even if the camera never saw them go."""
        texts = self.texts_of(cards)
        for text in texts:
            track = self._tracks.get(text)
            if track is not None:
                track.laid, track.still_reads = False, 0
        self.forget(texts)

    @property
    def laid_cards(self) -> list[str]:
        """Texts of the cards laid and remembered (in view or not)."""
        return list(self._laid_cards)

    def _new_track(self, text: str, quad: Quad, t: float) -> _Track:
        hits: deque[bool] = deque([True], maxlen=self.window)
        result = try_decode(text, self.game)
        if isinstance(result, Label):
            return _Track(text, hits, t, quad, label=result, game=result.game, still_since=t)
        return _Track(text, hits, t, quad, error=result.kind, game=result.game, still_since=t)

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


def _focal(size: tuple[int, int]) -> float:
    return size[0] / 2 / math.tan(math.radians(LENS_HFOV) / 2)


def _centre(q: Quad) -> tuple[float, float]:
    return sum(p[0] for p in q) / 4, sum(p[1] for p in q) / 4


def _size(q: Quad) -> float:
    return sum(math.dist(q[i], q[(i + 1) % 4]) for i in range(4)) / 4
