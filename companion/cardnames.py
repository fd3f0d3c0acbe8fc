"""The names a player may type back for a card: every name the program says for it.

A card is said by its full name ("Saisie mD : manche droite", "Esprit rouge 1, 6 points"),
and players repeat the part they heard first: the part before a colon or a comma ("Saisie
mD", "Esprit rouge 1", "ISN"), the part after it, or a code printed in the name that the deck
also holds as an attribute ("mD", "ISN", "tsuki"). Case, accents and punctuation are ignored.
Several cards answer to one name (copies of a card, or "esprit rouge 1" for five cards): the
session narrows them down by what the player holds or may play.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from card_codes import Card, Deck
from companion.language import LANGS, fold

PUNCTUATION = re.compile(r"[\s:;,.!?«»\"()°]+")  # "MS rotation 90°" is typed "ms rotation 90" too


def norm(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces: "Saisie mD :" is "saisie md"."""
    return " ".join(PUNCTUATION.split(fold(text))).strip()


def spoken_names(card: Card, langs: Iterable[str] = LANGS) -> frozenset[str]:
    """Every typed form of the card's names (normalised by `norm`)."""
    key = (card.id, card.code, tuple(langs))
    if key not in _NAMES:
        _NAMES[key] = frozenset(_names(card, key[2]))
    return _NAMES[key]


_NAMES: dict[tuple[str, str, tuple[str, ...]], frozenset[str]] = {}  # cards never change


def _names(card: Card, langs: Iterable[str]) -> set[str]:
    names: set[str] = set()
    for lang in langs:
        full = card.name(lang)
        names.add(norm(full))
        for sep in (":", ",", "("):  # "Saisie mD : manche droite" -> "Saisie mD", "manche droite"
            for part in full.split(sep):  # "Forge (E4)" -> "Forge", "E4"
                names.add(norm(part))
        words = set(norm(full).split())
        for value in (card.code, *card.attrs.values()):  # a code the name prints: "mD", "ISN", "E4"
            if isinstance(value, str) and norm(value) in words:
                names.add(norm(value))
    names.discard("")
    return names


def cards_named(deck: Deck, word: str) -> list[str]:
    """The ids of the cards one of whose spoken names is ``word``, in deck order."""
    typed = norm(word)
    if not typed:
        return []
    return [card.id for card in deck if typed in spoken_names(card)]
