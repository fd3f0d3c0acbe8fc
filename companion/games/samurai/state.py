"""The samurai game's state: options, units, the immutable state and what it says about reach and damage."""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from companion.engine import Option, Rejected
from companion.games.samurai.board import TEAMS, Board, data

SETUP, PLAY, DRAW, REMOVE, OVER = "setup", "play", "draw", "remove", "over"


DEFAULT_TEAMS = {2: ([0], [1]), 3: ([0], [1, 2]), 4: ([0, 2], [1, 3]), 5: ([0, 2], [1, 3, 4]),
                 6: ([0, 2, 4], [1, 3, 5])}


TEAM_SEAT_KEYS = {"Y": ("north", "northeast", "northwest"), "R": ("south", "southwest", "southeast")}


OPTIONS = (
    Option("teams", None, "The seats of team Y and of team R, each in play order. Default: even seats Y "
           "(3 players: North alone against two)."),
    Option("first_team", "Y", "The team that starts (the text: the youngest on average).", ("Y", "R")),
    Option("target", 10, "Victory points that win."),
    Option("seed", 0, "Seed of the simulated table (event draws)."),
    Option("majority", "more", "Control scores with more points than the opponent (1-0 scores), or with "
           "at least two of the three.", ("more", "two_of_three"), "S1"),
    Option("draw_when", "no_score", "A team draws event cards only when it scored nothing, or always.",
           ("no_score", "always"), "S2"),
    Option("event_recipient", "team_chooses", "Who keeps a drawn event: a member the team chooses, or "
           "the team's last player.", ("team_chooses", "last_player"), "S3"),
    Option("cp_carry_over", False, "Unused command points carry over to the player's next turn.",
           (False, True), "S4"),
    Option("costs", None, "Action costs in CP {move, attack, mark}; default: the deck file's values.",
           (), "S5"),
    Option("adjacency", "orthogonal", "Adjacent squares: 4 (orthogonal) or 8 (with diagonals).",
           ("orthogonal", "diagonal"), "S6"),
    Option("range_measure", "path", "Archer range: a path of squares ignoring units, or straight lines "
           "only.", ("path", "line"), "S7"),
    Option("movement", "per_turn", "A unit's movement is a budget per turn over several moves, or one "
           "move per turn.", ("per_turn", "one_move"), "S8"),
    Option("move_after_attack", False, "A unit may still move after its attack (the text says no).",
           (False, True), "S9"),
    Option("mark_after_attack", False, "A unit that has attacked may still have a resource marker placed "
           "under it. Default no, the text: 'après celle-ci il ne peut plus effectuer aucune autre action'.",
           (False, True), "S9"),
    Option("tier", "reach", "Reaching a tier removes a unit, or only going below it.", ("reach", "cross"),
           "S10"),
    Option("marker_removal", "any_entry", "An enemy unit removes markers on any square it enters, or only "
           "where it stops.", ("any_entry", "stop"), "S11"),
    Option("resource_access", "player", "Resources a player may use: his own markers, or his team's.",
           ("player", "team"), "S12"),
    Option("resources_consumed", False, "Recruiting takes back one marker per resource used.",
           (False, True), "S13"),
    Option("mandatory_events", "next_turn", "Mandatory events are played at the holder's next turn start. "
           "Fixed: the text plays events only in a player's first phase ('Utilisation éventuelle et "
           "obligatoire des cartes événements en main'), so his next first phase is the earliest 'dès que "
           "possible'; the digest lists no other reading.", ("next_turn",), "S14"),
    Option("recruit_square", "own_deploy", "Recruits arrive on an empty deployment square of the team, or "
           "of either team.", ("own_deploy", "any_deploy"), "S15"),
    Option("control", "standing", "A control point belongs to the team with a unit standing on it at the "
           "end of the team turn. Fixed by the text: 'C'est lorsque l'un de vos pions se trouve dessus que "
           "ces points sont contrôlés', scored 'à la fin du tour de votre équipe'.", ("standing",), "S16"),
    Option("uneven_cp", "split", "Uneven teams: each team's CP split among its players, or every player "
           "gets the larger team's share.", ("split", "per_player"), "S17"),
    Option("eliminated_cp", "to_team", "When a player is out, his team's points are split among the players "
           "left (default, the text: 'Chaque équipe dispose d'un même nombre de points de commandement à "
           "répartir également entre les joueurs de cette même équipe'), or his share is lost.",
           ("to_team", "lost"), "S17"),
)


# ---------------------------------------------------------------------- state
class Unit(NamedTuple):
    id: str
    type: str
    owner: int
    square: str
    moved: int = 0  # movement points spent this turn
    moves: int = 0  # move actions this turn
    attacked: bool = False


class SamuraiState(NamedTuple):
    """The whole game; immutable (dicts inside are never changed after creation)."""

    players: int
    opts: Mapping[str, Any]
    teams: tuple[tuple[int, ...], tuple[int, ...]]  # seats of Y, of R, in play order
    phase: str
    team: int  # index of the team whose turn it is
    seat: int | None  # the player whose turn it is (None while drawing/removing)
    team_turns: int
    acted: bool  # the current player did something else than playing events (phase 1 over)
    cp: tuple[int, ...]
    units: Mapping[str, Unit]
    hp: tuple[tuple[int, ...], ...]  # per seat, per type (TYPES order)
    markers: Mapping[str, frozenset[int]]  # resource square -> seats with a marker there
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]  # event cards face down (their order is unknown: draws name the card)
    discard: tuple[str, ...]
    effects: tuple[str, ...]  # events played by the current player this turn
    draws: int  # event cards the team still has to draw
    removal: tuple[int, str, int] | None  # (seat, type, units still to remove) chosen by the owner
    out: frozenset[int]
    vp: tuple[int, int]
    winners: tuple[int, ...] = ()
    used: frozenset[str] = frozenset()  # tokens that have been on the board: a number is not reused lightly


def team_of(state: SamuraiState, seat: int) -> int:
    return 0 if seat in state.teams[0] else 1


def active(state: SamuraiState, team: int) -> list[int]:
    return [s for s in state.teams[team] if s not in state.out]


def units_of(state: SamuraiState, seat: int, kind: str | None = None) -> list[Unit]:
    return [u for u in state.units.values() if u.owner == seat and (kind is None or u.type == kind)]


def occupant(state: SamuraiState, square: str) -> Unit | None:
    for u in state.units.values():
        if u.square == square:
            return u
    return None


def diagonal(state: SamuraiState) -> bool:
    return bool(state.opts["adjacency"] == "diagonal")


def costs(state: SamuraiState) -> Mapping[str, int]:
    return {**data().costs, **(state.opts["costs"] or {})}


def cp_share(state: SamuraiState, seat: int) -> int:
    """Phase 2: the player's command points (team total by player count, split equally, S17)."""
    total = data().command_points[state.players]
    if state.opts["eliminated_cp"] == "to_team":  # the players still in share the team's points
        teams = [active(state, 0), active(state, 1)]
    else:
        teams = [list(t) for t in state.teams]
    size = len(teams[team_of(state, seat)])
    if state.opts["uneven_cp"] == "per_player":
        size = max(len(t) for t in teams)
    return int(total) // max(1, size)


def bonus(state: SamuraiState, field: str, kind: str) -> int:
    """What the events played this turn add to a unit type's move, attack or range."""
    events = data().events
    return sum(events[e].bonus(field) for e in state.effects if events[e].applies in ("all", kind))


def movement_left(state: SamuraiState, unit: Unit) -> int:
    if unit.attacked and not state.opts["move_after_attack"]:
        return 0
    if state.opts["movement"] == "one_move" and unit.moves:
        return 0
    return max(0, data().units[unit.type].move + bonus(state, "move", unit.type) - unit.moved)


def attack_range(state: SamuraiState, unit: Unit) -> int:
    base = data().units[unit.type].range
    if base <= 1:
        return 1
    return max(1, base + data().board.cell(unit.square).range + bonus(state, "range", unit.type))


def damage(state: SamuraiState, attacker: Unit, target: Unit) -> int:
    board = data().board
    raw = (data().units[attacker.type].attack + board.cell(attacker.square).attack
           + bonus(state, "attack", attacker.type))
    return max(1, raw - board.cell(target.square).defence)


def in_reach(state: SamuraiState, attacker: Unit, target: Unit) -> bool:
    board = data().board
    dist = board.distance(attacker.square, target.square, diagonal(state))
    reach = attack_range(state, attacker)
    if dist < 1 or dist > reach:
        return False
    if dist > 1 and state.opts["range_measure"] == "line":
        (ax, ay), (bx, by) = board.xy(attacker.square), board.xy(target.square)
        return ax == bx or ay == by or (diagonal(state) and abs(ax - bx) == abs(ay - by))
    return True


def units_alive(state: SamuraiState, hp: int, kind: str, before: int) -> int:
    """How many units a health counter holds (S10: reaching a tier removes a unit)."""
    h = data().units[kind].hp
    if hp <= 0:
        return 0
    if state.opts["tier"] == "reach":
        return min(before, -(-hp // h))
    return min(before, hp // h + 1)


def access(state: SamuraiState, seat: int) -> set[str]:
    """Resource types the seat may use to recruit (S12)."""
    allowed = set(state.teams[team_of(state, seat)]) if state.opts["resource_access"] == "team" else {seat}
    board = data().board
    return {board.terrain[sq] for sq, seats in state.markers.items() if seats & allowed}


def free_tokens(state: SamuraiState, team: int, kind: str) -> list[str]:
    """The team's tokens of a kind off the board, those never used in this game first: a new unit
    with a dead one's number ("Archer rouge 2" again) would be taken for the one that fell."""
    free = [t for t, (k, tm, _) in data().tokens.items()
            if k == kind and tm == TEAMS[team] and t not in state.units]
    return sorted(free, key=lambda t: t in state.used)


def can_ever_recruit(state: SamuraiState, seat: int) -> bool:
    have = access(state, seat)
    team = team_of(state, seat)
    return any(set(u.recipe) <= have and free_tokens(state, team, k) for k, u in data().units.items())


def reachable(state: SamuraiState, unit: Unit, budget: int) -> dict[str, tuple[int, int]]:
    """Squares the unit can end on this turn: square -> (movement cost, enemy-marked squares
    entered on the way). Paths go through empty and friendly squares, never enemy ones."""
    best, _ = _search(state, unit, budget)
    where = {u.square for u in state.units.values()}
    return {sq: v for sq, v in best.items() if sq not in where}


def best_path(state: SamuraiState, unit: Unit, dest: str, budget: int) -> tuple[int, tuple[str, ...]] | None:
    """The cost and squares entered of the unit's best path to `dest`: the cheapest, then the
    one entering the fewest squares with enemy markers; None if there is none within budget."""
    best, parent = _search(state, unit, budget, dest)
    if dest not in best:
        return None
    path = [dest]
    while parent[path[-1]] != unit.square:
        path.append(parent[path[-1]])
    return best[dest][0], tuple(reversed(path))


def _search(state: SamuraiState, unit: Unit, budget: int,
            goal: str | None = None) -> tuple[dict[str, tuple[int, int]], dict[str, str]]:
    """Dijkstra on (cost, enemy markers entered); ties go to the first found (deterministic)."""
    board = data().board
    team = team_of(state, unit.owner)
    enemy_seats = set(state.teams[1 - team])
    blocked = {u.square for u in state.units.values() if u.owner in enemy_seats}
    marked = {sq for sq, seats in state.markers.items() if seats & enemy_seats}
    step = _move_costs(board)
    start = unit.square
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    parent: dict[str, str] = {}
    heap: list[tuple[int, int, int, str]] = [(0, 0, 0, start)]
    diag = diagonal(state)
    pushed = 0
    while heap:
        cost, marks, _, sq = heapq.heappop(heap)
        if best[sq] < (cost, marks):
            continue
        if sq == goal:
            break
        for nxt in board.neighbours(sq, diag):
            if nxt in blocked:
                continue
            c = cost + step[nxt]
            if c > budget:
                continue
            key = (c, marks + (nxt in marked))
            if nxt not in best or key < best[nxt]:
                best[nxt] = key
                parent[nxt] = sq
                pushed += 1
                heapq.heappush(heap, (*key, pushed, nxt))
    del best[start]
    return best, parent


@cache
def _move_costs(board: Board) -> dict[str, int]:
    return {sq: board.cell(sq).move for sq in board.squares}


# ---------------------------------------------------------------------- checks
def unit_field(state: SamuraiState, action: Mapping[str, Any], key: str = "unit") -> Unit:
    uid = action.get(key)
    if not isinstance(uid, str) or uid not in data().tokens:
        raise Rejected("unknown_unit", unit=str(uid))
    unit = state.units.get(uid)
    if unit is None:
        raise Rejected("unit_not_on_board", unit=uid)
    return unit


def own_unit(state: SamuraiState, seat: int, action: Mapping[str, Any]) -> Unit:
    unit = unit_field(state, action)
    if unit.owner != seat:
        raise Rejected("not_your_unit", unit=unit.id, seat=unit.owner)
    return unit


def square_field(action: Mapping[str, Any], key: str) -> str:
    sq = action.get(key)
    if not data().board.on_board(sq):
        raise Rejected("bad_square", square=str(sq))
    return sq  # type: ignore[return-value]


def my_turn(state: SamuraiState, seat: int) -> None:
    if state.phase == SETUP:
        raise Rejected("setup_first")
    if state.phase == DRAW:
        raise Rejected("draw_first", team=TEAMS[state.team])
    if state.phase == REMOVE:
        assert state.removal is not None
        raise Rejected("remove_first", seat=state.removal[0])
    if seat != state.seat:
        raise Rejected("not_turn", seat=state.seat)


def mandatory_card(state: SamuraiState, seat: int) -> str | None:
    events = data().events
    return next((c for c in state.hands[seat] if events[c].mandatory), None)


def start_action(state: SamuraiState, seat: int) -> None:
    """Phase 3 begins: mandatory events must have been played first (S14)."""
    my_turn(state, seat)
    card = mandatory_card(state, seat)
    if card is not None and not state.acted:
        raise Rejected("mandatory_event", card=card)


def pay(state: SamuraiState, seat: int, need: int) -> tuple[int, ...]:
    if state.cp[seat] < need:
        raise Rejected("not_enough_cp", need=need, have=state.cp[seat])
    cp = list(state.cp)
    cp[seat] -= need
    return tuple(cp)


def with_unit(state: SamuraiState, unit: Unit | None, remove: str | None = None) -> Mapping[str, Unit]:
    units = dict(state.units)
    if remove is not None:
        del units[remove]
    if unit is not None:
        units[unit.id] = unit
    return MappingProxyType(units)


# ---------------------------------------------------------------------- actions
def free_token(state: SamuraiState, seat: int, action: Mapping[str, Any]) -> tuple[str, str]:
    """The token an action names (id and unit type): one of the seat's team, not on the board."""
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in data().tokens:
        raise Rejected("unknown_unit", unit=str(uid))
    kind, team_letter, _ = data().tokens[uid]
    team = team_of(state, seat)
    if team_letter != TEAMS[team]:
        raise Rejected("wrong_team_token", unit=uid, team=TEAMS[team])
    if uid in state.units:
        raise Rejected("unit_on_board", unit=uid, square=state.units[uid].square)
    return uid, kind


def deploy_square(state: SamuraiState, team: int, sq: str, any_team: bool) -> None:
    deploy = data().board.deploy
    allowed = set(deploy["Y"]) | set(deploy["R"]) if any_team else set(deploy[TEAMS[team]])
    if sq not in allowed:
        raise Rejected("not_deploy_square", square=sq)
    other = occupant(state, sq)
    if other is not None:
        raise Rejected("square_occupied", square=sq, unit=other.id)


def checked_path(state: SamuraiState, unit: Unit, dest: str, path: Any) -> tuple[int, tuple[str, ...]]:
    board = data().board
    if not isinstance(path, list) or not path or path[-1] != dest or not all(board.on_board(s) for s in path):
        raise Rejected("bad_path", unit=unit.id)
    team = team_of(state, unit.owner)
    cost, here = 0, unit.square
    for sq in path:
        if sq not in board.neighbours(here, diagonal(state)):
            raise Rejected("bad_path", unit=unit.id)
        other = occupant(state, sq)
        if other is not None and team_of(state, other.owner) != team:
            raise Rejected("enemy_in_path", square=sq, unit=other.id)
        cost += board.cell(sq).move
        here = sq
    return cost, tuple(path)


def consume(state: SamuraiState, seat: int, recipe: Sequence[str]) -> Mapping[str, frozenset[int]]:
    """S13 variant: one of the seat's markers of each resource used goes back."""
    board = data().board
    markers = dict(state.markers)
    for resource in recipe:
        sq = next((s for s, seats in sorted(markers.items())
                   if seat in seats and board.terrain[s] == resource), None)
        if sq is not None:
            rest = markers[sq] - {seat}
            if rest:
                markers[sq] = rest
            else:
                del markers[sq]
    return MappingProxyType(markers)
