"""`companion board samurai IMAGE`: where every piece stands on an overhead photo of the board.

The board's four corner labels give the grid (companion/games/samurai_camera.py); with
--record, the photo is also compared with the recorded game's state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import Lang, app, fail
from companion.speech.phrasebook import LANGS, Phrasebook

BOARD_GAMES = ("samurai",)


def _recorded_state(record: Path, book: Phrasebook) -> Any:
    """The state at the end of a samurai record, or a clear failure."""
    from companion.engine import Rejected, ReplayError, get_game, replay
    from companion.journal import RecordError, open_record

    try:
        header, actions, warnings = open_record(record)
    except RecordError as err:
        raise fail(str(err), 1) from None
    for warning in warnings:
        typer.echo(warning, err=True)
    if header.game != "samurai":
        raise fail(book.text("board", "not_samurai", {"game": header.game}), 1)
    game = get_game(header.game)
    try:
        return replay(game, header.seats, header.options, actions).state
    except ReplayError as err:
        raise fail(f"{record}, line {err.line}: {book.reason(err.rejected)}", 1) from None
    except Rejected as rejected:
        raise fail(f"{record}, line 1: {book.reason(rejected)}", 1) from None


def _reading_lines(book: Phrasebook, reading: Any) -> list[str]:
    """One line per token (deck order), then tokens off the board and foreign labels."""
    assert book.deck is not None
    order = {cid: i for i, cid in enumerate(book.deck.ids())}
    lines = [book.text("board", "token_at", {"unit": uid, "square": sq})
             for uid, sq in sorted(reading.squares.items(), key=lambda item: order[item[0]])]
    lines += [book.text("board", "token_off", {"unit": uid}) for uid in reading.off_board]
    if not lines:
        lines.append(book.text("board", "no_tokens", {}))
    lines += [book.text("board", "other_card", {"card": cid}) for cid in reading.other_cards]
    lines += [book.text("board", "not_ours", {"text": text}) for text in reading.not_ours]
    return lines


@app.command("board")
def board_command(
    game: Annotated[str, typer.Argument(help="The board game: samurai.")],
    image: Annotated[Path, typer.Argument(help="An overhead photo of the board and its four corner labels.")],
    record: Annotated[
        Path | None, typer.Option("--record", help="A game record: also say what differs from its state.")
    ] = None,
    lang: Lang = "fr",
) -> None:
    """Say where every labelled piece stands on the board, one line each."""
    if lang not in LANGS:
        raise fail(f"Unknown language {lang!r}: {', '.join(LANGS)}.")
    if game not in BOARD_GAMES:
        raise fail(f"No board to read for {game!r}. Games with a board: {', '.join(BOARD_GAMES)}.")
    from companion.games.samurai import data
    from companion.games.samurai_camera import differences, read_board
    from companion.vision import make_decoder
    from companion.vision.decoders import DecoderError
    from companion.vision.frames import read_image

    book = Phrasebook(lang, game)
    state = _recorded_state(record, book) if record is not None else None
    picture = read_image(image)
    if picture is None:
        raise fail(book.text("board", "bad_image", {"path": str(image)}), 1)
    try:
        detections = make_decoder("tag+zxing", still=True).decode(picture)
    except DecoderError as err:
        raise fail(str(err), 1) from None
    reading = read_board(detections, data().board)
    if not reading.ok:
        corners = book.join([str(book.section("board").get(c, c)) for c in reading.missing_corners])
        raise fail(book.text("board", "missing_corners", {"corners": corners}), 1)
    for line in _reading_lines(book, reading):
        typer.echo(line)
    if state is None:
        return
    found = differences(state, reading)
    for diff in found:
        params = {"unit": diff.token, "seen": diff.seen, "expected": diff.expected}
        typer.echo(book.text("board", diff.kind, params))
    if not found:
        typer.echo(book.text("board", "agrees", {}))
