"""Dojo's scoring and placement geometry (pure): rows, columns, trophies; where a tatami may go."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.engine import Rejected
from companion.games.dojo.state import COLS, RACCOON, ROW_POINTS, ROWS, Cell, DojoState, tatamis, trophies


@dataclass(frozen=True, slots=True)
class RowScore:
    row: int
    disciple: str  # the disciple counted (RACCOON: a row of raccoons only)
    count: int
    points: int


@dataclass(frozen=True, slots=True)
class ColumnScore:
    col: int
    belt: int | None  # the belt of three equal ones, or None
    points: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A dojo's score: rows, columns, trophies."""

    rows: tuple[RowScore, ...]
    columns: tuple[ColumnScore, ...]
    trophy_points: int
    turned: bool = False  # orientation "free": a 4 x 3 dojo scored turned a quarter

    @property
    def row_points(self) -> int:
        return sum(r.points for r in self.rows)

    @property
    def column_points(self) -> int:
        return sum(c.points for c in self.columns)

    @property
    def total(self) -> int:
        return self.row_points + self.column_points + self.trophy_points


# ---------------------------------------------------------------------- scoring (pure)
def _row_scores(rows: Sequence[Sequence[str]], raccoon_as: str | None) -> list[tuple[str, int]]:
    """(disciple, count) of each row; raccoons join the best disciple, or `raccoon_as`."""
    info = tatamis()
    out = []
    for cards in rows:
        counts = Counter(info[c].disciple for c in cards)
        jokers = counts.pop(RACCOON, 0)
        if raccoon_as is not None:
            counts[raccoon_as] += jokers
            jokers = 0
        if not counts:
            out.append((RACCOON, min(len(cards), 4)))
            continue
        best = max(sorted(counts), key=lambda d: counts[d])  # ties: alphabetical, for a stable answer
        out.append((best, min(counts[best] + jokers, 4)))
    return out


def score_cells(cells: Mapping[Cell, str], trophy_points: int = 0, *, raccoons: str = "per_card",
                raccoon_belts: str = "printed", orientation: str = "fixed") -> Breakdown:
    """The score of a dojo (complete or not) given its cells by (row, column) as its owner
    sees it; the breakdown names rows and columns by the numbers they were given."""
    info = tatamis()
    if not cells:
        return Breakdown((), (), trophy_points)
    grid = dict(cells)  # rows and columns keep the numbers they were given
    top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
    turned = orientation == "free" and bottom - top + 1 > ROWS
    if turned:  # a 4 x 3 dojo, turned a quarter clockwise: old columns become rows
        left = min(c for _, c in cells)
        grid = {(c - left, bottom - r): card for (r, c), card in cells.items()}
    row_ids = sorted({r for r, _ in grid})
    col_ids = sorted({c for _, c in grid})
    rows = [[grid[(r, c)] for c in col_ids if (r, c) in grid] for r in row_ids]
    if raccoons == "one_disciple":
        disciples = sorted({t.disciple for t in info.values()} - {RACCOON})
        best_rows: list[tuple[str, int]] = []
        for d in disciples:
            candidate = _row_scores(rows, d)
            if sum(ROW_POINTS[n] for _, n in candidate) > sum(ROW_POINTS[n] for _, n in best_rows):
                best_rows = candidate
    else:
        best_rows = _row_scores(rows, None)
    row_scores = tuple(RowScore(r, d, n, ROW_POINTS[n]) for r, (d, n) in zip(row_ids, best_rows, strict=True))
    col_scores = []
    for c in col_ids:
        column = [grid[(r, c)] for r in row_ids if (r, c) in grid]
        belt = _column_belt(column, raccoon_belts)
        col_scores.append(ColumnScore(c, belt, belt or 0))
    return Breakdown(row_scores, tuple(col_scores), trophy_points, turned)


def _column_belt(column: Sequence[str], raccoon_belts: str) -> int | None:
    """The belt of a column of three equal belts, else None."""
    if len(column) != ROWS:
        return None
    info = tatamis()
    if raccoon_belts == "any":
        belts = {info[c].belt for c in column if info[c].disciple != RACCOON}
        if not belts:
            return max(info[c].belt for c in column)
    else:
        belts = {info[c].belt for c in column}
    return belts.pop() if len(belts) == 1 else None


def breakdown(state: DojoState, seat: int) -> Breakdown:
    """A seat's running score: its dojo so far and the trophies it won."""
    cells = {(r, c): card for r, c, card in state.dojos[seat]}
    points = sum(trophies()[t] for t in state.won[seat])
    return score_cells(cells, points, raccoons=state.opts["raccoons"],
                       raccoon_belts=state.opts["raccoon_belts"], orientation=state.opts["orientation"])


# ---------------------------------------------------------------------- placement (pure)
def box_fits(cells: Iterable[Cell], orientation: str = "fixed") -> bool:
    """Whether cells fit in 3 rows x 4 columns (or 4 x 3 with orientation "free")."""
    cells = list(cells)
    if not cells:
        return True
    h = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    w = max(c for _, c in cells) - min(c for _, c in cells) + 1
    return (h <= ROWS and w <= COLS) or (orientation == "free" and h <= COLS and w <= ROWS)


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def legal_cells(cells: Iterable[Cell], orientation: str = "fixed") -> list[Cell]:
    """Where the next tatami may go (sorted by row, then column)."""
    taken = set(cells)
    if not taken:
        return [(0, 0)]
    free = {n for cell in taken for n in neighbours(cell)} - taken
    return sorted(cell for cell in free if box_fits(taken | {cell}, orientation))


def check_cell(cells: Iterable[Cell], cell: Cell, orientation: str = "fixed") -> None:
    """Raise Rejected when `cell` is not a legal place for the next tatami."""
    taken = set(cells)
    r, c = cell
    if not taken:
        if cell != (0, 0):
            raise Rejected("first_at_origin")
        return
    if cell in taken:
        raise Rejected("cell_taken", row=r, col=c)
    if not any(n in taken for n in neighbours(cell)):
        raise Rejected("not_adjacent", row=r, col=c)
    if not box_fits(taken | {cell}, orientation):
        raise Rejected("outside_grid", row=r, col=c)
