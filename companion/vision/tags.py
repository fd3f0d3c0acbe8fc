"""The camera tag decoder: AprilTag 36h11 through OpenCV's aruco module, fast enough live.

Measured on the realism kit (bench/bench_tags.py; one core). aruco's default parameters cost
10-40 ms on a 720p frame of wood and 0.2-0.4 s on a red checked tablecloth, whose squares all
look like tags to it. What this decoder does instead, each step measured:

- one full-resolution pass with one adaptive-threshold window (`THRESHOLD_WINDOW`), a floor
  on a tag's perimeter (`PERIMETER_FLOOR`), a looser outline (`POLYGON_ACCURACY`: a far tag's
  blurred square is still four-sided), no corner refinement (ids are needed, not poses);
  the floor at 0.045 rather than 0.06 lets the far labels at 100 cm and 30° be outlined (on the
  kit's independent camera, 100 cm: 88 % to 94 % read);
- on each pixel's brightest colour channel: black ink and white paper stay as they are, a
  coloured cloth's checks all turn light and stop making square contours;
- the threshold's constant follows the light (`CONTRAST_SHARE` of the frame's white): a fixed 7
  let a gingham's checks through (10 ms a frame) and a fixed 12 lost three labels in four in a
  dim room; 6 % of the white does neither;
- a square the pass found but could not read (aruco's "rejected" candidates), when small (a tag
  under about 4.5 px per cell, `RETRY_PERIMETER`) and not flat (`RETRY_CONTRAST`), is read
  again in a window doubled by cubic interpolation (by AprilTag 3, or by aruco with three
  threshold windows, as ``reader`` says): the far row
  of a table seen at 30 degrees (2-2.5 px per cell) went from 94 % to 99 % read at 80 cm;
  under one such retry a frame on average; live, a square read again in vain (a QR code's
  finder pattern, a printed square) is left alone for `FUTILE_FRAMES` frames;
- a second full pass with a wider threshold window (`WIDE_WINDOW`) on a still image, and live on
  the first frame and then one frame in `WIDE_EVERY`: it outlines tags the first cannot (small
  or steep ones on real photographs: a camera's first frame of them went from 53 to 55 of 57);
  its unread squares join the first pass's;
- a decimated first pass (half size, then full-size windows around its squares) was measured
  and left out: it lost the small tags (91 % at 80 cm, 30 degrees) and cost more, since every
  small tag then needed a window.

Live, a label read lately but missed by the full pass (a hand near it, glare, a tilt) is looked
for again in a window around where it was (before the unread squares, which then need not
include it), at most `MAX_WINDOWS` a frame (the tail stays
bounded when a trick is swept away). Everything is decided by the frames alone, never by the
clock: the same video gives the same reads.

Two readers (``reader``): "apriltag", the default, reads the squares worth a second look (the
unread squares above, the windows around known tags) with AprilTag 3, the reference detector
(`pupil-apriltags`), where aruco's three thresholds read nothing (aruco costs 0.4 ms on a doubled
window, AprilTag 3 1.4 ms), and a whole still image with both; "aruco" reads them with aruco
alone, as before. The full pass is aruco's in both: AprilTag 3 on a whole 720p frame costs
80-300 ms, far over the budget. Measured on real
photographs (tests/vision/apriltag_photos, bench/bench_tag_photos.py) and on the kit: see
README.md, "Camera tags".

Tag ids become texts through `card_codes.tag_text` (the card's payload, or ``tag:N``), so the
tracker and the rules see a tag exactly as a QR code of the same card.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import Any

from card_codes import tag_text
from companion.vision.detection import Detection, Quad

PERIMETER_FLOOR = 0.045  # of the frame's larger side: a tag at 100 cm seen at 30° is 0.06-0.07
THRESHOLD_WINDOW = 9     # px: the one adaptive-threshold window of the full-frame pass
POLYGON_ACCURACY = 0.07  # of a contour's perimeter, its outline's tolerance as a four-sided polygon:
                         # a far tag (1.5-2 px a cell) is a blurred blob that aruco's 0.03 saw as
                         # five or six sides (100 cm, 30°: 86 to 88 % read; 0.12 loses steep tags)
WIDE_ACCURACY = 0.03     # the wide pass keeps aruco's own (real photos: 0.07 there lost one of 57)
WIDE_WINDOW = 13         # px: a second full pass's window, for tags the first one cannot outline
WIDE_EVERY = 16          # live: that second pass on the first frame, then one frame in this many
CONTRAST_SHARE = 0.06    # the threshold's constant, as a share of the frame's white
WHITE_PERCENTILE = 99    # the frame's white: this percentile of every 8th pixel's brightest channel
RETRY_PERIMETER = 150    # px: unread squares up to this perimeter are read again, doubled
RETRY_CONTRAST = 0.12    # ... when their window's spread is at least this share of its brightest pixel
                         # (0.15 left far tags unread whose window held a camera's sharpening glint
                         # of 255: 100 cm, 30°, independent kit, 84 % read, now 86 %)
RETRY_MARGIN = 0.35      # of the square's size, around it
MAX_RETRIES = 30         # unread squares read again in one frame, at most (8 left 12 of 25 tags of a
                         # real photo unread; the kit's tables need a few and cost the same either way)
FUTILE_FRAMES = 8        # live: a square read again in vain is left alone this many frames
SMALL_TAG_PX = 40        # a window around a tag shorter than this is read doubled
WINDOW_MARGIN = 0.7      # of the tag's size, around a known tag's window
MAX_WINDOWS = 4          # known tags looked for in windows in one frame, at most
KEEP_FRAMES = 15         # frames a tag missed by every pass is still looked for around its place
READERS = ("apriltag", "aruco")  # what reads the second looks and still images (see above)
DEFAULT_READER = "apriltag"
APRIL_TO_ARUCO = [1, 0, 3, 2]  # AprilTag 3's corners in aruco's order (the tag's top-left first, clockwise)

STATS = ("full", "wide", "retries", "windows")  # what ``stats`` counts
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 of a window, in pixels


def _dictionary() -> Any:
    import cv2

    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)


def fast_parameters(floor: float = PERIMETER_FLOOR, constant: float = 7.0,
                    window: int = THRESHOLD_WINDOW, accuracy: float = POLYGON_ACCURACY) -> Any:
    """The full-frame pass: one threshold window, a perimeter floor, no corner refinement."""
    import cv2

    p = cv2.aruco.DetectorParameters()
    p.adaptiveThreshWinSizeMin = p.adaptiveThreshWinSizeMax = window
    p.adaptiveThreshConstant = constant
    p.minMarkerPerimeterRate = floor
    p.polygonalApproxAccuracyRate = accuracy
    p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE  # ids, not poses, are needed
    p.detectInvertedMarker = False  # printed black on white
    return p


def careful_parameters() -> Any:
    """A window around one label: aruco's three threshold windows, any tag size in it."""
    import cv2

    p = cv2.aruco.DetectorParameters()
    p.minMarkerPerimeterRate = 0.1  # of the window: the tag fills much of it
    p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    p.detectInvertedMarker = False
    return p


@dataclass
class _Known:
    quad: Quad
    frame: int


@dataclass(frozen=True)
class _Futile:
    """A square read again in vain: where, how big, when."""

    x: float
    y: float
    size: float
    frame: int


@dataclass
class TagDecoder:
    """Camera tags in a frame. ``live``: frames come in order, and what was read is kept.

    ``stats`` counts full passes, squares read again and windows around known tags."""

    live: bool = False
    name: str = "tag"
    reader: str = DEFAULT_READER
    stats: dict[str, float] = field(default_factory=lambda: dict.fromkeys(STATS, 0))
    _frame: int = 0
    _known: dict[int, _Known] = field(default_factory=dict)
    _futile: list[_Futile] = field(default_factory=list)

    def __post_init__(self) -> None:
        import cv2

        self._fast: dict[tuple[int, int], Any] = {}  # by threshold constant and window
        if self.reader not in READERS:
            raise ValueError(f"reader must be one of {READERS}, not {self.reader!r}")
        self._careful = cv2.aruco.ArucoDetector(_dictionary(), careful_parameters())
        self._april = april_detector() if self.reader == "apriltag" else None
        self._texts: dict[int, str] = {}

    def decode(self, image: Any) -> list[Detection]:
        """Every tag in the frame, one detection per id (a card's id is on one card)."""
        out: dict[int, Detection] = {}
        for det in self.decode_every(image):
            out.setdefault(det.tag, det)  # type: ignore[arg-type]
        return list(out.values())

    def decode_every(self, image: Any) -> list[Detection]:
        """Every tag in the frame, the same id at two places twice (other projects' photos hold
        many tags of one id)."""
        g = brightest_channel(image)
        found: list[Detection] = []
        rejected = self._full_pass(g, threshold_constant(g), found)
        if self.live:  # known tags first: the squares left to read again are then new ones
            seen = {d.tag for d in found}
            missed = [k for tag, k in self._known.items() if tag not in seen]
            missed.sort(key=lambda k: -k.frame)  # the most lately read first
            for known in missed[:MAX_WINDOWS]:
                _add(found, self._read_window(g, _around(known.quad, WINDOW_MARGIN, g.shape)))
        self._retry(g, rejected, found)
        if self.live:
            self._remember(found)
        elif self._april is not None:
            _add(found, self._read_april(g, (0, 0), 1.0))
        else:
            _add(found, self._read(self._careful, g, (0, 0), 1.0))
        self._frame += 1
        return found

    # -- passes ----------------------------------------------------------------------------------
    def _detector(self, constant: int, window: int) -> Any:
        """The full pass's detector for a threshold constant and window (one of each, kept)."""
        import cv2

        if (constant, window) not in self._fast:
            self._fast[(constant, window)] = cv2.aruco.ArucoDetector(
                _dictionary(), fast_parameters(PERIMETER_FLOOR, constant, window,
                                               WIDE_ACCURACY if window == WIDE_WINDOW else POLYGON_ACCURACY))
        return self._fast[(constant, window)]

    def _full_pass(self, g: Any, constant: int, found: list[Detection]) -> list[Any]:
        """aruco's pass over the frame (two, now and then): its tags into ``found``; the squares
        it could not read."""
        corners, ids, rejected = self._detector(constant, THRESHOLD_WINDOW).detectMarkers(g)
        _add(found, self._detections(corners, ids, (0, 0), 1.0))
        self.stats["full"] += 1
        rejected = list(rejected)
        if not self.live or self._frame % WIDE_EVERY == 0:
            corners, ids, more = self._detector(constant, WIDE_WINDOW).detectMarkers(g)
            _add(found, self._detections(corners, ids, (0, 0), 1.0))
            self.stats["wide"] += 1
            rejected += list(more)
        return rejected

    def _retry(self, g: Any, rejected: Any, found: list[Detection]) -> None:
        """The unread squares worth it, read again in a window (doubled), at most MAX_RETRIES."""
        import numpy as np

        self._futile = [f for f in self._futile if self._frame - f.frame < FUTILE_FRAMES]
        retries = 0
        for square in rejected:
            if retries >= MAX_RETRIES:
                break
            quad = tuple((float(x), float(y)) for x, y in np.asarray(square, dtype=float).reshape(4, 2))
            box = self._worth_retrying(g, quad, found)  # type: ignore[arg-type]
            if box is None:
                continue
            retries += 1
            read = self._read_doubled(g, box)
            _add(found, read)
            if not read and self.live:
                cx, cy = sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4
                self._futile.append(_Futile(cx, cy, _perimeter(quad) / 4, self._frame))  # type: ignore[arg-type]
        self.stats["retries"] += retries

    def _worth_retrying(self, g: Any, quad: Quad, found: list[Detection]) -> Box | None:
        """The window of an unread square that may be a small tag: small, not inside a tag
        already read, and not flat (a cloth's check is flat, a tag's cells are not)."""
        import cv2

        if _perimeter(quad) > RETRY_PERIMETER:
            return None
        cx, cy = sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4
        if any(math.dist((cx, cy), d.centre) < d.size / 2 for d in found):
            return None
        side = _perimeter(quad) / 4
        if any(math.dist((cx, cy), (f.x, f.y)) < max(3.0, 0.2 * f.size) and abs(side - f.size) < 0.2 * f.size
               for f in self._futile):
            return None  # the same square, read in vain a few frames ago
        x0, y0, x1, y1 = box = _around(quad, RETRY_MARGIN, g.shape)
        roi = g[y0:y1, x0:x1]
        if roi.shape[0] < 8 or roi.shape[1] < 8:
            return None
        _mean, spread = cv2.meanStdDev(roi)
        if float(spread[0][0]) < RETRY_CONTRAST * max(float(roi.max()), 1.0):
            return None
        return box

    def _read_window(self, g: Any, box: Box) -> list[Detection]:
        x0, y0, x1, y1 = box
        if y1 - y0 < 12 or x1 - x0 < 12:
            return []
        self.stats["windows"] += 1
        if min(y1 - y0, x1 - x0) < SMALL_TAG_PX * (1 + 2 * WINDOW_MARGIN):
            return self._read_doubled(g, box)
        return self._second_look(g[y0:y1, x0:x1], (x0, y0), 1.0)

    def _read_doubled(self, g: Any, box: Box) -> list[Detection]:
        import cv2

        x0, y0, x1, y1 = box
        roi = cv2.resize(g[y0:y1, x0:x1], None, fx=2.0, fy=2.0, interpolation=cv2.INTER_CUBIC)
        return self._second_look(roi, (x0, y0), 2.0)

    def _second_look(self, roi: Any, offset: tuple[int, int], scale: float) -> list[Detection]:
        """A window read by aruco's three thresholds, then, if they read nothing, by AprilTag 3
        (the reader "apriltag"): aruco costs a third of AprilTag 3 on a window and reads most."""
        read = self._read(self._careful, roi, offset, scale)
        if not read and self._april is not None:
            read = self._read_april(roi, offset, scale)
        return read

    def _read_april(self, g: Any, offset: tuple[int, int], scale: float) -> list[Detection]:
        """AprilTag 3 on a window (or a whole still image), its corners in the frame's pixels."""
        import numpy as np

        assert self._april is not None
        out = []
        for d in self._april.detect(np.ascontiguousarray(g)):  # the C library reads rows densely
            pts = np.asarray(d.corners, dtype=float).reshape(4, 2)[APRIL_TO_ARUCO] / scale + offset
            out.append(self._detection(int(d.tag_id), tuple((float(x), float(y)) for x, y in pts)))  # type: ignore[arg-type]
        return out

    def _read(self, detector: Any, g: Any, offset: tuple[int, int], scale: float) -> list[Detection]:
        corners, ids, _rejected = detector.detectMarkers(g)
        return self._detections(corners, ids, offset, scale)

    def _detections(self, corners: Any, ids: Any, offset: tuple[int, int], scale: float) -> list[Detection]:
        """aruco's corners and ids as detections, in the frame's pixels."""
        import numpy as np

        if ids is None:
            return []
        quads = (np.asarray(corners, dtype=float).reshape(-1, 4, 2) / scale + offset).tolist()
        return [self._detection(tag, tuple(map(tuple, quad)))  # type: ignore[arg-type]
                for quad, tag in zip(quads, ids.ravel().tolist(), strict=True)]

    def _detection(self, tag: int, quad: Quad) -> Detection:
        if tag not in self._texts:
            self._texts[tag] = tag_text(tag)
        return Detection(self._texts[tag], quad, code="tag", tag=tag)

    def _remember(self, found: list[Detection]) -> None:
        for det in found:
            self._known[det.tag] = _Known(det.quad, self._frame)  # type: ignore[index]
        for tag in [t for t, k in self._known.items() if self._frame - k.frame > KEEP_FRAMES]:
            del self._known[tag]


_APRIL = threading.local()  # one AprilTag 3 detector a thread (the C detector is not for two at once)


def april_detector() -> Any:
    """AprilTag 3 for tag36h11 at full resolution (decimate 1), one thread; ImportError if absent
    (make_decoder says it in words). One a thread, freed with it."""
    detector = getattr(_APRIL, "detector", None)
    if detector is None:
        detector = _APRIL.detector = new_april_detector()
    return detector


def new_april_detector() -> Any:
    """A new AprilTag 3 detector that frees itself safely: pupil-apriltags 1.0.4 frees its tag
    family before the detector that still points at it, and a process crashed (segmentation
    fault) when a detector was dropped, often at exit; this one frees the detector first."""
    import pupil_apriltags

    class SafeDetector(pupil_apriltags.Detector):  # type: ignore[misc]
        def __del__(self) -> None:
            ptr = getattr(self, "tag_detector_ptr", None)
            if ptr is None:
                return
            self.tag_detector_ptr = None
            self.libc.apriltag_detector_destroy.restype = None
            self.libc.apriltag_detector_destroy(ptr)  # it lets go of its families, then they go
            for family in getattr(self, "tag_families", {}).values():
                self.libc.tag36h11_destroy.restype = None
                self.libc.tag36h11_destroy(family)

    # no edge refinement: ids are needed, not poses (and it read 2 more of 47 real photos' tags)
    return SafeDetector(families="tag36h11", nthreads=1, quad_decimate=1.0, refine_edges=False)


def _add(found: list[Detection], new: list[Detection]) -> None:
    """Detections not already in ``found`` (the same id within half a tag of one there)."""
    for det in new:
        if not any(d.tag == det.tag and math.dist(d.centre, det.centre) < d.size / 2 for d in found):
            found.append(det)


def threshold_constant(g: Any) -> int:
    """The full pass's threshold constant for this frame's light: `CONTRAST_SHARE` of its white
    (the `WHITE_PERCENTILE` of every 8th pixel, from a histogram: a percentile's sort cost 0.3 ms)."""
    import cv2
    import numpy as np

    sample = np.ascontiguousarray(g[::8, ::8])
    counts = np.cumsum(cv2.calcHist([sample], [0], None, [256], [0, 256]).ravel())
    white = int(np.searchsorted(counts, WHITE_PERCENTILE / 100 * sample.size))
    return max(2, round(CONTRAST_SHARE * white))


def brightest_channel(image: Any) -> Any:
    """Each pixel's brightest colour channel: the tag's black and the label's white stay as they
    are, while a coloured cloth's checks (red and white, green felt's weave) all turn light, so
    they no longer make square contours (a red gingham full pass: 100 ms to 5 ms).

    Done as a dilation along each row of interleaved channels, every third column kept: 0.85 ms
    on a 720p frame where splitting the channels and taking their maximum cost 1.4 ms."""
    import cv2
    import numpy as np

    if image.ndim == 2:
        return image
    h, w, n = image.shape
    rows = np.ascontiguousarray(image).reshape(h, w * n)
    spread = cv2.dilate(rows, np.ones((1, n), np.uint8), anchor=(0, 0))  # column 3x: pixel x's brightest
    return cv2.resize(spread, (w, h), interpolation=cv2.INTER_NEAREST)


def _perimeter(q: Quad) -> float:
    return sum(math.dist(q[i], q[(i + 1) % 4]) for i in range(4))


def _around(q: Quad, margin: float, shape: tuple[int, ...]) -> Box:
    xs, ys = [p[0] for p in q], [p[1] for p in q]
    m = margin * max(max(xs) - min(xs), max(ys) - min(ys)) + 6
    h, w = shape[:2]
    return (max(int(min(xs) - m), 0), max(int(min(ys) - m), 0), min(int(max(xs) + m) + 1, w),
            min(int(max(ys) + m) + 1, h))
