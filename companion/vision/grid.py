"""Read a laid-out grid of cards from one frame (a finished layout: 3 rows of 4, say).

The grid's axes come from the labels' own orientation: a QR code knows where its top
is, and the owner laid their cards upright as they see them. So the mean "up" of the
labels is the owner's up, whatever way the camera is turned; rows grow downwards and
columns to the right as the owner sees them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from companion.vision.detection import Detection, Point

GAP = 0.9  # centres further apart than this many label sizes are in different rows/columns


@dataclass(frozen=True)
class Grid:
    """Cells by (row, column) from the owner's top-left; ``up`` is the owner's up in degrees
    (image angle, 0 = towards the image top, clockwise)."""

    cells: dict[tuple[int, int], Detection]
    rows: int
    cols: int
    up: float

    def row(self, r: int) -> list[Detection | None]:
        return [self.cells.get((r, c)) for c in range(self.cols)]

    def texts(self) -> list[list[str | None]]:
        return [[d.text if d else None for d in self.row(r)] for r in range(self.rows)]


def label_up(d: Detection) -> tuple[float, float]:
    """Unit vector of the label's own "up" (bottom edge centre -> top edge centre), image axes."""
    tl, tr, br, bl = d.quad
    top = ((tl[0] + tr[0]) / 2, (tl[1] + tr[1]) / 2)
    bottom = ((bl[0] + br[0]) / 2, (bl[1] + br[1]) / 2)
    vx, vy = top[0] - bottom[0], top[1] - bottom[1]
    n = math.hypot(vx, vy) or 1.0
    return vx / n, vy / n


def _clusters(values: list[float], gap: float) -> list[int]:
    """Index of each value's cluster, clusters numbered in increasing value."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0] * len(values)
    k = 0
    for prev, cur in itertools.pairwise(order):
        if values[cur] - values[prev] > gap:
            k += 1
        out[cur] = k
    return out


def read_grid(detections: Sequence[Detection]) -> Grid:
    """Cards by row and column, in the owner's frame of reference.

    Missing labels leave empty cells; a label whose up disagrees with the others (a card
    laid sideways) still lands in its place, since only the mean direction is used.
    """
    dets = list({d.text: d for d in detections}.values())
    if not dets:
        return Grid({}, 0, 0, 0.0)
    ux = sum(label_up(d)[0] for d in dets)
    uy = sum(label_up(d)[1] for d in dets)
    n = math.hypot(ux, uy) or 1.0
    ux, uy = ux / n, uy / n
    # owner's axes in image coordinates: "down" = -up, "right" = up turned 90° clockwise
    rx, ry = -uy, ux
    centres: list[Point] = [d.centre for d in dets]
    across = [x * rx + y * ry for x, y in centres]
    down = [-(x * ux + y * uy) for x, y in centres]
    size = sorted(d.size for d in dets)[len(dets) // 2]
    rows, cols = _clusters(down, GAP * size), _clusters(across, GAP * size)
    cells = {(r, c): d for r, c, d in zip(rows, cols, dets, strict=True)}
    up_deg = math.degrees(math.atan2(ux, -uy)) % 360
    return Grid(cells, max(rows) + 1, max(cols) + 1, up_deg)
