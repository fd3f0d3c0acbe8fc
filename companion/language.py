"""The languages the companion speaks, and how a typed word is compared with the words it knows.

Folding is the one rule for every typed word, in the shared layers and in every game: lower
case, no accents, ligatures spelled out. So "Répète", "repete" and "REPETE" are one word, and
"8 de cœur" is "8 de coeur", as every French keyboard types it (œ and æ have no key of their own).
"""

from __future__ import annotations

import unicodedata

LANGS = ("fr", "en")  # French first: the default
# spelled out after casefold (which already makes ß "ss"); and with their capitals, for ASCII
LIGATURES: dict[int, str] = {ord("œ"): "oe", ord("æ"): "ae", ord("ĳ"): "ij"}
ASCII_LIGATURES: dict[int, str] = LIGATURES | {ord("Œ"): "OE", ord("Æ"): "AE", ord("Ĳ"): "IJ"}


def fold(text: str) -> str:
    """Lower case, no accents, ligatures spelled out: "Cœur Épée" is "coeur epee"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(LIGATURES))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def ascii_text(text: str) -> str:
    """The text in ASCII letters (for a drawing library that has no others), case kept."""
    spelled = text.translate(ASCII_LIGATURES)
    return unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode()
