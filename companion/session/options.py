"""What a session is asked to do, and where its record goes by default."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import featured_game
from companion.information import EQUAL
from companion.paths import data_dir


@dataclass
class SessionOptions:
    """What a session is asked to do."""

    game: str = ""  # empty: the featured game
    seats: int = 4
    options: dict[str, Any] = field(default_factory=dict)
    me: int = 0  # the seat of the person at the keyboard
    lang: str = "fr"
    seat_names: list[str] | None = None
    record: Path | None = None
    resume: Path | None = None
    bots: frozenset[int] = frozenset()  # seats the synthetic table plays by itself
    pace: float = 0.0  # seconds the synthetic table waits before each of its moves
    seed: int = 1
    setup: bool = True  # ask to accept the set-up before the game (interactive play)
    stop_when_over: bool = False  # the demo ends with the game; play waits for "quit"
    # what answers may name: "equal", what a sighted player sees now; "aid", the past as well
    information: str = EQUAL
    watch_layout: bool = False  # the camera also reads what lies on the table (a board, dojos) as it is
    phones: frozenset[int] = frozenset()  # seats played from their own device (a web page), by a person

    def __post_init__(self) -> None:
        if not self.game:
            self.game = featured_game()


def default_record_path(game: str) -> Path:
    """A new record file in the user's data folder."""
    folder = data_dir() / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game}-{stamp}-{n}.jsonl"
    return path
