"""What a player who cannot see the board asks the samurai companion: pure functions.

Each answer is a list of events addressed to the asking seat (phrasebook keys `q_*`), so the
same phrasebooks speak them. Everything asked about is public except the asker's own event
hand; nothing here depends on another seat's hand.
"""

from __future__ import annotations

from typing import Any

from companion.engine import Event, Rejected
from companion.games.samurai.board import TEAMS, TYPES, data
from companion.games.samurai.state import (
    SamuraiState,
    Unit,
    attack_range,
    diagonal,
    in_reach,
    movement_left,
    occupant,
    reachable,
    team_of,
    units_of,
)


def my_units(state: SamuraiState, seat: int) -> list[Event]:
    """The seat's units, where each stands, and its health counters by type."""
    units = sorted(units_of(state, seat), key=lambda u: (TYPES.index(u.type), u.id))
    if not units:
        return [Event(seat, "q_no_units", {"seat": seat})]
    out = []
    board = data().board
    for u in units:
        key = "q_unit" if state.seat != seat else "q_unit_done" if u.attacked else "q_unit_now"
        out.append(Event(seat, key, {"unit": u.id, "square": u.square, "terrain": board.terrain[u.square],
                                     "moves": movement_left(state, u)}))
    for i, kind in enumerate(TYPES):
        n = sum(u.type == kind for u in units)
        if n:
            out.append(Event(seat, "q_health", {"kind": kind, "hp": state.hp[seat][i], "n": n,
                                                "tier": data().units[kind].hp}))
    if state.seat == seat:
        out.append(Event(seat, "q_cp", {"cp": state.cp[seat]}))
    return out


def unit_reach(state: SamuraiState, seat: int, unit_id: str) -> list[Event]:
    """Squares a unit can still move to this turn, and the enemies it can attack from where it is."""
    unit = _unit(state, unit_id)
    own_turn = state.seat == unit.owner
    budget = movement_left(state, unit) if own_turn else data().units[unit.type].move
    if own_turn and data().costs["move"]:
        budget = min(budget, state.cp[unit.owner] // data().costs["move"])
    squares = sorted(reachable(state, unit, budget), key=_order)
    team = team_of(state, unit.owner)
    targets = sorted(e.id for e in state.units.values()
                     if team_of(state, e.owner) != team and in_reach(state, unit, e))
    if unit.attacked and own_turn:
        targets = []
    where = {"unit": unit.id, "square": unit.square}
    return [Event(seat, "q_reach_moves" if squares else "q_reach_stays", {**where, "squares": squares}),
            Event(seat, "q_reach_targets" if targets else "q_reach_no_target",
                  {**where, "range": attack_range(state, unit), "targets": targets})]


def threats(state: SamuraiState, seat: int, squares: bool = False) -> list[Event]:
    """What the other team could attack on its next turn (moving first): the seat's units it
    reaches first, each with the enemy units that reach it, then how many squares it reaches
    ("menaces 2" names them: a second level, dozens of squares being no answer to listen to)."""
    team = team_of(state, seat)
    danger = threatened_squares(state, team)
    named = sorted(danger, key=_order)
    if squares:
        return [Event(seat, "q_threatened" if danger else "q_threatened_none", {"squares": named})]
    mine = [u for u in sorted(units_of(state, seat), key=lambda u: u.id) if u.square in danger]
    out = [Event(seat, "q_unit_threatened", {"unit": u.id, "square": u.square,
                                             "by": sorted(danger[u.square])}) for u in mine]
    if not out:
        out.append(Event(seat, "q_units_safe", {}))
    out.append(Event(seat, "q_threatened_count" if danger else "q_threatened_none", {"n": len(named)}))
    return out


def threatened_squares(state: SamuraiState, team: int) -> dict[str, set[str]]:
    """Square -> enemy units (of `team`'s opponents) that could attack it next turn."""
    board = data().board
    diag = diagonal(state)
    out: dict[str, set[str]] = {}
    for enemy in state.units.values():
        if team_of(state, enemy.owner) == team:
            continue
        fresh = enemy._replace(moved=0, moves=0, attacked=False)
        stands = [enemy.square, *reachable(state, fresh, data().units[enemy.type].move)]
        reach = attack_range(state, fresh)
        for start in stands:
            for sq in board.squares:
                dist = board.distance(start, sq, diag)
                if 1 <= dist <= reach and in_reach(state, fresh._replace(square=start), _dummy(sq)):
                    out.setdefault(sq, set()).add(enemy.id)
    return out


def score(state: SamuraiState, seat: int) -> list[Event]:
    """Victory points, who holds each control point, whose turn it is."""
    mine = team_of(state, seat)
    out = [Event(seat, "q_score", {"team": TEAMS[mine], "vp": state.vp[mine], "other_vp": state.vp[1 - mine],
                                   "y_vp": state.vp[0], "r_vp": state.vp[1], "target": state.opts["target"]})]
    for sq in data().board.control:
        unit = occupant(state, sq)
        if unit is None:
            out.append(Event(seat, "q_control_free", {"square": sq}))
        else:
            out.append(Event(seat, "q_control_held", {"square": sq, "team": TEAMS[team_of(state, unit.owner)],
                                                      "unit": unit.id}))
    if state.seat is not None:
        out.append(Event(seat, "q_turn", {"seat": state.seat, "cp": state.cp[state.seat]}))
    return out


def what_at(state: SamuraiState, seat: int, square: str) -> list[Event]:
    """What is on a square: terrain, unit, markers, control point or deployment square."""
    board = data().board
    if not board.on_board(square):
        raise Rejected("bad_square", square=str(square))
    unit = occupant(state, square)
    params: dict[str, Any] = {"square": square, "terrain": board.terrain[square]}
    out = [Event(seat, "q_square_unit" if unit else "q_square_empty",
                 {**params, "unit": unit.id if unit else None, "owner": unit.owner if unit else None})]
    if state.markers.get(square):
        seats = sorted(state.markers[square])
        out.append(Event(seat, "q_square_markers", {"square": square, "seats": seats}))
    if square in board.control:
        out.append(Event(seat, "q_square_control", {"square": square}))
    for team in TEAMS:
        if square in board.deploy[team]:
            out.append(Event(seat, "q_square_deploy", {"square": square, "team": team}))
    return out


def where_is(state: SamuraiState, seat: int, unit_id: str) -> list[Event]:
    """Where a unit stands (or that it is not on the board)."""
    if unit_id not in data().tokens:
        raise Rejected("unknown_unit", unit=str(unit_id))
    unit = state.units.get(unit_id)
    if unit is None:
        return [Event(seat, "q_not_on_board", {"unit": unit_id})]
    return [Event(seat, "q_where", {"unit": unit.id, "square": unit.square, "owner": unit.owner,
                                    "terrain": data().board.terrain[unit.square]})]


def my_hand(state: SamuraiState, seat: int) -> list[Event]:
    """The asker's event cards (private)."""
    hand = list(state.hands[seat])
    return [Event(seat, "q_hand" if hand else "q_hand_empty", {"cards": hand})]


def answer(state: SamuraiState, name: str, seat: int, unit: str | None = None,
           square: str | None = None, squares: bool = False) -> list[Event]:
    """One query by name (the names `commands.Query` uses)."""
    if name == "units":
        return my_units(state, seat)
    if name == "reach":
        return unit_reach(state, seat, unit or "")
    if name == "threats":
        return threats(state, seat, squares)
    if name == "score":
        return score(state, seat)
    if name == "what":
        return what_at(state, seat, square or "")
    if name == "where":
        return where_is(state, seat, unit or "")
    if name == "hand":
        return my_hand(state, seat)
    raise Rejected("unknown_query", name=name)


def _unit(state: SamuraiState, unit_id: str) -> Unit:
    if unit_id not in data().tokens:
        raise Rejected("unknown_unit", unit=str(unit_id))
    unit = state.units.get(unit_id)
    if unit is None:
        raise Rejected("unit_not_on_board", unit=unit_id)
    return unit


def _dummy(square: str) -> Unit:
    return Unit("", "katana", -1, square)


def _order(square: str) -> tuple[int, int]:
    x, y = data().board.xy(square)
    return y, x
