"""One label's layout: where the QR code, symbols, numbers, marks, name and Braille go.

Coordinates are mm in the label's own upright frame (the short side across, y downwards).
A layout that does not fit raises LabelFitError with the reason; nothing is drawn then.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import Card, Deck, StickerCode, encode, load_sticker_code
from printables import braille, shapes
from printables.messages import PrintError
from printables.sheets import Sheet
from printables.tagcode import TAG_CELLS, tag_matrix

TEXTS_FILE = Path(__file__).parent / "texts.toml"
PT = 25.4 / 72  # mm per point

# QR: version 1 (21 modules) with a 2-module quiet zone; 1.4 mm modules are read by zxing-cpp
# from a 720p webcam at 50 cm, table seen at 45° (../shared/notes/printables.md §4)
QR_MODULES = 21
QR_QUIET = 2
QR_MODULE = 1.4
QR_MIN_MODULE = 1.4
# The camera tag (AprilTag 36h11, 8 cells with its black border): 3.75 mm cells are about
# 2.4 px on a 720p webcam at 80 cm seen at 30°, read on >= 95 % of resting labels
# (bench/bench_tags.py); with 2.75 mm of white above and below, its block is 35.5 mm, the
# largest that still leaves room for every card's Braille (../shared/notes/camera.md).
TAG_CELL = 3.75
TAG_QUIET = 2.75
CODES = ("tag", "qr", "both")  # what a label carries: the camera tag, the QR code, or both
DEFAULT_CODE = "tag"

MARGIN = 1.5  # label edge to any ink but the QR quiet zone
ROUND_QR_INSET = 2.0  # on a round label, QR symbol corners stay this far inside the edge
SYMBOL = 8.0
DIGIT_PT = 22.0
DIGIT_ROW = 7.0  # height of the large-print row (cap height of 22 pt bold is 5.7 mm)
ROW_GAP = 1.0
COLUMN_GAP = 2.0
NAME_PT = (10.0, 9.0, 8.0, 7.0, 6.5, 6.0, 5.5, 5.0)  # largest that fits; 5 pt is the floor
BRAILLE_GAP = 2.0  # name to the top of the Braille dots
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/local/share/fonts/DejaVuSans-Bold.ttf",
)
FONT_NAME = "CompanionBold"
FALLBACK_FONT = "Helvetica-Bold"
ASCENT, DESCENT = 0.76, 0.24  # of the font size, DejaVu Sans Bold caps and descenders


class LabelFitError(PrintError, ValueError):
    """A card whose label does not fit the sheet's labels, or a card that cannot be labelled
    (messages.toml, area ``fit``)."""

    area = "fit"


@dataclass(frozen=True)
class Frame:
    """The label's upright frame: width <= height for rectangles; round labels are circles."""

    width: float
    height: float
    shape: str
    rotated: bool  # the sheet holds the label turned a quarter turn

    @classmethod
    def of(cls, sheet: Sheet) -> Frame:
        w, h = sheet.width, sheet.height
        return cls(min(w, h), max(w, h), sheet.shape, w > h)

    def span(self, v0: float, v1: float, margin: float = MARGIN) -> tuple[float, float] | None:
        """The horizontal range (u0, u1) free for ink between heights v0 and v1, or None."""
        if v0 < margin or v1 > self.height - margin:
            return None
        if self.shape == "rect":
            return margin, self.width - margin
        r = self.width / 2 - margin
        c = self.width / 2
        dy = max(abs(v0 - c), abs(v1 - c))
        if dy >= r:
            return None
        half = math.sqrt(r * r - dy * dy)
        return c - half, c + half


@dataclass(frozen=True)
class Text:
    """A line of print: left edge x, baseline y, size in points, width in mm."""

    text: str
    x: float
    baseline: float
    size_pt: float
    width: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.baseline - ASCENT * self.size_pt * PT, self.x + self.width,
                self.baseline + DESCENT * self.size_pt * PT)


@dataclass
class LabelPlan:
    """Everything drawn on one label, in its frame."""

    card_id: str
    payload: str
    error: str  # QR error-correction level, "H" or "Q"
    frame: Frame
    module: float
    qr_origin: tuple[float, float]  # top-left of the symbol (not the quiet zone)
    qr_runs: list[tuple[int, int, int]]  # (row, first column, length) of dark modules
    symbols: list[tuple[list[shapes.Prim], str]]  # (shape, ink colour)
    digits: list[Text]
    marks: list[shapes.Prim]
    name: list[Text]
    braille: braille.BrailleText | None
    braille_dots: list[tuple[float, float]] = field(default_factory=list)
    code: str = "qr"  # one of CODES
    tag: int | None = None
    tag_origin: tuple[float, float] = (0.0, 0.0)  # top-left of the tag's black border
    tag_runs: list[tuple[int, int, int]] = field(default_factory=list)  # dark cells, as qr_runs

    @property
    def has_qr(self) -> bool:
        return self.code in ("qr", "both")

    @property
    def has_tag(self) -> bool:
        return self.code in ("tag", "both")

    @property
    def qr_box(self) -> tuple[float, float, float, float]:
        x, y = self.qr_origin
        side = QR_MODULES * self.module
        return x, y, x + side, y + side

    @property
    def tag_box(self) -> tuple[float, float, float, float]:
        x, y = self.tag_origin
        side = TAG_CELLS * TAG_CELL
        return x, y, x + side, y + side

    def boxes(self) -> dict[str, list[tuple[float, float, float, float]]]:
        """The ink boxes by part, for checks and tests."""
        r = braille.DOT_DIAMETER / 2
        return {
            "qr": [self.qr_box] if self.has_qr else [],
            "tag": [self.tag_box] if self.has_tag else [],
            "symbols": [shapes.bbox(p) for p, _ in self.symbols],
            "digits": [t.box for t in self.digits],
            "marks": [shapes.bbox([m]) for m in self.marks],
            "name": [t.box for t in self.name],
            "braille": [(x - r, y - r, x + r, y + r) for x, y in self.braille_dots],
        }


@cache
def texts() -> dict[str, Any]:
    return tomllib.loads(TEXTS_FILE.read_text(encoding="utf-8"))


@cache
def font_name() -> str:
    """Register DejaVu Sans Bold with reportlab when present (large print, accents)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for path in FONT_FILES:
        if Path(path).is_file():
            pdfmetrics.registerFont(TTFont(FONT_NAME, path))
            return FONT_NAME
    return FALLBACK_FONT


def text_width(text: str, size_pt: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font_name(), size_pt) * PT


def qr_matrix(payload: str) -> tuple[list[list[bool]], str]:
    """The version 1 matrix, at level H when the payload allows, else Q."""
    import segno

    for level in ("h", "q"):
        try:
            code = segno.make_qr(payload, version=1, error=level, boost_error=False)
        except segno.DataOverflowError:
            continue
        return [[bool(m) for m in row] for row in code.matrix], level.upper()
    raise LabelFitError("qr_too_long", payload=payload)


def row_runs(matrix: list[list[bool]]) -> list[tuple[int, int, int]]:
    """Dark modules merged into horizontal runs: about 3 times fewer rectangles to draw."""
    runs = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return runs


def largest_module(frame: Frame) -> float:
    """The largest QR module (mm) a label of this frame can hold with its quiet zone."""
    block = QR_MODULES + 2 * QR_QUIET
    if frame.shape == "rect":
        return min(frame.width, frame.height) / block
    return (frame.width - 2 * ROUND_QR_INSET) / math.sqrt(2) / QR_MODULES


def largest_tag_cell(frame: Frame) -> float:
    """The largest tag cell (mm) a label of this frame can hold with its white around it."""
    if frame.shape == "rect":
        return (min(frame.width, frame.height) - 2 * TAG_QUIET) / TAG_CELLS
    return (frame.width - 2 * ROUND_QR_INSET) / math.sqrt(2) / TAG_CELLS


def _too_small(sheet: Sheet, code: str, size: float, need: float) -> LabelFitError:
    """Why the labels of ``sheet`` cannot hold a readable ``code`` ("qr", "tag": its module or
    cell would be ``size`` mm)."""
    return LabelFitError(f"too_small_{code}", sheet=sheet.name, width=sheet.width, height=sheet.height,
                         size=size, need=need)


def check_sheet(sheet: Sheet, code: str = "qr") -> Frame:
    """The sheet's label frame; LabelFitError if its labels cannot hold a readable code."""
    if code not in CODES:
        raise LabelFitError("unknown_code", code=code, choices=", ".join(CODES))
    frame = Frame.of(sheet)
    module = largest_module(frame)
    if code in ("qr", "both") and module < QR_MIN_MODULE:
        raise _too_small(sheet, "qr", module, QR_MIN_MODULE)
    cell = largest_tag_cell(frame)
    if code in ("tag", "both") and cell < TAG_CELL:
        raise _too_small(sheet, "tag", cell, TAG_CELL)
    return frame


def _code_top(frame: Frame, side: float, quiet: float) -> float:
    """v of the top edge of a square code of this side at the top of the label."""
    if frame.shape == "rect":
        return quiet
    half = side / 2
    r = frame.width / 2 - ROUND_QR_INSET
    return frame.width / 2 - math.sqrt(r * r - half * half)


def _number_text(attribute: str, value: int) -> str:
    return f"{texts()['number_prefix'].get(attribute, '')}{value}"


def plan_label(deck: Deck, card: Card, frame: Frame, lang: str = "fr", with_braille: bool = True,
               sticker: StickerCode | None = None, code: str = "qr") -> LabelPlan:
    """Lay out one card's label; LabelFitError (naming the card) when something does not fit.

    ``code``: the camera tag on top, the QR code on top, or the tag with the QR code under it.
    """
    sticker = sticker or load_sticker_code()
    game = deck.game
    try:
        payload = encode(deck, card.id)
    except (KeyError, ValueError) as exc:
        raise LabelFitError("no_payload", card=card.id, reason=exc) from exc
    v = 0.0
    tag_origin, tag_runs = (0.0, 0.0), []
    if code in ("tag", "both"):
        if card.tag is None:
            raise LabelFitError("no_tag", card=card.id)
        tag_side = TAG_CELLS * TAG_CELL
        tag_origin = ((frame.width - tag_side) / 2, _code_top(frame, tag_side, TAG_QUIET))
        tag_runs = row_runs([list(row) for row in tag_matrix(card.tag)])
        v = tag_origin[1] + tag_side + TAG_QUIET
    matrix, level = qr_matrix(payload)
    module = QR_MODULE
    side = QR_MODULES * module
    qx = (frame.width - side) / 2
    qy = v + QR_QUIET * module if v else _code_top(frame, side, QR_QUIET * module)
    if code in ("qr", "both"):
        v = qy + side + QR_QUIET * module

    # large print and tactile marks: symbols on the left, one column per number
    syms = [s for s in (sticker.colour_symbol(game, card), sticker.kind_symbol(game, card)) if s]
    try:
        numbers = sticker.numbers(game, card)
    except ValueError as exc:
        raise LabelFitError("card", card=card.id, reason=exc) from exc
    block_h = DIGIT_ROW + ROW_GAP + shapes.MARK_RING
    span = frame.span(v, v + block_h)
    if span is None and code == "both":
        raise LabelFitError("both_too_big", card=card.id)
    if span is None:
        raise LabelFitError("no_room_numbers", card=card.id)
    cols = []
    for n in numbers:
        text = _number_text(n.attribute, n.value)
        tw = text_width(text, DIGIT_PT)
        mw = shapes.marks_width([m.shape for m in n.marks])
        cols.append((text, tw, [m.shape for m in n.marks], mw, max(tw, mw)))
    # two symbols (a colour and a kind) stack in one column
    sym_size = SYMBOL if len(syms) < 2 else min(SYMBOL, (block_h - ROW_GAP) / 2)
    sym_w = sym_size if syms else 0.0
    need = sym_w + sum(c[4] for c in cols)
    slots = len(cols) + (1 if syms and cols else 0) - 1
    free = span[1] - span[0] - need
    if free < slots * ROW_GAP:
        raise LabelFitError("too_wide", card=card.id, need=need, room=span[1] - span[0])
    gap = min(COLUMN_GAP * 2, free / slots) if slots else 0.0
    x = span[0]
    symbols = []
    for i, s in enumerate(syms):
        cy = v + block_h / 2 if len(syms) == 1 else v + sym_size / 2 + i * (sym_size + ROW_GAP)
        symbols.append((shapes.symbol(s.shape, x + sym_size / 2, cy, sym_size), s.ink))
    if syms:
        x += sym_w + gap
    digits, marks = [], []
    baseline = v + ASCENT * DIGIT_PT * PT
    for text, tw, mark_shapes, mw, cw in cols:
        digits.append(Text(text, x + (cw - tw) / 2, baseline, DIGIT_PT, tw))
        marks += shapes.marks(mark_shapes, x + (cw - mw) / 2, v + DIGIT_ROW + ROW_GAP + shapes.MARK_RING / 2)
        x += cw + gap
    v += block_h + ROW_GAP

    name = _fit_name(card.name(lang), frame, v, card.id)
    v = name[-1].box[3] if name else v

    qr_runs = row_runs(matrix) if code in ("qr", "both") else []
    plan = LabelPlan(card.id, payload, level, frame, module, (qx, qy), qr_runs, symbols,
                     digits, marks, name, None, code=code, tag=card.tag if code != "qr" else None,
                     tag_origin=tag_origin, tag_runs=tag_runs)
    if with_braille:
        _place_braille(plan, game, card, lang, v + BRAILLE_GAP)
    return plan


def _fit_name(name: str, frame: Frame, v: float, card_id: str) -> list[Text]:
    """The card's name on one line, or two, at the largest size that fits."""
    for lines_wanted in (1, 2):
        for size in NAME_PT:
            lines = _wrap_print(name, size, lines_wanted)
            height = len(lines) * size * PT * 1.15
            span = frame.span(v, v + height)
            if span is None:
                continue
            width = span[1] - span[0]
            if all(text_width(line, size) <= width for line in lines):
                out, top = [], v
                for line in lines:
                    w = text_width(line, size)
                    base = top + ASCENT * size * PT
                    out.append(Text(line, span[0] + (width - w) / 2, base, size, w))
                    top += size * PT * 1.15
                return out
    raise LabelFitError("name_too_long", card=card_id, name=name)


def _wrap_print(text: str, size: float, lines: int) -> list[str]:
    if lines == 1:
        return [text]
    words = text.split()
    best = [text]
    best_w = float("inf")
    for cut in range(1, len(words)):
        a, b = " ".join(words[:cut]), " ".join(words[cut:])
        w = max(text_width(a, size), text_width(b, size))
        if w < best_w:
            best, best_w = [a, b], w
    return best


def _place_braille(plan: LabelPlan, game: str, card: Card, lang: str, top: float) -> None:
    """The first text that fits the room left, as dots; LabelFitError if none does."""
    frame = plan.frame
    options = []  # (cells per line, lines, first dot's x for each line)
    spans = []
    k = 0
    while True:
        v0 = top + k * braille.LINE_PITCH - braille.DOT_DIAMETER / 2
        span = frame.span(v0, v0 + braille.CELL_HEIGHT)
        if span is None:
            break
        spans.append(span)
        k += 1
        per_line = min(braille.cells_per_line(s[1] - s[0]) for s in spans)
        if per_line > 0:
            options.append((per_line, k))
    try:
        text = braille.fit_any(game, card, lang, options)
    except braille.BrailleError as exc:
        raise LabelFitError("braille", reason=exc) from exc
    r = braille.DOT_DIAMETER / 2
    widest = max(braille.line_width(len(line)) for line in text.lines)
    left = max(s[0] for s in spans[: len(text.lines)])
    right = min(s[1] for s in spans[: len(text.lines)])
    x = left + (right - left - widest) / 2 + r
    plan.braille = text
    for i, line in enumerate(text.lines):
        plan.braille_dots += braille.dots(line, x, top + i * braille.LINE_PITCH)
