"""The camera tag decoder: AprilTag 36h11 through OpenCV's aruco module, fast enough live.

Measured on the realism kit (bench/bench_tags.py): aruco's default parameters cost 10-40 ms
on a 720p frame of wood and 0.2-0.4 s on a red checked tablecloth, whose squares all look
like tags to it. Three changes make a full-frame pass cost 3-11 ms on every surface tried
and still read every resting label at 40-80 cm:

- one adaptive-threshold window instead of three, and a floor on a tag's perimeter
  (`PERIMETER_FLOOR`) that leaves out specks;
- each pixel's brightest colour channel instead of its grey: black ink and white paper stay
  as they are, a coloured cloth's checks all turn light and stop making square contours;
- no corner refinement (ids are needed, not poses).

Live, a label read lately but missed by the full pass (a hand near it, glare, a tilt) is
looked for again in a window around where it was, at full resolution with aruco's three
windows, doubled when small (2x cubic: reads tags down to about 2 px per cell). Everything
is decided by the frames alone, never by the clock: the same video gives the same reads.

Tag ids become texts through `card_codes.tag_text` (the card's payload, or ``tag:N``), so the
tracker and the rules see a tag exactly as a QR code of the same card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from card_codes import tag_text
from companion.vision.decoders import Detection, Quad, grey

PERIMETER_FLOOR = 0.06   # of the frame's larger side: a tag at 80 cm seen at 30° is about 0.09
THRESHOLD_WINDOW = 9     # px: the one adaptive-threshold window of the full-frame pass
SMALL_TAG_PX = 40        # a window around a tag shorter than this is read doubled
WINDOW_MARGIN = 0.7      # of the tag's size, around a known tag's window
KEEP_FRAMES = 15         # frames a tag missed by every pass is still looked for around its place


def _dictionary() -> Any:
    import cv2

    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)


def fast_parameters(floor: float = PERIMETER_FLOOR) -> Any:
    """The full-frame pass: one threshold window, a perimeter floor, no corner refinement."""
    import cv2

    p = cv2.aruco.DetectorParameters()
    p.adaptiveThreshWinSizeMin = p.adaptiveThreshWinSizeMax = THRESHOLD_WINDOW
    p.minMarkerPerimeterRate = floor
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


@dataclass
class TagDecoder:
    """Camera tags in a frame. ``live``: frames come in order, and what was read is kept."""

    live: bool = False
    name: str = "tag"
    stats: dict[str, float] = field(default_factory=lambda: {"full": 0, "windows": 0})
    _frame: int = 0
    _known: dict[int, _Known] = field(default_factory=dict)

    def __post_init__(self) -> None:
        import cv2

        self._fast = cv2.aruco.ArucoDetector(_dictionary(), fast_parameters())
        self._careful = cv2.aruco.ArucoDetector(_dictionary(), careful_parameters())
        self._texts: dict[int, str] = {}

    def decode(self, image: Any) -> list[Detection]:
        g = brightest_channel(image)
        found: dict[int, Detection] = {}
        if self.live:
            self._full_pass(g, found)
            for tag, known in list(self._known.items()):
                if tag not in found:
                    for det in self._read_window(g, _around(known.quad, WINDOW_MARGIN, g.shape)):
                        found.setdefault(det.tag, det)  # type: ignore[arg-type]
            self._remember(found)
        else:
            for det in self._read(self._fast, g, (0, 0), 1.0) + self._read(self._careful, g, (0, 0), 1.0):
                found.setdefault(det.tag, det)  # type: ignore[arg-type]
        self._frame += 1
        return list(found.values())

    # -- passes ----------------------------------------------------------------------------------
    def _full_pass(self, g: Any, found: dict[int, Detection]) -> None:
        for det in self._read(self._fast, g, (0, 0), 1.0):
            found.setdefault(det.tag, det)  # type: ignore[arg-type]
        self.stats["full"] += 1

    def _read_window(self, g: Any, box: tuple[int, int, int, int]) -> list[Detection]:
        import cv2

        x0, y0, x1, y1 = box
        roi = g[y0:y1, x0:x1]
        if roi.shape[0] < 12 or roi.shape[1] < 12:
            return []
        self.stats["windows"] += 1
        scale = 2.0 if min(roi.shape[:2]) < SMALL_TAG_PX * (1 + 2 * WINDOW_MARGIN) else 1.0
        if scale != 1.0:
            roi = cv2.resize(roi, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        return self._read(self._careful, roi, (x0, y0), scale)

    def _read(self, detector: Any, g: Any, offset: tuple[int, int], scale: float) -> list[Detection]:
        import numpy as np

        corners, ids, _rejected = detector.detectMarkers(g)
        if ids is None:
            return []
        out = []
        for quad, tag in zip(corners, ids.ravel(), strict=True):
            pts = np.asarray(quad, dtype=float).reshape(4, 2) / scale + offset
            out.append(self._detection(int(tag), tuple((float(x), float(y)) for x, y in pts)))  # type: ignore[arg-type]
        return out

    def _detection(self, tag: int, quad: Quad) -> Detection:
        if tag not in self._texts:
            self._texts[tag] = tag_text(tag)
        return Detection(self._texts[tag], quad, code="tag", tag=tag)

    def _remember(self, found: dict[int, Detection]) -> None:
        for tag, det in found.items():
            self._known[tag] = _Known(det.quad, self._frame)
        for tag in [t for t, k in self._known.items() if self._frame - k.frame > KEEP_FRAMES]:
            del self._known[tag]


def brightest_channel(image: Any) -> Any:
    """Each pixel's brightest colour channel: the tag's black and the label's white stay as they
    are, while a coloured cloth's checks (red and white, green felt's weave) all turn light, so
    they no longer make square contours (a red gingham full pass: 100 ms to 5 ms)."""
    import cv2

    if image.ndim == 2:
        return image
    b, g, r = cv2.split(image)
    return cv2.max(cv2.max(b, g), r)


def _perimeter(q: Quad) -> float:
    return sum(math.dist(q[i], q[(i + 1) % 4]) for i in range(4))


def _around(q: Quad, margin: float, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in q], [p[1] for p in q]
    m = margin * max(max(xs) - min(xs), max(ys) - min(ys)) + 6
    h, w = shape[:2]
    return (max(int(min(xs) - m), 0), max(int(min(ys) - m), 0), min(int(max(xs) + m) + 1, w),
            min(int(max(ys) + m) + 1, h))


def full_frame_tags(image: Any, parameters: Any = None) -> list[tuple[int, Quad]]:
    """Plain aruco over the whole frame (benchmarks, comparisons): (id, quad) pairs."""
    import cv2
    import numpy as np

    detector = cv2.aruco.ArucoDetector(_dictionary(), parameters or cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(grey(image))
    if ids is None:
        return []
    return [(int(t), tuple(map(tuple, np.asarray(c).reshape(4, 2)))) for c, t in zip(corners, ids.ravel(),
                                                                                    strict=True)]
