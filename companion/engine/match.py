"""A game in progress: the accepted actions, the states they led to, and undo.

Undo is itself an action, `{"type": "undo"}`: it returns to the state before the last
accepted action that is still standing (consecutive undos go further back). Because
states are immutable, keeping the earlier states is the same as replaying the record
minus the undone actions, only faster. A long record is replayed in bounded memory: the
states no later undo goes back to are let go (`needed_states`), and a listing that only
prints the events keeps none of them (``keep_events=False``).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
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
    # oldest first; None where a replay let a state go that no undo will go back to
    states: list[State | None]
    events: list[Event]
    # the events of each standing action: batches[i] led to states[i + 1] (an undo drops its own)
    batches: list[list[Event]] = field(default_factory=list)
    keep_events: bool = True  # False: a listing that prints each action's events as they come
    events_let_go: int = 0  # events of a long replayed record no longer kept (the oldest)

    @classmethod
    def new(cls, game: Game, seats: int, options: Mapping[str, Any] | None = None) -> Match:
        state = game.new_state(seats, options)
        return cls(game, seats, dict(options or {}), [state], game.start_events(state))

    @property
    def state(self) -> State:
        state = self.states[-1]
        assert state is not None  # the newest state is never let go
        return state

    def check(self, action: Action) -> tuple[State, list[Event]]:
        """What one action (or an undo) would lead to, changing nothing: the state after it and
        its events. Rejected with the reason when the rules (or undo's own rule) refuse it. The
        one place an action is judged: `apply`, the live table's commit and `replay` all ask here."""
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Rejected("bad_action")
        if action["type"] == UNDO:
            if len(action) != 1:
                raise Rejected("bad_action")
            earlier = self.states[-2] if len(self.states) >= 2 else None
            if earlier is None:  # the start, or further back than a replayed record keeps
                raise Rejected("nothing_to_undo")
            return earlier, [Event("all", "undo", {})]
        return self.game.apply(self.state, action)

    def push(self, action: Action, state: State, events: list[Event]) -> None:
        """Take an action `check` accepted (and the record has kept): its state and events."""
        if action["type"] == UNDO:
            self.states.pop()
            self.batches.pop()
        else:
            self.states.append(state)
            self.batches.append(events if self.keep_events else _NOT_KEPT)
        if self.keep_events:
            self.events.extend(events)

    def apply(self, action: Action) -> list[Event]:
        """Apply one action (or an undo); return its events. Rejected leaves all unchanged."""
        state, events = self.check(action)
        self.push(action, state, events)
        return events

    @property
    def event_count(self) -> int:
        """Every event the game announced, those let go included (what a bot's dice count)."""
        return self.events_let_go + len(self.events)

    def let_go(self, keep_events: int, keep_batches: int) -> None:
        """Forget all but the newest ``keep_events`` events and the events of all but the newest
        ``keep_batches`` standing actions: a long record resumed in bounded memory. What the
        table asks of its history (the cards played this round) lies in the newest."""
        if len(self.events) > keep_events:
            drop = len(self.events) - keep_events
            del self.events[:drop]
            self.events_let_go += drop
        for i in range(max(0, len(self.batches) - keep_batches) - 1, -1, -1):
            if self.batches[i] is _NOT_KEPT:
                break  # the older ones were let go before
            self.batches[i] = _NOT_KEPT

    def standing_events(self) -> list[Event]:
        """The game's events without those of undone actions, oldest first."""
        first = self.states[0]
        assert first is not None  # the first state is never let go
        return [*self.game.start_events(first), *(e for batch in self.batches for e in batch)]


_NOT_KEPT: list[Event] = []  # the batch of an action whose events a listing printed and let go


def needed_states(undos: Sequence[int], keep_last: int) -> bytearray:
    """For each action of a record (``undos``: 1 where it is an undo), whether the state after it
    must be kept while replaying: an undo later goes back to it, or it is among the last
    ``keep_last`` states standing at the end (those a player may still take back)."""
    needed = bytearray(len(undos))
    standing = array("q")  # the action behind each standing state, oldest first
    for i, undo in enumerate(undos):
        if not undo:
            standing.append(i)
            continue
        if standing:
            standing.pop()
        if standing:
            needed[standing[-1]] = 1
    for i in standing[len(standing) - keep_last:] if keep_last > 0 else ():
        needed[i] = 1
    return needed


def replay(
    game: Game, seats: int, options: Mapping[str, Any] | None, actions: Iterable[tuple[int, Action]],
    rules: int | None = None, on_action: Callable[[State, Action, list[Event]], None] | None = None,
    *, keep_events: bool = True, keep_last: int | None = None, undos: Sequence[int] | None = None,
    keep_history: tuple[int, int] | None = None,
) -> Match:
    """Rebuild a match from numbered actions; ReplayError names the first refused line. A
    record made under other rules of the game (``rules``, its header's version; None for
    actions made under the rules of this program) is refused before its first action: its
    moves would be read under rules they were not played by. ``on_action(before, action,
    events)`` hears each action taken (the live table rebuilds whose move each one was).
    ``keep_events=False``: the match keeps no events (``on_action`` has them as they come).
    ``keep_last``: with ``undos`` (1 for each action that is an undo: a record's,
    `RecordActions.undos`), only the states an undo goes back to and the last ``keep_last``
    standing ones are kept.
    ``keep_history``: (events, actions) to keep the events of (`Match.let_go`), now and then."""
    if rules is not None and rules != game.rules_version:
        raise Rejected("rules_version", game=game.name, record=rules, ours=game.rules_version)
    match = Match.new(game, seats, options)
    match.keep_events = keep_events
    needed = needed_states(undos, keep_last) if keep_last is not None and undos is not None else None
    standing = array("q")  # with ``needed``: the action behind each state after the first
    for index, (line, action) in enumerate(actions):
        before = match.state
        try:
            events = match.apply(action)
        except Rejected as rejected:
            raise ReplayError(line, rejected) from None
        if needed is not None:
            if action["type"] == UNDO:
                standing.pop()
            else:
                if standing and not needed[standing[-1]]:
                    match.states[-2] = None  # no undo comes back to it: let it go
                standing.append(index)
        if on_action is not None:
            on_action(before, action, events)
        if keep_history is not None and index % 4096 == 4095:
            match.let_go(*keep_history)
    if keep_history is not None:
        match.let_go(*keep_history)
    match.keep_events = True  # what is played from now on (a resumed game) is kept
    return match
