"""`companion config`: where the configuration is, what it holds, and changing it."""

from __future__ import annotations

from typing import Annotated

import typer

from companion.cli.common import Lang, app, echo, fail, lang_or_exit, say
from companion.config import ConfigError, config_path, problem_line, read_config, save_config, set_value
from companion.messages import os_reason, text


@app.command("config")
def config_command(
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="Change a setting: lang=en, rate=200, latency=0.02, backend=speechd, "
            "routes.all=table, routes.0=seat_north:left, voices.fr=roa/fr, seat_names.fr=Anne,Bob,Chloé,Dan, "
            "seat_voices.0=f2:50, voice_per_seat=off, pan=0.8, verbosity.all=bref, stop_key=escape, "
            "braille=on, braille_host=:1. An empty value removes a route (or a seat voice, a verbosity). "
            "Each value is checked before anything is written.",
        ),
    ] = None,
    lang: Lang = None,
) -> None:
    """Say where the configuration file is and what it holds; --set changes it."""
    path = config_path()
    config, problems = read_config(path)
    lang = lang_or_exit(lang, config)
    for problem in problems:
        echo(problem_line(problem, lang), err=True)
    if set_:
        if any(p.key == "*" for p in problems):  # never overwrite a file that could not be read at all
            raise fail(say(lang, "config_unreadable", path=path), 1)
        try:
            for assignment in set_:
                set_value(config, assignment)
        except ConfigError as err:
            raise fail(text(lang, "config.ignored_set", problem=err.text(lang))) from None
        try:
            save_config(config, path)
        except OSError as err:
            raise fail(say(lang, "cannot_write", path=path, reason=os_reason(err, lang)), 1) from None
    written = path.exists()
    echo(say(lang, "config_file" if written else "config_file_defaults", path=path))
    for key, value in vars(config).items():
        if isinstance(value, dict):
            for sub, item in value.items():
                shown = ", ".join(item) if isinstance(item, list) else item
                echo(f"{key}.{sub} = {shown}")
        else:
            echo(f"{key} = {value}")
