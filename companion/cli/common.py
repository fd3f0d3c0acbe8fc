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


def deck_or_exit(game: str) -> Deck:
    """The game's deck, or a clear message and exit code 2."""
    if game not in available_games():
        raise fail(f"Unknown game {game!r}. Games: {', '.join(available_games())}.")
    try:
        return load_deck(game)
    except DeckError as err:
        raise fail(f"Bad deck file: {err}") from err
