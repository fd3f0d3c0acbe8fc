"""Where the samurai pieces stand, read from one overhead camera image.

The board carries four corner labels (deck kind ``corner``, our design): the CENTRE of
each label sits exactly on the board's outer corner, the outer corner of the corner
square it names (CORNER-NW: A1's north-west corner; NE: I1's; SE: I9's; SW: A9's).
Row 1 is north, column A west (board.toml). In board coordinates a square is one
unit: x runs 0..columns west to east, y 0..rows north to south, so square "C4" covers
x in [2, 3), y in [3, 4). The homography from the four label centres in the image to
these corners maps every unit token's label centre to its square.

Pure: detections in, readings out; OpenCV is imported only to compute the homography.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from card_codes import LabelError, try_decode
from companion.games.samurai.state import SamuraiState

GAME = "samurai"
CORNER_KIND = "corner"
CORNERS = ("NW", "NE", "SE", "SW")
UNIT_KINDS = ("katana", "naginata", "archer", "cavalry")


@dataclass(frozen=True)
class BoardReading:
    """What one image says: token id -> square, tokens off the board, other labels, corners."""

    squares: dict[str, str] = field(default_factory=dict)
    off_board: tuple[str, ...] = ()
    not_ours: tuple[str, ...] = ()       # payload texts that are no samurai card
    other_cards: tuple[str, ...] = ()    # samurai cards that are neither token nor corner (events)
    missing_corners: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.missing_corners


@dataclass(frozen=True)
class Difference:
    """One mismatch between the image and the game: kind is moved / unseen / unknown."""

    kind: str
    token: str
    expected: str | None  # square the companion has (None: not on the board for it)
    seen: str | None      # square seen (None: not seen)


def corner_points(columns: int, rows: int) -> dict[str, tuple[float, float]]:
    """Board coordinates of the four outer corners."""
    return {"NW": (0.0, 0.0), "NE": (float(columns), 0.0), "SE": (float(columns), float(rows)),
            "SW": (0.0, float(rows))}


def square_at(x: float, y: float, columns: int, rows: int) -> str | None:
    """The square under board point (x, y), or None off the board."""
    if not (0 <= x < columns and 0 <= y < rows):
        return None
    return f"{string.ascii_uppercase[int(x)]}{int(y) + 1}"


def read_board(detections: Iterable[Any], board: Any) -> BoardReading:
    """Sort the detections (anything with `.text` and `.centre`) into a BoardReading.

    `board` needs `.columns` and `.rows` (companion.games.samurai.Board). When a corner is
    missing no token gets a square: missing_corners says which (the reason to give).
    """
    corners: dict[str, tuple[float, float]] = {}
    tokens: dict[str, tuple[float, float]] = {}
    not_ours: list[str] = []
    other: list[str] = []
    for det in detections:
        label = try_decode(det.text)
        if label is None or isinstance(label, LabelError) or label.game != GAME:
            if det.text not in not_ours:
                not_ours.append(det.text)
            continue
        card = label.card
        if card.kind == CORNER_KIND:
            corners[card["corner"]] = det.centre
        elif card.kind in UNIT_KINDS:
            tokens[card.id] = det.centre
        elif card.id not in other:
            other.append(card.id)
    missing = tuple(c for c in CORNERS if c not in corners)
    if missing:
        return BoardReading({}, (), tuple(not_ours), tuple(other), missing)
    import cv2
    import numpy as np

    target = corner_points(board.columns, board.rows)
    src = np.float32([corners[c] for c in CORNERS])
    dst = np.float32([target[c] for c in CORNERS])
    H = cv2.getPerspectiveTransform(src, dst)
    squares: dict[str, str] = {}
    off: list[str] = []
    if tokens:
        ids = list(tokens)
        pts = np.float32([tokens[i] for i in ids]).reshape(-1, 1, 2)
        mapped = cv2.perspectiveTransform(pts, H).reshape(-1, 2)
        for uid, (x, y) in zip(ids, mapped, strict=True):
            sq = square_at(float(x), float(y), board.columns, board.rows)
            if sq is None:
                off.append(uid)
            else:
                squares[uid] = sq
    return BoardReading(squares, tuple(off), tuple(not_ours), tuple(other), ())


def differences(state: SamuraiState, reading: BoardReading) -> list[Difference]:
    """Image against game: a token elsewhere (a move to confirm), a unit not seen, a token
    seen that the game does not have on the board. Sorted by token id."""
    units: Mapping[str, Any] = state.units
    out: list[Difference] = []
    for uid, unit in units.items():
        seen = reading.squares.get(uid)
        if seen is None:
            out.append(Difference("unseen", uid, unit.square, None))
        elif seen != unit.square:
            out.append(Difference("moved", uid, unit.square, seen))
    for uid, seen in reading.squares.items():
        if uid not in units:
            out.append(Difference("unknown", uid, None, seen))
    return sorted(out, key=lambda d: d.token)
