"""The live loop: read a source, decode the newest frame only, track, hand out events.

`LiveReader` runs two threads: one keeps taking frames from the source (so a webcam's
buffer never fills with old frames) and keeps only the newest; the other decodes that
newest frame and feeds the tracker. Frames that arrive while a decode runs are dropped,
never queued. `ResilientSource` wraps a camera: if it fails to open or stops giving
frames it reports ``lost``, retries with backoff, and reports ``back`` when it returns.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from companion import native
from companion.vision.decoders import Decoder, make_decoder
from companion.vision.frames import CaptureSource, Frame, FrameSource, SourceError, open_source
from companion.vision.screen import LabelNotice, LabelScreen
from companion.vision.tracker import UNKNOWN, CardEvent, LabelTracker, SeatPlaces, Zone
from companion.vision.watch import LayoutEvent, LayoutWatcher

LOST, BACK = "lost", "back"
STALL_AFTER = 2.0                          # seconds without a frame before a camera is lost
BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0)       # seconds between reopen attempts; the last repeats


@dataclass(frozen=True)
class CameraEvent:
    """The camera was lost or came back; ``reason`` says what failed."""

    kind: str
    t: float
    source: str
    reason: str = ""


Event = CardEvent | CameraEvent | LayoutEvent | LabelNotice


class ResilientSource(FrameSource):
    """A live source that survives its camera: reopened with backoff, never raising.

    ``opener`` builds the real source (e.g. ``lambda: CaptureSource(0)``) and may raise
    SourceError. ``read()`` returns a frame, or None while the camera is away (it then
    sleeps for the current backoff, so callers can simply loop). ``clock`` and ``sleep``
    are seams for tests; frame indices and times continue across reconnections.
    """

    live = True

    def __init__(
        self,
        opener: Callable[[], FrameSource],
        name: str = "camera",
        on_event: Callable[[CameraEvent], None] | None = None,
        *,
        stall_after: float = STALL_AFTER,
        backoff: tuple[float, ...] = BACKOFF,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.name = name
        self._interrupted = threading.Event()
        self._opener = opener
        self._on_event = on_event or (lambda e: None)
        self.events: list[CameraEvent] = []
        self.stall_after = stall_after
        self.backoff = backoff
        self._clock = clock
        self._sleep = sleep or self._interrupted.wait  # a wait that stop() can cut short
        self._src: FrameSource | None = None
        self._lost = False
        self._tries = 0
        self._last_frame_t = clock()
        self._t0 = clock()
        self._index = 0
        self._closed = False

    def _emit(self, kind: str, reason: str) -> None:
        ev = CameraEvent(kind, self._clock() - self._t0, self.name, reason)
        self.events.append(ev)
        self._on_event(ev)

    def _fail(self, reason: str) -> None:
        if self._src is not None:
            with contextlib.suppress(Exception):  # a broken device may fail to close too
                self._src.close()
            self._src = None
        if not self._lost:
            self._lost = True
            self._emit(LOST, reason)
        delay = self.backoff[min(self._tries, len(self.backoff) - 1)]
        self._tries += 1
        self._sleep(delay)

    def read(self) -> Frame | None:
        if self._closed or self._interrupted.is_set():
            return None
        if self._src is None:
            try:
                self._src = self._opener()
            except (SourceError, OSError) as err:
                self._fail(str(err) or "cannot open")
                return None
            self._last_frame_t = self._clock()
        try:
            frame = self._src.read()
        except Exception as err:  # a driver error must not end the game
            self._fail(f"read failed: {err}")
            return None
        now = self._clock()
        if frame is None:
            if now - self._last_frame_t >= self.stall_after:
                self._fail("no frames")
            else:
                self._sleep(0.01)
            return None
        self._last_frame_t = now
        if self._lost:
            self._lost = False
            self._emit(BACK, "")
        self._tries = 0
        i = self._index
        self._index += 1
        return Frame(i, now - self._t0, frame.image)

    def interrupt(self) -> None:
        """Stop waiting for the camera (called from another thread before close)."""
        self._interrupted.set()

    def close(self) -> None:
        self._closed = True
        self._interrupted.set()
        if self._src is not None:
            self._src.close()
            self._src = None


def track_source(
    source: FrameSource, decoder: Decoder | None = None, tracker: LabelTracker | None = None
) -> Iterator[tuple[Frame, list[CardEvent]]]:
    """Every frame of a source in order, decoded and tracked, with the events it made.

    The synchronous path (files, tests, `companion scan`): no frame is dropped.
    """
    decoder = decoder or make_decoder()
    tracker = tracker or LabelTracker()
    last: Frame | None = None
    for frame in source:
        h, w = frame.image.shape[:2]
        yield frame, tracker.update(frame.t, decoder.decode(frame.image), (w, h), frame.index)
        last = frame
    if last is not None:
        h, w = last.image.shape[:2]
        yield last, tracker.finish(last.t, last.index, (w, h))


class LiveReader:
    """Decode the newest frame of a source in a worker thread; events go to ``on_event``.

    ``pace=True`` plays a non-live source (file, synthetic table) at its own speed, as a
    camera would deliver it (``speed`` times faster), dropping the frames the decoder has no
    time for (a drawn source, the synthetic table, draws none for nothing: its clock slows
    instead); ``pace=False`` reads every frame of it, as fast as the decoder goes. ``stats``
    counts frames grabbed, decoded and dropped. ``on_event`` is called from the worker threads (card events
    from the decoder, camera events from the grabber): hand them on through a queue.
    With a ``watcher``, the same decoded labels also give the layout's changes (a board's pieces,
    laid-out grids: companion.vision.watch) as LayoutEvents. A ``screen`` (companion.vision.screen,
    one for the tracker's game by default) keeps a flood of labels and a label whose codes disagree
    from the tracker, each said as one LabelNotice; the labels one frame refused are one notice too.
    """

    def __init__(
        self,
        source: FrameSource,
        on_event: Callable[[Event], None],
        *,
        decoder: Decoder | None = None,
        tracker: LabelTracker | None = None,
        pace: bool = True,
        speed: float = 1.0,
        watcher: LayoutWatcher | None = None,
        screen: LabelScreen | None = None,
    ) -> None:
        self.source = source
        self.watcher = watcher
        self.on_event = on_event
        self.decoder = decoder or make_decoder()
        self.tracker = tracker or LabelTracker()
        self.screen = screen or LabelScreen(game=self.tracker.game)
        self.pace = pace
        self.speed = speed
        self.stats = {"grabbed": 0, "decoded": 0, "dropped": 0}
        self.error: str | None = None
        self._newest: Frame | None = None
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._ended = False
        self._threads: list[threading.Thread] = []

    def start(self) -> LiveReader:
        self._threads = [  # in OpenCV and the decoders' native code: joined before the program ends
            native.thread(self._grab, "vision-grab"),
            native.thread(self._decode, "vision-decode"),
        ]
        for th in self._threads:
            th.start()
        return self

    def _grab(self) -> None:
        t0 = time.monotonic()
        try:
            while not self._stop.is_set():
                # a drawn frame, or every frame of an unpaced file, waits until the decoder is free
                if self.source.drawn or not (self.pace or self.source.live):
                    with self._cond:
                        while self._newest is not None and not self._stop.is_set():
                            self._cond.wait(0.05)
                    if self._stop.is_set():
                        break
                frame = self.source.read()
                if frame is None:
                    if not self.source.live:
                        break  # the end of a file
                    continue  # a ResilientSource already waited
                if self.pace and not self.source.live:
                    delay = frame.t / self.speed - (time.monotonic() - t0)
                    if delay > 0:
                        self._stop.wait(delay)
                with self._cond:
                    if self._newest is not None:
                        self.stats["dropped"] += 1
                    self._newest = frame
                    self.stats["grabbed"] += 1
                    self._cond.notify_all()
        except Exception as err:  # never die silently: say why the eyes closed
            self.error = f"{self.source.name}: {err}"
        finally:
            with self._cond:
                self._ended = True
                self._cond.notify()

    def _decode(self) -> None:
        last: Frame | None = None
        while True:
            with self._cond:
                while self._newest is None and not self._ended and not self._stop.is_set():
                    self._cond.wait(0.1)
                frame, self._newest = self._newest, None
                self._cond.notify_all()  # a grabber waiting for the decoder to be free
                if frame is None or self._stop.is_set():  # stopped: no new decode begins
                    break
            h, w = frame.image.shape[:2]
            try:
                detections = self.decoder.decode(frame.image)
                kept, notices = self.screen.update(frame.t, frame.index, detections)
                events: list[Event] = list(notices)
                if kept is not None:  # a frame the table can be sure of
                    events += self._grouped(self.tracker.update(frame.t, kept, (w, h), frame.index))
                    if self.watcher is not None:
                        events += self.watcher.update(frame.t, kept, frame.index)
            except Exception as err:
                self.error = f"decoder: {err}"
                events = []
            self.stats["decoded"] += 1
            last = frame
            for ev in events:
                self.on_event(ev)
        if last is not None and not self._stop.is_set():
            h, w = last.image.shape[:2]
            for ev in self.tracker.finish(last.t, last.index, (w, h)):
                self.on_event(ev)
        if not self._stop.is_set() and not self.source.live:  # a file played out: nothing more to see
            self.on_event(CameraEvent("ended", last.t if last is not None else 0.0, self.source.name))

    def _grouped(self, events: list[CardEvent]) -> list[Event]:
        """A frame's events, its refused labels as one notice when there are several."""
        refused = [ev for ev in events if ev.kind == UNKNOWN]
        if len(refused) < 2:
            return list(events)
        first = refused[0]
        notice = self.screen.refused(first.t, first.frame, [ev.text for ev in refused])
        return [notice if ev is first else ev for ev in events if ev.kind != UNKNOWN or ev is first]

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until a non-live source has been played out; True when it has."""
        deadline = None if timeout is None else time.monotonic() + timeout
        for th in self._threads:
            th.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return not any(th.is_alive() for th in self._threads)

    def stop(self) -> None:
        self._stop.set()
        interrupt = getattr(self.source, "interrupt", None)
        if interrupt is not None:
            interrupt()
        with self._cond:
            self._cond.notify_all()
        for th in self._threads:
            th.join(2.0)
        self.source.close()

    def __enter__(self) -> LiveReader:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def plays_by_laying(game: str | None) -> bool:
    """True when the game's deck file says its cards are played by laying them down."""
    if game is None:
        return False
    from card_codes import DeckError, load_deck

    try:
        camera = load_deck(game).extra.get("camera", {})
    except DeckError:
        return False
    return isinstance(camera, dict) and camera.get("plays") == "laid"


def open_live(
    spec: str | int | FrameSource,
    on_event: Callable[[Event], None],
    *,
    game: str | None = None,
    zones: Sequence[Zone] | SeatPlaces = (),
    decoder: str = "auto",
    speed: float = 1.0,
    watch: bool = False,
    laid: bool | None = None,
    every_frame: bool = False,
) -> LiveReader:
    """A started LiveReader on what the user asked for: a camera index or URL (reopened
    on failure, lost/back reported through ``on_event``), a video, a folder, or a source.

    A game whose deck file says ``[camera] plays = "laid"`` gets a tracker in laid mode: a
    card is played when put down, not when held (companion.vision.tracker). With ``watch``, the
    labels at rest are watched too, and their layout's changes reported (LayoutEvent). ``laid``
    overrides the deck file (the synthetic table draws cards already at rest, with no hands).
    ``every_frame``: a video or a folder is read frame by frame, none dropped, as fast as it decodes."""
    if isinstance(spec, FrameSource):
        source = spec
    elif isinstance(spec, int) or str(spec).isdigit() or "://" in str(spec):
        target = int(spec) if str(spec).isdigit() else str(spec)
        name = f"camera {target}" if isinstance(target, int) else str(target)
        source = ResilientSource(lambda: CaptureSource(target), name, on_event)
    else:
        source = open_source(str(spec))
    tracker = LabelTracker(game=game, zones=zones, laid=plays_by_laying(game) if laid is None else laid)
    return LiveReader(source, on_event, decoder=make_decoder(decoder), tracker=tracker, speed=speed,
                      pace=not (every_frame and not source.live),
                      watcher=LayoutWatcher() if watch else None).start()
