"""`companion labels GAME`: printable label sheets (camera tag or QR, sticker code, large print, Braille)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from card_codes import DeckError, load_deck_file
from companion.cli.common import GameArg, Lang, app, deck_or_exit, echo, fail, lang_or_exit, say


def _texts(lang: str) -> dict[str, str]:
    from printables.label import texts

    all_texts = texts()
    return all_texts.get(lang, all_texts["fr"])


@app.command()
def labels(
    game: Annotated[str | None, typer.Argument(help=GameArg)] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="PDF to write (GAME-labels.pdf).")] = None,
    sheet: Annotated[str | None, typer.Option("--sheet", help="Sheet template (--list-sheets).")] = None,
    lang: Lang = None,
    with_braille: Annotated[bool, typer.Option("--braille/--no-braille", help="Braille dots.")] = True,
    cards: Annotated[str | None, typer.Option("--cards", help="Only these card ids, a,b,c.")] = None,
    start: Annotated[int, typer.Option("--start", help="First free position (1 = top left).")] = 1,
    legend: Annotated[bool, typer.Option("--legend/--no-legend", help="Add the legend page.")] = True,
    tactile: Annotated[
        bool, typer.Option("--tactile", help="Also write OUT-tactile.pdf, raised marks only (swell paper).")
    ] = False,
    png: Annotated[Path | None, typer.Option("--png", help="Also one 300 dpi PNG per label here.")] = None,
    deck_file: Annotated[Path | None, typer.Option("--deck", help="A deck file instead of GAME's.")] = None,
    guides: Annotated[bool, typer.Option("--guides/--no-guides", help="Grey label outlines.")] = True,
    offset: Annotated[
        str, typer.Option("--offset", help="Printer correction in mm, right,down (e.g. 0.5,-1).")
    ] = "0,0",
    list_sheets: Annotated[bool, typer.Option("--list-sheets", help="List the sheet templates.")] = False,
    code: Annotated[str, typer.Option("--code", help="What the camera reads: tag (default, read from "
                                      "across the table), qr (phones, older labels) or both (larger labels).")
                    ] = "tag",
) -> None:
    """Write label sheets for a game's cards as a PDF, ready to print at 100 %."""
    from printables import LabelsError, make_labels, tactile_path
    from printables.sheets import SheetError, default_sheet_name, load_sheets

    lang = lang_or_exit(lang)
    t = _texts(lang)
    if list_sheets:
        try:
            default = default_sheet_name()
            for s in load_sheets():
                mark = " *" if s.name == default else ""
                echo(t["sheet_line"].format(name=s.name, title=s.title) + mark)
        except SheetError as err:
            raise fail(say(lang, "bad_sheet", reason=err.text(lang))) from err
        return
    if game is None and deck_file is None:
        raise fail(say(lang, "name_a_game"))
    if deck_file is not None:
        try:
            deck = load_deck_file(deck_file)
        except DeckError as err:
            raise fail(say(lang, "bad_deck", reason=err.text(lang))) from None
    else:
        deck = deck_or_exit(game or "", lang)
    out = out or Path(f"{deck.game}-labels.pdf")
    for target in [out] + ([tactile_path(out)] if tactile else []):
        if target.exists() or target.is_symlink():  # a label sheet never replaces a file (a record...)
            raise fail(say(lang, "out_exists", path=target), 1)
    if png is not None and not png.is_dir() and not png.parent.is_dir():
        raise fail(say(lang, "no_folder", path=png.parent), 1)
    try:
        dx, dy = (float(v) for v in offset.split(","))
    except ValueError as err:
        raise fail(say(lang, "bad_offset", value=offset)) from err
    card_ids = [c.strip() for c in cards.split(",") if c.strip()] if cards else None

    def progress(done: int, total: int) -> None:
        echo(t["progress"].format(done=done, total=total), err=True)

    try:
        result = make_labels(deck, out, sheet, lang, with_braille, card_ids, start, legend, tactile, png,
                             guides=guides, offset=(dx, dy),
                             progress=progress if len(card_ids or deck.cards) > 21 else None, code=code)
    except LabelsError as err:
        raise fail(err.text(lang)) from err
    done = t["done_one"] if result.labels == 1 else t["done"]
    echo(done.format(labels=result.labels, pages=result.pages, path=result.pdf))
    if result.tactile:
        echo(t["done_tactile"].format(path=result.tactile))
    if png is not None:
        echo(t["done_png"].format(count=len(result.pngs), path=png))
