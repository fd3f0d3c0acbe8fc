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
    """A hand registered, privately (3 and 4 players)."""

    type: Literal["hand"]
    seat: int
    cards: list[str]


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


TatsuAction = PlayAction | HandAction | LayoutAction | RevealAction
