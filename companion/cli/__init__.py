"""The `companion` command line.

Each area registers its commands on the one typer app in its own module. Heavy
libraries (OpenCV, decoders, speech, PDF) are imported inside the commands that need
them, so `companion --help` and `--version` start fast.
"""

from companion.cli import (  # noqa: F401  (registers the commands)
    board,
    cards,
    check,
    config,
    labels,
    play,
    replay,
    scan,
    score,
    simulate,
    speech,
)
from companion.cli.common import app


def main() -> None:
    app()


__all__ = ["app", "main"]
