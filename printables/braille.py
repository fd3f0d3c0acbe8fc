"""Braille: liblouis translation (ctypes), short forms from the deck files, and dot geometry.

Braille is drawn as dots at Marburg Medium size, never as a font: glyph sizes are
not the standard (see ../shared/notes/printables.md §1.4).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import string
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import DeckError, load_deck
from card_codes.errors import Words
from printables.messages import PrintError

BRAILLE_FILE = Path(__file__).parent / "braille.toml"

# Marburg Medium (mm)
DOT_PITCH = 2.5
CELL_PITCH = 6.0
LINE_PITCH = 10.0
DOT_DIAMETER = 1.5
CELL_HEIGHT = 2 * DOT_PITCH + DOT_DIAMETER  # top of dot 1 to bottom of dot 3
BLANK = "\u2800"
# dot number -> (column, row) inside a cell
DOT_PLACES = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2), 7: (0, 3), 8: (1, 3)}


class BrailleError(PrintError, RuntimeError):
    """liblouis or its table is missing, or a text cannot be put in Braille on a label
    (messages.toml, area ``braille``)."""

    area = "braille"


def line_width(cells: int) -> float:
    """Width in mm from the left edge of the first dot to the right edge of the last cell."""
    return (cells - 1) * CELL_PITCH + DOT_PITCH + DOT_DIAMETER if cells else 0.0


def cells_per_line(width: float) -> int:
    return max(0, int((width - DOT_PITCH - DOT_DIAMETER) // CELL_PITCH) + 1) if width > 0 else 0


def lines_in(height: float) -> int:
    return max(0, int((height - CELL_HEIGHT) // LINE_PITCH) + 1) if height >= CELL_HEIGHT else 0


@cache
def _data() -> dict[str, Any]:
    return tomllib.loads(BRAILLE_FILE.read_text(encoding="utf-8"))


def _short_forms(game: str) -> dict[str, Any]:
    """The game's Braille short forms: its deck file's `[braille]` table (none: empty)."""
    try:
        spec = load_deck(game).extra.get("braille", {})
    except DeckError:
        return {}
    return spec if isinstance(spec, dict) else {}


@cache
def _liblouis() -> tuple[Any, int, str]:
    name = ctypes.util.find_library("louis") or "liblouis.so.20"
    try:
        lib = ctypes.CDLL(name)
    except OSError as exc:
        raise BrailleError("no_liblouis") from exc
    size = lib.lou_charSize()
    return lib, size, "utf-16-le" if size == 2 else "utf-32-le"


def table_for(lang: str) -> str:
    tables = _data()["tables"]
    if lang not in tables:
        raise BrailleError("no_table", lang=lang, known=", ".join(tables))
    return str(tables[lang])


def translate(text: str, lang: str = "fr") -> str:
    """Unicode Braille (U+2800..) for ``text``, as liblouis writes it (no case change)."""
    if not text:
        return ""
    lib, size, codec = _liblouis()
    tables = f"unicode.dis,{table_for(lang)}".encode()
    inbuf = ctypes.create_string_buffer(text.encode(codec), (len(text) + 1) * size)
    inlen = ctypes.c_int(len(text))
    cap = 4 * len(text) + 16
    outbuf = ctypes.create_string_buffer(cap * size)
    outlen = ctypes.c_int(cap)
    ok = lib.lou_translateString(tables, inbuf, ctypes.byref(inlen), outbuf, ctypes.byref(outlen),
                                 None, None, 0)
    if not ok:
        raise BrailleError("cannot_translate", table=table_for(lang))
    return outbuf.raw[: outlen.value * size].decode(codec)


def words(text: str, lang: str = "fr") -> list[str]:
    """Each word of ``text`` (lowercased) in Braille on its own.

    Words are translated one by one: UEB would otherwise join "5 1" into one number.
    """
    return [translate(word, lang) for word in text.lower().split()]


def wrap(cells_by_word: list[str], per_line: int) -> list[str] | None:
    """Words packed into lines of at most ``per_line`` cells, or None if a word is too long."""
    lines: list[str] = []
    for word in cells_by_word:
        if len(word) > per_line:
            return None
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += BLANK + word
        else:
            lines.append(word)
    return lines


@dataclass(frozen=True)
class BrailleText:
    """What a label says in Braille: the print text it came from and its lines of cells."""

    text: str
    lines: tuple[str, ...]


def _fill(template: str, values: dict[str, str]) -> str | None:
    names = [field for _, field, _, _ in string.Formatter().parse(template) if field]
    if any(name not in values for name in names):
        return None
    return template.format(**values)


def candidates(game: str, card: Any, lang: str) -> list[str]:
    """Texts to try, best first: the card's name, then the game's short forms for its kind."""
    out = [card.name(lang)]
    spec = _short_forms(game)
    values = {k: str(v) for k, v in card.attrs.items()}
    for word_name, table in spec.get("words", {}).items():
        key = str(card.get(table["attribute"]))
        word = table.get(lang, table.get("fr", {})).get(key)
        if word is not None:
            values[word_name] = word
    for template in spec.get("short", {}).get(card.kind, []):
        text = _fill(template, values)
        if text and text not in out:
            out.append(text)
    return out


def fit_any(game: str, card: Any, lang: str, options: list[tuple[int, int]]) -> BrailleText:
    """The first candidate text whose Braille fits one of ``options`` (cells per line, lines).

    BrailleError saying what was tried when none fits.
    """
    tried: list[Words] = []
    for text in candidates(game, card, lang):
        cells = words(text, lang)
        for per_line, max_lines in options:
            lines = wrap(cells, per_line)
            if lines is not None and len(lines) <= max_lines:
                return BrailleText(text.lower(), tuple(lines))
        tried.append(Words("tried", {"text": text.lower(), "cells": sum(map(len, cells)) + len(cells) - 1}))
    room = [Words("room", {"lines": n, "cells": c}) for c, n in options[-1:]] or Words("no_room")
    raise BrailleError("no_fit", card=card.id, room=room, tried=tried or "")


def fit(game: str, card: Any, lang: str, per_line: int, max_lines: int) -> BrailleText:
    """The first candidate text that fits ``max_lines`` lines of ``per_line`` cells."""
    return fit_any(game, card, lang, [(per_line, max_lines)] if per_line and max_lines else [])


def dots(cells: str, x: float, y: float) -> Iterator[tuple[float, float]]:
    """Dot centres in mm (y downwards) for a line of cells, dot 1 of the first cell at (x, y)."""
    for i, ch in enumerate(cells):
        bits = ord(ch) - 0x2800
        if not 0 <= bits <= 0xFF:
            raise BrailleError("not_cell", char=ch)
        for dot, (col, row) in DOT_PLACES.items():
            if bits & (1 << (dot - 1)):
                yield x + i * CELL_PITCH + col * DOT_PITCH, y + row * DOT_PITCH
