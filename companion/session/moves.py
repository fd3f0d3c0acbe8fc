"""What the session remembers of the game besides its states: the standing moves, whose each
was and what it announced, and what "annule" may take back.

A person's "annule" takes back their own last move and the public moves made after it (each
named to the table). It never takes back the table's own part (a deal, a draw, a card turned
up: the game's `table_actions`) nor a move that told another seat something privately (a card
drawn, a card taken): what was dealt or seen cannot be unseen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine import Action, Event, Game, State
from companion.engine.table import TableRules


@dataclass(frozen=True)
class Move:
    """An accepted action still standing, what it announced, and whose move it was.

    ``table``: the table's own part (a deal, a draw), nobody's move; ``private_to``: the seats
    its events told something privately."""

    action: Action
    events: list[Event]
    by: int | None
    table: bool = False
    private_to: frozenset[int] = frozenset()

    def closed_to(self, seat: int) -> bool:
        """Whether ``seat``'s "annule" may not take this move back."""
        return self.table or bool(self.private_to - {seat})


def move_of(game: Game, rules: TableRules[State], before: State, action: Action, events: list[Event]) -> Move:
    """The move ``action`` made in ``before`` (the one commit path and a record's replay both
    build it here)."""
    # the table's part is what the game itself would have the table do there (its kinds of action)
    table_kinds = {a["type"] for a in game.table_actions(before, random.Random(0))}
    table = action.get("type") in table_kinds
    private = frozenset(e.audience for e in events if isinstance(e.audience, int))
    return Move(action, events, None if table else rules.acted_by(before, action), table, private)


@dataclass(frozen=True)
class UndoPlan:
    """What "annule" would take back: ``moves`` (my move first, then those played after it)."""

    moves: list[Move]


@dataclass(frozen=True)
class UndoBlocked:
    """Why "annule" takes nothing back: ``reason`` "nothing" (no move of mine standing),
    "table" (the table dealt or drew after my move) or "private" (``seat`` was told something
    privately after it); ``mine``: my last move, when there is one."""

    reason: str
    mine: Move | None = None
    seat: int | None = None


def undo_plan(moves: Sequence[Move], seat: int) -> UndoPlan | UndoBlocked:
    """What ``seat``'s "annule" takes back, or why it takes nothing."""
    mine_at = [at for at, move in enumerate(moves) if move.by == seat and not move.table]
    if not mine_at:
        return UndoBlocked("nothing")
    at = mine_at[-1]
    mine = moves[at]
    for move in moves[at:]:
        if move.table:
            return UndoBlocked("table", mine)
        others = sorted(move.private_to - {seat})
        if others:
            return UndoBlocked("private", mine, others[0])
    return UndoPlan(list(moves[at:]))
