"""`companion score dojo IMAGE`: score a finished dojo from one photo of its 12 tatamis.

The grid reader gives the cards by row and column as their owner laid them (whatever
the camera's turn); the breakdown is the engine's own scoring, with the trophies given
on the command line (ids, label codes or points).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion.cli.common import Lang, app, fail
from companion.speech.phrasebook import LANGS, Phrasebook

SCORABLE = ("dojo",)


def _trophy_points(values: list[str], book: Phrasebook) -> tuple[list[str], int]:
    """Trophy ids and the points they make; each value is a trophy id, code, or points."""
    from card_codes import load_deck
    from companion.engine import Rejected
    from companion.games.dojo import trophies

    deck = load_deck("dojo")
    cards: list[str] = []
    points = 0
    for value in (v.strip() for item in values for v in item.split(",")):
        if not value:
            continue
        card = value.upper() if value.upper() in trophies() else None
        if card is None and (found := deck.by_code(value.upper())) is not None and found.id in trophies():
            card = found.id
        if card is not None:
            cards.append(card)
            points += trophies()[card]
        elif value.isdigit():
            points += int(value)
        else:
            raise fail(book.reason(Rejected("score_bad_trophy", value=value)))
    return cards, points


@app.command()
def score(
    game: Annotated[str, typer.Argument(help="The game: dojo.")],
    image: Annotated[Path, typer.Argument(help="A photo of the finished dojo (3 rows of 4 cards).")],
    trophies: Annotated[
        list[str] | None,
        typer.Option("--trophies", help="Trophies won: ids (TROPHY-03), label codes (P03) or points; "
                     "repeat or separate with commas."),
    ] = None,
    lang: Lang = "fr",
) -> None:
    """Name the 12 cards of a finished dojo by row and column and print its score."""
    if lang not in LANGS:
        raise fail(f"Unknown language {lang!r}: {', '.join(LANGS)}.")
    if game not in SCORABLE:
        raise fail(f"Scoring from a photo: {', '.join(SCORABLE)} only, not {game!r}.")
    from card_codes import Label, try_decode
    from companion.engine import Event, Rejected
    from companion.games.dojo import score_cells, tatamis
    from companion.games.dojo_describe import breakdown_events, grid_events
    from companion.vision import make_decoder, read_grid
    from companion.vision.frames import read_image

    book = Phrasebook(lang, game)
    trophy_cards, trophy_points = _trophy_points(trophies or [], book)
    picture = read_image(image)
    if picture is None:
        raise fail(book.reason(Rejected("score_no_image", path=str(image))), 1)
    detections = make_decoder("tag+zxing", still=True).decode(picture)
    labels = {d.text: try_decode(d.text, game) for d in detections}
    cards = {t: lab.card.id for t, lab in labels.items()
             if isinstance(lab, Label) and lab.card.id in tatamis()}
    ours = list({d.text: d for d in detections if d.text in cards}.values())
    if len(ours) != 12:
        others = sorted({t for t, lab in labels.items() if not isinstance(lab, Label)})
        if others and not ours:
            raise fail(book.reason(Rejected("score_other_labels", texts=", ".join(others))), 1)
        raise fail(book.reason(Rejected("score_labels", n=len(ours))), 1)
    grid = read_grid(ours)
    if (grid.rows, grid.cols) != (3, 4) or len(grid.cells) != 12:
        raise fail(book.reason(Rejected("score_not_grid", rows=grid.rows, cols=grid.cols)), 1)
    cells = {(r + 1, c + 1): cards[d.text] for (r, c), d in grid.cells.items()}  # numbered as people count
    result = score_cells(cells, trophy_points)
    events = grid_events(0, 0, cells)[1:]  # no header: a photo has no seat
    events += breakdown_events(0, 0, result, trophy_cards)[:-1]
    events.append(Event(0, "photo_total", {"total": result.total}))
    for event in events:
        typer.echo(book.render(event))
