"""The fixed phrases of a game, built into the cache before it starts."""

from __future__ import annotations

from card_codes import Deck
from companion.speech.audience import messages


def deck_phrases(deck: Deck, lang: str, seats: int = 4, seat_names: list[str] | None = None) -> list[str]:
    """Every card name and every seat name of a game, in ``lang``."""
    names = seat_names if seat_names is not None else list(messages(lang)["seats"])  # type: ignore[call-overload]
    return [card.name(lang) for card in deck] + names[:seats]
