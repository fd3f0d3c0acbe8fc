"""Dojo's actions, typed: what `legal` lists and what records hold (DESIGN §5)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class TrophyAction(TypedDict):
    """The flipped trophy."""

    type: Literal["trophy"]
    card: str


class GiveAction(TypedDict):
    """The dealer hands a tatami to a seat."""

    type: Literal["give"]
    seat: int
    card: str


class ChallengeAction(TypedDict):
    type: Literal["challenge"]
    seat: int


class PassAction(TypedDict):
    type: Literal["pass"]
    seat: int


class SwapAction(TypedDict):
    """The challenge winner swaps tatamis with the loser."""

    type: Literal["swap"]
    seat: NotRequired[int]


class PlaceAction(TypedDict):
    """A tatami placed, relative to the seat's first one at 0,0."""

    type: Literal["place"]
    seat: int
    row: NotRequired[int]
    col: NotRequired[int]


DojoAction = TrophyAction | GiveAction | ChallengeAction | PassAction | SwapAction | PlaceAction
