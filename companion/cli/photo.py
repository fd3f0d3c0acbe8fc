"""`companion photo GAME IMAGE [WORDS]...`: what a photo of the game's table means, one line each.

The game says what its photo shows (`GamePackage.photo`): a finished layout of cards and its
score, the pieces on a board... WORDS are what the photo cannot show, in the game's words (the
trophies a player won); with --record, the photo is also compared with the recorded game's state.
The image is measured before it is decoded (a small file may claim a huge picture), the deck is
checked whole, and every refusal is one line in the user's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import (
    GameArg,
    Lang,
    app,
    deck_or_exit,
    echo,
    fail,
    image_refusal,
    lang_or_exit,
    package_or_exit,
    replayed_or_exit,
    say,
)
from companion.engine import GamePackage, Rejected, games, get_package
from companion.speech.phrasebook import Phrasebook
from companion.vision import make_decoder
from companion.vision.decoders import DecoderError
from companion.vision.frames import read_image


def _recorded_state(package: GamePackage, record: Path, book: Phrasebook) -> Any:
    """The state at the end of the record, or one clear line (exit code 1)."""
    match = replayed_or_exit(record, book.lang)
    if match.game.name != package.name:
        assert book.deck is not None
        other = Rejected("photo_other_game", game=match.game.name, ours=book.deck.name(book.lang))
        raise fail(book.reason(other), 1)
    return match.state


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
    lang: Lang = None,
) -> None:
    """Say what a photo of the table shows, in the game's own terms, one line each."""
    lang = lang_or_exit(lang)
    package = package_or_exit(game, lang)
    deck_or_exit(package.name, lang)  # the deck whole, as on every path that loads one
    reading = package.photo
    if reading is None:
        readers = [name for name in games() if get_package(name).photo is not None]
        raise fail(say(lang, "no_photo_reading", game=game, games=", ".join(readers)))
    book = Phrasebook(lang, package.name)
    try:
        prepared = reading.prepare(words or [])
    except Rejected as rejected:
        raise fail(book.reason(rejected)) from None
    state = _recorded_state(package, record, book) if record is not None else None
    picture = read_image(image)
    if picture is None and (refusal := image_refusal(image, lang)):
        raise fail(refusal, 1)
    if picture is None:
        raise fail(book.reason(Rejected("photo_unreadable", path=str(image))), 1)
    try:
        detections = make_decoder("tag+zxing", still=True).decode(picture)  # tags and QR both
        lines = reading.read(detections, prepared, state)
    except DecoderError as err:
        raise fail(say(lang, "no_decoder", reason=err.text(lang)), 1) from None
    except Rejected as rejected:
        raise fail(book.reason(rejected), 1) from None
    for event in lines:
        echo(book.render(event))
