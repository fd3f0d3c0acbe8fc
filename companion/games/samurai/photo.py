"""An overhead photo of the samurai board: where every labelled piece stands, one line each;
with the recorded game's state, what differs from it (a move to confirm, a unit not seen)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from card_codes import load_deck
from companion.engine import Action, Answer, Detection, Event, LayoutNews, Rejected
from companion.games.samurai.board import data
from companion.games.samurai.camera import (
    CORNER_KIND,
    UNIT_KINDS,
    BoardReading,
    Difference,
    differences,
    read_board,
)
from companion.games.samurai.legal import legal_choices
from companion.games.samurai.state import SamuraiState

GAME = "samurai"
ASKED = {"move": "live_confirm", "place": "live_confirm_place"}  # the question of a move seen, by its type


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

    def read(self, detections: Sequence[Detection], prepared: Any, state: SamuraiState | None) -> list[Event]:
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


class SamuraiLayout:
    """The board watched during play. A unit seen on another square than the game's, or on the
    board when the game has it off, is said once; when it is the only such difference and its
    move (or, at set-up, its placing) is legal for the player whose turn it is, that is proposed
    as the action (at set-up, when no one has the turn, the placing whoever's unit it is). A unit
    not seen is not said: a hand or another piece may hide it."""

    def compare(self, detections: Sequence[Detection], state: SamuraiState) -> LayoutNews:
        reading = read_board(detections, data().board)
        if not reading.ok:  # the board is not (wholly) in view: it cannot contradict the game
            return LayoutNews()
        found = [d for d in differences(state, reading) if d.kind in ("moved", "unknown")]
        said = tuple(BoardLine("all", f"live_{d.kind}", {"unit": d.token, "seen": d.seen,
                                                          "expected": d.expected}) for d in found)
        move = self._legal_move(state, found[0]) if len(found) == 1 else None
        if move is None:
            return LayoutNews(said)
        kind = ASKED[move["type"]]
        params = {"seat": move.get("seat"), "unit": found[0].token, "seen": found[0].seen}
        return LayoutNews(said, move, BoardLine("all", kind, params))

    def claims(self, card: str, state: SamuraiState) -> bool:
        return card in load_deck(GAME) and load_deck(GAME).card(card).kind in (CORNER_KIND, *UNIT_KINDS)

    @staticmethod
    def _legal_move(state: SamuraiState, seen: Difference) -> Action | None:
        """The legal action that puts ``seen.token`` on the square it is seen on, if there is one."""
        assert isinstance(state, SamuraiState)
        for seat in range(state.players):  # at set-up each player places; then the one whose turn it is
            for action in legal_choices(state, seat):
                if action.get("unit") == seen.token and seen.seen in (action.get("to"), action.get("at")):
                    return dict(action)
        return None
