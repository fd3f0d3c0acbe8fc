"""An overhead photo of the samurai board: where every labelled piece stands, one line each;
with the recorded game's state, what differs from it (a move to confirm, a unit not seen)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from card_codes import load_deck
from companion.engine import Answer, Detection, Event, Rejected, State
from companion.games.samurai.board import data
from companion.games.samurai.camera import BoardReading, differences, read_board

GAME = "samurai"


@dataclass(frozen=True, slots=True)
class BoardLine(Answer):
    """A line about the board seen: its phrase is in the phrasebook's `[board]` section."""

    phrases: ClassVar[str] = "board"


class SamuraiPhoto:
    """`companion photo samurai IMAGE [--record FILE]`: the pieces on the board, by square."""

    usage = "an overhead photo of the board and its four corner labels (nothing to add after it)"

    def prepare(self, words: Sequence[str]) -> None:
        if words:
            raise Rejected("photo_no_words", words=" ".join(words))

    def read(self, detections: Sequence[Detection], prepared: Any, state: State | None) -> list[Event]:
        reading = read_board(detections, data().board)
        if not reading.ok:
            raise Rejected("missing_corners", corners=list(reading.missing_corners))
        lines = self._reading(reading)
        if state is None:
            return lines
        found = differences(state, reading)
        lines += [BoardLine(0, d.kind, {"unit": d.token, "seen": d.seen, "expected": d.expected})
                  for d in found]
        return lines if found else [*lines, BoardLine(0, "agrees")]

    def _reading(self, reading: BoardReading) -> list[Event]:
        """One line per token (deck order), then tokens off the board and foreign labels."""
        order = {cid: i for i, cid in enumerate(load_deck(GAME).ids())}
        lines: list[Event] = [BoardLine(0, "token_at", {"unit": uid, "square": sq})
                              for uid, sq in sorted(reading.squares.items(), key=lambda item: order[item[0]])]
        lines += [BoardLine(0, "token_off", {"unit": uid}) for uid in reading.off_board]
        if not lines:
            lines.append(BoardLine(0, "no_tokens"))
        lines += [BoardLine(0, "other_card", {"card": cid}) for cid in reading.other_cards]
        lines += [BoardLine(0, "not_ours", {"text": text}) for text in reading.not_ours]
        return lines
