"""The printables' own messages (`messages.toml`): why labels cannot be laid out or printed,
in French and English (one table per language, then one per area, as `card_codes/messages.toml`)."""

from __future__ import annotations

from pathlib import Path

from card_codes.errors import KeyedError

MESSAGES_FILE = Path(__file__).with_name("messages.toml")


class PrintError(KeyedError):
    """The base of the printables' errors: a key and its parameters, said from messages.toml."""

    messages_file = MESSAGES_FILE
