"""Sheet templates and label layouts: everything inside its label, every label on the page."""

from __future__ import annotations

import math

import pytest

from card_codes import load_deck
from printables import LabelsError, plan_labels
from printables.label import QR_MIN_MODULE, QR_MODULES, LabelFitError, check_sheet
from printables.render import frame_to_page
from printables.sheets import SheetError, load_sheet, load_sheets

SHEETS = load_sheets()
TOLERANCE = 1e-6


def _usable(sheet) -> bool:  # type: ignore[no-untyped-def]
    try:
        check_sheet(sheet)
    except LabelFitError:
        return False
    return True


def test_the_templates_include_the_default_a_small_a_round_and_a_letter_sheet() -> None:
    names = {s.name for s in SHEETS}
    assert load_sheet().name == "avery-l7160" and len(SHEETS) >= 5
    assert {"avery-l7651", "avery-l7630", "avery-5163"} <= names
    l7160 = load_sheet("avery-l7160")
    assert (l7160.width, l7160.height, l7160.columns, l7160.rows, l7160.page) == (63.5, 38.1, 3, 7, "A4")
    assert any(s.shape == "round" for s in SHEETS) and any(s.page == "Letter" for s in SHEETS)


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda s: s.name)
def test_every_cell_is_on_the_page_and_cells_do_not_overlap(sheet) -> None:  # type: ignore[no-untyped-def]
    cells = sheet.cells()
    assert len(cells) == sheet.columns * sheet.rows
    for cell in cells:
        assert cell.x >= 0 and cell.y >= 0
        assert cell.x + cell.width <= sheet.page_width + TOLERANCE
        assert cell.y + cell.height <= sheet.page_height + TOLERANCE
    for a in cells:
        for b in cells:
            if a.index < b.index:
                apart_x = a.x + a.width <= b.x + TOLERANCE or b.x + b.width <= a.x + TOLERANCE
                apart_y = a.y + a.height <= b.y + TOLERANCE or b.y + b.height <= a.y + TOLERANCE
                assert apart_x or apart_y


@pytest.mark.parametrize("sheet", [s for s in SHEETS if _usable(s)], ids=lambda s: s.name)
@pytest.mark.parametrize("game", ["tatsu", "dojo"])
def test_every_label_part_lies_inside_its_cell(sheet, game: str) -> None:  # type: ignore[no-untyped-def]
    deck = load_deck(game)
    try:
        plans = plan_labels(deck, sheet, "fr", with_braille=True)
    except LabelsError:
        plans = plan_labels(deck, sheet, "fr", with_braille=False)  # round labels: no room for Braille
    cells = sheet.cells()
    for plan, cell in zip(plans, cells * 10, strict=False):
        assert plan.module >= QR_MIN_MODULE
        for part, boxes in plan.boxes().items():
            for x0, y0, x1, y1 in boxes:
                for u, v in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
                    x, y = frame_to_page(sheet, cell, plan.frame.rotated, u, v)
                    where = f"{plan.card_id} {part} at ({x:.2f}, {y:.2f})"
                    if sheet.shape == "round":
                        r = cell.width / 2
                        assert math.dist((x, y), (cell.x + r, cell.y + r)) <= r + TOLERANCE, where
                    else:
                        assert cell.x - TOLERANCE <= x <= cell.x + cell.width + TOLERANCE, where
                        assert cell.y - TOLERANCE <= y <= cell.y + cell.height + TOLERANCE, where


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    apart_x = a[2] <= b[0] + TOLERANCE or b[2] <= a[0] + TOLERANCE
    apart_y = a[3] <= b[1] + TOLERANCE or b[3] <= a[1] + TOLERANCE
    return not (apart_x or apart_y)


@pytest.mark.parametrize("sheet_name", ["avery-l7160", "avery-l7173", "avery-5163"])
def test_parts_of_a_label_do_not_overlap(sheet_name: str) -> None:
    sheet = load_sheet(sheet_name)
    for plan in plan_labels(load_deck("tatsu"), sheet) + plan_labels(load_deck("dojo"), sheet, "en"):
        parts = list(plan.boxes().items())
        for i, (name_a, boxes_a) in enumerate(parts):
            for name_b, boxes_b in parts[i + 1:]:
                for a in boxes_a:
                    assert not any(_overlap(a, b) for b in boxes_b), f"{plan.card_id}: {name_a} on {name_b}"


def test_qr_modules_are_large_enough_for_the_webcam_and_level_h() -> None:
    plans = plan_labels(load_deck("dojo"), load_sheet(), code="qr")
    assert all(p.module >= 1.4 and p.error == "H" for p in plans)
    assert all(p.qr_box[2] - p.qr_box[0] == pytest.approx(QR_MODULES * p.module) for p in plans)


def test_a_sheet_too_small_for_a_readable_qr_code_is_refused_with_the_numbers() -> None:
    with pytest.raises(LabelsError, match=r"too small for a readable QR code.*0\.85 mm.*1\.4 mm"):
        plan_labels(load_deck("tatsu"), load_sheet("avery-l7651"), code="qr")
    with pytest.raises(LabelsError, match=r"too small for a camera tag.*1\.96 mm.*3\.75 mm"):
        plan_labels(load_deck("tatsu"), load_sheet("avery-l7651"))


def test_round_labels_refuse_braille_clearly_and_work_without_it() -> None:
    sheet = load_sheet("avery-l7630")
    with pytest.raises(LabelsError, match=r"Braille does not fit.*--no-braille"):
        plan_labels(load_deck("tatsu"), sheet, with_braille=True)
    assert len(plan_labels(load_deck("tatsu"), sheet, with_braille=False)) == 28


def test_an_unknown_sheet_names_the_known_ones() -> None:
    with pytest.raises(SheetError, match="avery-l7160"):
        load_sheet("avery-9999")


def test_bigger_labels_carry_more_braille() -> None:
    card = ["Y-P1-V3"]
    small = plan_labels(load_deck("tatsu"), load_sheet("avery-l7160"), card_ids=card)[0]
    large = plan_labels(load_deck("tatsu"), load_sheet("avery-l7173"), card_ids=card)[0]
    assert small.braille is not None and large.braille is not None
    assert small.braille.text == "1 3"
    assert len(large.braille.text) > len(small.braille.text)
