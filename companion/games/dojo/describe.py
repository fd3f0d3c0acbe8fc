"""Dojo queries a blind player asks during play, as events for the phrasebook (pure).

Places are said as the owner sees the dojo: rows numbered from its top row (1), columns from
its leftmost column (1); a place above the top row is row 0, left of the leftmost column 0.
Once the dojo is 3 rows high and 4 columns wide, rows are 1 to 3 and columns 1 to 4 for good.
(The record keeps its own coordinates: the first tatami at 0, 0.)

- `describe`: a dojo row by row, then column by column, and for its owner the tatami in hand;
- `offer_places`: the legal places for a seat's tatami, each said against a placed card;
- `score_events`: a running score breakdown (rows, columns, trophies, total).
Each returns events addressed to `viewer` (a seat), never changing the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.engine import Event
from companion.games.dojo.places import origin, places, to_view
from companion.games.dojo.scoring import Breakdown, breakdown
from companion.games.dojo.state import Cell, DojoState

# a part of a dojo asked for ("dojo Nord 2"): its event, the parameter numbering it, the header's count,
# and what is said when the dojo has no such part
PARTS = {"row": ("dojo_row", "row", "rows", "dojo_no_row"),
         "column": ("dojo_column", "col", "cols", "dojo_no_column")}


def cells_of(state: DojoState, seat: int) -> dict[Cell, str]:
    """A seat's dojo: card by (row, col), in the record's coordinates."""
    return {(r, c): card for r, c, card in state.dojos[seat]}


def grid_events(viewer: int, seat: int, cells: Mapping[Cell, str]) -> list[Event]:
    """Rows top to bottom, then columns left to right, empty places named, numbered from 1."""
    if not cells:
        return [Event(viewer, "dojo_empty", {"seat": seat})]
    top, left = origin(cells)
    rows = range(top, max(r for r, _ in cells) + 1)
    cols = range(left, max(c for _, c in cells) + 1)
    size = {"seat": seat, "n": len(cells), "rows": len(rows), "cols": len(cols)}
    out = [Event(viewer, "dojo_header", size)]
    out += [Event(viewer, "dojo_row", {"row": r - top + 1, "cells": [cells.get((r, c)) for c in cols]})
            for r in rows]
    out += [Event(viewer, "dojo_column", {"col": c - left + 1, "cells": [cells.get((r, c)) for r in rows]})
            for c in cols]
    return out


def describe(state: DojoState, seat: int, viewer: int, part: tuple[str, int] | None = None) -> list[Event]:
    """Seat's dojo as `viewer` may hear it: the grid is public, the tatami in hand is the
    owner's (or everyone's once a challenge showed it). A summary (its size, and how to read a
    row or a column); ``part``: that row or column ("dojo Nord 2", "dojo Nord colonne 3")."""
    grid = grid_events(viewer, seat, cells_of(state, seat))
    if part is not None:
        kind, number = part  # ("row", 2) or ("column", 3)
        key, param, size, lacking = PARTS[kind]
        found = [e for e in grid if e.key == key and e.params[param] == number]
        if found:
            return found
        n = grid[0].params[size] if grid[0].key == "dojo_header" else 0
        return [Event(viewer, lacking, {"seat": seat, "n": n})]
    out = grid[:1]
    if grid[0].key == "dojo_header":
        rows, cols = grid[0].params["rows"], grid[0].params["cols"]
        out.append(Event(viewer, "dojo_parts", {"seat": seat, "rows": rows, "cols": cols}))
    card = state.pending[seat]
    if card is not None and (viewer == seat or seat in state.shown):
        out.append(Event(viewer, "dojo_hand", {"seat": seat, "card": card}))
    return out


def offer_places(state: DojoState, seat: int) -> list[Event]:
    """The legal places for the seat's next tatami, said to the seat."""
    cells = cells_of(state, seat)
    found = places(cells, state.opts["orientation"])
    out = [Event(seat, "places", {"n": len(found), "card": state.pending[seat]})]
    for p in found:
        key = "place_first" if p.side is None else f"place_{p.side}"
        row, col = to_view(cells, (p.row, p.col))
        out.append(Event(seat, key, {"card": p.card, "row": row, "col": col}))
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
    b = breakdown(state, seat)
    top, left = origin(cells_of(state, seat))
    b = replace(b, rows=tuple(replace(r, row=r.row - top + 1) for r in b.rows),
                columns=tuple(replace(c, col=c.col - left + 1) for c in b.columns))
    return breakdown_events(viewer, seat, b, list(state.won[seat]))
