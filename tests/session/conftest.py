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
        self.earcons: list[tuple[str, Any]] = []
        self.record_at_announce: list[int] = []
        self.record: Path | None = None
        self.keyboard: Any = None

    def set_keyboard_seat(self, seat: Any) -> None:
        self.keyboard = seat

    def screen(self) -> list[str]:
        """What the keyboard's screen shows (one screen, one seat): public lines and its own."""
        return [t for a, t in self.lines if a == "all" or self.keyboard is None or a == self.keyboard]

    def announce(self, audience: Any, text: str, priority: int = 1) -> None:
        self.lines.append((audience, text))
        if self.record is not None and self.record.exists():
            self.record_at_announce.append(len(self.record.read_text(encoding="utf-8").splitlines()))

    def earcon(self, name: str, audience: Any = "all") -> None:
        self.earcons.append((name, audience))

    def wait(self, timeout: float = 10.0) -> bool:
        return True  # every line is "heard" the moment it is announced

    def texts(self, audience: Any = None) -> list[str]:
        return [t for a, t in self.lines if audience is None or a == audience]

    def clear(self) -> None:
        self.lines.clear()
        self.earcons.clear()


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
