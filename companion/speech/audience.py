"""Who a message is for, how urgent it is, and the speech layer's own words (messages.toml):
its lines by language, and the sentences of its errors (`SpeechError`) by language and area."""

from __future__ import annotations

import functools
import tomllib
from enum import IntEnum
from importlib import resources
from pathlib import Path

from companion.language import LANGS
from companion.messages import ProgramError

PUBLIC = "all"
MESSAGES_FILE = Path(__file__).with_name("messages.toml")

Audience = str | int  # "all", or a seat number (0 = the first seat)


class Priority(IntEnum):
    """Higher plays first; an URGENT message drops stale queued LOW/NORMAL ones."""

    LOW = 0
    NORMAL = 1
    URGENT = 2


@functools.cache
def messages(lang: str) -> dict[str, object]:
    """The speech layer's own words in ``lang`` (fr or en)."""
    data = tomllib.loads(resources.files("companion.speech").joinpath("messages.toml").read_text("utf-8"))
    if lang not in data:
        raise ValueError(f"unknown language {lang!r}: use fr or en")
    return data[lang]


def message(lang: str, key: str, **params: object) -> str:
    return str(messages(lang)[key]).format(**params)


class SpeechError(ProgramError):
    """The base of the speech layer's errors: a key and its parameters, the sentences in this
    layer's messages.toml (``[fr.<area>]``, ``[en.<area>]``)."""

    messages_file = MESSAGES_FILE


def seat_name(seat: int, lang: str, names: list[str] | None = None) -> str:
    """A seat's spoken name: the given names, else North/East/South/West, else "Seat 5"."""
    table = names if names is not None else list(messages(lang)["seats"])  # type: ignore[call-overload]
    if 0 <= seat < len(table):
        return table[seat]
    return f"{'Place' if lang == 'fr' else 'Seat'} {seat + 1}"


def parse_audience(value: str | int) -> Audience:
    """ "all", a seat number ("0") or a seat name in any language ("nord", "North") -> Audience."""
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"bad seat {value}")
        return value
    word = value.strip().lower()
    if word in (PUBLIC, "table", "tous"):
        return PUBLIC
    if word.isdigit():
        return int(word)
    for lang in LANGS:
        names = [str(n).lower() for n in messages(lang)["seats"]]  # type: ignore[attr-defined]
        if word in names:
            return names.index(word)
    raise ValueError(f"unknown seat {value!r}: use all, a seat number or a name like north")
