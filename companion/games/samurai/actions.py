"""The samurai game's actions, typed: what `legal` lists and what records hold (DESIGN §5)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class PlaceAction(TypedDict):
    """Set-up: one unit on a deployment square."""

    type: Literal["place"]
    seat: int
    unit: str
    at: str


class MoveAction(TypedDict):
    type: Literal["move"]
    seat: int
    unit: str
    to: str
    path: NotRequired[list[str]]


class AttackAction(TypedDict):
    type: Literal["attack"]
    seat: int
    unit: str
    target: str


class RemoveAction(TypedDict):
    """The unit a player chose to lose."""

    type: Literal["remove"]
    seat: int
    unit: str


class RecruitAction(TypedDict):
    type: Literal["recruit"]
    seat: int
    unit: str
    at: str


class MarkAction(TypedDict):
    type: Literal["mark"]
    seat: int
    at: str


class EventAction(TypedDict):
    """An event card played (``at``: the square it names, for those that name one)."""

    type: Literal["event"]
    seat: int
    card: str
    at: NotRequired[str]


class EndTurnAction(TypedDict):
    type: Literal["end_turn"]
    seat: int


class DrawAction(TypedDict):
    """The event card a team member draws (the card is named: the deck's order is unknown)."""

    type: Literal["draw"]
    seat: int
    card: str


SamuraiAction = (PlaceAction | MoveAction | AttackAction | RemoveAction | RecruitAction | MarkAction
                 | EventAction | EndTurnAction | DrawAction)
