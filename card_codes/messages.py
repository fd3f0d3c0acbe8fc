"""Messages as data: short reasons in French and English, looked up by a dotted key.

A message file is TOML with one table per language, then one per area:
``[fr.deck] duplicate_id = "identifiant en double"``. Unknown languages fall back to
French, unknown keys to English, then to the key itself (a message is never lost).
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

MESSAGES_FILE = Path(__file__).with_name("messages.toml")
LANGS = ("fr", "en")


@cache
def load_messages(path: Path) -> dict[str, dict[str, dict[str, str]]]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


class _Lenient(string.Formatter):
    """Formats with what it has: a missing parameter shows as its name, never raises."""

    def get_value(self, key: int | str, args: object, kwargs: Mapping[str, object]) -> object:
        return kwargs.get(str(key), "{" + str(key) + "}")

    def format_field(self, value: object, format_spec: str) -> str:
        try:
            text: str = super().format_field(value, format_spec)
            return text
        except (ValueError, TypeError):
            return str(value)


_FORMATTER = _Lenient()


def render(path: Path, lang: str, key: str, params: Mapping[str, object] | None = None) -> str:
    """The message ``area.name`` of the file at ``path`` in ``lang``, filled with ``params``."""
    tables = load_messages(path)
    area, _, name = key.partition(".")
    for language in (lang if lang in LANGS else "fr", "en"):
        template = tables.get(language, {}).get(area, {}).get(name)
        if isinstance(template, str):
            try:
                return _FORMATTER.format(template, **dict(params or {}))
            except (ValueError, IndexError):
                return template
    return key


def message(lang: str, key: str, /, **params: object) -> str:
    """A message of `card_codes` (deck files, input files)."""
    return render(MESSAGES_FILE, lang, key, params)
