"""`companion simulate`: a whole seeded random game through the rules engine, as a transcript.

No camera, no speech: the quickest way to see a game's announcements (the live, spoken
version on the synthetic table is `companion demo`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import GameArg, Lang, app, fail, package_or_exit, seats_or_exit
from companion.cli.replay import event_line, phrasebook_for
from companion.engine.simulate import random_match
from companion.speech.phrasebook import LANGS


@app.command()
def simulate(
    game: Annotated[str | None, typer.Argument(help=GameArg + " Default: the featured game.")] = None,
    lang: Lang = "fr",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random game.")] = 1,
    players: Annotated[int | None, typer.Option("--players", help="Number of players (default: the most "
                                                "the game allows).")] = None,
) -> None:
    """Play a whole random game through the rules engine and print what would be announced."""
    if lang not in LANGS:
        raise fail(f"Unknown language {lang!r}: {', '.join(LANGS)}.")
    package = package_or_exit(game)
    if players is None:
        players = max(package.rules.seat_counts)
    players = seats_or_exit(package.name, players, lang)
    match = random_match(package.name, players, seed)
    book = phrasebook_for(match, lang)
    for event in match.events:
        typer.echo(event_line(book, event))
