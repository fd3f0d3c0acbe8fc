"""Colour symbols and tactile number marks as geometry (mm, y downwards), free of any PDF library.

A shape is a list of primitives; the renderer fills or strokes them. Every shape fits
the square of side ``size`` centred on (cx, cy), so layout and tests can trust its box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# tactile mark sizes (mm): bigger than a Braille dot (1.5) so fingers tell them apart
MARK_DOT = 2.0
MARK_RING = 4.4
MARK_STROKE = 0.8
MARK_BAR = (4.4, 1.3)
MARK_GAP = 1.0
SYMBOL_STROKE = 0.35
SPIRAL_STROKE = 0.8
_SAMPLES = 72


@dataclass(frozen=True)
class Prim:
    """A polygon (closed), a polyline (open), or a circle; filled and/or stroked (width in mm)."""

    kind: str  # "poly" | "line" | "circle"
    points: tuple[tuple[float, float], ...] = ()
    center: tuple[float, float] = (0.0, 0.0)
    radius: float = 0.0
    fill: bool = True
    stroke: float = 0.0


def _poly(points: list[tuple[float, float]], cx: float, cy: float, scale: float) -> Prim:
    return Prim("poly", tuple((cx + x * scale, cy + y * scale) for x, y in points))


def _moon() -> list[tuple[float, float]]:
    # crescent: the outer circle's arc round the left, back along an inner circle through its tips
    tip = math.radians(50)
    out = [(math.cos(a), math.sin(a)) for a in
           (tip + i * (2 * math.pi - 2 * tip) / _SAMPLES for i in range(_SAMPLES + 1))]
    c = 0.5
    r = math.hypot(math.cos(tip) - c, math.sin(tip))
    start = math.atan2(-math.sin(tip), math.cos(tip) - c) % (2 * math.pi)
    end = math.atan2(math.sin(tip), math.cos(tip) - c)
    back = [(c + r * math.cos(a), r * math.sin(a)) for a in
            (start + i * (end - start) / _SAMPLES for i in range(_SAMPLES + 1))]
    return out + back


def _heart() -> list[tuple[float, float]]:
    pts = []
    for i in range(_SAMPLES):
        t = 2 * math.pi * i / _SAMPLES
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17, -(y + 2.5) / 15))  # y downwards; point at the bottom
    return pts


def _clover() -> list[tuple[float, float]]:
    # union of three leaves around the centre, sampled along rays from the centre
    leaves = [(0.42 * math.cos(a), 0.42 * math.sin(a)) for a in (math.radians(d) for d in (-90, 30, 150))]
    r = 0.5
    pts = []
    for i in range(_SAMPLES * 2):
        t = 2 * math.pi * i / (_SAMPLES * 2)
        dx, dy = math.cos(t), math.sin(t)
        best = 0.0
        for lx, ly in leaves:
            b = dx * lx + dy * ly
            disc = b * b - (lx * lx + ly * ly - r * r)
            if disc >= 0:
                best = max(best, b + math.sqrt(disc))
        pts.append((dx * best / 0.93, dy * best / 0.93))
    return pts


def _drop() -> list[tuple[float, float]]:
    r, c = 0.6, 0.38  # round bottom centred below the middle, point at the top
    d = c + 1.0
    alpha = math.acos(r / d)
    pts = [(0.0, -1.0)]
    for i in range(_SAMPLES + 1):
        b = alpha + (2 * math.pi - 2 * alpha) * i / _SAMPLES
        pts.append((r * math.sin(b), c - r * math.cos(b)))
    return pts


def _star() -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rad = 1.0 if i % 2 == 0 else 0.42
        a = math.radians(-90 + 36 * i)
        pts.append((rad * math.cos(a), rad * math.sin(a) + 0.1))
    return pts


def _cross() -> list[tuple[float, float]]:
    w = 0.22  # half the bar width; an "x", as in "times"
    arm = [(w, 0), (0.95, 0.95 - w), (0.95 - w, 0.95), (0, w)]
    pts = []
    for k in range(4):
        a = k * math.pi / 2
        ca, sa = math.cos(a), math.sin(a)
        pts += [(x * ca - y * sa, x * sa + y * ca) for x, y in arm]
    return pts


def _spiral() -> list[tuple[float, float]]:
    turns = 2.0
    n = _SAMPLES * 3
    return [
        ((0.12 + 0.82 * i / n) * math.cos(2 * math.pi * turns * i / n),
         (0.12 + 0.82 * i / n) * math.sin(2 * math.pi * turns * i / n))
        for i in range(n + 1)
    ]


_OUTLINES = {"moon": _moon, "heart": _heart, "clover": _clover, "drop": _drop, "star": _star, "cross": _cross}
SYMBOL_SHAPES = (*_OUTLINES, "circle", "square", "spiral")
MARK_SHAPES = ("ring", "ring_dot", "dot", "bar")


def symbol(shape: str, cx: float, cy: float, size: float) -> list[Prim]:
    """A colour or kind symbol inside the square of side ``size`` centred on (cx, cy)."""
    half = size / 2 - SYMBOL_STROKE
    if shape == "circle":
        return [Prim("circle", center=(cx, cy), radius=half)]
    if shape == "square":
        s = half * 0.9
        return [Prim("poly", ((cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)))]
    if shape == "spiral":
        # the stroke thins on small symbols so the turns stay apart
        stroke = max(0.5, min(SPIRAL_STROKE, size * 0.08))
        pts = tuple((cx + x * (half - stroke / 2), cy + y * (half - stroke / 2)) for x, y in _spiral())
        return [Prim("line", pts, fill=False, stroke=stroke)]
    if shape not in _OUTLINES:
        raise ValueError(f"unknown symbol shape {shape!r}; known: {', '.join(SYMBOL_SHAPES)}")
    return [_poly(_OUTLINES[shape](), cx, cy, half)]


def mark_width(shape: str) -> float:
    if shape == "dot":
        return MARK_DOT
    if shape in ("ring", "ring_dot"):
        return MARK_RING
    if shape == "bar":
        return MARK_BAR[0]
    raise ValueError(f"unknown mark shape {shape!r}; known: {', '.join(MARK_SHAPES)}")


def marks_width(shapes: list[str]) -> float:
    return sum(mark_width(s) for s in shapes) + MARK_GAP * max(0, len(shapes) - 1)


def mark(shape: str, x: float, cy: float) -> list[Prim]:
    """One tactile mark whose left edge is at x, centred vertically on cy."""
    w = mark_width(shape)
    cx = x + w / 2
    if shape == "dot":
        return [Prim("circle", center=(cx, cy), radius=MARK_DOT / 2)]
    if shape == "bar":
        bw, bh = MARK_BAR
        top, bottom = cy - bh / 2, cy + bh / 2
        return [Prim("poly", ((x, top), (x + bw, top), (x + bw, bottom), (x, bottom)))]
    radius = (MARK_RING - MARK_STROKE) / 2
    ring = Prim("circle", center=(cx, cy), radius=radius, fill=False, stroke=MARK_STROKE)
    if shape == "ring":
        return [ring]
    return [ring, Prim("circle", center=(cx, cy), radius=0.8)]


def marks(shapes: list[str], x: float, cy: float) -> list[Prim]:
    """A row of marks from left edge x."""
    out: list[Prim] = []
    for s in shapes:
        out += mark(s, x, cy)
        x += mark_width(s) + MARK_GAP
    return out


def bbox(prims: list[Prim]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the ink, strokes included."""
    xs: list[float] = []
    ys: list[float] = []
    for p in prims:
        pad = p.stroke / 2
        if p.kind == "circle":
            r = p.radius + pad
            xs += [p.center[0] - r, p.center[0] + r]
            ys += [p.center[1] - r, p.center[1] + r]
        else:
            xs += [x - pad for x, _ in p.points] + [x + pad for x, _ in p.points]
            ys += [y - pad for _, y in p.points] + [y + pad for _, y in p.points]
    return min(xs), min(ys), max(xs), max(ys)
