"""Drawing label plans with reportlab: sheets (ink or tactile layer), the legend page, PNGs.

Every file is written to a temporary name beside its target and renamed at the end,
so a failure never leaves a partial file behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from card_codes import StickerCode
from printables import braille, shapes
from printables.label import ASCENT, PT, TAG_CELL, LabelPlan, Text, font_name, text_width, texts
from printables.sheets import Cell, Sheet

INK, TACTILE = "ink", "tactile"
BLACK = "#000000"
GUIDE_GREY = "#C8C8C8"
GUIDE_WIDTH = 0.15
PNG_DPI = 300
MM = 72 / 25.4  # points per mm

Progress = Callable[[int, int], None]


@contextmanager
def atomic_path(target: Path, suffix: str = "") -> Iterator[Path]:
    """A temporary path beside ``target``, renamed over it only if the block succeeds."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix + ".part", dir=target.parent)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(target)) from exc
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a PDF is an ordinary file
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _colour(c: Any, hex_colour: str) -> None:
    from reportlab.lib.colors import HexColor

    c.setFillColor(HexColor(hex_colour))
    c.setStrokeColor(HexColor(hex_colour))


def draw_prims(c: Any, prims: list[shapes.Prim], fill: str, outline: str | None = None,
               outline_width: float = shapes.SYMBOL_STROKE) -> None:
    """Fill (and outline) shapes in the current mm frame; open lines are stroked in ``fill``."""
    from reportlab.lib.colors import HexColor

    for p in prims:
        c.setFillColor(HexColor(fill))
        stroke = 0
        if p.stroke:
            c.setStrokeColor(HexColor(fill))
            c.setLineWidth(p.stroke)
            stroke = 1
        elif outline and p.fill:
            c.setStrokeColor(HexColor(outline))
            c.setLineWidth(outline_width)
            stroke = 1
        if p.kind == "circle":
            c.circle(p.center[0], p.center[1], p.radius, stroke=stroke, fill=int(p.fill))
        else:
            path = c.beginPath()
            path.moveTo(*p.points[0])
            for pt in p.points[1:]:
                path.lineTo(*pt)
            if p.kind == "poly":
                path.close()
            c.drawPath(path, stroke=stroke, fill=int(p.fill and p.kind == "poly"))


def draw_text(c: Any, t: Text) -> None:
    """A line of print in a y-downwards mm frame (flipped locally so it reads the right way)."""
    c.saveState()
    c.translate(t.x, t.baseline)
    c.scale(1, -1)
    c.setFont(font_name(), t.size_pt / MM)
    c.drawString(0, 0, t.text)
    c.restoreState()


def draw_dots(c: Any, centres: list[tuple[float, float]]) -> None:
    if not centres:
        return
    r = braille.DOT_DIAMETER / 2
    path = c.beginPath()  # one path for all dots: far fewer PDF operators
    for x, y in centres:
        path.circle(x, y, r)
    c.drawPath(path, stroke=0, fill=1)


def draw_label(c: Any, plan: LabelPlan, layer: str = INK) -> None:
    """Draw one label in its own frame (the caller has set the transform)."""
    if layer == INK:
        _colour(c, BLACK)
        for (x0, y0), m, runs in ((plan.qr_origin, plan.module, plan.qr_runs),
                                  (plan.tag_origin, TAG_CELL, plan.tag_runs)):
            if not runs:
                continue
            path = c.beginPath()
            for row, col, n in runs:
                path.rect(x0 + col * m, y0 + row * m, n * m, m)
            c.drawPath(path, stroke=0, fill=1)
        for prims, ink in plan.symbols:
            draw_prims(c, prims, ink, outline=BLACK)
        for t in (*plan.digits, *plan.name):
            _colour(c, BLACK)
            draw_text(c, t)
    else:
        for prims, _ink in plan.symbols:
            draw_prims(c, prims, BLACK)
    draw_prims(c, plan.marks, BLACK)
    _colour(c, BLACK)
    draw_dots(c, plan.braille_dots)


def cell_transform(sheet: Sheet, cell: Cell, rotated: bool, offset: tuple[float, float] = (0.0, 0.0)
                   ) -> tuple[float, float, float, float, float, float]:
    """PDF matrix from the label's upright mm frame (y down) to the page (points, y up)."""
    x0, y0 = cell.x + offset[0], cell.y + offset[1]
    if not rotated:
        return MM, 0.0, 0.0, -MM, x0 * MM, (sheet.page_height - y0) * MM
    # a quarter turn: the label's top lies along the cell's left side
    return 0.0, MM, MM, 0.0, x0 * MM, (sheet.page_height - y0 - cell.height) * MM


def frame_to_page(sheet: Sheet, cell: Cell, rotated: bool, u: float, v: float) -> tuple[float, float]:
    """A point of the label frame in page mm (y down): the same mapping as cell_transform."""
    if not rotated:
        return cell.x + u, cell.y + v
    return cell.x + v, cell.y + cell.height - u


def _guide(c: Any, sheet: Sheet, cell: Cell) -> None:
    from reportlab.lib.colors import HexColor

    c.setStrokeColor(HexColor(GUIDE_GREY))
    c.setLineWidth(GUIDE_WIDTH * MM)
    x, y = cell.x * MM, (sheet.page_height - cell.y - cell.height) * MM
    if sheet.shape == "round":
        c.circle(x + cell.width * MM / 2, y + cell.height * MM / 2, cell.width * MM / 2, stroke=1, fill=0)
    else:
        c.roundRect(x, y, cell.width * MM, cell.height * MM, 1.5 * MM, stroke=1, fill=0)


def write_sheets(plans: list[LabelPlan], sheet: Sheet, target: Path, layer: str = INK, start: int = 1,
                 legend: Callable[[Any], None] | None = None, guides: bool = True,
                 offset: tuple[float, float] = (0.0, 0.0), progress: Progress | None = None) -> int:
    """Write the label pages (then the legend page) to ``target``; returns the page count.

    ``target`` is written in place: callers pass a path from atomic_path.
    """
    from reportlab.pdfgen.canvas import Canvas

    cells = sheet.cells()
    pages = 0
    c = Canvas(str(target), pagesize=(sheet.page_width * MM, sheet.page_height * MM), pageCompression=1)
    c.setTitle("companion labels")
    pos = start - 1
    done = 0
    while done < len(plans):
        pages += 1
        if guides and layer == INK:
            for cell in cells:
                _guide(c, sheet, cell)
        while pos < len(cells) and done < len(plans):
            plan = plans[done]
            c.saveState()
            c.transform(*cell_transform(sheet, cells[pos], plan.frame.rotated, offset))
            draw_label(c, plan, layer)
            c.restoreState()
            pos += 1
            done += 1
        c.showPage()
        pos = 0
        if progress:
            progress(done, len(plans))
    if legend:
        legend(c)
        c.showPage()
        pages += 1
    c.save()
    return pages


def write_pngs(plans: list[LabelPlan], folder: Path, progress: Progress | None = None) -> list[Path]:
    """One 300 dpi PNG per label, ``<card id>.png``, upright as it sits on the card."""
    from reportlab.pdfgen.canvas import Canvas

    if shutil.which("pdftoppm") is None:
        raise OSError("--png needs pdftoppm (Debian: poppler-utils)")
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".labels-png.", dir=folder))
    try:
        pdf = work / "labels.pdf"
        frame = plans[0].frame
        c = Canvas(str(pdf), pagesize=(frame.width * MM, frame.height * MM))
        for plan in plans:
            c.saveState()
            c.transform(MM, 0, 0, -MM, 0, frame.height * MM)
            draw_label(c, plan, INK)
            c.restoreState()
            c.showPage()
        c.save()
        subprocess.run(["pdftoppm", "-r", str(PNG_DPI), "-png", str(pdf), str(work / "p")],
                       check=True, capture_output=True)
        pages = sorted(work.glob("p-*.png"), key=lambda p: int(p.stem.split("-")[-1]))
        if len(pages) != len(plans):
            raise OSError(f"pdftoppm wrote {len(pages)} images for {len(plans)} labels")
        out = []
        for i, (page, plan) in enumerate(zip(pages, plans, strict=True), start=1):
            dest = folder / f"{plan.card_id}.png"
            os.replace(page, dest)
            out.append(dest)
            if progress and (i % 20 == 0 or i == len(plans)):
                progress(i, len(plans))
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---- legend page ----------------------------------------------------------------------------

LEGEND_MARGIN = 15.0
LEGEND_SYMBOL = 9.0
LEGEND_ROW_GAP = 6.0  # wider than the gap between Braille lines of one row (3.5 mm)
LEGEND_BRAILLE_X = 100.0  # Braille column, mm from the left edge
TITLE_PT, BODY_PT = 16.0, 11.0


def legend_drawer(sticker: StickerCode, game: str, game_name: str, number_names: list[str], lang: str,
                  sheet: Sheet, layer: str, with_braille: bool = True) -> Callable[[Any], None]:
    """A function drawing the legend page (print and Braille; tactile only for that layer)."""
    t = texts()[lang]
    legend = sticker.legend(game)

    def draw(c: Any) -> None:
        c.saveState()
        c.transform(MM, 0, 0, -MM, 0, sheet.page_height * MM)
        ink = layer == INK
        x0 = LEGEND_MARGIN
        y = LEGEND_MARGIN
        per_line = braille.cells_per_line(sheet.page_width - LEGEND_MARGIN - LEGEND_BRAILLE_X)

        def print_line(text: str, size: float, x: float = x0) -> None:
            nonlocal y
            y += ASCENT * size * PT
            if ink:
                _colour(c, BLACK)
                draw_text(c, Text(text, x, y, size, text_width(text, size)))
            y += size * PT * 0.8

        def braille_at(text: str, x: float, top: float) -> float:
            if not with_braille:
                return top
            room = braille.cells_per_line(sheet.page_width - LEGEND_MARGIN - x) if x == x0 else per_line
            lines = braille.wrap(braille.words(text, lang), room) or []
            _colour(c, BLACK)
            for i, line in enumerate(lines):
                draw_dots(c, list(braille.dots(line, x, top + i * braille.LINE_PITCH)))
            return top + max(0, len(lines) - 1) * braille.LINE_PITCH + braille.CELL_HEIGHT

        title = t["legend_title"].format(game=game_name)
        print_line(title, TITLE_PT)
        y = braille_at(title, x0, y + 2) + 4
        print_line(t["legend_print_hint"], BODY_PT * 0.85)
        print_line(t["legend_qr"], BODY_PT * 0.85)
        y += 3
        sections = [("legend_colours", [(s.shape, s.ink, s.name(lang)) for s in legend["colours"]]),
                    ("legend_kinds", [(s.shape, BLACK, s.name(lang)) for s in legend["kinds"]])]
        for key, rows in sections:
            if not rows:
                continue
            print_line(t[key], BODY_PT * 1.1)
            y += 2
            for shape, colour, name in rows:
                top = y
                cy = top + LEGEND_SYMBOL / 2
                draw_prims(c, shapes.symbol(shape, x0 + LEGEND_SYMBOL / 2, cy, LEGEND_SYMBOL),
                           colour if ink else BLACK, outline=BLACK if ink else None)
                if ink:
                    _colour(c, BLACK)
                    draw_text(c, Text(name, x0 + LEGEND_SYMBOL + 4, cy + ASCENT * BODY_PT * PT / 2,
                                      BODY_PT, text_width(name, BODY_PT)))
                bottom = braille_at(name, LEGEND_BRAILLE_X, top + 1.5)
                y = max(top + LEGEND_SYMBOL, bottom) + LEGEND_ROW_GAP
        print_line(t["legend_marks"], BODY_PT * 1.1)
        y += 2
        for m in legend["marks"]:
            top = y
            cy = top + shapes.MARK_RING / 2 + 1
            draw_prims(c, shapes.mark(m.shape, x0 + 1, cy), BLACK)
            phrase = t["legend_mark_value"].format(name=m.name(lang), value=m.value)
            if ink:
                _colour(c, BLACK)
                draw_text(c, Text(phrase, x0 + LEGEND_SYMBOL + 4, cy + ASCENT * BODY_PT * PT / 2,
                                  BODY_PT, text_width(phrase, BODY_PT)))
            bottom = braille_at(phrase, LEGEND_BRAILLE_X, top + 0.5)
            y = max(top + LEGEND_SYMBOL, bottom) + LEGEND_ROW_GAP
        y += 2
        if number_names:
            print_line(t["legend_numbers"].format(names=", ".join(number_names)), BODY_PT * 0.9)
        print_line(t["legend_braille"], BODY_PT * 0.9)
        c.restoreState()

    return draw
