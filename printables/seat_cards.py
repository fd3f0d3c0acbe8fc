"""Seat cards: one card per phone seat, printed beside the labels and laid in front of that seat,
with the seat's name in large print and in Braille, and the QR code of its private link (the
phone's camera opens it). A card is that seat's secret for this game: hand it to that player.

Four cards to an A4 page, cut along the grey lines; written atomically (render.atomic_path).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printables import braille
from printables.label import ASCENT, PT, Text, text_width
from printables.render import BLACK, GUIDE_GREY, GUIDE_WIDTH, MM, _colour, atomic_path, draw_dots, draw_text

PAGE = (210.0, 297.0)  # A4, mm
CARD = (95.0, 130.0)  # one card, mm: two across, two down
MARGIN = (10.0, 15.0)
NAME_PT = 40.0  # the seat's name, large print
NOTE_PT = 10.0
QR_MM = 60.0


def _qr(url: str) -> list[list[bool]]:
    import segno

    code = segno.make_qr(url, error="m")
    return [[bool(m) for m in row] for row in code.matrix]


def wrapped(text: str, width: float, size: float) -> list[str]:
    """Print lines of ``text`` no wider than ``width`` mm at ``size`` pt."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def write_seat_cards(cards: Sequence[tuple[str, str, str]], target: Path, lang: str = "fr") -> Path:
    """``cards``: (seat name, its link, a short note under the code: what it opens)."""
    from reportlab.pdfgen import canvas

    with atomic_path(target, ".pdf") as tmp:
        c = canvas.Canvas(str(tmp), pagesize=(PAGE[0] * MM, PAGE[1] * MM))
        c.setTitle("companion")
        for index, (name, url, note) in enumerate(cards):
            slot = index % 4
            if index and slot == 0:
                c.showPage()
            c.saveState()
            c.transform(MM, 0, 0, -MM, 0, PAGE[1] * MM)  # mm, y downwards
            x0 = MARGIN[0] + (slot % 2) * CARD[0]
            y0 = MARGIN[1] + (slot // 2) * CARD[1]
            _colour(c, GUIDE_GREY)
            c.setLineWidth(GUIDE_WIDTH)
            c.rect(x0, y0, CARD[0], CARD[1], stroke=1, fill=0)
            _colour(c, BLACK)
            size = NAME_PT
            while text_width(name, size) > CARD[0] - 10 and size > 12:
                size -= 2
            baseline = y0 + 8 + ASCENT * size * PT
            draw_text(c, Text(name, x0 + 5, baseline, size, text_width(name, size)))
            cells = braille.wrap(braille.words(name, lang), braille.cells_per_line(CARD[0] - 10)) or []
            top = baseline + 5
            for i, line in enumerate(cells):
                draw_dots(c, list(braille.dots(line, x0 + 5, top + i * braille.LINE_PITCH)))
            matrix = _qr(url)
            module = QR_MM / len(matrix)
            qx, qy = x0 + (CARD[0] - QR_MM) / 2, y0 + CARD[1] - QR_MM - 18
            for r, row in enumerate(matrix):
                for col, dark in enumerate(row):
                    if dark:
                        c.rect(qx + col * module, qy + r * module, module, module, stroke=0, fill=1)
            lines = wrapped(note, CARD[0] - 10, NOTE_PT)
            for i, line in enumerate(lines):
                baseline = y0 + CARD[1] - 14 + (i - len(lines) + 2) * NOTE_PT * PT * 1.3
                draw_text(c, Text(line, x0 + 5, baseline, NOTE_PT, text_width(line, NOTE_PT)))
            c.restoreState()
        c.save()
    return target
