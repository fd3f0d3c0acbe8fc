"""A game in progress: the accepted actions, the states they led to, and undo.

Undo is itself an action, `{"type": "undo"}`: it returns to the state before the last
accepted action that is still standing (consecutive undos go further back). Because
states are immutable, keeping the earlier states is the same as replaying the record
minus the undone actions, only faster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.protocol import Action, Event, Game, Rejected, State
from companion.messages import ProgramError

UNDO = "undo"


class ReplayError(ProgramError):
    """An action of a record the rules refuse; names the record line (messages.toml, area
    ``replay``). Its text names the refusal's code only: whoever knows the game says the
    reason in words with its phrasebook (`rejected`), as the command line does."""

    area = "replay"

    def __init__(self, line: int, rejected: Rejected) -> None:
        self.line = line
        self.rejected = rejected
        super().__init__("refused", line=line, code=rejected.code)


@dataclass
class Match:
    """One game: the engine, its states (oldest first) and every event announced."""

    game: Game
    seats: int
    options: dict[str, Any]
    states: list[State]
    events: list[Event]
    # the events of each standing action: batches[i] led to states[i + 1] (an undo drops its own)
    batches: list[list[Event]] = field(default_factory=list)

    @classmethod
    def new(cls, game: Game, seats: int, options: Mapping[str, Any] | None = None) -> Match:
        state = game.new_state(seats, options)
        return cls(game, seats, dict(options or {}), [state], game.start_events(state))

    @property
    def state(self) -> State:
        return self.states[-1]

    def check(self, action: Action) -> tuple[State, list[Event]]:
        """What one action (or an undo) would lead to, changing nothing: the state after it and
        its events. Rejected with the reason when the rules (or undo's own rule) refuse it. The
        one place an action is judged: `apply`, the live table's commit and `replay` all ask here."""
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Rejected("bad_action")
        if action["type"] == UNDO:
            if len(action) != 1:
                raise Rejected("bad_action")
            if len(self.states) < 2:
                raise Rejected("nothing_to_undo")
            return self.states[-2], [Event("all", "undo", {})]
        return self.game.apply(self.state, action)

    def push(self, action: Action, state: State, events: list[Event]) -> None:
        """Take an action `check` accepted (and the record has kept): its state and events."""
        if action["type"] == UNDO:
            self.states.pop()
            self.batches.pop()
        else:
            self.states.append(state)
            self.batches.append(events)
        self.events.extend(events)

    def apply(self, action: Action) -> list[Event]:
        """Apply one action (or an undo); return its events. Rejected leaves all unchanged."""
        state, events = self.check(action)
        self.push(action, state, events)
        return events

    def standing_events(self) -> list[Event]:
        """The game's events without those of undone actions, oldest first."""
        return [*self.game.start_events(self.states[0]), *(e for batch in self.batches for e in batch)]


def replay(
    game: Game, seats: int, options: Mapping[str, Any] | None, actions: Iterable[tuple[int, Action]],
    rules: int | None = None, on_action: Callable[[State, Action, list[Event]], None] | None = None,
) -> Match:
    """Rebuild a match from numbered actions; ReplayError names the first refused line. A
    record made under other rules of the game (``rules``, its header's version; None for
    actions made under the rules of this program) is refused before its first action: its
    moves would be read under rules they were not played by. ``on_action(before, action,
    events)`` hears each action taken (the live table rebuilds whose move each one was)."""
    if rules is not None and rules != game.rules_version:
        raise Rejected("rules_version", game=game.name, record=rules, ours=game.rules_version)
    match = Match.new(game, seats, options)
    for line, action in actions:
        before = match.state
        try:
            events = match.apply(action)
        except Rejected as rejected:
            raise ReplayError(line, rejected) from None
        if on_action is not None:
            on_action(before, action, events)
    return match
