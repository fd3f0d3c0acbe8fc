"""Seat outputs: the places the table's lines go besides the keyboard's screen and the routed
speakers (a seat's phone page, the public table view).

The announcer hands every line it is given to each output attached to it, with its audience
(PUBLIC or a seat); the output keeps what its own audience may see (a seat page: the public
lines and its seat's; the table view: the public ones only). A new kind of seat is a new
output: no game, no command handler and no session part changes.
"""

from __future__ import annotations

from typing import Protocol

from companion.speech.audience import Audience


class SeatOutput(Protocol):
    """Takes the table's lines as they are said (any thread; must not block)."""

    def deliver(self, audience: Audience, text: str, *, urgent: bool, speaker: int | None) -> None:
        """One line, already in its audience's words and level: keep it if it is yours to see
        (``urgent``: the seat's turn or a question for it, to be read at once)."""
        ...

