"""Text that leaves the program: no escape sequences, no control characters, one line.

Records, decks, configurations, file names, decoded labels and seat names come from
outside; any of them may hold a clear-screen or window-title sequence, a carriage return
that hides the start of a line, or a bidirectional override that turns it round. Every
line printed or spoken passes through `printable` (or `json_text` for JSON output), so a
screen reader hears the words and the terminal is never driven by the data.
"""

from __future__ import annotations

import json
import re
from typing import Any

# ESC-led sequences: CSI (ESC [ ... final), OSC/DCS/PM/APC strings up to BEL or ST, any
# other ESC + one character; and the same introduced by their 8-bit C1 forms
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b[\]P^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b.?"
    r"|\x9b[0-?]*[ -/]*[@-~]"
    r"|[\x90\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
)
# C0 and C1 controls, DEL, line and paragraph separators, bidirectional embeddings,
# overrides and isolates
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+")
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: Any, fold: bool = True) -> str:
    """One plain line: escape sequences dropped, control characters made spaces, and runs of
    space folded into one (``fold``; without it, columns keep their spacing)."""
    text = _CONTROLS.sub(" ", _ESCAPES.sub("", str(text)))
    return " ".join(text.split()) if fold else text


_ENCODER = json.JSONEncoder(ensure_ascii=False)  # made once: json.dumps makes one a call when given options


def json_text(obj: Any, indent: int | None = None) -> str:
    """JSON for the terminal: C0 controls are escaped by json itself, the others here (they
    can only occur inside strings, where a \\u escape keeps the same value)."""
    text = (_ENCODER.encode(obj) if indent is None
            else json.dumps(obj, ensure_ascii=False, indent=indent))
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
