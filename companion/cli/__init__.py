"""The `companion` command line.

Each area registers its commands on the one typer app in its own module. Heavy
libraries (OpenCV, decoders, speech, PDF) are imported inside the commands that need
them, so `companion --help` and `--version` start fast.
"""

from companion.cli import (  # noqa: F401  (registers the commands)
    cards,
    check,
    config,
    labels,
    photo,
    play,
    replay,
    scan,
    simulate,
    speech,
)
from companion.cli.common import app
from companion.guard import run_guarded


def main() -> None:
    """The `companion` command: the typer app behind the last-resort guard (one line, never a traceback)."""
    run_guarded(app)


__all__ = ["app", "main"]
