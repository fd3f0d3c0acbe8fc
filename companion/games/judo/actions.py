"""The judo game's actions, typed: what `legal` lists and what records hold (DESIGN §5)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class DrawAction(TypedDict):
    """Cards drawn: named (seen by the camera), or a count of unseen ones."""

    type: Literal["draw"]
    seat: int
    cards: NotRequired[list[str]]
    count: NotRequired[int]


class PlayAction(TypedDict):
    """A grip (``hand`` it takes) or a kuzushi (``rps``: the players' rock-paper-scissors)."""

    type: Literal["play"]
    seat: int
    card: str
    hand: NotRequired[str]
    rps: NotRequired[str]


class ThrowAction(TypedDict):
    """A throw card and the MS cards its recipe asks."""

    type: Literal["throw"]
    seat: int
    cards: list[str]
    die: NotRequired[str]  # the face the table's own GAKE die showed (option die = "table")


class EndTurnAction(TypedDict):
    type: Literal["end_turn"]
    seat: int


class DiscardAction(TypedDict):
    type: Literal["discard"]
    seat: int
    card: str


JudoAction = DrawAction | PlayAction | ThrowAction | EndTurnAction | DiscardAction
