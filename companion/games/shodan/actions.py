"""Shodan's actions, typed: what `legal` lists and what records hold (DESIGN §5)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class SetupAction(TypedDict):
    """The jury's objective and the five face-up cards, one per pile colour."""

    type: Literal["setup"]
    objective: str
    face_up: list[str]


class DrawAction(TypedDict):
    type: Literal["draw"]
    seat: int
    pile: str
    face_up: NotRequired[bool]
    card: NotRequired[str]


class SeeAction(TypedDict):
    """A card drawn face down, shown to the companion."""

    type: Literal["see"]
    seat: int
    card: str


class PlaceAction(TypedDict):
    """A card placed on technique N (none: it starts one)."""

    type: Literal["place"]
    seat: int
    card: str
    technique: NotRequired[int]


class DiscardAction(TypedDict):
    type: Literal["discard"]
    seat: int
    card: str


class UkeAction(TypedDict):
    """Declared uke of technique N, placing a card on it."""

    type: Literal["uke"]
    seat: int
    technique: int
    card: str


class InteractiveAction(TypedDict):
    type: Literal["interactive"]
    seat: int
    card: str
    technique: NotRequired[int]
    target: NotRequired[str]
    partner: NotRequired[int]
    ask: NotRequired[str]
    given: NotRequired[bool]


class ActivateAction(TypedDict):
    type: Literal["activate"]
    seat: int
    notion: str
    target: NotRequired[str]
    victim: NotRequired[int]
    card: NotRequired[str]


class CloseAction(TypedDict):
    type: Literal["close"]
    seat: int
    technique: int


class DoneAction(TypedDict):
    type: Literal["done"]
    seat: int


class PassAction(TypedDict):
    type: Literal["pass"]
    seat: int


ShodanAction = (SetupAction | DrawAction | SeeAction | PlaceAction | DiscardAction | UkeAction
                | InteractiveAction | ActivateAction | CloseAction | DoneAction | PassAction)
