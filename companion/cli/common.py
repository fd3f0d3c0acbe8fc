"""The typer app and the helpers every command shares."""

from __future__ import annotations

from typing import Annotated

import typer

from card_codes import Deck, DeckError, available_games, load_deck
from companion import __version__

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


def seats_or_exit(game: str, seats: int | None, lang: str) -> int:
    """The seat count to play ``game`` with: the game's own default when none is given; a
    count the game does not allow, or an unknown game, is one clear line and exit code 2."""
    from companion.engine import Rejected, games, get_game
    from companion.speech.phrasebook import Phrasebook

    if game not in games():
        raise fail(f"Unknown game {game!r}. Games: {', '.join(games())}.")
    engine = get_game(game)
    if seats is None:
        return engine.default_seats
    if seats not in engine.seat_counts:
        rejected = Rejected("bad_seat_count", n=seats, allowed=list(engine.seat_counts))
        raise fail(f"{game}: {Phrasebook(lang if lang in ('fr', 'en') else 'fr').reason(rejected)}")
    return seats


def deck_or_exit(game: str) -> Deck:
    """The game's deck, or a clear message and exit code 2."""
    if game not in available_games():
        raise fail(f"Unknown game {game!r}. Games: {', '.join(available_games())}.")
    try:
        return load_deck(game)
    except DeckError as err:
        raise fail(f"Bad deck file: {err}") from err
