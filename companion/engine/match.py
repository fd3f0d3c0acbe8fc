"""A game in progress: the accepted actions, the states they led to, and undo.

Undo is itself an action, `{"type": "undo"}`: it returns to the state before the last
accepted action that is still standing (consecutive undos go further back). Because
states are immutable, keeping the earlier states is the same as replaying the record
minus the undone actions, only faster.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.protocol import Action, Event, Game, Rejected, State

UNDO = "undo"


class ReplayError(Exception):
    """An action of a record the rules refuse; names the record line."""

    def __init__(self, line: int, rejected: Rejected) -> None:
        self.line = line
        self.rejected = rejected
        super().__init__(f"line {line}: {rejected.code} {rejected.params}")


@dataclass
class Match:
    """One game: the engine, its states (oldest first) and every event announced."""

    game: Game
    seats: int
    options: dict[str, Any]
    states: list[State]
    events: list[Event]

    @classmethod
    def new(cls, game: Game, seats: int, options: Mapping[str, Any] | None = None) -> Match:
        state = game.new_state(seats, options)
        return cls(game, seats, dict(options or {}), [state], game.start_events(state))

    @property
    def state(self) -> State:
        return self.states[-1]

    def apply(self, action: Action) -> list[Event]:
        """Apply one action (or an undo); return its events. Rejected leaves all unchanged."""
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Rejected("bad_action")
        if action["type"] == UNDO:
            if len(action) != 1:
                raise Rejected("bad_action")
            if len(self.states) < 2:
                raise Rejected("nothing_to_undo")
            self.states.pop()
            events = [Event("all", "undo", {})]
        else:
            state, events = self.game.apply(self.state, action)
            self.states.append(state)
        self.events.extend(events)
        return events


def replay(
    game: Game, seats: int, options: Mapping[str, Any] | None, actions: Iterable[tuple[int, Action]],
    rules: int | None = None,
) -> Match:
    """Rebuild a match from numbered actions; ReplayError names the first refused line. A
    record made under other rules of the game (``rules``, its header's version; None for
    actions made under the rules of this program) is refused before its first action: its
    moves would be read under rules they were not played by."""
    if rules is not None and rules != game.rules_version:
        raise Rejected("rules_version", game=game.name, record=rules, ours=game.rules_version)
    match = Match.new(game, seats, options)
    for line, action in actions:
        try:
            match.apply(action)
        except Rejected as rejected:
            raise ReplayError(line, rejected) from None
    return match
