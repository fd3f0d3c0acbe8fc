"""A photo of a finished dojo: its 12 tatamis named by row and column, and its score.

The grid reader gives the cards by row and column as their owner laid them (whatever the
camera's turn); the breakdown is the engine's own scoring, with the trophies won given as
the words after the photo (ids, label codes or points: the photo cannot show them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from card_codes import Label, load_deck, try_decode
from companion.engine import Detection, Event, Rejected, State
from companion.games.dojo.describe import breakdown_events, grid_events
from companion.games.dojo.scoring import score_cells
from companion.games.dojo.state import ROWS, tatamis, trophies
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

    def read(self, detections: Sequence[Detection], prepared: Any, state: State | None) -> list[Event]:
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
