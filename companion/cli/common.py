"""The typer app and the helpers every command shares."""

from __future__ import annotations

from typing import Annotated, Any

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


def announcer_for(lang: str, text_only: bool, seat_names: list[str] | None = None) -> Any:
    """The announcer from the user's configuration; text only when asked or when speech fails."""
    from companion.speech import Announcer, SpeechConfig

    try:
        config = SpeechConfig.load()
    except Exception as err:  # a broken file must not stop the game: say it, go on in text
        typer.echo(f"Configuration: {err}", err=True)
        config = SpeechConfig()
    backend = "text" if text_only else config.backend
    try:
        return Announcer.from_config(config, lang=lang, backend=backend, seat_names=seat_names)
    except Exception as err:  # the announcer says device trouble itself; this is the last resort
        typer.echo(f"Speech unavailable ({err}); text only.", err=True)
        return Announcer(lang, backend="text", seat_names=seat_names)


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


def seat_names(game_name: str | None, seats: int) -> dict[str, int]:
    """Every seat's name in French and English (the game's own, or North, East... without a
    game), to the seat's number."""
    from companion.engine import get_game
    from companion.speech.phrasebook import Phrasebook

    keys = get_game(game_name).seat_keys(seats) if game_name else None
    names: dict[str, int] = {}
    for language in ("fr", "en"):
        book = Phrasebook(language, game_name, seat_keys=keys)
        names.update({book.seat_name(seat): seat for seat in range(seats)})
    return names


def zones_or_exit(text: str | None, game: str | None, seats: int) -> Any:
    """The seat zones of --zones, or one clear line and exit 2."""
    if text is None:
        return ()
    from companion.vision.zones import ZoneError, parse_zones

    try:
        return parse_zones(text, seats, seat_names(game, seats))
    except ZoneError as err:
        raise fail(str(err)) from None


def deck_or_exit(game: str) -> Deck:
    """The game's deck, or a clear message and exit code 2."""
    if game not in available_games():
        raise fail(f"Unknown game {game!r}. Games: {', '.join(available_games())}.")
    try:
        return load_deck(game)
    except DeckError as err:
        raise fail(f"Bad deck file: {err}") from err
