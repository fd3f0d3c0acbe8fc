"""Tatsu's actions, typed: what `legal` lists and what records hold (DESIGN §5)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

# "from" is a Python keyword: the functional form names it.
PlayAction = TypedDict("PlayAction", {
    "type": Literal["play"], "seat": int, "card": str,
    "from": NotRequired[int],  # the hand it came from (default: the holder, else the seat)
    "slot": NotRequired[int],  # 2 players: the layout place it left
})


class HandAction(TypedDict):
    """A hand registered, privately (3 and 4 players); 2 players: a seat's deal, the 7 cards it
    lays face up (private) and the colours of the 7 laid face down under them (`down`, public)."""

    type: Literal["hand"]
    seat: int
    cards: list[str]
    down: NotRequired[list[str]]


class LayAction(TypedDict):
    """2 players: one place of a line laid (0 to 6), the face-up card and the colour under it
    (`down`, needed when no deal said it)."""

    type: Literal["lay"]
    seat: int
    slot: int
    card: str
    down: NotRequired[str]


class LayoutAction(TypedDict):
    """2 players: 7 face-up cards on 7 face-down ones whose colours are known."""

    type: Literal["layout"]
    seat: int
    up: list[str]
    down: list[str]


class RevealAction(TypedDict):
    """2 players: the card turned face up is named."""

    type: Literal["reveal"]
    seat: int
    card: str
    slot: NotRequired[int]


TatsuAction = PlayAction | HandAction | LayoutAction | LayAction | RevealAction
