"""What the session remembers of the game besides its states: the standing moves, whose each
was and what it announced (what "annule" names and undoes)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Action, Event


@dataclass(frozen=True)
class Move:
    """An accepted action still standing, what it announced, and whose move it was."""

    action: Action
    events: list[Event]
    by: int | None
