"""`companion simulate`: a whole seeded random game through the rules engine, as a transcript.

No camera, no speech: the quickest way to see a game's announcements (the live, spoken
version on the synthetic table is `companion demo`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import (
    GameArg,
    Lang,
    OptionOpt,
    PresetOpt,
    app,
    deck_or_exit,
    echo,
    house_rules_or_exit,
    lang_or_exit,
    package_or_exit,
    seats_or_exit,
    user_config,
)
from companion.cli.replay import event_line, phrasebook_for
from companion.engine.simulate import random_match


@app.command()
def simulate(
    game: Annotated[str | None, typer.Argument(help=GameArg + " Default: the featured game.")] = None,
    lang: Lang = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random game.")] = 1,
    players: Annotated[int | None, typer.Option("--players", help="Number of players (default: the most "
                                                "the game allows).")] = None,
    option: OptionOpt = None,
    preset: PresetOpt = None,
) -> None:
    """Play a whole random game through the rules engine and print what would be announced."""
    config = user_config(lang)
    lang = lang_or_exit(lang, config)
    package = package_or_exit(game, lang)
    house = house_rules_or_exit(package, config, preset, option, lang)
    if players is None:
        players = max(package.rules.seat_counts)
    players = seats_or_exit(package.name, players, lang)
    deck_or_exit(package.name, lang)
    match = random_match(package.name, players, seed, options=house)
    book = phrasebook_for(match.game, match.seats, lang)
    for event in match.events:
        echo(event_line(book, event))
