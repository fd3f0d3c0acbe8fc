"""`companion config`: where the configuration is, what it holds, and changing it."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import app, fail
from companion.config import Config, ConfigError, config_path, load_config, save_config

TABLES = ("routes", "seat_names", "voices", "seat_voices", "verbosity")  # settings written KEY.SUB=VALUE


def _apply(config: Config, assignment: str) -> None:
    key, sep, value = assignment.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key:
        raise ConfigError(f"{assignment!r}: write KEY=VALUE, for example lang=en")
    section, dot, sub = key.partition(".")
    if dot and section in TABLES:
        table = getattr(config, section)
        if not value:
            table.pop(sub, None)
        elif section == "seat_names":
            table[sub] = [name.strip() for name in value.split(",")]
        else:
            table[sub] = value
        return
    if section not in Config.__dataclass_fields__ or section in TABLES:
        raise ConfigError(f"unknown setting {key!r}")
    current = getattr(config, section)
    try:
        new = type(current)(value)
    except ValueError as exc:
        raise ConfigError(f"{key}: {value!r} is not a {type(current).__name__}") from exc
    setattr(config, section, new)


@app.command("config")
def config_command(
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="Change a setting: lang=en, rate=200, backend=speechd, "
            "routes.all=table, routes.0=seat_north:left, voices.fr=roa/fr, seat_names.fr=Anne,Bob,Chloé,Dan, "
            "seat_voices.0=f2:50, voice_per_seat=off, pan=0.8, verbosity.all=bref, stop_key=escape, "
            "braille=on, braille_host=:1. An empty value removes a route (or a seat voice, a verbosity).",
        ),
    ] = None,
) -> None:
    """Say where the configuration file is and what it holds; --set changes it."""
    path = config_path()
    try:
        config = load_config(path)
        for assignment in set_ or []:
            _apply(config, assignment)
        if set_:
            save_config(config.validate(), path)
    except ConfigError as err:
        raise fail(f"Configuration: {err}") from err
    typer.echo(f"Configuration file: {path}{'' if path.exists() else ' (not written yet: defaults)'}")
    for key, value in vars(config).items():
        if isinstance(value, dict):
            for sub, item in value.items():
                shown = ", ".join(item) if isinstance(item, list) else item
                typer.echo(f"{key}.{sub} = {shown}")
        else:
            typer.echo(f"{key} = {value}")
