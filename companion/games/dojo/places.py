"""Dojo placements in words: the legal places said as "left of <card>", and a parser for
what a player types or says ("pose 0 1", "gauche de renard jaune", "under 0 0").

Places are typed and said as the owner sees the dojo: rows numbered from its top row (1),
columns from its leftmost (1); 0 is a new row above, or a new column to the left. They are
turned here into the record's coordinates (DESIGN §5: the owner's first tatami is (0, 0),
rows grow downwards, columns to the right, either may be negative). Everything here is
pure; the words live in `words.toml`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import load_deck
from companion.engine import Rejected
from companion.games.dojo.scoring import legal_cells
from companion.games.dojo.state import COLS, ROWS, Cell, tatamis
from companion.language import fold

WORDS_FILE = Path(__file__).with_name("words.toml")
# where the new tatami goes, seen from the card it is named against
OFFSETS: dict[str, Cell] = {"left": (0, -1), "right": (0, 1), "under": (1, 0), "above": (-1, 0)}
SIDE_ORDER = ("left", "right", "above", "under")


@dataclass(frozen=True, slots=True)
class Place:
    """A legal place, said against one placed card: `side` of `card` (None: the first tatami)."""

    row: int
    col: int
    side: str | None
    card: str | None


@cache
def words() -> dict[str, Any]:
    return tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))


@cache
def _lookup() -> dict[str, tuple[str, Any]]:
    """Each known word -> (kind, value)."""
    w = words()
    out: dict[str, tuple[str, Any]] = {}
    for kind in ("sides", "disciples", "belts"):
        for value, names in w[kind].items():
            for name in names:
                out[name] = (kind, int(value) if kind == "belts" else value)
    for name, value in w["numbers"].items():
        out[name] = ("number", value)
    for marker, names in w["markers"].items():
        for name in names:
            out[name] = (marker, None)
    return out


def origin(cells: Mapping[Cell, str] | list[Cell]) -> Cell:
    """The record coordinates of the dojo's top row and leftmost column ((0, 0) when empty)."""
    if not cells:
        return (0, 0)
    return (min(r for r, _ in cells), min(c for _, c in cells))


def to_view(cells: Mapping[Cell, str] | list[Cell], cell: Cell) -> Cell:
    """A record place as the owner says it: row and column from 1 at the top left."""
    top, left = origin(cells)
    return (cell[0] - top + 1, cell[1] - left + 1)


def from_view(cells: Mapping[Cell, str] | list[Cell], row: int, col: int) -> Cell:
    """The record place of a row and column said from 1 at the top left."""
    top, left = origin(cells)
    return (row - 1 + top, col - 1 + left)


def frame_fixed(cells: Mapping[Cell, str] | list[Cell], orientation: str = "fixed") -> bool:
    """Whether a dojo spans its whole frame (3 rows by 4 columns, or 4 by 3 when it may be turned):
    no row can come above it nor a column to its left, so its places keep their numbers for good."""
    if not cells:
        return False
    h = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    w = max(c for _, c in cells) - min(c for _, c in cells) + 1
    return (h, w) == (ROWS, COLS) or (orientation == "free" and (h, w) == (COLS, ROWS))


def neighbours(cells: Mapping[Cell, str], cell: Cell) -> list[tuple[str, str]]:
    """The sides and placed cards a tatami at ``cell`` may be said against ("left" of that card),
    in SIDE_ORDER; empty when it touches none."""
    out = []
    for side in SIDE_ORDER:
        dr, dc = OFFSETS[side]
        anchor = (cell[0] - dr, cell[1] - dc)
        if anchor in cells:
            out.append((side, cells[anchor]))
    return out


def named_once(cells: Mapping[Cell, str], card: str) -> bool:
    """Whether no other tatami of the dojo has the same name (disciple and belt): "the yellow fox"
    then says which one it is."""
    info = tatamis()
    return sum(info[other] == info[card] for other in cells.values()) == 1


def places(cells: Mapping[Cell, str], orientation: str = "fixed") -> list[Place]:
    """The legal places for the next tatami, each said against a neighbouring placed card."""
    out = []
    for cell in legal_cells(cells, orientation):
        beside = neighbours(cells, cell)
        out.append(Place(cell[0], cell[1], *beside[0]) if beside else Place(cell[0], cell[1], None, None))
    return out


def _tokens(text: str) -> list[tuple[str, Any]]:
    """(kind, value) tokens; unknown words are ("word", text)."""
    table = _lookup()
    out: list[tuple[str, Any]] = []
    for raw in re.findall(r"-?\d+|[a-z]+", fold(text)):
        if re.fullmatch(r"-?\d+", raw):
            out.append(("number", int(raw)))
        else:
            out.append(table.get(raw, ("word", raw)))
    return out


def _card_ids(text: str) -> list[str]:
    """Card ids or label codes written in the text (e.g. "FOX-2-1", "F21")."""
    deck = load_deck("dojo")
    found = []
    for raw in re.findall(r"[A-Za-z]+-\d-\d|\b[A-Za-z]\d\d\b", text):
        up = raw.upper()
        if up in tatamis():
            found.append(up)
        elif (card := deck.by_code(up)) is not None and card.id in tatamis():
            found.append(card.id)
    return found


def parse_place(text: str, cells: Mapping[Cell, str]) -> Cell:
    """The cell a placement command names, in the owner's dojo `cells` (not checked for
    legality: the engine does that). Raises Rejected with a speakable reason."""
    tokens = [t for t in _tokens(text) if t[0] not in ("filler", "row", "col")]
    sides = [v for k, v in tokens if k == "sides"]
    if len(sides) > 1:
        raise Rejected("place_unclear", text=text)
    if not sides:
        numbers = _numbers(tokens)
        if numbers is None:
            raise Rejected("place_unclear", text=text)
        return from_view(cells, *numbers)
    target = tokens[[k for k, _ in tokens].index("sides") + 1:]
    said = _numbers(target)
    anchor = from_view(cells, *said) if said is not None else _card_cell(text, target, cells)
    dr, dc = OFFSETS[sides[0]]
    return (anchor[0] + dr, anchor[1] + dc)


def beside(text: str, cells: Mapping[Cell, str], card: str) -> Cell:
    """The cell on the side ``text`` says ("à gauche de l'ours") of the placed ``card``: the
    answer to "which bear?"."""
    anchor = next(cell for cell, placed in cells.items() if placed == card)
    side = next(v for k, v in _tokens(text) if k == "sides")
    dr, dc = OFFSETS[side]
    return (anchor[0] + dr, anchor[1] + dc)


def _numbers(tokens: list[tuple[str, Any]]) -> Cell | None:
    """Exactly two numbers (with "moins"/"minus" signs) and nothing else, or None."""
    values: list[int] = []
    negative = False
    for kind, value in tokens:
        if kind == "minus":
            negative = True
        elif kind == "number":
            values.append(-value if negative else value)
            negative = False
        else:
            return None
    return (values[0], values[1]) if len(values) == 2 and not negative else None


def _card_cell(text: str, tokens: list[tuple[str, Any]], cells: Mapping[Cell, str]) -> Cell:
    """The cell of the placed card a description names (disciple, belt, id or code)."""
    info = tatamis()
    ids = _card_ids(text)
    disciples = {v for k, v in tokens if k == "disciples"}
    belts = {v for k, v in tokens if k == "belts"}
    for i, (kind, _) in enumerate(tokens[:-1]):
        if kind == "belt" and tokens[i + 1][0] == "number":
            belts.add(tokens[i + 1][1])
    if not (ids or disciples or belts):
        raise Rejected("place_unclear", text=text)
    if len(disciples) > 1 or len(belts) > 1:
        raise Rejected("place_unclear", text=text)
    matches = [cell for cell, card in cells.items()
               if (not ids or card in ids)
               and (not disciples or info[card].disciple in disciples)
               and (not belts or info[card].belt in belts)]
    if not matches:
        raise Rejected("place_no_card", text=text)
    if len(matches) > 1:
        raise Rejected("place_ambiguous", cards=[cells[c] for c in sorted(matches)])
    return matches[0]
