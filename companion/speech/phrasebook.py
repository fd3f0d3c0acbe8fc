"""Phrasebooks: engine events and rejections turned into short sentences.

Phrases are data: `phrases/<lang>/common.toml` (shared keys, rejection reasons) and
`phrases/<lang>/<game>.toml` (the game's keys, which win over common ones). Templates use
typed placeholders, `{field:kind}` or `{field:kind|singular|plural}`:

- `seat`, `seats`: seat names (configurable); `card`, `cards`: card names in the language;
- `either`: numbers as alternatives ("2, 3 ou 4");
- `count`: the length of a list, with its noun ("4 cartes"); `n`: a number, with its noun
  when given; `pl`: only the noun, chosen by the number or list length;
- `clan`, `clans`: a clan colour (singular or plural word); `factors`: "3" or "(1 + 3)";
- `numbered`: cards with the numbers a player types to pick one ("1 : a ; 2 : b");
- `cells`: a row of card places, None being the word `words.empty`; `term`, `terms`: a word
  (or a list of words) of the game's `[terms]` table (a disciple, a belt, an element, a die
  face, a unit), else the value as given.

An entry may have one form per verbosity level instead of one template:
`play = { brief = "{seat:seat} : {card:card}", normal = "...", detailed = "..." }`. It is
then rendered as a `verbosity.Phrase` (its normal form, carrying the others), and the
announcer says the form of each listener's level.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import Deck, DeckError, load_deck
from companion.speech.verbosity import LEVELS, Phrase

PHRASES_DIR = Path(__file__).parent / "phrases"
LANGS = ("fr", "en")
DEFAULT_SEAT_KEYS = ("north", "east", "south", "west")


@cache
def _table(lang: str, name: str) -> dict[str, Any]:
    path = PHRASES_DIR / lang / f"{name}.toml"
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _merged(lang: str, game: str | None) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name in ("common", game):
        if name is None:
            continue
        for section, entries in _table(lang, name).items():
            out.setdefault(section, {}).update(entries)
    return out


class _Formatter(string.Formatter):
    def __init__(self, book: Phrasebook) -> None:
        self.book = book

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, *words = format_spec.split("|") if format_spec else ("",)
        book = self.book
        if kind == "seat":
            return book.seat_name(value)
        if kind == "seats":
            return book.join([book.seat_name(s) for s in value])
        if kind == "card":
            return book.card_name(value)
        if kind == "cards":
            return book.join([book.card_name(c) for c in value], book.section("words").get("card_sep", ", "))
        if kind == "numbered":  # a hand read with the numbers a player types to pick a card
            sep = book.section("words").get("card_sep", ", ")
            return sep.join(f"{i} : {book.card_name(c)}" for i, c in enumerate(value, start=1))
        if kind == "either":  # alternatives: "2, 3 ou 4"
            return book.join([str(v) for v in value], or_word=True)
        if kind == "cells":
            empty = book.section("words").get("empty", "-")
            return book.section("words").get("card_sep", ", ").join(
                empty if c is None else book.card_name(c) for c in value)
        if kind in ("count", "n", "pl"):
            number = len(value) if isinstance(value, Sequence) and not isinstance(value, str) else value
            noun = (words[0] if book.singular(number) else words[-1]) if words else ""
            if kind == "pl":
                return noun
            return f"{number} {noun}".strip()
        if kind in ("clan", "clans"):
            return str(book.section(kind).get(value, value))
        if kind in ("term", "terms"):  # words looked up in the [terms] section (unknown ones as given)
            terms = book.section("terms")
            if kind == "term":
                return str(terms.get(str(value), value))
            return book.join([str(terms.get(str(v), v)) for v in value])
        if kind == "factors":
            parts = [str(f) for f in value]
            return parts[0] if len(parts) == 1 else "(" + " + ".join(parts) + ")"
        return format(value, format_spec)


class Phrasebook:
    """Sentences for one language and game; seat names may be replaced by the table's own."""

    def __init__(self, lang: str = "fr", game: str | None = None, seat_names: Sequence[str] | None = None,
                 seat_keys: Sequence[str] | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.game = game
        self.tables = _merged(lang, game)
        keys = list(seat_keys or DEFAULT_SEAT_KEYS)
        named = self.section("seats")
        self.seat_names = list(seat_names) if seat_names else [named.get(k, k) for k in keys]
        self.deck: Deck | None = None
        if game:
            try:
                self.deck = load_deck(game)
            except DeckError:
                self.deck = None
        self._formatter = _Formatter(self)

    def section(self, name: str) -> dict[str, Any]:
        return self.tables.get(name, {})

    def seat_name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return str(seat)

    def card_name(self, card: Any) -> str:
        if card is None:  # a refused card shown to the table is never named aloud
            return str(self.section("words").get("this_card", "?"))
        if self.deck is not None and isinstance(card, str) and card in self.deck:
            return self.deck.card(card).name(self.lang)
        return str(card)

    def join(self, items: Sequence[str], sep: str = ", ", *, or_word: bool = False) -> str:
        """Items as a spoken list: "a, b and c" (card names, which hold commas, use "; ");
        with ``or_word``, alternatives: "a, b or c"."""
        if len(items) <= 1:
            return "".join(items)
        last = self.section("words").get("or" if or_word else "and", "or" if or_word else "and")
        return sep.join(items[:-1]) + f" {last} " + items[-1]

    def singular(self, number: Any) -> bool:
        """French uses the singular for 0 and 1; English for 1 only."""
        if not isinstance(number, int):
            return False
        return abs(number) <= 1 if self.section("words").get("zero_is_singular", False) else abs(number) == 1

    def text(self, section: str, key: str, params: Mapping[str, Any]) -> str:
        """The sentence for `key`, or a plain fallback naming the key (never a crash); a
        `Phrase` when the entry has forms by verbosity level."""
        template = self.section(section).get(key)
        if template is None:
            return f"{key} {dict(params)}" if params else key
        if isinstance(template, dict):
            forms = {level: self._fill(template[level], key, params) for level in LEVELS if level in template}
            return Phrase(forms) if forms else key
        return self._fill(template, key, params)

    def _fill(self, template: str, key: str, params: Mapping[str, Any]) -> str:
        try:
            return self._formatter.vformat(template, (), dict(params))
        except (KeyError, IndexError, ValueError, TypeError):
            return f"{key} {dict(params)}"

    def render(self, event: Any) -> str:
        """One event (anything with `.key` and `.params`) as a sentence."""
        return self.text("events", event.key, event.params)

    def reason(self, rejected: Any) -> str:
        """A rejection (anything with `.code` and `.params`) as a short reason."""
        return self.text("reasons", rejected.code, rejected.params)

    def has(self, section: str, key: str) -> bool:
        return key in self.section(section)
