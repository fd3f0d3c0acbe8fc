"""Pure parsing of what a judo player types or says: a hand, a rock-paper-scissors result,
a throw's name, and the judo-only commands. Words are data (`words.toml`)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import load_deck
from companion.language import fold as fold_text

WORDS_FILE = Path(__file__).with_name("words.toml")


@dataclass(frozen=True)
class JudoCommand:
    """A parsed judo command: its name and its argument (a throw id, a count), if any."""

    name: str
    arg: str | int | None = None


def fold(text: str) -> str:
    """Lower case, no accents, words separated by single spaces (dashes count as spaces)."""
    return " ".join(re.split(r"[\s\-_]+", fold_text(text).strip()))


@cache
def _table() -> dict[str, Any]:
    return tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))


def _lookup(section: str, text: str) -> str | None:
    word = fold(text)
    return next((key for key, words in _table()[section].items() if word in {fold(w) for w in words}), None)


def hand(text: str) -> str | None:
    """'left' or 'right' for 'gauche', 'main droite', 'L'...; None otherwise."""
    return _lookup("hands", text)


def die_words(face: str) -> tuple[str, ...]:
    """The words that say a face of the GAKE die ("ippon", "dé ippon")."""
    return tuple(_table()["die"].get(face, [face]))


def ms_words(kind: str) -> tuple[str, ...]:
    """The short names of an MS card of this kind ("T180"); none for another card."""
    return tuple(_table()["ms"].get(kind, ()))


@cache
def filler_words() -> frozenset[str]:
    """The words a line of cards may hold between them ("carte", "et"), folded."""
    return frozenset(fold(w) for w in _table()["fillers"]["words"])


def rps_result(text: str) -> str | None:
    """'won' or 'lost' for 'gagné', 'perdu', 'won'...; None otherwise."""
    return _lookup("rps", text)


@cache
def _throw_names() -> dict[str, str]:
    out = {}
    for card in load_deck("judo"):
        if card.kind == "throw":
            japanese = card.name("fr").split(", ", 1)[-1]
            for name in (card.id, card["abbr"], japanese, japanese.replace("-", "")):
                out[fold(name)] = card.id
    return out


def throw(text: str) -> str | None:
    """The throw card named by its code ('ISN'), id or Japanese name ('uchi mata'); else None."""
    return _throw_names().get(fold(text))


def parse(line: str) -> JudoCommand | None:
    """A judo-only command ('manque ISN', 'projections', 'fini', 'pioche 3'), else None."""
    text = fold(line)
    for name, spec in _table()["commands"].items():
        for word in sorted((fold(w) for w in (*spec["fr"], *spec["en"])), key=len, reverse=True):
            if text != word and not text.startswith(word + " "):
                continue
            rest = text[len(word):].strip()
            if name == "lacks":
                card = throw(rest)
                return JudoCommand(name, card) if card else None
            if name == "draw":
                return JudoCommand(name, int(rest)) if rest.isdigit() and int(rest) > 0 else None
            return JudoCommand(name) if not rest else None
    return None
