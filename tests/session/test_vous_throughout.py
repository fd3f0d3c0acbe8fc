"""French says "vous" throughout (issue 16, A10): no phrase of any game, in any form (normal,
brief, detailed), nor any shared phrase or message, says "tu", "te", "ton", "ta", "tes", "toi"."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent
# A second-person singular word standing alone: not inside a word ("tête", "statut", "tableau"),
# with "t'" elided before a vowel ("t'ai", "t'en"). Placeholders ({seat:seat}) are removed first.
TU = re.compile(r"(?<![\w'’-])(?:tu|te|ton|ta|tes|toi|tien|tienne|tiens|tiennes)(?![\w'’])"
                r"|(?<![\w'’-])t['’](?=\w)|-toi\b|-tu\b", re.IGNORECASE)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Game words that are not French: Shodan's notion "te sabaki" (Japanese: the hand's movement).
GAME_WORDS = re.compile(r"\bte[ -]sabaki\b", re.IGNORECASE)


def french_files() -> list[Path]:
    files = sorted(ROOT.glob("games/*/phrases/fr.toml")) + sorted(ROOT.glob("speech/phrases/fr/*.toml"))
    assert len(files) >= 8, files  # six games' phrases and the shared ones
    return files


def strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{where}[{i}]")


def second_person_singular(text: str) -> list[str]:
    return TU.findall(GAME_WORDS.sub(" ", PLACEHOLDER.sub(" ", text)))


def test_the_pattern_finds_tu_and_not_words_that_contain_it() -> None:
    assert second_person_singular("Tu donnes Ours à Ouest.") == ["Tu"]
    assert second_person_singular("À toi : pose ta carte, t'as gagné ; dépêche-toi.") == [
        "toi", "ta", "t'", "-toi"]
    assert second_person_singular("Votre tête, un statut, le tableau, {seat:te} tatami, Étape, t.") == []
    assert second_person_singular("Quelle notion : irimi, te sabaki ?") == []


def test_every_french_phrase_says_vous() -> None:
    found: list[str] = []
    forms = 0
    for path in french_files():
        for where, text in strings(tomllib.loads(path.read_text(encoding="utf-8")), path.name):
            forms += 1
            if words := second_person_singular(text):
                found.append(f"{path.relative_to(ROOT)} {where}: {words} in {text!r}")
    assert forms > 500
    assert not found, "\n".join(found)


def test_every_french_message_and_help_line_says_vous() -> None:
    found: list[str] = []
    for name in ("messages.toml", "speech/messages.toml"):
        data = tomllib.loads((ROOT / name).read_text(encoding="utf-8"))
        for where, text in strings(data.get("fr", {}), name):
            if words := second_person_singular(text):
                found.append(f"{where}: {words} in {text!r}")
    for path in [ROOT / "commands.toml", *sorted(ROOT.glob("games/*/commands.toml"))]:
        for where, text in strings(tomllib.loads(path.read_text(encoding="utf-8")), path.name):
            if where.endswith(".fr") and "does" in where and (words := second_person_singular(text)):
                found.append(f"{where}: {words} in {text!r}")
    assert not found, "\n".join(found)
