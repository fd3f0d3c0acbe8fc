"""What each rule option of a game decides, in the players' words (fr, en): the game's
`options.toml`, one table per option (``fr``, ``en``, ``text``: the rule text's words it reads,
``technical``, ``choices.<value>.fr|en`` for an option with choices, and ``values.<value>.fr|en``
for the values worth words of an option without (a seat list, "none": the deck file's). Read once
per game."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from companion.engine.discovery import get_package


@cache
def _texts(game: str) -> dict[str, Any]:
    path = get_package(game).folder / "options.toml"
    if not path.exists():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _entry(game: str, name: str) -> dict[str, Any]:
    entry = _texts(game).get(name, {})
    return entry if isinstance(entry, dict) else {}


def option_text(game: str, name: str, lang: str) -> str:
    """What option ``name`` decides, in ``lang`` (its name when no words are written yet)."""
    return str(_entry(game, name).get(lang, name))


def choice_text(game: str, name: str, value: str, lang: str) -> str:
    """What choice ``value`` of option ``name`` means, in ``lang`` (the value itself when unwritten)."""
    choice = _entry(game, name).get("choices", {}).get(value, {})
    return str(choice.get(lang, value)) if isinstance(choice, dict) else value


def value_text(game: str, name: str, value: str, lang: str) -> str:
    """A value of an option without choices, in ``lang`` (the value itself when unwritten)."""
    said = _entry(game, name).get("values", {}).get(value, {})
    return str(said.get(lang, value)) if isinstance(said, dict) else value


def rule_quote(game: str, name: str) -> str | None:
    """The words of the French rule text the option reads, when it reads some."""
    quote = _entry(game, name).get("text")
    return str(quote) if quote else None


def is_technical(game: str, name: str) -> bool:
    """An option that is no house rule (a seed, a seat the set-up names)."""
    return bool(_entry(game, name).get("technical", False))
