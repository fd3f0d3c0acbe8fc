"""What the session's parts may use of the session: one narrow protocol, no import of it.

The parts (`setup`, `handlers`, `names`, `driver`, `layout`) are objects that each hold the
session as a `Host`; the session (`loop`) builds them and is the only module that imports
them all, so no part imports the session back (no cycle, ``TYPE_CHECKING`` included).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

from card_codes import Deck
from companion.commands import Command, Commands
from companion.engine import Action, Bot, Event, Game, GamePackage, Match, Rejected, State
from companion.engine.table import Hints, Question, TableRules
from companion.journal import Journal
from companion.session.awaiting import Awaiting
from companion.session.moves import Move
from companion.session.options import SessionOptions
from companion.session.pipeline import PUBLIC, Announcer, Pipeline
from companion.speech.phrasebook import Phrasebook

__all__ = ["PUBLIC", "SPEECH_COMMANDS", "Host", "LiveTable", "SeenMemory"]

SPEECH_COMMANDS = ("stop", "faster", "slower", "brief", "normal", "detailed")  # about the speech itself


class LiveTable(Protocol):
    """The synthetic table (`session.synthetic.LiveTable`): cards put down where its camera sees them."""

    def show(self, card: str, seat: int, nth: int = ...) -> None: ...
    def clear(self, cards: Sequence[str] | None = ...) -> None: ...
    def on_table(self) -> Sequence[str]: ...


class SeenMemory(Protocol):
    """What the camera's tracker remembers of cards laid (companion.vision.tracker)."""

    def forget_cards(self, cards: Sequence[str]) -> None: ...
    def taken_up(self, cards: Sequence[str]) -> None: ...


class Host(Protocol):
    """The session as its parts see it: the game, the one slot of what the table waits for,
    and the few ways to act (apply an action, ask a question, say a line)."""

    opts: SessionOptions
    ann: Announcer
    package: GamePackage
    game: Game
    book: Phrasebook
    rules: TableRules[Any]
    bot: Bot
    commands: Commands
    pipeline: Pipeline
    deck: Deck
    table: LiveTable | None
    clock: Callable[[], float]
    hints: Hints
    awaiting: Awaiting | None
    moves: list[Move]
    seen_memory: SeenMemory | None
    quit: bool
    started: bool
    page_links: list[str]  # the phones' links, as shown at the start ("liens" says them again)

    @property
    def keyboard_seat(self) -> int | None: ...
    @property
    def me(self) -> int:
        """The seat whose typed line or command is being handled (the keyboard's)."""
        ...
    @property
    def match(self) -> Match | None: ...
    @property
    def journal(self) -> Journal | None: ...
    @property
    def state(self) -> State: ...

    def say(self, audience: Any, text: str, *, keep: bool = ..., speaker: int | None = ...,
            urgent: bool = ...) -> None: ...
    def tell(self, key: str, audience: Any = ..., **params: Any) -> None: ...
    def answer(self, events: Sequence[Event]) -> None: ...
    def refuse(self, rejected: Rejected, *, from_camera: bool = ..., audience: Any = ...,
               card: bool = ...) -> None: ...
    def apply(self, action: Action, *, from_camera: bool = ..., prompt: bool = ...,
              announce: bool = ...) -> bool: ...
    def ask(self, question: Question) -> None: ...
    def begin(self) -> None: ...
    def prompt_turn(self, was_due: Collection[int] = ...) -> None: ...
    def handle_card(self, card: str, zone_seat: int | None = ...) -> None: ...
    def typed_card(self, line: str) -> bool: ...
    def game_line(self, line: str) -> bool: ...
    def run_command(self, cmd: Command) -> None: ...
    def seat_named(self, word: str) -> int | None: ...
    def seat_list(self) -> list[int]: ...
    def person(self, seat: int | None) -> bool: ...
    def screens(self) -> list[int]: ...
    def bot_gives(self, holder: int) -> None: ...
