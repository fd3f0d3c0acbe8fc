"""Dojo queries a blind player asks during play, as events for the phrasebook (pure).

- `describe`: a dojo row by row, then column by column (record coordinates), and for its
  owner the tatami in hand;
- `offer_places`: the legal places for a seat's tatami, each said against a placed card;
- `score_events`: a running score breakdown (rows, columns, trophies, total).
Each returns events addressed to `viewer` (a seat), never changing the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine import Event
from companion.games.dojo.places import places
from companion.games.dojo.scoring import Breakdown, breakdown
from companion.games.dojo.state import Cell, DojoState


def cells_of(state: DojoState, seat: int) -> dict[Cell, str]:
    """A seat's dojo: card by (row, col)."""
    return {(r, c): card for r, c, card in state.dojos[seat]}


def grid_events(viewer: int, seat: int, cells: Mapping[Cell, str]) -> list[Event]:
    """Rows top to bottom, then columns left to right, empty places named."""
    if not cells:
        return [Event(viewer, "dojo_empty", {"seat": seat})]
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    out = [Event(viewer, "dojo_header", {"seat": seat, "n": len(cells), "top": rows[0], "bottom": rows[-1],
                                         "left": cols[0], "right": cols[-1]})]
    out += [Event(viewer, "dojo_row", {"row": r, "cells": [cells.get((r, c)) for c in cols]})
            for r in rows]
    out += [Event(viewer, "dojo_column", {"col": c, "cells": [cells.get((r, c)) for r in rows]})
            for c in cols]
    return out


def describe(state: DojoState, seat: int, viewer: int) -> list[Event]:
    """Seat's dojo as `viewer` may hear it: the grid is public, the tatami in hand is the
    owner's (or everyone's once a challenge showed it)."""
    out = grid_events(viewer, seat, cells_of(state, seat))
    card = state.pending[seat]
    if card is not None and (viewer == seat or seat in state.shown):
        out.append(Event(viewer, "dojo_hand", {"seat": seat, "card": card}))
    return out


def offer_places(state: DojoState, seat: int) -> list[Event]:
    """The legal places for the seat's next tatami, said to the seat."""
    found = places(cells_of(state, seat), state.opts["orientation"])
    out = [Event(seat, "places", {"n": len(found)})]
    for p in found:
        key = "place_first" if p.side is None else f"place_{p.side}"
        out.append(Event(seat, key, {"card": p.card, "row": p.row, "col": p.col}))
    return out


def breakdown_events(viewer: int, seat: int, b: Breakdown,
                     trophy_cards: list[str] | None = None) -> list[Event]:
    """Rows, scoring columns, trophies and total of a breakdown."""
    out = [Event(viewer, "score_rows", {"points": b.row_points})]
    out += [Event(viewer, "score_row", {"row": r.row, "disciple": r.disciple, "count": r.count,
                                        "points": r.points}) for r in b.rows]
    scoring = [c for c in b.columns if c.belt is not None]
    out.append(Event(viewer, "score_columns", {"points": b.column_points, "n": len(scoring)}))
    out += [Event(viewer, "score_column", {"col": c.col, "belt": c.belt, "points": c.points})
            for c in scoring]
    if trophy_cards:
        out.append(Event(viewer, "score_trophy_cards", {"cards": trophy_cards, "points": b.trophy_points}))
    else:
        out.append(Event(viewer, "score_trophies", {"points": b.trophy_points}))
    out.append(Event(viewer, "score_total", {"seat": seat, "total": b.total}))
    return out


def score_events(state: DojoState, seat: int, viewer: int) -> list[Event]:
    """A seat's running score, as `viewer` hears it (all of it is public)."""
    return breakdown_events(viewer, seat, breakdown(state, seat), list(state.won[seat]))
