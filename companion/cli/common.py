"""The typer app and the helpers every command shares."""

from __future__ import annotations

from typing import Annotated

import typer

from card_codes import Deck, DeckError, load_deck
from companion import __version__
from companion.engine import GamePackage, GameSetupError, Rejected, featured_game, games, get_package
from companion.speech.phrasebook import Phrasebook

app = typer.Typer(
    help="A talking companion for blind players of physical card and board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

Lang = Annotated[str, typer.Option("--lang", help="Language of names and messages: fr or en.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"companion {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """A talking companion for blind players of physical card and board games."""


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a short reason on stderr; raise the returned Exit."""
    typer.echo(message, err=True)
    return typer.Exit(code)


GameArg = "The game's name (an unknown name lists the games)."


def package_or_exit(game: str | None) -> GamePackage:
    """The game package called ``game`` (None: the featured game); an unknown game, or a game
    missing its deck file or its package, is one clear line and exit code 2."""
    try:
        name = featured_game() if game is None else game
        if name not in games():
            raise fail(f"Unknown game {name!r}. Games: {', '.join(games())}.")
        return get_package(name)
    except GameSetupError as err:
        raise fail(f"Game set-up: {err}.") from None


def seats_or_exit(game: str, seats: int | None, lang: str) -> int:
    """The seat count to play ``game`` with: the game's own default when none is given; a
    count the game does not allow, or an unknown game, is one clear line and exit code 2."""
    engine = package_or_exit(game).rules
    if seats is None:
        return engine.default_seats
    if seats not in engine.seat_counts:
        rejected = Rejected("bad_seat_count", n=seats, allowed=list(engine.seat_counts))
        raise fail(f"{game}: {Phrasebook(lang if lang in ('fr', 'en') else 'fr').reason(rejected)}")
    return seats


def deck_or_exit(game: str) -> Deck:
    """The game's deck, or a clear message and exit code 2."""
    package_or_exit(game)
    try:
        return load_deck(game)
    except DeckError as err:
        raise fail(f"Bad deck file: {err}") from err
