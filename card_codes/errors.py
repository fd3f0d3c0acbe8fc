"""The one base of the errors the program knows: each says what went wrong, in the user's
language, in one line (`text(lang)`; ``str()`` is the English line). The last-resort guard
(`companion/guard.py`) says that line for any of them and exits 1; anything else is a fault
of the program (a log file, exit 70).

Most of them are a `KeyedError`: a message key and its parameters, the sentences in a
messages file of their layer (one table per language, then one per area: `card_codes/
messages.py`), so the raise site holds no sentence, only what to fill it with."""

from __future__ import annotations

import errno
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from card_codes.messages import MESSAGES_FILE, render


class CompanionError(Exception, ABC):
    """An error the program knows, with its reason in each language."""

    @abstractmethod
    def text(self, lang: str = "fr") -> str:
        """The reason, one line, in ``lang`` ("fr" or "en")."""


@dataclass(frozen=True)
class Words:
    """A part of a message said in the error's language too: its key (in the same area of the
    same messages file) and parameters. A list of them as a parameter is said joined by ", "."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


class KeyedError(CompanionError):
    """An error said by ``key`` and ``params`` from ``messages_file`` (area ``area``).

    A parameter that is itself a `CompanionError` or `Words` is said in the same language; an
    OSError by its reason (`said` may say it better: the program's layers say it in words)."""

    messages_file: ClassVar[Path] = MESSAGES_FILE
    area: ClassVar[str] = ""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "fr") -> str:
        return self._render(lang, self.key, self.params)

    def _render(self, lang: str, key: str, params: Mapping[str, Any]) -> str:
        said = {name: self.said(value, lang) for name, value in params.items()}
        return render(self.messages_file, lang, f"{self.area}.{key}", said)

    def said(self, value: Any, lang: str) -> Any:
        """A parameter as it is said in ``lang`` (other values are formatted as they are)."""
        if isinstance(value, CompanionError):
            return value.text(lang)
        if isinstance(value, Words):
            return self._render(lang, value.key, value.params)
        if isinstance(value, Sequence) and not isinstance(value, str) and value \
                and all(isinstance(v, Words) for v in value):
            return ", ".join(self._render(lang, v.key, v.params) for v in value)
        if isinstance(value, OSError):  # in words, never the system's English
            return render(MESSAGES_FILE, lang, *errno_words(value))
        return value


ERRNO_WORDS = {
    errno.ENOSPC: "no_space", errno.EDQUOT: "no_space", errno.EFBIG: "too_large", errno.EACCES: "denied",
    errno.EPERM: "denied", errno.EROFS: "read_only", errno.ENOENT: "missing", errno.ENOTDIR: "not_folder",
    errno.EISDIR: "is_folder", errno.EEXIST: "exists", errno.EIO: "io", errno.ENAMETOOLONG: "name_too_long",
    errno.EMFILE: "too_many", errno.ENFILE: "too_many",
}


def errno_words(error: OSError) -> tuple[str, dict[str, Any]]:
    """The key (in card_codes/messages.toml) and parameters that say an OSError in words."""
    number = error.errno
    key = ERRNO_WORDS.get(number) if isinstance(number, int) else None
    if key is not None:
        return f"errno.{key}", {}
    code = errno.errorcode.get(number, "") if isinstance(number, int) else ""
    return ("errno.other", {"code": code}) if code else ("errno.other_plain", {})
