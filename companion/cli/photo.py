"""`companion photo GAME IMAGE [WORDS]...`: what a photo of the game's table means, one line each.

The game says what its photo shows (`GamePackage.photo`): a finished layout of cards and its
score, the pieces on a board... WORDS are what the photo cannot show, in the game's words (the
trophies a player won); with --record, the photo is also compared with the recorded game's state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import GameArg, Lang, app, fail, package_or_exit
from companion.engine import GamePackage, Rejected, ReplayError, games, get_package, replay
from companion.journal import RecordError, open_record
from companion.speech.phrasebook import LANGS, Phrasebook
from companion.vision import make_decoder
from companion.vision.decoders import DecoderError
from companion.vision.frames import read_image


def _recorded_state(package: GamePackage, record: Path, book: Phrasebook) -> Any:
    """The state at the end of the record, or one clear line (exit code 1)."""
    try:
        header, actions, warnings = open_record(record)
    except RecordError as err:
        raise fail(str(err), 1) from None
    for warning in warnings:
        typer.echo(warning, err=True)
    if header.game != package.name:
        assert book.deck is not None
        other = Rejected("photo_other_game", game=header.game, ours=book.deck.name(book.lang))
        raise fail(book.reason(other), 1)
    try:
        return replay(package.rules, header.seats, header.options, actions, rules=header.rules).state
    except ReplayError as err:
        raise fail(f"{record}, line {err.line}: {book.reason(err.rejected)}", 1) from None
    except Rejected as rejected:
        raise fail(f"{record}, line 1: {book.reason(rejected)}", 1) from None


@app.command("photo")
def photo_command(
    game: Annotated[str, typer.Argument(help=GameArg)],
    image: Annotated[Path, typer.Argument(help="A photo of the game's table (what it shows depends on the "
                                          "game: an unknown one says).")],
    words: Annotated[list[str] | None, typer.Argument(
        help="What the photo cannot show, in the game's words (say, trophies won: ids, codes, points).")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="A game record: also say what differs from its state.")
    ] = None,
    lang: Lang = "fr",
) -> None:
    """Say what a photo of the table shows, in the game's own terms, one line each."""
    if lang not in LANGS:
        raise fail(f"Unknown language {lang!r}: {', '.join(LANGS)}.")
    package = package_or_exit(game)
    reading = package.photo
    if reading is None:
        readers = [name for name in games() if get_package(name).photo is not None]
        raise fail(f"No photo reading for {game!r}. Games that read a photo: {', '.join(readers)}.")
    book = Phrasebook(lang, package.name)
    try:
        prepared = reading.prepare(words or [])
    except Rejected as rejected:
        raise fail(book.reason(rejected)) from None
    state = _recorded_state(package, record, book) if record is not None else None
    picture = read_image(image)
    if picture is None:
        raise fail(book.reason(Rejected("photo_unreadable", path=str(image))), 1)
    try:
        detections = make_decoder("zxing", still=True).decode(picture)
        lines = reading.read(detections, prepared, state)
    except DecoderError as err:
        raise fail(str(err), 1) from None
    except Rejected as rejected:
        raise fail(book.reason(rejected), 1) from None
    for event in lines:
        typer.echo(book.render(event))
