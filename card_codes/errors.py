"""The one base of the errors the program knows: each says what went wrong, in the user's
language, in one line (`text(lang)`; ``str()`` is the English line). The last-resort guard
(`companion/guard.py`) says that line for any of them and exits 1; anything else is a fault
of the program (a log file, exit 70)."""

from __future__ import annotations

from abc import ABC, abstractmethod


class CompanionError(Exception, ABC):
    """An error the program knows, with its reason in each language."""

    @abstractmethod
    def text(self, lang: str = "fr") -> str:
        """The reason, one line, in ``lang`` ("fr" or "en")."""
