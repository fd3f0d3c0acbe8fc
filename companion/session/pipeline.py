"""The record → announce pipeline: the one way an action reaches the table.

An action is checked by the rules, appended to the record and fsynced, and only then
announced: every event rendered through the phrasebook and said to its audience, with the
earcon the table rules give it; a public event about a seat (the table rules' `subject`) in
that seat's voice. A refusal is said with its reason and changes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from companion.engine import Action, Event, Match, Rejected, Seat
from companion.engine.table import TableRules
from companion.information import EQUAL, within_sight
from companion.journal import Journal
from companion.messages import os_reason
from companion.session.options import SessionOptions
from companion.speech.phrasebook import Phrasebook
from companion.speech.text import LINE_MAX, longest

PUBLIC = "all"
WRITE_FAILURES_BEFORE_STOP = 3  # refused writes in a row (a disk that stays full) that end the game,
DISK_FULL_FOR_S = 30.0  # once the disk has refused them for this long (room may come back meanwhile)


class Announcer(Protocol):
    """Where the session's lines go: the seat outputs (`speech.announcer.Announcer`). Text
    always (one screen, one seat), speech and earcons where routed, a braille display; a public
    line's ``speaker`` (the seat it is about) says it in that seat's voice. A new kind of seat
    joins there: neither the session nor a game changes. The keyboard's player stops speech,
    changes its rate and how much is said."""

    def announce(self, audience: Any, text: str, priority: int = ..., *,
                 speaker: int | None = ..., urgent: bool = ...) -> None: ...

    def earcon(self, name: str, audience: Any = ...) -> None: ...

    def wait(self, timeout: float = ...) -> bool: ...

    def stop(self, seat: int | None = ...) -> None: ...

    def faster(self) -> int: ...

    def slower(self) -> int: ...

    def choose_verbosity(self, level: str) -> str: ...

    def set_keyboard_seat(self, seat: int | None) -> None: ...


class Pipeline:
    """Says things to the table and to seats, and commits actions: check, record, announce."""

    def __init__(self, book: Phrasebook, announcer: Announcer, rules: TableRules[Any],
                 opts: SessionOptions) -> None:
        self.book = book
        self.ann = announcer
        self.rules = rules
        self.opts = opts
        self.match: Match | None = None
        self.journal: Journal | None = None
        # the last announcement ("répète" says it again, each seat its own part): the lines of
        # the newest batch of game events, and the prompts that followed them, each (audience,
        # text, the seat whose voice says it)
        self.last: list[tuple[Any, str, Seat | None]] = []
        self.write_refused = False  # the last action committed was refused by the record (a full disk)
        # keyboard only (the synthetic table): nobody shows a card to a camera, so a reason that
        # says "show the card" is said by its "_typed" form where the game has one ("type carte...")
        self.typed_only = False
        self.typist: int | None = None  # a seat typing on its own device (a phone), else the keyboard
        self._sight: tuple[Any, Seat, frozenset[str]] | None = None  # (state, seat, cards it sees)

    @property
    def me(self) -> int:
        """The seat whose typed line is being handled: the keyboard's, or a phone's."""
        return self.opts.me if self.typist is None else self.typist

    def mine(self, audience: Any) -> bool:
        """A line the keyboard's screen shows: public, or the keyboard seat's own."""
        return bool(audience == PUBLIC or audience == self.me)

    # -- saying things ---------------------------------------------------------------------------
    def say(self, audience: Any, text: str, *, keep: bool = False, speaker: Seat | None = None,
            urgent: bool = False) -> None:
        """One line to its audience; ``keep``: part of the last announcement ("répète", each
        seat hearing again what it heard); ``urgent``: the seat's turn or a question for it."""
        self.ann.announce(audience, text, speaker=speaker, urgent=urgent)
        if keep:
            self.last.append((audience, text, speaker))

    def speaker(self, event: Event) -> Seat | None:
        """The seat in whose voice an event is said: for a public event, the seat the table rules
        say it is about; None (the companion's own voice) otherwise."""
        return self.rules.subject(event) if event.audience == PUBLIC else None

    def tell(self, key: str, audience: Any = None, **params: Any) -> None:
        """A session phrase, to the keyboard's seat unless told otherwise."""
        self.say(self.me if audience is None else audience, self.book.text("session", key, params))

    def answer(self, events: Sequence[Event]) -> None:
        """The table rules' answer to the keyboard's seat, as one line (in sight, in "equal")."""
        if not events:
            return
        shown = self.in_sight(events)
        line = self.book.line(shown)
        if longest(line) <= LINE_MAX or len(shown) < 2:
            self.say(self.me, line)
            return
        for event in shown:  # too long for one line: each part on its own (a trick, a row...)
            self.say(self.me, self.book.line([event]))

    def in_sight(self, events: Sequence[Event], seat: Seat | None = None) -> list[Event]:
        """An answer to a seat (default: the one typing) as the table setting allows: in
        "equal", only its parts that name cards this seat's player could see now; in "aid",
        all of it."""
        seat = self.me if seat is None else seat
        if self.opts.information != EQUAL or self.match is None:
            return list(events)
        state = self.match.state
        cached = self._sight
        if cached is not None and cached[0] is state and cached[1] == seat:
            sight = cached[2]
        else:  # a state is never changed in place: what a seat sees in it is worked out once
            sight = self.rules.in_sight(state, seat)
            self._sight = (state, seat, sight)
        return within_sight(events, sight, seat, self.book, self.rules.kind_params)

    def earcon(self, name: str, audience: Any = PUBLIC) -> None:
        with contextlib.suppress(ValueError, AttributeError):
            self.ann.earcon(name, audience)

    def announce(self, events: Sequence[Event]) -> None:
        """Each event to its audience (the keyboard's seat hears its own private ones); the
        lines the keyboard's screen shows become the last announcement."""
        self.last = []
        for event in events:
            self.say(event.audience, self.book.render(event), keep=True, speaker=self.speaker(event))
            earcon = self.rules.earcons.get(event.key)
            if earcon is not None:
                self.earcon(earcon)

    def refuse(self, rejected: Rejected, *, from_camera: bool = False, audience: Any = PUBLIC,
               card: bool = False) -> None:
        """Say why, changing nothing. A card shown to the table is never named aloud. ``card``:
        a card typed (it is said to be refused, then why, as a card shown is)."""
        typed = f"{rejected.code}_typed"
        if self.typed_only and self.book.has("reasons", typed):
            rejected = Rejected(typed, **rejected.params)
        if from_camera:
            params = {k: (None if k == "card" else v) for k, v in rejected.params.items()}
            reason = self.book.reason(Rejected(rejected.code, **params))
            text = self.book.text("session", "card_refused", {"reason": reason})
        elif card:
            text = self.book.text("session", "card_refused", {"reason": self.book.reason(rejected)})
        else:
            text = self.book.reason(rejected)
        self.say(audience, text)
        self.earcon("label_refused", audience)

    def record_stopped(self, full_for: float) -> bool:
        """After WRITE_FAILURES_BEFORE_STOP refused writes in a row over DISK_FULL_FOR_S seconds
        (``full_for``: since the first of them), say where the record stops; True then (the
        game must end)."""
        if self.journal is None or self.journal.failures < WRITE_FAILURES_BEFORE_STOP \
                or full_for < DISK_FULL_FOR_S:
            return False
        self.tell("record_stopped", PUBLIC, n=self.journal.seq, path=str(self.journal.path))
        return True

    # -- committing an action ------------------------------------------------------------------
    def commit(self, action: Action, *, from_camera: bool = False,
               announce: bool = True) -> list[Event] | None:
        """Check, record (fsynced), then announce one action; its events, or None if refused."""
        assert self.match is not None and self.journal is not None
        self.write_refused = False
        try:
            new_state, events = self.match.check(action)
        except Rejected as rejected:  # a card shown is refused aloud; a typed line, to its typist
            self.refuse(rejected, from_camera=from_camera, audience=PUBLIC if from_camera else self.me)
            return None
        try:
            self.journal.append(action)
        except OSError as err:  # the record is as it was (whole lines, the sequence unchanged)
            self.tell("record_failed", PUBLIC, reason=os_reason(err, self.opts.lang))
            self.earcon("label_refused")
            self.write_refused = True
            return None
        self.match.push(action, new_state, events)
        if from_camera:
            self.earcon("label_read")
        if announce:
            self.announce(events)
        return events
