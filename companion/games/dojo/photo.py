"""A photo of a finished dojo: its 12 tatamis named by row and column, and its score.

The grid reader gives the cards by row and column as their owner laid them (whatever the
camera's turn); the breakdown is the engine's own scoring, with the trophies won given as
the words after the photo (ids, label codes or points: the photo cannot show them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from card_codes import Label, load_deck, try_decode
from companion.engine import Action, Answer, Detection, Event, LayoutNews, Rejected
from companion.games.dojo.describe import breakdown_events, grid_events
from companion.games.dojo.rules import GAME as RULES
from companion.games.dojo.scoring import score_cells
from companion.games.dojo.state import ROWS, DojoState, tatamis, trophies
from companion.vision.grid import read_grid

GAME = "dojo"
COLS = 4


@dataclass(frozen=True)
class Trophies:
    """The trophies won: the cards named, and the points they make (with points given as numbers)."""

    cards: list[str]
    points: int


class DojoPhoto:
    """`companion photo dojo IMAGE [TROPHIES...]`: the cards of a finished dojo and its score."""

    usage = "a finished dojo (3 rows of 4 tatamis); after it, the trophies won: ids, label codes or points"

    def prepare(self, words: Sequence[str]) -> Trophies:
        """The trophies won, from ids (TROPHY-03), label codes (P03) or points, comma-separated or not."""
        deck = load_deck(GAME)
        cards: list[str] = []
        points = 0
        for value in (v.strip() for item in words for v in item.split(",")):
            if not value:
                continue
            card = value.upper() if value.upper() in trophies() else None
            if card is None and (found := deck.by_code(value.upper())) is not None and found.id in trophies():
                card = found.id
            if card is not None:
                cards.append(card)
                points += trophies()[card]
            elif value.isdigit():
                points += int(value)
            else:
                raise Rejected("score_bad_trophy", value=value)
        return Trophies(cards, points)

    def read(self, detections: Sequence[Detection], prepared: Any, state: DojoState | None) -> list[Event]:
        won: Trophies = prepared
        labels = {d.text: try_decode(d.text, GAME) for d in detections}
        cards = {t: lab.card.id for t, lab in labels.items()
                 if isinstance(lab, Label) and lab.card.id in tatamis()}
        ours = list({d.text: d for d in detections if d.text in cards}.values())
        if len(ours) != ROWS * COLS:
            others = sorted({t for t, lab in labels.items() if not isinstance(lab, Label)})
            if others and not ours:
                raise Rejected("score_other_labels", texts=", ".join(others))
            raise Rejected("score_labels", n=len(ours))
        grid = read_grid(ours)
        if (grid.rows, grid.cols) != (ROWS, COLS) or len(grid.cells) != ROWS * COLS:
            raise Rejected("score_not_grid", rows=grid.rows, cols=grid.cols)
        # numbered as people count
        cells = {(r + 1, c + 1): cards[d.text] for (r, c), d in grid.cells.items()}
        result = score_cells(cells, won.points)
        events = grid_events(0, 0, cells)[1:]  # no header: a photo has no seat
        events += breakdown_events(0, 0, result, won.cards)[:-1]
        events.append(Event(0, "photo_total", {"total": result.total}))
        return events


@dataclass(frozen=True, slots=True)
class DojoLine(Answer):
    """A line about the dojos seen during play: its phrase is in the phrasebook's `[dojo_live]` section."""

    phrases: ClassVar[str] = "dojo_live"


class DojoLayout:
    """Each dojo watched during play. A dojo is compared only when all its tatamis are in view
    (a hidden one would shift the others' places): a tatami seen at another place than the
    game's is said once; the tatami its owner holds, seen laid beside the dojo on a place the
    rules allow, is proposed as the placing. Rows and columns are the owner's, as laid."""

    def claims(self, card: str, state: DojoState) -> bool:
        assert isinstance(state, DojoState)
        return any(card == c for dojo in state.dojos for _r, _c, c in dojo) or card in state.pending

    def compare(self, detections: Sequence[Detection], state: DojoState) -> LayoutNews:
        assert isinstance(state, DojoState)
        seen: dict[str, Detection] = {}
        for d in detections:
            label = try_decode(d.text, GAME)
            if isinstance(label, Label) and label.card.id in tatamis():
                seen.setdefault(label.card.id, d)
        said: list[Event] = []
        proposal: tuple[Action, Event] | None = None
        for seat, dojo in enumerate(state.dojos):
            placed = {card: (r, c) for r, c, card in dojo}
            held = state.pending[seat]
            if not all(card in seen for card in placed) or not (placed or held in seen):
                continue  # the whole dojo in view, or nothing is said about it
            cells = _cells([seen[c] for c in placed] + ([seen[held]] if held in seen else []))
            if cells is None:
                continue
            if placed:  # the table's rows and columns, moved onto the game's: the shift most cards agree on
                shifts = Counter((r - cells[c][0], col - cells[c][1]) for c, (r, col) in placed.items())
                dr, dc = shifts.most_common(1)[0][0]
            else:  # a first tatami is at row 0, column 0
                assert held is not None
                dr, dc = -cells[held][0], -cells[held][1]
            # said as the player types them: rows and columns from 1 at the dojo's top left (0: a new
            # row above, a new column to the left)
            top = min((r for r, _c in placed.values()), default=0)  # a first tatami: row 0, column 0
            left = min((c for _r, c in placed.values()), default=0)
            for card, (r, c) in placed.items():
                at = (cells[card][0] + dr, cells[card][1] + dc)
                if at != (r, c):
                    said.append(DojoLine("all", "elsewhere", {
                        "seat": seat, "card": card, "row": at[0] - top + 1, "col": at[1] - left + 1,
                        "game_row": r - top + 1, "game_col": c - left + 1}))
            if held in seen and proposal is None:
                row, col = cells[held][0] + dr, cells[held][1] + dc
                move: Action = {"type": "place", "seat": seat, "row": row, "col": col}
                if move in RULES.legal(state, seat):
                    proposal = (move, DojoLine("all", "confirm_place", {
                        "seat": seat, "card": held, "row": row - top + 1, "col": col - left + 1}))
        if proposal is None:
            return LayoutNews(tuple(said))
        return LayoutNews(tuple(said), *proposal)


def _cells(labels: Sequence[Detection]) -> dict[str, tuple[int, int]] | None:
    """Each tatami's (row, column) as its owner laid it, from the grid reader; None when two
    labels fall in one cell (the picture is not a dojo)."""
    grid = read_grid(labels)
    if len(grid.cells) != len(labels):
        return None
    out: dict[str, tuple[int, int]] = {}
    for cell, d in grid.cells.items():
        label = try_decode(d.text, GAME)
        if isinstance(label, Label):
            out[label.card.id] = cell
    return out
