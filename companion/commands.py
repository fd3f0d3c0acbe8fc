"""The short typed commands of the live companion: parse a line, suggest on a typo, list help.

The words are data: `commands.toml` here holds the commands of every game; a game package's
own `commands.toml` adds the game's ("demande", "défi", "pose"...), so help lists only
what means something in the game played. French and English words are both accepted.

A command is a table: `fr` and `en` (its words; the first is the one help shows), `does` (what
it does, per language), optionally `args` (what follows it: "seat", "card", "position"),
`usage` (how it is typed, per language: help shows it instead of the bare word), `more` (the
details "aide <word>" adds, per language), `help_words` (other words that lead "aide" to it, per
language: the verbs the game's answers use, "poser") and `help = false` (a word help does not
list). A game
command also says what the session does with it, `kind`: "action" (the legal action of type
`action` for the speaker, or for the seat named), "query" (the table rules answer the question
`query`), "give" (the card waiting goes to the seat named), "place" (the table rules read a
placement), "source" (the next card comes from the named seat's hand), "scan" / "scan_done"
(registering a hand), "line" (the whole line is the game's own words, read by its table rules).
A command's word may be two words ("plus vite"): a line's first two words are matched before
its first word alone. Parsing is pure: the session decides what a command does.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from companion.language import fold
from companion.messages import ProgramError

COMMANDS_FILE = Path(__file__).parent / "commands.toml"
GAME_KINDS = ("action", "query", "give", "place", "source", "scan", "scan_done", "line")


@dataclass(frozen=True)
class Command:
    """A parsed line: the command's name and the words after it."""

    name: str
    args: tuple[str, ...] = ()
    line: str = field(default="", compare=False)  # the whole line as typed


@dataclass(frozen=True)
class Unknown:
    """A line that is no command; ``suggestion`` is the nearest word, if any."""

    word: str
    suggestion: str | None


class CommandError(ProgramError, ValueError):
    """A command file that cannot be used; names the file and the command (messages.toml,
    area ``commands``)."""

    area = "commands"


@cache
def _read(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    for name, spec in table.items():
        kind = spec.get("kind")
        if path != COMMANDS_FILE and kind not in GAME_KINDS:
            raise CommandError("bad_kind", file=path, command=name, kinds=", ".join(GAME_KINDS))
    return table


def command_table() -> dict[str, dict[str, Any]]:
    """The commands of every game."""
    return _read(COMMANDS_FILE)


class Commands:
    """The commands of one game: the common ones, then the game's own (``game_file``)."""

    def __init__(self, game_file: Path | None = None) -> None:
        common = command_table()
        own = _read(game_file) if game_file is not None else {}
        clash = sorted(set(own) & set(common))
        if clash:
            raise CommandError("common", file=game_file, commands=", ".join(clash))
        self.table: dict[str, dict[str, Any]] = {**common, **own}
        self.words: dict[str, str] = {}
        self.help_words: dict[str, list[str]] = {}  # "poser" -> the commands that do it
        for name, spec in self.table.items():
            for lang_words in spec.get("help_words", {}).values():
                for word in lang_words:
                    self.help_words.setdefault(fold(word), []).append(name)
            for word in (*spec["fr"], *spec["en"]):
                other = self.words.setdefault(fold(word), name)
                if other != name:
                    raise CommandError("two_meanings", file=game_file, word=word, first=other, second=name)

    def spec(self, name: str) -> Mapping[str, Any]:
        return self.table[name]

    def word(self, name_or_word: str, lang: str) -> str:
        """How a command is typed in ``lang`` (its first word there), from its name or any of its
        words in either language: a line quotes command words in its own language."""
        name = name_or_word if name_or_word in self.table else \
            self.words.get(fold(name_or_word), name_or_word)
        spec = self.table.get(name)
        if spec is None:
            return name_or_word
        return str((spec[lang] if lang in ("fr", "en") else spec["fr"])[0])

    def parse(self, line: str) -> Command | Unknown | None:
        """Parse one typed line; None for an empty line."""
        parts = line.strip().split()
        if not parts:
            return None
        head = fold(parts[0])
        pair = fold(" ".join(parts[:2])) if len(parts) > 1 else None
        if pair in self.words:
            return Command(self.words[pair], tuple(parts[2:]), line.strip())
        if head in self.words:
            return Command(self.words[head], tuple(parts[1:]), line.strip())
        close = difflib.get_close_matches(head, [w for w in self.words if len(w) > 1], n=1, cutoff=0.6)
        return Unknown(parts[0], close[0] if close else None)

    def help_lines(self, lang: str = "fr") -> list[str]:
        """One line per command: how it is typed in the language, and what it does."""
        sep = " : " if lang == "fr" else ": "
        return [f"{_usage(spec, lang)}{sep}{_said(spec, 'does', lang)}"
                for spec in self.table.values() if spec.get("help", True)]

    def details(self, word: str, lang: str = "fr") -> list[str] | None:
        """ "aide pose": the command's words, how it is typed and its details; None for a word
        that is no command."""
        name = self.words.get(fold(word))
        if name is None:  # a verb the answers use ("poser"): the commands that do it
            names = self.help_words.get(fold(word))
            if not names:
                return None
            return [line for other in names for line in self._details(other, lang)]
        return self._details(name, lang)

    def _details(self, name: str, lang: str) -> list[str]:
        spec = self.table[name]
        sep = " : " if lang == "fr" else ": "
        lines = [f"{_usage(spec, lang)}{sep}{_said(spec, 'does', lang)}"]
        words = {fold(w): w for w in reversed(spec[lang] if lang in ("fr", "en") else spec["fr"])}
        if len(words) > 1:  # other words for it ("gagné / perdu"); an unaccented spelling is no other word
            lines.append(" / ".join(reversed(words.values())) + ".")
        if "more" in spec:
            lines.append(_said(spec, "more", lang))
        return lines


def _said(spec: Mapping[str, Any], key: str, lang: str) -> str:
    texts = spec[key]
    return str(texts.get(lang, texts["fr"]))


def _usage(spec: Mapping[str, Any], lang: str) -> str:
    if "usage" in spec:
        return _said(spec, "usage", lang)
    return str((spec[lang] if lang in ("fr", "en") else spec["fr"])[0])


@cache
def _common() -> Commands:
    return Commands()


def parse(line: str) -> Command | Unknown | None:
    """Parse one typed line against the commands of every game."""
    return _common().parse(line)


def help_lines(lang: str = "fr") -> list[str]:
    """The help of the commands of every game."""
    return _common().help_lines(lang)
