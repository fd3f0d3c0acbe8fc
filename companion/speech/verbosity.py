"""Verbosity: how much is said, per audience: brief, normal or detailed.

A phrase may have several forms (a phrasebook entry written as a table
``{ brief = "...", normal = "...", detailed = "..." }``). It is then a `Phrase`: a
``str`` holding one form (the phrasebook's own level, normal by default), so every caller
that wants one sentence gets it, plus ``forms``, from which the announcer picks the
listener's level. A level with no form of its own is said with the normal template, its
parts at that level; an empty form means "say nothing at this level" (an earcon carries it:
"à vous" in brief is the your-turn sound alone). These are the only level
names (the phrase files', the configuration's, the phrasebook's); `parse_level` reads the
words a player types for them.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.language import fold

BRIEF, NORMAL, DETAILED = "brief", "normal", "detailed"
LEVELS = (BRIEF, NORMAL, DETAILED)
# the words a player types or writes in the configuration, in either language
_WORDS = {
    "bref": BRIEF, "brief": BRIEF, "court": BRIEF, "short": BRIEF,
    "normal": NORMAL,
    "detaille": DETAILED, "detailed": DETAILED, "verbose": DETAILED, "long": DETAILED,
}


class Phrase(str):
    """A sentence (its form at ``level``, normal by default) with its forms by level."""

    forms: dict[str, str]

    def __new__(cls, forms: Mapping[str, str], level: str = NORMAL) -> Phrase:
        normal = forms.get(NORMAL, next(iter(forms.values()), ""))
        phrase = super().__new__(cls, forms.get(level, normal))
        phrase.forms = {name: forms[name] for name in LEVELS if name in forms}
        return phrase


def parse_level(word: str) -> str:
    """ "bref", "détaillé", "detailed"... -> brief / normal / detailed; ValueError otherwise."""
    folded = fold(str(word).strip())
    if folded not in _WORDS:
        raise ValueError(f"unknown verbosity {word!r}: use bref, normal or détaillé (or brief, detailed)")
    return _WORDS[folded]


def choose(text: str, level: str) -> str:
    """The form of ``text`` for ``level`` (a plain string is the same at every level)."""
    if not isinstance(text, Phrase):
        return text
    return text.forms.get(level, text.forms.get(NORMAL, str(text)))
