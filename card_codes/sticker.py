"""The sticker code as data: tactile number marks (`stickers.toml`), and each game's colour
symbols, kind shapes and printed numbers (its deck file's `[sticker]` table)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from card_codes.deck import Card, DeckError, load_deck

STICKERS_FILE = Path(__file__).parent / "stickers.toml"


@dataclass(frozen=True)
class Mark:
    """One tactile shape, with the number it stands for (0 for the zero bar)."""

    shape: str
    value: int
    names: dict[str, str]
    source: str

    def name(self, lang: str = "fr") -> str:
        return self.names.get(lang, self.names["fr"])


@dataclass(frozen=True)
class Symbol:
    """A colour symbol or a kind symbol."""

    shape: str
    names: dict[str, str]
    source: str
    ink: str = "#000000"

    def name(self, lang: str = "fr") -> str:
        return self.names.get(lang, self.names["fr"])


@dataclass(frozen=True)
class CardNumber:
    """A number shown on a label: which attribute, its value, and its marks."""

    attribute: str
    names: dict[str, str]
    value: int
    marks: tuple[Mark, ...]


class StickerCode:
    """The code for all games, loaded from a stickers file."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._marks = sorted(
            (Mark(m["shape"], m["value"], m["name"], m["source"]) for m in data["marks"]),
            key=lambda m: -m.value,
        )
        z = data["zero"]
        self.zero = Mark(z["shape"], 0, z["name"], z["source"])
        self._games: dict[str, dict[str, Any]] = data.get("games", {})  # a sticker file may override decks

    def _game(self, game: str) -> dict[str, Any]:
        """A game's sticker table: this file's, else its deck file's `[sticker]` (none: empty)."""
        if game in self._games:
            return self._games[game]
        try:
            spec = load_deck(game).extra.get("sticker", {})
        except DeckError:
            return {}
        return spec if isinstance(spec, dict) else {}

    @property
    def marks(self) -> tuple[Mark, ...]:
        return tuple(self._marks)

    def marks_for(self, n: int) -> tuple[Mark, ...]:
        """Tactile marks that write ``n``, largest first (the zero bar for 0)."""
        if n < 0:
            raise ValueError("numbers on cards are never negative")
        if n == 0:
            return (self.zero,)
        out: list[Mark] = []
        for mark in self._marks:
            while n >= mark.value:
                out.append(mark)
                n -= mark.value
        return tuple(out)

    def colour_symbol(self, game: str, card: Card) -> Symbol | None:
        """The colour symbol of a card, or None if its game or colour has none."""
        spec = self._game(game)
        if not spec:
            return None
        value = card.get(spec["colour_attribute"])
        colour = spec.get("colours", {}).get(str(value))
        if colour is None:
            return None
        return Symbol(colour["shape"], colour["name"], colour["source"], colour.get("ink", "#000000"))

    def kind_symbol(self, game: str, card: Card) -> Symbol | None:
        spec = self._game(game).get("kinds", {}).get(card.kind)
        if spec is None:
            return None
        return Symbol(spec["shape"], spec["name"], spec["source"])

    def numbers(self, game: str, card: Card) -> list[CardNumber]:
        """The numbers a label shows for this card, in reading order, with their marks."""
        spec = self._game(game)
        if not spec:
            return []
        out = []
        for entry in spec["numbers"]:
            value = card.get(entry["attribute"])
            if isinstance(value, int) and not isinstance(value, bool):
                out.append(CardNumber(entry["attribute"], entry["name"], value, self.marks_for(value)))
        return out

    def legend(self, game: str) -> dict[str, list[Symbol | Mark]]:
        """Everything a legend page explains for one game."""
        spec = self._game(game)
        colours: list[Symbol | Mark] = [Symbol(c["shape"], c["name"], c["source"], c.get("ink", "#000000"))
                                        for c in spec.get("colours", {}).values()]
        kinds: list[Symbol | Mark] = [Symbol(k["shape"], k["name"], k["source"])
                                      for k in spec.get("kinds", {}).values()]
        return {"colours": colours, "kinds": kinds, "marks": [*self._marks, self.zero]}


_DEFAULT: StickerCode | None = None


def load_sticker_code(path: Path | str | None = None) -> StickerCode:
    """The sticker code from ``path``, or the shipped one (cached)."""
    global _DEFAULT
    if path is not None:
        return StickerCode(tomllib.loads(Path(path).read_text(encoding="utf-8")))
    if _DEFAULT is None:
        _DEFAULT = StickerCode(tomllib.loads(STICKERS_FILE.read_text(encoding="utf-8")))
    return _DEFAULT
