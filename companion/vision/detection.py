"""What a decoder reports for one code read in a frame: its text, its corners, and a code's
measures (shared by the QR decoders and the tag decoder)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]


@dataclass(frozen=True)
class Detection:
    """One code read in a frame: its text and its corners.

    With zxing-cpp the corners are in the symbol's own order (top-left, top-right,
    bottom-right, bottom-left as printed), so the quad also tells which way is "up".
    """

    text: str
    quad: Quad
    code: str = "qr"  # "qr" or "tag" (an AprilTag: its id in ``tag``, its card's payload in ``text``)
    tag: int | None = None

    @property
    def centre(self) -> Point:
        return (sum(p[0] for p in self.quad) / 4, sum(p[1] for p in self.quad) / 4)

    @property
    def size(self) -> float:
        """Mean side length in pixels."""
        q = self.quad
        return sum(distance(q[i], q[(i + 1) % 4]) for i in range(4)) / 4


def square_axes(quad: Any) -> tuple[float, float]:
    """The longest and shortest stretch (pixels per side) of the affine map that best takes a unit
    square onto ``quad`` (tl, tr, br, bl): a printed square's side across the view, and along it
    (shortened by the sine of the camera's elevation)."""
    import numpy as np

    q = np.asarray(quad, dtype=float).reshape(4, 2)
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=float)
    a, *_ = np.linalg.lstsq(np.c_[unit, np.ones(4)], q, rcond=None)
    s = np.linalg.svd(a[:2, :], compute_uv=False)
    return float(max(s)), float(min(s))


def distance(a: Point, b: Point) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
