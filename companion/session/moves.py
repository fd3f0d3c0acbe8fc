"""What the session remembers of the game besides its states: the standing moves (whose each
was, what it announced) and a yes-or-no question waiting for the keyboard's answer."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Action, Event


@dataclass(frozen=True)
class Move:
    """An accepted action still standing, what it announced, and whose move it was."""

    action: Action
    events: list[Event]
    by: int | None


@dataclass(frozen=True)
class Pending:
    """A yes-or-no question to the keyboard's player: "undo" (``steps`` actions back, asked
    when the record held ``seq`` actions: play moving first cancels it) or "typo" (``line``
    is what was meant) or "layout" (a move seen on the table, to be played)."""

    kind: str
    seq: int = 0
    steps: int = 1
    line: str = ""
