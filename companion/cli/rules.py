"""`companion rules GAME`: every rule option of a game, read to a person."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import (
    GameArg,
    Lang,
    OptionOpt,
    PresetOpt,
    app,
    echo,
    house_rules_or_exit,
    lang_or_exit,
    package_or_exit,
    seats_or_exit,
    user_config,
)
from companion.house_rules import MAX_LINE, house_options, option_lines, rules_in_force_line
from companion.messages import text


@app.command()
def rules(
    game: Annotated[str | None, typer.Argument(help=GameArg + " Default: the featured game.")] = None,
    lang: Lang = None,
    seats: Annotated[int | None, typer.Option("--seats", help="Number of players (some defaults depend "
                                              "on it).")] = None,
    option: OptionOpt = None,
    preset: PresetOpt = None,
) -> None:
    """List a game's rule options: what each decides, its choices, the default, the words of the
    text it reads, and what is in force (your configuration, a preset, --option)."""
    config = user_config(lang)
    lang = lang_or_exit(lang, config)
    package = package_or_exit(game, lang)
    seats = seats_or_exit(package.name, seats, lang)
    chosen = house_rules_or_exit(package, config, preset, option, lang)
    resolved = package.rules.resolve_options(seats, chosen)
    lines = option_lines(package.rules, seats, resolved, lang)
    title = {"game": package.name.capitalize(), "n": len(house_options(package.rules))}
    room = MAX_LINE - len(text(lang, "house.title", **title, in_force=""))  # the title is one line
    echo(text(lang, "house.title", **title,
              in_force=rules_in_force_line(package.rules, seats, resolved, lang, room)))
    for line in lines:
        echo(line)
