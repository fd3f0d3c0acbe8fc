"""What one game package declares: its engine, its table rules, its bot, its photo reading.

A game lives in `companion/games/<game>/`; its `__init__` builds one `GamePackage` and
passes it to `register`. Everything the session and the command line need from a game is
a field or a method declared here (or on `Game` and `TableRules`), never a name looked up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from companion.engine.protocol import Action, Event, Game, Seat, State

if TYPE_CHECKING:
    from companion.engine.match import Match
    from companion.engine.table import TableRules


class Bot(Protocol):
    """A synthetic player: what a seat does now on the synthetic table (demos, tests).

    It decides from ``rng`` (the table's seeded dice) and from what the seat may know: its
    private view and the public view, never another seat's hidden cards."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        """One action for ``seat`` (None when it has nothing to do)."""
        ...

    def play_for(self, match: Match, holder: Seat, front: Seat, rng: random.Random) -> str | None:
        """Asked to play a card for ``front`` from its own hand: the card, or None."""
        ...

    def table_options(self, game: Game) -> dict[str, Any]:
        """What a table of these bots adds to the game's options so that its games end (nothing
        for a bot that plays the rules people play; a clock for random players)."""
        ...


class Detection(Protocol):
    """One label read on a photo: its text, its corner points and its centre (image pixels)."""

    @property
    def text(self) -> str: ...

    @property
    def quad(self) -> Sequence[tuple[float, float]]: ...

    @property
    def centre(self) -> tuple[float, float]: ...


class PhotoReading(Protocol):
    """What a photo of the game's table means (`companion photo GAME IMAGE [WORDS...]`)."""

    usage: str  # what the photo shows and what WORDS may add, one line for --help and errors

    def prepare(self, words: Sequence[str]) -> Any:
        """Check the WORDS the player added (facts a photo cannot show); Rejected if bad."""
        ...

    def read(self, detections: Sequence[Detection], prepared: Any, state: State | None) -> list[Event]:
        """The lines to say, as events; ``state`` is the recorded game's (--record), if any.
        Rejected when the photo cannot be read (its reason says why)."""
        ...


@dataclass(frozen=True)
class LayoutNews:
    """What the labels at rest on the table say against the game's state, during play."""

    differences: tuple[Event, ...] = ()  # each said once, to the whole table, while it lasts
    proposal: Action | None = None  # a move seen on the table, which a player may confirm as the action
    question: Event | None = None  # how the proposal is asked (with "oui" or "non" for an answer)


class LayoutReading(Protocol):
    """The game's pieces or laid-out cards watched live (`companion play` with a camera): given
    the labels at rest whenever they change, what differs from the game, and a move to confirm."""

    def compare(self, detections: Sequence[Detection], state: State) -> LayoutNews:
        """The labels at rest (image pixels) against ``state``; nothing when they cannot be read
        (a board whose corners are out of view): the table is then not contradicted."""
        ...

    def claims(self, card: str, state: State) -> bool:
        """True for a card that is the layout's now (a board's corner, a piece on it, a card laid
        out): seen by the camera, it is not played as a card, only read where it lies."""
        ...


@dataclass(frozen=True)
class GamePackage:
    """One game: found in `companion/games/`, registered by its package's `__init__`."""

    rules: Game
    folder: Path  # the package folder: phrases/<lang>.toml, commands.toml, records/
    table: type[TableRules[Any]] | None = None  # None: the generic table rules
    bot: Bot | None = None  # None: random legal choices (engine/bots.py RandomBot)
    photo: PhotoReading | None = None  # None: a photo of this game's table means nothing
    layout: LayoutReading | None = None  # None: nothing laid on the table is watched during play
    featured: bool = False  # the game `play`, `demo` and `simulate` start when none is named

    @property
    def name(self) -> str:
        return self.rules.name

    def records(self) -> list[Path]:
        """The package's golden records (`records/*.jsonl`), each with its transcripts."""
        return sorted((self.folder / "records").glob("*.jsonl"))
