"""The short typed commands of the live companion: parse a line, suggest on a typo.

The words are data (`commands.toml`); French and English words are both accepted. A word
may be two words ("plus vite"): they are matched before the first word alone. Parsing is
pure: the session decides what a command does.
"""

from __future__ import annotations

import difflib
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

COMMANDS_FILE = Path(__file__).parent / "commands.toml"


@dataclass(frozen=True)
class Command:
    """A parsed line: the command's name and the words after it."""

    name: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unknown:
    """A line that is no command; ``suggestion`` is the nearest word, if any."""

    word: str
    suggestion: str | None


def _fold(word: str) -> str:
    """Lower case without accents, so 'Répète', 'repete' and 'REPETE' are one word."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def command_table() -> dict[str, dict]:
    return tomllib.loads(COMMANDS_FILE.read_text(encoding="utf-8"))


@cache
def _words() -> dict[str, str]:
    out: dict[str, str] = {}
    for name, spec in command_table().items():
        for word in (*spec["fr"], *spec["en"]):
            out[_fold(word)] = name
    return out


def parse(line: str) -> Command | Unknown | None:
    """Parse one typed line; None for an empty line."""
    parts = line.strip().split()
    if not parts:
        return None
    head = _fold(parts[0])
    words = _words()
    pair = _fold(" ".join(parts[:2])) if len(parts) > 1 else None
    if pair in words:
        return Command(words[pair], tuple(parts[2:]))
    if head in words:
        return Command(words[head], tuple(parts[1:]))
    close = difflib.get_close_matches(head, [w for w in words if len(w) > 1], n=1, cutoff=0.6)
    return Unknown(parts[0], close[0] if close else None)


def help_lines(lang: str = "fr") -> list[str]:
    """One line per command: its words in the language, and what it does."""
    lines = []
    for spec in command_table().values():
        words = " / ".join(spec[lang] if lang in ("fr", "en") else spec["fr"])
        arg = f" <{spec['args']}>" if "args" in spec else ""
        lines.append(f"{words}{arg} : {spec['does'].get(lang, spec['does']['fr'])}")
    return lines
