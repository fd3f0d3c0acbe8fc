"""The samurai bot of the synthetic table: a general who fights for the three control points.

It plays from what its seat knows (the board is public; its own event cards), never another
hand. Its units deploy nearest the centre; on its turn it plays its helpful events first,
then, one action at a time: the best attack (a unit on a control point, a kill, the most
damage), a marker where a unit stands on a resource the player has none of yet (recruits
need them, and a player who can recruit is never out), a unit onto a free control point, a
unit to where it can strike an enemy holding one, the others nearer the points they do not
hold; a lost unit is recruited back when its markers allow. When the team holds every
point, the units stand guard.
"""

from __future__ import annotations

import heapq
import random
from typing import Any

from companion.engine import Action, Match, Seat
from companion.engine.bots import PurposefulBot
from companion.games.samurai.board import TYPES, data
from companion.games.samurai.state import (
    PLAY,
    REMOVE,
    SETUP,
    SamuraiState,
    Unit,
    _search,
    attack_range,
    best_path,
    costs,
    damage,
    diagonal,
    in_reach,
    occupant,
    team_of,
    units_alive,
    units_of,
)

FAR = 10**6
CAUTION = 0.3  # per point of damage the enemy could deal there next turn: a side that steps into
# reach first loses the exchange (without it, the team that moves second won 20 of 20 seeds)
RECRUIT_ORDER = ("cavalry", "katana", "naginata", "archer")  # fastest to the points first


class SamuraiBot(PurposefulBot):
    """A general who fights for the three control points (his games end by the points)."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        state: SamuraiState = match.state
        legal = [dict(a) for a in match.game.legal(state, seat)]
        if not legal:
            return super().choose(match, seat, rng)
        if state.phase == SETUP:
            return _deploy(state, legal)
        if state.phase == REMOVE:
            return _sacrifice(state, legal)
        if state.phase != PLAY:
            return super().choose(match, seat, rng)
        events = [a for a in legal if a["type"] == "event"]
        if events and not state.acted:  # phase 1: every event in hand helps this turn (or must be played)
            return events[0]
        return (_attack(state, legal) or _mark(state, seat, legal) or _move(state, seat, legal)
                or _recruit(state, seat, legal) or next(a for a in legal if a["type"] == "end_turn"))


def _points(state: SamuraiState, team: int) -> tuple[list[str], list[str], list[str]]:
    """The control points the team holds, the free ones, and the enemy's."""
    mine, free, theirs = [], [], []
    for square in data().board.control:
        unit = occupant(state, square)
        if unit is None:
            free.append(square)
        elif team_of(state, unit.owner) == team:
            mine.append(square)
        else:
            theirs.append(square)
    return mine, free, theirs


def _field(state: SamuraiState, team: int, goals: list[str]) -> dict[str, int]:
    """Movement cost from every square to the nearest goal (enemy units block the way)."""
    board = data().board
    enemy = {u.square for u in state.units.values() if team_of(state, u.owner) != team}
    dist = {g: 0 for g in goals}
    heap = [(0, g) for g in goals]
    while heap:
        d, square = heapq.heappop(heap)
        if d > dist.get(square, FAR):
            continue
        for nxt in board.neighbours(square, diagonal(state)):
            if nxt in enemy:
                continue
            cost = d + board.cell(square).move  # moving from nxt into square costs square's terrain
            if cost < dist.get(nxt, FAR):
                dist[nxt] = cost
                heapq.heappush(heap, (cost, nxt))
    return dist


def _goals(state: SamuraiState, team: int) -> list[str]:
    """Where the team's free units head: free points, and the squares next to the enemy's."""
    mine, free, theirs = _points(state, team)
    board = data().board
    beside = [n for sq in theirs for n in board.neighbours(sq, diagonal(state)) if occupant(state, n) is None]
    goals = free + beside
    if not goals:  # every point held: stand guard beside them
        goals = [n for sq in mine for n in board.neighbours(sq, diagonal(state))
                 if occupant(state, n) is None]
    return goals or list(board.control)


def _attack(state: SamuraiState, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    control = set(data().board.control)

    def value(action: dict[str, Any]) -> tuple[float, str, str]:
        unit, target = state.units[action["unit"]], state.units[action["target"]]
        hit = damage(state, unit, target)
        before = len(units_of(state, target.owner, target.type))
        left = max(0, state.hp[target.owner][TYPES.index(target.type)] - hit)
        kills = units_alive(state, left, target.type, before) < before
        return (hit + 6 * (target.square in control) + 4 * kills, action["unit"], action["target"])

    attacks = [a for a in legal if a["type"] == "attack"]
    return max(attacks, key=value) if attacks else None


def _move(state: SamuraiState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    team = team_of(state, seat)
    control = set(data().board.control)
    _, free, theirs = _points(state, team)
    field = _field(state, team, _goals(state, team))
    per_point = costs(state)["move"]
    danger = _danger(state, team)
    best, best_value = None, 0.0
    for action in legal:
        if action["type"] != "move":
            continue
        unit = state.units[action["unit"]]
        if unit.square in control:  # a unit holding a point stays there
            continue
        dest = action["to"]
        moved = unit._replace(square=dest)
        spent = _cost(state, unit, dest)
        value = float(field.get(unit.square, FAR) - field.get(dest, FAR)) - 0.1 * spent
        value -= CAUTION * (danger.get(dest, 0) - danger.get(unit.square, 0))
        if dest in free:
            value += 20
        strike = state.cp[seat] - spent * per_point >= costs(state)["attack"] and not unit.attacked
        if strike and any(in_reach(state, moved, state.units[e.id]) for e in _holders(state, theirs)):
            value += 8
        if value > best_value or (value == best_value and best is not None
                                  and _ahead(state, team, action, best)):
            best, best_value = action, value
    return best


def _side(state: SamuraiState, team: int, square: str) -> tuple[int, int]:
    """A square as the team sees the board (the map is symmetric by a half turn): ties are
    broken alike on both sides, so that neither team's bot plays a better-ordered game."""
    board = data().board
    x, y = board.xy(square)
    return (x, y) if team == 0 else (board.columns - 1 - x, board.rows - 1 - y)


def _ahead(state: SamuraiState, team: int, a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Between two equal moves, the one the team's own view of the board puts first."""
    return (a["unit"], _side(state, team, a["to"])) < (b["unit"], _side(state, team, b["to"]))


def _holders(state: SamuraiState, squares: list[str]) -> list[Unit]:
    return [u for u in (occupant(state, sq) for sq in squares) if u is not None]


def _cost(state: SamuraiState, unit: Unit, dest: str) -> int:
    found = best_path(state, unit, dest, FAR)
    return found[0] if found else FAR


def _recruit(state: SamuraiState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    recruits = [a for a in legal if a["type"] == "recruit"]
    if not recruits or len(units_of(state, seat)) >= len(TYPES):
        return None
    field = _field(state, team_of(state, seat), list(data().board.control))
    tokens = data().tokens
    team = team_of(state, seat)
    return min(recruits, key=lambda a: (RECRUIT_ORDER.index(tokens[a["unit"]][0]), field.get(a["at"], FAR),
                                        _side(state, team, a["at"])))


def _mark(state: SamuraiState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A marker where the seat has none of that resource yet (recruits need the resources)."""
    board = data().board
    have = {board.terrain[sq] for sq, seats in state.markers.items() if seat in seats}
    marks = [a for a in legal if a["type"] == "mark" and board.terrain[a["at"]] not in have]
    return min(marks, key=lambda a: _side(state, team_of(state, seat), a["at"])) if marks else None


def _deploy(state: SamuraiState, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Fast units first, each on the free deployment square nearest the control points."""
    places = [a for a in legal if a["type"] == "place"]
    if not places:
        return legal[0]
    team = team_of(state, places[0]["seat"])
    field = _field(state, team, list(data().board.control))  # the team's own units do not block it
    tokens = data().tokens
    return min(places, key=lambda a: (RECRUIT_ORDER.index(tokens[a["unit"]][0]), field.get(a["at"], FAR),
                                      _side(state, team, a["at"])))


def _sacrifice(state: SamuraiState, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The owner's choice of the next unit to go: the one farthest from the control points."""
    removes = [a for a in legal if a["type"] == "remove"]
    if not removes:
        return legal[0]
    field = _field(state, team_of(state, state.units[removes[0]["unit"]].owner), list(data().board.control))
    return max(removes, key=lambda a: (field.get(state.units[a["unit"]].square, FAR), a["unit"]))


def _danger(state: SamuraiState, team: int) -> dict[str, int]:
    """The damage the enemy's units could deal next turn to a unit of `team` on each square
    (each moving its whole movement, then striking: what a square costs to stand on)."""
    board = data().board
    out: dict[str, int] = {}
    for enemy in state.units.values():
        if team_of(state, enemy.owner) == team:
            continue
        reach = attack_range(state, enemy)
        spots = [enemy.square, *_search(state, enemy._replace(moved=0, attacked=False),
                                        data().units[enemy.type].move)[0]]
        hit = data().units[enemy.type].attack
        for square in board.squares:
            if any(0 < board.distance(spot, square, diagonal(state)) <= reach for spot in spots):
                out[square] = out.get(square, 0) + hit
    return out
