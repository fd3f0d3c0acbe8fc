"""The `companion` command line.

Each area registers its commands on the one typer app in its own module. Heavy
libraries (OpenCV, decoders, speech, PDF) are imported inside the commands that need
them, so `companion --help` and `--version` start fast.
"""

import sys

from companion.cli import (  # noqa: F401  (registers the commands)
    cards,
    check,
    config,
    labels,
    photo,
    play,
    replay,
    rules,
    scan,
    simulate,
    speech,
)
from companion.cli.common import app
from companion.guard import run_guarded

WEB_WHERE = {"lan": ["--web", "--lan"], "local": ["--web"]}  # "--web lan" as the players say it


def web_words(argv: list[str]) -> list[str]:
    """ "--web lan" / "--web local" as "--web --lan" / "--web" (a flag takes no value in typer)."""
    out: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--web":
            following = next(words, None)
            if following in WEB_WHERE:
                out += WEB_WHERE[following]
                continue
            out.append(word)
            if following is not None:
                out.append(following)
        else:
            out.append(word)
    return out


def main() -> None:
    """The `companion` command: the typer app behind the last-resort guard (one line, never a traceback)."""
    sys.argv[1:] = web_words(sys.argv[1:])
    run_guarded(app)


__all__ = ["app", "main"]
