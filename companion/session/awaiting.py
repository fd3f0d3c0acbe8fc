"""What the table waits for: one slot, one thing at a time.

A question the rules asked a seat (a card's words, a choice: `engine.table.Question`), a
yes-or-no question (`Confirm`: an undo, a typo, a move seen on the table), "which card?"
(`Which`) or a hand being shown to the camera (`Scan`). A yes-or-no question, "which card?"
or a scan may come while a question waits: the question stands ``behind`` it and waits
again once it is answered or dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from companion.engine import Action
from companion.engine.table import Question


@dataclass
class Confirm:
    """A yes-or-no question to a seat's player: "undo" (``steps`` actions back, asked
    when the record held ``seq`` actions: play moving first cancels it; ``line`` is what the
    table then hears), "typo" (``line`` is what was meant) or "layout" (``move``, seen on the
    table, to be played)."""

    kind: Literal["undo", "typo", "layout"]
    seat: int | None  # who answers (None: anyone at the table, a move seen on it)
    seq: int = 0
    steps: int = 1
    line: str = ""
    move: Action | None = None
    behind: Question | None = None
    asked: str = ""  # the question as it was said (a phone's page shows it above its buttons)


@dataclass
class Which:
    """ "Lequel ?": the cards a typed name left to choose from, by number or full name."""

    cards: list[str]
    seat: int  # who typed the name
    behind: Question | None = None


@dataclass
class Scan:
    """A hand being shown to the camera ("scanne" … "fin"): the cards read so far."""

    seat: int  # whose hand
    cards: list[str] = field(default_factory=list)
    behind: Question | None = None


Awaiting = Question | Confirm | Which | Scan


def question_of(awaiting: Awaiting | None) -> Question | None:
    """The question waiting (itself, or behind what came after it)."""
    return awaiting if isinstance(awaiting, Question) or awaiting is None else awaiting.behind


def after(awaiting: Awaiting | None) -> Awaiting | None:
    """What the table waits for once this is answered or dropped: the question behind it."""
    return None if awaiting is None or isinstance(awaiting, Question) else awaiting.behind


def with_question(awaiting: Awaiting | None, question: Question | None) -> Awaiting | None:
    """The slot with ``question`` as the question waiting (None: answered), whatever stands
    in front of it."""
    if awaiting is None or isinstance(awaiting, Question):
        return question
    awaiting.behind = question
    return awaiting
