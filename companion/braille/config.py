"""Braille settings of the user's ``config.toml``: ``braille`` (auto, on, off) and ``braille_host``.

``auto`` uses a display if a BrlAPI server with one is there and says nothing otherwise;
``on`` says once when there is none; ``off`` never looks. The host follows libbrlapi's
syntax (":0" the local server, "host:1" TCP port 4102); empty: $BRLAPI_HOST, else ":0".
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from companion.messages import ProgramError

MODES = ("auto", "on", "off")
_HOST = re.compile(r"^[A-Za-z0-9._\-\[\]]*(:[0-9]{1,4})?$")


def valid_host(host: str) -> bool:
    """libbrlapi's host syntax: a host name or address, then ":number" (either may be left out)."""
    return bool(_HOST.fullmatch(host))


class BrailleConfigError(ProgramError, ValueError):
    """A braille setting that cannot be used; the message says which and why (companion/
    messages.toml, area ``braille``)."""

    area = "braille"


@dataclass(frozen=True)
class BrailleConfig:
    mode: str = "auto"
    host: str = ""

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise BrailleConfigError("bad_mode", mode=self.mode, choices=", ".join(MODES))
        if not valid_host(self.host):
            raise BrailleConfigError("bad_host", host=self.host)

    @classmethod
    def from_dict(cls, data: dict) -> BrailleConfig:
        return cls(mode=str(data.get("braille", "auto")).strip().lower(),
                   host=str(data.get("braille_host", "")).strip())

    @property
    def server(self) -> str:
        """The BrlAPI host to connect to."""
        return self.host or os.environ.get("BRLAPI_HOST", "")
