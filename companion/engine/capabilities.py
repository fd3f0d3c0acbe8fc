"""What only some games do at the table, each a capability of its own.

A game's `TableRules` subclass declares a capability by inheriting it (``class CardsTable(
TableRules[CardsState], Requests, Deciding)``); the session checks with `isinstance`
and offers the commands and questions that go with it only then. The base `TableRules` knows
none of them, so a new game writes only what it has.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from companion.engine.protocol import Action, Answer, Event, Rejected, Seat
from companion.engine.table import Question


class Placing(ABC):
    """A card is laid at a place the player names ("pose 1 2", "pose gauche de renard")."""

    @abstractmethod
    def place_action(self, state: Any, seat: Seat, words: str) -> dict[str, Any] | Question:
        """A placement from the words after "pose"; a Question when the words fit several places
        ("which one?"). ValueError when the words are no position (the session asks for one)."""


class Deciding(ABC):
    """Some details of a seat's move are another seat's choice (the seat asked to play a card
    for another, a duel's winner deciding a swap): the synthetic table asks that person."""

    @abstractmethod
    def decider(self, state: Any, action: Action) -> Seat | None:
        """The seat whose choice the details of ``action`` are, when it is not the seat acting;
        None when the actor decides all of it."""

    @abstractmethod
    def request(self, state: Any, action: Action, seat: Seat) -> Question:
        """The question that lets ``seat`` (the decider of ``action``) choose."""


class Requests:  # not abstract: each part has a default a game may keep
    """A seat asks another to play the next card for it ("demande Est"): partners, or a
    player and the dummy hand he plays."""

    def source(self, state: Any, asker: Seat, seat: Seat) -> Seat:
        """The seat who chooses the card ``seat``'s hand plays for ``asker`` (``seat`` itself
        by default); Rejected with the reason when the request cannot be made."""
        if seat == asker:
            raise Rejected("ask_self")
        return seat

    def asked(self, state: Any, asker: Seat, seat: Seat) -> Event:
        """What the table hears when ``asker`` asks ``seat`` to play a card for him."""
        return Answer("all", "ask", {"seat": asker, "other": seat})

    def own_choice(self, state: Any, asker: Seat, seat: Seat) -> Question | None:
        """``asker`` chooses himself the card ``seat``'s hand plays (the red player for the
        Ghost): the question listing that hand's cards, numbered; None: the hand is read."""
        return None


class Giving(ABC):
    """A card shown is given to a seat the dealer names ("donne Est")."""

    @abstractmethod
    def nothing_to_give(self, state: Any, seat: Seat, history: Sequence[Event]) -> Rejected | None:
        """Why "donne Est" gives nothing now (no card shown waits for a seat), in the game's own
        words; None: the session's plain "not now"."""


class PlacesNumbered(ABC):
    """A seat's cards are numbered by their place, which stays when a card leaves (a line laid
    on the table), not by their rank in a hand that closes up."""

    @abstractmethod
    def numbered_by_place(self, state: Any, seat: Seat) -> bool:
        """Whether ``seat``'s cards keep their numbers now (no renumbering is said)."""

