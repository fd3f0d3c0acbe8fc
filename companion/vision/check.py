"""What the user's own camera makes of their own labels (`companion check`).

`look` reads a frame source for a few seconds with the live decoder `companion play` uses and
gathers, frame by frame (the same frames always give the same findings):

- each label read: in how many frames, its size in pixels (the code's image is an affine image
  of a square: its two singular values are the code's side in pixels across the view and along
  it, shortened by the camera's elevation), hence its pixels per cell, its distance from the
  camera (the code's printed side and an assumed 65° lens) and the camera's elevation;
- the labels' white (the light), and spots of saturated pixels that stay (a lamp's reflection);
- how long a frame takes to decode here, and the source's frame interval.

`advise` turns the findings into what to say: one sentence of facts (labels read and how
steadily, the farthest distance read, the delay from a card put down to its sound) and one
advice, the first that applies of: the light too low; too flat a view (tilt down: it shortens
the labels, and a lamp shines on cards seen at a grazing angle, so it comes before the light's
other faults); a burnt-out picture (where a reflection cannot be told from the labels' white); a
reflection on the cards (saturated spots that stay, the labels' own paper left out); labels too
small (move closer by so many cm, or tilt down when that is enough); unsteady reads; else ready.
The delay is estimated from measured parts: the tracker needs `REST_READS` more reads at
rest, so a card laid is seen `REST_READS` frame intervals after the first frame that shows it
at rest, plus a frame's decoding here, plus the audio device's own output latency (from the
announcer). `bench/bench_rest_sound.py` measures the whole path through a real device: 87-92 ms
median at 30 fps, against 2 x 33 + 6 + 12 = 84 ms from this sum.

Sizes and thresholds are measured on the realism kit (bench/bench_tags.py): the tag decoder
reads about 2 px per cell; 3 px per cell leaves room for blur, glare and a tilted card.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from card_codes import Label, try_decode
from companion.vision.decoders import Decoder
from companion.vision.detection import Detection, square_axes
from companion.vision.frames import FrameSource
from companion.vision.tracker import REST_READS

LENS_HFOV = 65.0          # degrees: an assumed webcam lens (most are 60-78°)
TARGET_PX_PER_CELL = 3.0  # the smallest label should have this many pixels per cell, for sure reads
STEADY = 0.9              # a label read in this share of the frames (or more) is read steadily
DIM_WHITE = 90.0          # the labels' white (0-255) below this: the light is too low
GLARE_LEVEL = 250         # a pixel this bright in every channel is saturated
GLARE_SHARE = 0.5         # ... in this share of the frames (or more) belongs to a lasting reflection
GLARE_AREA = 0.0003       # a reflection covers at least this share of the frame
GLARE_REACH = 4.0         # label sizes around a label within which a reflection is on the cards (a
                          # lamp right on a label hides it; the nearest read one is a card's place away)
FLAT_ELEVATION = 35.0     # degrees: a view flatter than this shortens the labels too much
GOOD_ELEVATION = 55.0     # ... and tilting down to this would help
CLIPPED = 254             # a pixel of the label's paper this bright (its brightest channel) is clipped
BURNT_SHARE = 0.8         # ... and when this share of the paper is, the picture is burnt out
LABEL_AREA = (-0.2, -0.2, 1.2, 2.15)  # a code's label around it, in code sides (x0, y0, x1, y1; down)
STEP_CM = 5               # distances are said to the nearest 5 cm
TAG_SIDE_MM, TAG_CELLS = 30.0, 8   # the printed camera tag (printables.label: 8 cells of 3.75 mm)
QR_SIDE_MM, QR_CELLS = 29.4, 21    # the first labels' QR code (21 modules of 1.4 mm)


@dataclass
class LabelSeen:
    """One label read during the look: how often, how big, where."""

    text: str
    card: str | None
    reads: int = 0
    cells: list[float] = field(default_factory=list)      # pixels per cell, across the short way
    distances: list[float] = field(default_factory=list)  # mm from the camera
    elevations: list[float] = field(default_factory=list)  # degrees
    whites: list[float] = field(default_factory=list)
    clipped: list[float] = field(default_factory=list)     # share of the label's paper clipped
    centre: tuple[float, float] = (0.0, 0.0)               # image fractions, of the last read
    size: float = 0.0                                      # mean side in pixels, of the last read


@dataclass
class Findings:
    """What the look found (see the module's docstring)."""

    frames: int = 0
    seconds: float = 0.0
    frame_interval: float = 1 / 30
    decode_ms: float = 0.0
    labels: list[LabelSeen] = field(default_factory=list)
    unknown: int = 0                                       # codes that are no card's
    white: float | None = None
    burnt: bool = False                                    # the labels' paper clipped (BURNT_SHARE)
    glare: list[tuple[float, float]] = field(default_factory=list)  # lasting reflections, image fractions
    audio_ms: float = 0.0

    @property
    def cards(self) -> list[LabelSeen]:
        return [lab for lab in self.labels if lab.card is not None]

    def steady(self) -> list[LabelSeen]:
        return [lab for lab in self.cards if lab.reads >= STEADY * self.frames]

    @property
    def smallest_cell(self) -> float | None:
        cells = [statistics.median(lab.cells) for lab in self.cards if lab.cells]
        return min(cells) if cells else None

    @property
    def farthest_mm(self) -> float | None:
        far = [statistics.median(lab.distances) for lab in self.cards if lab.distances]
        return max(far) if far else None

    @property
    def elevation(self) -> float | None:
        values = [e for lab in self.cards for e in lab.elevations]
        return statistics.median(values) if values else None

    @property
    def delay_ms(self) -> float:
        """A card put down -> its first sound, from the measured parts (see the module)."""
        return REST_READS * self.frame_interval * 1000 + self.decode_ms + self.audio_ms


@dataclass(frozen=True)
class Advice:
    """What to say: a phrase key of the check phrasebook and its values."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def code_geometry(det: Detection, width: int) -> tuple[float, float, float]:
    """Pixels per cell along the short way, distance (mm) and elevation (degrees) of a code read
    in an image ``width`` pixels wide (see square_axes; the lens is assumed, LENS_HFOV)."""
    side_mm, cells = (TAG_SIDE_MM, TAG_CELLS) if det.code == "tag" else (QR_SIDE_MM, QR_CELLS)
    across, along = square_axes(det.quad)
    focal = width / 2 / math.tan(math.radians(LENS_HFOV) / 2)
    distance = focal * side_mm / max(across, 1e-6)
    elevation = math.degrees(math.asin(min(along / max(across, 1e-6), 1.0)))
    return along / cells, distance, elevation


def look(source: FrameSource, decoder: Decoder, seconds: float = 4.0, *, interval: float | None = None,
         clock: Callable[[], float] = time.thread_time) -> Findings:
    """Read ``source`` for ``seconds`` of its frames (all of a folder of images) and gather the
    findings. ``interval``: the camera's frame interval when the frames' own times do not tell
    it (pictures); ``clock`` times the decoding (this thread's CPU time by default)."""
    import numpy as np

    out = Findings()
    seen: dict[str, LabelSeen] = {}
    costs: list[float] = []
    times: list[float] = []
    glare_count: Any = None
    size = (1280, 720)
    for frame in source:
        if out.frames and frame.t > seconds:
            break
        image = frame.image
        h, w = image.shape[:2]
        size = (w, h)
        c0 = clock()
        detections = decoder.decode(image)
        costs.append((clock() - c0) * 1000)
        times.append(frame.t)
        out.frames += 1
        small = image[::4, ::4]
        hot = (small.min(axis=2) >= GLARE_LEVEL) if small.ndim == 3 else (small >= GLARE_LEVEL)
        hot &= _label_areas(image.shape, detections, 4) == 0  # a label's paper, not a reflection
        glare_count = hot.astype(np.int32) if glare_count is None else glare_count + hot
        texts = set()
        for det in detections:
            if det.text in texts:
                continue
            texts.add(det.text)
            lab = seen.get(det.text)
            if lab is None:
                result = try_decode(det.text)
                card = result.card.id if isinstance(result, Label) else None
                lab = seen[det.text] = LabelSeen(det.text, card)
            lab.reads += 1
            cell, distance, elevation = code_geometry(det, w)
            lab.cells.append(cell)
            lab.distances.append(distance)
            lab.elevations.append(elevation)
            lab.centre = (det.centre[0] / w, det.centre[1] / h)
            lab.size = det.size
            white = _white_around(image, det)
            if white is not None:
                lab.whites.append(white[0])
                lab.clipped.append(white[1])
    if not out.frames:
        return out
    out.labels = sorted(seen.values(), key=lambda lab: lab.centre)
    out.unknown = sum(lab.card is None for lab in out.labels)
    out.seconds = times[-1] - times[0] if len(times) > 1 else 0.0
    steps = [b - a for a, b in itertools.pairwise(times) if b > a]
    out.frame_interval = interval or (statistics.median(steps) if steps else 1 / 30)
    out.decode_ms = statistics.median(costs)
    whites = [statistics.median(lab.whites) for lab in out.cards if lab.whites]
    out.white = statistics.median(whites) if whites else None
    clipped = [statistics.median(lab.clipped) for lab in out.cards if lab.clipped]
    out.burnt = bool(clipped) and statistics.median(clipped) >= BURNT_SHARE
    out.glare = _glare_spots(glare_count, out.frames, size, out.cards)
    return out


def _white_around(image: Any, det: Detection) -> tuple[float, float] | None:
    """The label's white beside a code: a bright percentile of a window around it; and the share
    of the window's brighter part (its paper) that is clipped. A camera's noise and sharpening
    halos push some of the paper to white; a burnt-out picture clips nearly all of it."""
    import numpy as np

    xs, ys = [p[0] for p in det.quad], [p[1] for p in det.quad]
    m = 0.25 * det.size
    h, w = image.shape[:2]
    x0, y0 = max(int(min(xs) - m), 0), max(int(min(ys) - m), 0)
    x1, y1 = min(int(max(xs) + m) + 1, w), min(int(max(ys) + m) + 1, h)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    roi = image[y0:y1, x0:x1]
    grey = roi.max(axis=2) if roi.ndim == 3 else roi
    paper = grey[grey >= np.percentile(grey, 60)]
    return float(np.percentile(grey, 90)), float((paper >= CLIPPED).mean())


def _label_areas(shape: tuple[int, ...], detections: Sequence[Detection], step: int) -> Any:
    """A mask (of the image taken every ``step`` pixels) of the labels read: each code's printed
    label around and below it (`LABEL_AREA`, in the code's sides), whose white paper may be
    saturated without any reflection."""
    import cv2
    import numpy as np

    h, w = shape[:2]
    mask = np.zeros(((h + step - 1) // step, (w + step - 1) // step), np.uint8)
    x0, y0, x1, y1 = LABEL_AREA
    area = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    for det in detections:
        H = cv2.getPerspectiveTransform(unit, np.float32(det.quad))
        corners = cv2.perspectiveTransform(area, H).reshape(-1, 2) / step
        cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
    return mask


def _glare_spots(count: Any, frames: int, size: tuple[int, int],
                 cards: Sequence[LabelSeen]) -> list[tuple[float, float]]:
    """Lasting saturated spots big enough to be a lamp's reflection, on the cards (near a label
    read) or anywhere when no label is read: their centres as image fractions."""
    import cv2
    import numpy as np

    if count is None:
        return []
    mask = (count >= GLARE_SHARE * frames).astype(np.uint8)
    n, _labels, stats, centroids = cv2.connectedComponentsWithStats(mask)
    h, w = mask.shape
    spots = []
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < GLARE_AREA * w * h:
            continue
        x, y = float(centroids[i][0]) / w, float(centroids[i][1]) / h
        near = any(math.hypot((x - lab.centre[0]) * size[0], (y - lab.centre[1]) * size[1])
                   < GLARE_REACH * lab.size for lab in cards)
        if near or not cards:
            spots.append((x, y))
    return spots


def _cm(mm: float) -> int:
    return max(STEP_CM, STEP_CM * round(mm / 10 / STEP_CM))


def advise(found: Findings, seat_at: Callable[[float, float], int | None] | None = None) -> list[Advice]:
    """The facts, then one advice (see the module's docstring)."""
    if not found.frames:
        return [Advice("no_frames")]
    cards = found.cards
    facts: Advice
    if cards:
        steady = len(found.steady())
        far = found.farthest_mm
        facts = Advice("seen", {"n": len(cards), "steady": steady, "cm": _cm(far or 0.0),
                                "delay": round(found.delay_ms / 5) * 5})
    else:
        facts = Advice("none_seen", {"unknown": found.unknown})
    if found.white is not None and found.white < DIM_WHITE:
        return [facts, Advice("too_dark")]
    elevation = found.elevation or 90.0
    if cards and elevation < FLAT_ELEVATION and (
            (found.smallest_cell or 0.0) < TARGET_PX_PER_CELL or found.glare
            or found.burnt):
        return [facts, Advice("tilt_down")]  # a flat view shortens the labels and shows the lamp on them
    if found.burnt:
        return [facts, Advice("too_bright")]
    if found.glare:
        x, y = found.glare[0]
        seat = seat_at(x, y) if seat_at is not None else None
        if seat is not None:
            return [facts, Advice("glare_seat", {"seat": seat})]
        return [facts, Advice("glare_at", {"where": _where(x, y, [lab.centre for lab in cards])})]
    if not cards:
        return [facts, Advice("put_cards")]
    smallest = found.smallest_cell or 0.0
    if smallest < TARGET_PX_PER_CELL:
        tilted = smallest * math.sin(math.radians(GOOD_ELEVATION)) / math.sin(math.radians(elevation))
        if elevation < FLAT_ELEVATION and tilted >= TARGET_PX_PER_CELL:
            return [facts, Advice("tilt_down")]
        far = found.farthest_mm or 0.0
        return [facts, Advice("closer", {"cm": _cm(far * (1 - smallest / TARGET_PX_PER_CELL))})]
    if len(found.steady()) < len(cards):
        return [facts, Advice("unsteady")]
    return [facts, Advice("ready")]


def _where(x: float, y: float, among: Sequence[tuple[float, float]] = ()) -> str:
    """A place as a word key (left, right, far, near, centre), among the cards read (the part of
    their spread it lies in) or, without cards, in the picture."""
    if len(among) >= 2:
        xs, ys = [p[0] for p in among], [p[1] for p in among]
        x = (x - min(xs)) / max(max(xs) - min(xs), 1e-6)
        y = (y - min(ys)) / max(max(ys) - min(ys), 1e-6)
    dx, dy = x - 0.5, y - 0.5
    if max(abs(dx), abs(dy)) < 1 / 6:
        return "centre"
    if abs(dx) >= abs(dy):
        return "left" if dx < 0 else "right"
    return "far" if dy < 0 else "near"
