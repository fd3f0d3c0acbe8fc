"""A session with a recording announcer: what the table and each seat would hear."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session, SessionOptions


class Recorder:
    """Stands in for the Announcer at the unit seam; keeps every line and earcon.

    At each announcement it also reads the record file, so tests can check that an
    action was on disk before it was announced.
    """

    def __init__(self) -> None:
        self.lines: list[tuple[Any, str]] = []
        self.speakers: list[int | None] = []  # the seat each line is about (its voice)
        self.earcons: list[tuple[str, Any]] = []
        self.calls: list[tuple[str, Any]] = []  # stop, faster, slower, verbosity, keyboard seat
        self.record_at_announce: list[int] = []
        self.record: Path | None = None
        self.keyboard: Any = None

    def screen(self) -> list[str]:
        """What the keyboard's screen shows (one screen, one seat): public lines and its own."""
        return [t for a, t in self.lines if a == "all" or self.keyboard is None or a == self.keyboard]

    def announce(self, audience: Any, text: str, priority: int = 1, *, speaker: int | None = None,
                 urgent: bool = False) -> None:
        self.lines.append((audience, text))
        self.speakers.append(speaker)
        if self.record is not None and self.record.exists():
            self.record_at_announce.append(len(self.record.read_text(encoding="utf-8").splitlines()))

    def earcon(self, name: str, audience: Any = "all") -> None:
        self.earcons.append((name, audience))

    def wait(self, timeout: float = 10.0) -> bool:
        return True  # every line is "heard" the moment it is announced

    def stop(self, seat: int | None = None) -> None:
        self.calls.append(("stop", seat))

    def faster(self) -> int:
        self.calls.append(("faster", None))
        return 230

    def slower(self) -> int:
        self.calls.append(("slower", None))
        return 175

    def choose_verbosity(self, level: str) -> str:
        self.calls.append(("verbosity", level))
        return level

    def set_keyboard_seat(self, seat: Any) -> None:
        self.keyboard = seat
        self.calls.append(("keyboard_seat", seat))

    def texts(self, audience: Any = None) -> list[str]:
        return [t for a, t in self.lines if audience is None or a == audience]

    def clear(self) -> None:
        self.lines.clear()
        self.speakers.clear()
        self.earcons.clear()
        self.calls.clear()


def record_actions(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line)["action"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]


@pytest.fixture
def make_session(tmp_path: Path):  # type: ignore[no-untyped-def]
    def make(**kw: Any) -> tuple[Session, Recorder]:
        rec = Recorder()
        kw.setdefault("record", tmp_path / "game.jsonl")
        kw.setdefault("setup", False)
        session = Session(SessionOptions(**kw), rec)
        rec.record = kw["record"]
        session.open()
        session.begin()
        return session, rec

    return make
