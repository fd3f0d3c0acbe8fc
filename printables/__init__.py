"""Label geometry, sheets, QR and Braille drawing, PDF and PNG output.

Public entry point: `make_labels(deck, out, ...)`. It lays out every label first (any
card that does not fit stops everything with a LabelsError), then writes each file
under a temporary name and renames them all at the end: no partial file is left.
reportlab and segno are imported inside the functions that use them.
"""

from __future__ import annotations

import shutil
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from card_codes import Deck, load_sticker_code
from printables.braille import BrailleError
from printables.label import CODES, DEFAULT_CODE, LabelFitError, LabelPlan, check_sheet, plan_label
from printables.messages import PrintError
from printables.sheets import Sheet, SheetError, load_sheet, load_sheets

TACTILE_SUFFIX = "-tactile"
MAX_OFFSET = 5.0  # mm; printers register within about 1 mm


class LabelsError(PrintError, ValueError):
    """A request that cannot be printed; the message says why, for a person (messages.toml,
    area ``labels``; a reason that is another error of ours is said in the same language)."""

    area = "labels"


@dataclass
class LabelsResult:
    """What was written."""

    labels: int
    pages: int
    pdf: Path
    tactile: Path | None = None
    pngs: list[Path] = field(default_factory=list)


def tactile_path(out: Path) -> Path:
    """The tactile layer's file beside the ink PDF: `labels.pdf` -> `labels-tactile.pdf`."""
    return out.with_name(f"{out.stem}{TACTILE_SUFFIX}{out.suffix or '.pdf'}")


def plan_labels(deck: Deck, sheet: Sheet, lang: str = "fr", with_braille: bool = True,
                card_ids: list[str] | None = None, code: str = DEFAULT_CODE) -> list[LabelPlan]:
    """Lay out the labels of the deck (or of ``card_ids``, in that order); LabelsError if one fails.

    ``code`` (one of CODES): the camera tag, the QR code, or both where the label is large enough.
    """
    try:
        frame = check_sheet(sheet, code)
    except LabelFitError as exc:
        raise LabelsError("reason", reason=exc) from exc
    if card_ids:
        unknown = [c for c in card_ids if c not in deck]
        if unknown:
            raise LabelsError("unknown_cards", game=deck.game, cards=", ".join(unknown))
        cards = [deck.card(c) for c in card_ids]
    else:
        cards = list(deck)
    sticker = load_sticker_code()
    try:
        return [plan_label(deck, card, frame, lang, with_braille, sticker, code) for card in cards]
    except (LabelFitError, BrailleError) as exc:
        raise LabelsError("on_sheet", sheet=sheet.name, reason=exc) from exc


def make_labels(deck: Deck, out: Path, sheet_name: str | None = None, lang: str = "fr",
                with_braille: bool = True, card_ids: list[str] | None = None, start: int = 1,
                legend: bool = True, tactile: bool = False, png_dir: Path | None = None,
                guides: bool = True, offset: tuple[float, float] = (0.0, 0.0),
                progress=None, code: str = DEFAULT_CODE) -> LabelsResult:  # type: ignore[no-untyped-def]
    """Write the label PDF (and the tactile layer, the PNGs); LabelsError with a reason if not.

    ``offset`` (mm, right and down) corrects a printer that does not register exactly;
    ``guides`` draws the label outlines in light grey on the ink pages.
    """
    from printables import render

    try:
        sheet = load_sheet(sheet_name)
    except SheetError as exc:
        raise LabelsError("reason", reason=exc) from exc
    if max(abs(offset[0]), abs(offset[1])) > MAX_OFFSET:
        raise LabelsError("offset", most=MAX_OFFSET)
    if not 1 <= start <= sheet.per_page:
        raise LabelsError("start", most=sheet.per_page, sheet=sheet.name)
    plans = plan_labels(deck, sheet, lang, with_braille, card_ids, code)
    number_names = _number_names(deck, lang)
    game_name = deck.name(lang)
    sticker = load_sticker_code()
    out = Path(out)
    targets = [out] + ([tactile_path(out)] if tactile else [])
    for target in targets:
        if target.is_dir():
            raise LabelsError("folder", path=target)
    if png_dir is not None and shutil.which("pdftoppm") is None:  # before anything is written
        raise LabelsError("no_pdftoppm")
    try:
        with ExitStack() as stack:
            tmp = [stack.enter_context(render.atomic_path(t)) for t in targets]
            ink_legend = (render.legend_drawer(sticker, deck.game, game_name, number_names, lang, sheet,
                                               render.INK, with_braille) if legend else None)
            pages = render.write_sheets(plans, sheet, tmp[0], render.INK, start, ink_legend,
                                        guides=guides, offset=offset, progress=progress)
            result = LabelsResult(len(plans), pages, out)
            if tactile:
                tac_legend = (render.legend_drawer(sticker, deck.game, game_name, number_names, lang,
                                                   sheet, render.TACTILE, with_braille) if legend else None)
                render.write_sheets(plans, sheet, tmp[1], render.TACTILE, start, tac_legend, offset=offset)
                result.tactile = targets[1]
            if png_dir is not None:
                result.pngs = render.write_pngs(plans, Path(png_dir))
    except OSError as exc:
        where = exc.filename or out
        raise LabelsError("cannot_write", path=where, reason=exc) from exc
    return result


def _number_names(deck: Deck, lang: str) -> list[str]:
    """The names of the numbers labels show, in the order a label shows them."""
    sticker = load_sticker_code()
    seen: dict[str, str] = {}
    order: list[str] = []
    for card in deck:
        for n in sticker.numbers(deck.game, card):
            if n.attribute not in seen:
                seen[n.attribute] = n.names.get(lang, n.names.get("fr", n.attribute))
                order.append(n.attribute)
    return [seen[a] for a in order]


__all__ = [
    "CODES",
    "DEFAULT_CODE",
    "LabelPlan",
    "LabelsError",
    "LabelsResult",
    "Sheet",
    "load_sheet",
    "load_sheets",
    "make_labels",
    "plan_labels",
    "tactile_path",
]
