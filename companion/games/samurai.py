"""Samurai team board game (unidentified; `rules/samurai.fr.txt`): two teams fight for three
control points on a board of squares; first team to 10 victory points wins.

The companion keeps the books a blind player cannot see: where every unit token stands,
health counters, command points (CP), resource markers, event cards and victory points.
Rule choices the text leaves open are the named options below with the defaults of
`rules/digest.md` §4 (S1-S17). Numbers (units, costs, events) are ASSUMED data:
`card_codes/decks/samurai.toml`; the board: `companion/games/samurai_board.toml`.

Teams Y (yellow, deploys north) and R (red, south), 1-3 players each, playing one after
the other in a fixed order (option `teams`: the seats of each team, in play order). Each
player places one unit of each type on his team's deployment squares (setup), then team
turns alternate. A player's turn: play event cards (phase 1, before any other action;
mandatory events must be played then), then spend CP on moves, attacks, recruits and
resource markers; `end_turn` passes to the next player of the team. After the team's last
player: a strict majority of the control points scores 1 victory point (all three: 3);
otherwise the team draws an event card. Health is pooled per player and unit type: a
counter of tiers, one tier (the type's hp) per unit; reaching a tier removes a unit (the
one attacked first, then the owner's choice). A player with no unit and no way to recruit
is out; a team with every player out loses.

Record actions (DESIGN §5 style; squares are "C4": column letter, row number; units are
token ids such as "KATANA-Y-2"):

- `{"type": "place", "seat": S, "unit": ID, "at": SQ}` setup: one unit of each type on an
  empty deployment square of the seat's team.
- `{"type": "move", "seat": S, "unit": ID, "to": SQ}`, optional `"path": [SQ, ...]` (the
  squares entered, destination last; default: the cheapest path, avoiding enemy markers).
- `{"type": "attack", "seat": S, "unit": ID, "target": ID}` melee (adjacent) or archer
  shot (range counted as a path).
- `{"type": "remove", "seat": S, "unit": ID}` the owner picks a further unit to remove
  when one attack reached several tiers.
- `{"type": "recruit", "seat": S, "unit": ID, "at": SQ}` a free token of the seat's team.
- `{"type": "mark", "seat": S, "at": SQ}` a resource marker under one of the seat's units.
- `{"type": "event", "seat": S, "card": ID}`, optional `"at": SQ` (Sabotage's square).
- `{"type": "end_turn", "seat": S}`.
- `{"type": "draw", "seat": S, "card": ID}` the event card drawn by a team that scored
  nothing, given to team member S (S3: the team chooses).

Options: `teams`, `first_team` (the youngest team starts: "Y" or "R"), `target` (10),
`seed`, and the rule options S1-S17.
"""

from __future__ import annotations

import heapq
import random
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Event, Game, Option, Rejected, register

BOARD_FILE = Path(__file__).parent / "samurai_board.toml"
TEAMS = ("Y", "R")
TYPES = ("katana", "naginata", "archer", "cavalry")
RESOURCES = ("forest", "mountain", "field")
SETUP, PLAY, DRAW, REMOVE, OVER = "setup", "play", "draw", "remove", "over"
DEFAULT_TEAMS = {2: ([0], [1]), 3: ([0], [1, 2]), 4: ([0, 2], [1, 3]), 5: ([0, 2], [1, 3, 4]),
                 6: ([0, 2, 4], [1, 3, 5])}
TEAM_SEAT_KEYS = {"Y": ("north", "northeast", "northwest"), "R": ("south", "southwest", "southeast")}
_SQUARE_RE = re.compile(r"^([A-Z])([1-9][0-9]?)$")

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


# ---------------------------------------------------------------------- data
@dataclass(frozen=True, slots=True)
class UnitType:
    name: str
    hp: int
    attack: int
    move: int
    range: int
    cost: int
    recipe: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Terrain:
    name: str
    move: int
    attack: int
    defence: int
    range: int
    resource: bool


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    mandatory: bool
    cp: int
    move: int
    attack: int
    range: int
    applies: str
    sabotage: bool


@dataclass(frozen=True, eq=False)  # hashed by identity: neighbours are cached per board
class Board:
    columns: int
    rows: int
    squares: tuple[str, ...]
    terrain: Mapping[str, str]
    control: tuple[str, ...]
    deploy: Mapping[str, tuple[str, ...]]
    terrains: Mapping[str, Terrain]

    def xy(self, square: str) -> tuple[int, int]:
        return _xy(square)

    def name(self, x: int, y: int) -> str:
        return f"{chr(ord('A') + x)}{y + 1}"

    def on_board(self, square: Any) -> bool:
        return isinstance(square, str) and square in self.terrain

    def neighbours(self, square: str, diagonal: bool) -> tuple[str, ...]:
        return _neighbours(self, square, diagonal)

    def distance(self, a: str, b: str, diagonal: bool) -> int:
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        dx, dy = abs(ax - bx), abs(ay - by)
        return max(dx, dy) if diagonal else dx + dy

    def cell(self, square: str) -> Terrain:
        return self.terrains[self.terrain[square]]


@cache
def _xy(square: str) -> tuple[int, int]:
    return ord(square[0]) - ord("A"), int(square[1:]) - 1


@cache
def _neighbours(board: Board, square: str, diagonal: bool) -> tuple[str, ...]:
    x, y = board.xy(square)
    steps = [(0, -1), (1, 0), (0, 1), (-1, 0)]
    if diagonal:
        steps += [(1, -1), (1, 1), (-1, 1), (-1, -1)]
    return tuple(board.name(x + dx, y + dy) for dx, dy in steps
                 if 0 <= x + dx < board.columns and 0 <= y + dy < board.rows)


@dataclass(frozen=True)
class Data:
    units: Mapping[str, UnitType]
    tokens: Mapping[str, tuple[str, str, int]]  # id -> (type, team, number)
    events: Mapping[str, EventCard]
    board: Board
    command_points: Mapping[int, int]
    costs: Mapping[str, int]
    events_drawn: int
    target: int


@cache
def data() -> Data:
    """Units, tokens and events from the deck file; the board from the board file."""
    deck = load_deck("samurai")
    raw_units = deck.extra["units"]
    units = {t: UnitType(t, u["hp"], u["attack"], u["move"], u["range"], u["cost"], tuple(u["recipe"]))
             for t, u in raw_units.items()}
    tokens = {c.id: (c.kind, c["team"], c["number"]) for c in deck if c.kind in TYPES}
    events = {c.id: EventCard(c.id, c["mandatory"], c["cp"], c["move"], c["attack"], c["range"],
                              c["applies"], c["sabotage"]) for c in deck if c.kind == "event"}
    rules = deck.extra["rules"]
    return Data(MappingProxyType(units), MappingProxyType(tokens), MappingProxyType(events), load_board(),
                MappingProxyType({int(k): v for k, v in rules["command_points"].items()}),
                MappingProxyType({"move": rules["cost_move"], "attack": rules["cost_attack"],
                                  "mark": rules["cost_mark"]}),
                rules["events_drawn"], rules["target"])


def load_board(path: Path = BOARD_FILE) -> Board:
    """The board file, checked: a map of the declared size, known terrain, squares on it."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    cols, rows, lines = raw["columns"], raw["rows"], raw["map"]
    legend = raw["legend"]
    terrains = {name: Terrain(name, t["move"], t["attack"], t["defence"], t["range"], t["resource"])
                for name, t in raw["terrain"].items()}
    if len(lines) != rows or any(len(line) != cols for line in lines):
        raise ValueError(f"{path}: the map must have {rows} rows of {cols} letters")
    terrain: dict[str, str] = {}
    for y, line in enumerate(lines):
        for x, letter in enumerate(line):
            if letter not in legend or legend[letter] not in terrains:
                raise ValueError(f"{path}: unknown terrain letter {letter!r}")
            terrain[f"{chr(ord('A') + x)}{y + 1}"] = legend[letter]
    squares = tuple(terrain)
    deploy = {team: tuple(raw["deploy"][team]) for team in TEAMS}
    for sq in (*raw["control"], *deploy["Y"], *deploy["R"]):
        if sq not in terrain:
            raise ValueError(f"{path}: square {sq} is off the board")
    return Board(cols, rows, squares, MappingProxyType(terrain), tuple(raw["control"]),
                 MappingProxyType(deploy), MappingProxyType(terrains))


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
    return state.opts["adjacency"] == "diagonal"


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
    return total // max(1, size)


def bonus(state: SamuraiState, field: str, kind: str) -> int:
    """What the events played this turn add to a unit type's move, attack or range."""
    events = data().events
    return sum(getattr(events[e], field) for e in state.effects if events[e].applies in ("all", kind))


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
    return [t for t, (k, tm, _) in data().tokens.items()
            if k == kind and tm == TEAMS[team] and t not in state.units]


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


# ---------------------------------------------------------------------- the game
class Samurai(Game):
    """The samurai team board game engine (2 to 6 players, two teams)."""

    name = "samurai"
    seat_counts = (2, 3, 4, 5, 6)
    default_seats = 4  # two teams of two: the text's 3-4 player row (30 command points a team)
    options = OPTIONS

    def default_option(self, name: str, seats: int) -> Any:
        if name == "teams":
            return [list(t) for t in DEFAULT_TEAMS[seats]]
        if name == "target":
            return data().target
        return super().default_option(name, seats)

    def seat_keys(self, seats: int) -> list[str]:
        keys = [""] * seats
        for team, members in zip(TEAMS, DEFAULT_TEAMS[seats], strict=True):
            for i, seat in enumerate(members):
                keys[seat] = TEAM_SEAT_KEYS[team][i]
        return keys

    # ------------------------------------------------------------------ setup
    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> SamuraiState:
        opts = self.resolve_options(seats, options)
        teams = _check_options(seats, opts)
        deck = tuple(data().events)
        n = seats
        return SamuraiState(
            players=n, opts=MappingProxyType(opts), teams=teams, phase=SETUP,
            team=TEAMS.index(opts["first_team"]), seat=None, team_turns=0, acted=False, cp=(0,) * n,
            units=MappingProxyType({}), hp=((0,) * len(TYPES),) * n, markers=MappingProxyType({}),
            hands=((),) * n, deck=deck, discard=(), effects=(), draws=0, removal=None, out=frozenset(),
            vp=(0, 0))

    def start_events(self, state: SamuraiState) -> list[Event]:
        return [Event("all", "setup", {"team_y": list(state.teams[0]), "team_r": list(state.teams[1]),
                                       "target": state.opts["target"]})]

    def apply(self, state: SamuraiState, action: Mapping[str, Any]) -> tuple[SamuraiState, list[Event]]:
        kind = action.get("type") if isinstance(action, Mapping) else None
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise Rejected("unknown_action", type=str(kind))
        if state.phase == OVER:
            raise Rejected("game_over")
        seat = action.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise Rejected("bad_seat", value=str(seat))
        events: list[Event] = []
        state = handler(state, seat, action, events)
        if kind in _MAY_ELIMINATE:
            state = _check_out(state, events)
        return state, events

    # ------------------------------------------------------------------ queries
    def legal(self, state: SamuraiState, seat: int) -> list[dict[str, Any]]:
        return _legal(state, seat)

    def public_view(self, state: SamuraiState) -> dict[str, Any]:
        return {
            "game": self.name, "players": state.players, "phase": state.phase,
            "teams": {t: list(m) for t, m in zip(TEAMS, state.teams, strict=True)},
            "team": TEAMS[state.team], "seat": state.seat, "team_turns": state.team_turns,
            "cp": {str(s): v for s, v in enumerate(state.cp)},
            "units": {u.id: {"type": u.type, "owner": u.owner, "square": u.square, "moved": u.moved,
                             "attacked": u.attacked} for u in state.units.values()},
            "hp": {str(s): dict(zip(TYPES, hp, strict=True)) for s, hp in enumerate(state.hp)},
            "markers": {sq: sorted(seats) for sq, seats in sorted(state.markers.items())},
            "hand_sizes": {str(s): len(h) for s, h in enumerate(state.hands)},
            "deck": len(state.deck), "discard": list(state.discard), "effects": list(state.effects),
            "draws": state.draws, "removal": list(state.removal) if state.removal else None,
            "out": sorted(state.out), "vp": dict(zip(TEAMS, state.vp, strict=True)),
            "over": state.phase == OVER, "winners": list(state.winners),
        }

    def private_view(self, state: SamuraiState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat_viewing"] = seat
        if 0 <= seat < state.players:
            view["hand"] = list(state.hands[seat])
        return view

    def scores(self, state: SamuraiState) -> dict[int, int]:
        return {s: state.vp[team_of(state, s)] for s in range(state.players)}

    def is_over(self, state: SamuraiState) -> bool:
        return state.phase == OVER

    def winners(self, state: SamuraiState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: SamuraiState, rng: random.Random) -> list[dict[str, Any]]:
        """A pending draw: a random card from the face-down deck (the discard once it is
        empty), given to a random member of the team (the simulated team's choice)."""
        if state.phase != DRAW:
            return []
        pile = state.deck or state.discard
        members = _recipients(state)
        return [{"type": "draw", "seat": rng.choice(members), "card": rng.choice(sorted(pile))}]

    def seats_of(self, state: SamuraiState) -> Sequence[int]:
        return range(state.players)


def _check_options(seats: int, opts: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    teams = opts["teams"]
    ok = (isinstance(teams, list | tuple) and len(teams) == 2
          and all(isinstance(t, list | tuple) and 1 <= len(t) <= 3 for t in teams))
    flat = [s for t in teams for s in t] if ok else []
    if not ok or sorted(flat) != list(range(seats)) or any(isinstance(s, bool) for s in flat):
        raise Rejected("bad_option_value", name="teams", value=str(teams))
    target = opts["target"]
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise Rejected("bad_option_value", name="target", value=str(target))
    given = opts["costs"]
    if given is not None and not (isinstance(given, Mapping) and set(given) <= {"move", "attack", "mark"}
                                  and all(isinstance(v, int) and v >= 0 for v in given.values())):
        raise Rejected("bad_option_value", name="costs", value=str(given))
    if not isinstance(opts["seed"], int):
        raise Rejected("bad_option_value", name="seed", value=str(opts["seed"]))
    return tuple(teams[0]), tuple(teams[1])


# ---------------------------------------------------------------------- checks
def _unit(state: SamuraiState, action: Mapping[str, Any], key: str = "unit") -> Unit:
    uid = action.get(key)
    if not isinstance(uid, str) or uid not in data().tokens:
        raise Rejected("unknown_unit", unit=str(uid))
    unit = state.units.get(uid)
    if unit is None:
        raise Rejected("unit_not_on_board", unit=uid)
    return unit


def _own_unit(state: SamuraiState, seat: int, action: Mapping[str, Any]) -> Unit:
    unit = _unit(state, action)
    if unit.owner != seat:
        raise Rejected("not_your_unit", unit=unit.id, seat=unit.owner)
    return unit


def _square(action: Mapping[str, Any], key: str) -> str:
    sq = action.get(key)
    if not data().board.on_board(sq):
        raise Rejected("bad_square", square=str(sq))
    return sq  # type: ignore[return-value]


def _my_turn(state: SamuraiState, seat: int) -> None:
    if state.phase == SETUP:
        raise Rejected("setup_first")
    if state.phase == DRAW:
        raise Rejected("draw_first", team=TEAMS[state.team])
    if state.phase == REMOVE:
        assert state.removal is not None
        raise Rejected("remove_first", seat=state.removal[0])
    if seat != state.seat:
        raise Rejected("not_turn", seat=state.seat)


def _mandatory(state: SamuraiState, seat: int) -> str | None:
    events = data().events
    return next((c for c in state.hands[seat] if events[c].mandatory), None)


def _start_action(state: SamuraiState, seat: int) -> None:
    """Phase 3 begins: mandatory events must have been played first (S14)."""
    _my_turn(state, seat)
    card = _mandatory(state, seat)
    if card is not None and not state.acted:
        raise Rejected("mandatory_event", card=card)


def _pay(state: SamuraiState, seat: int, need: int) -> tuple[int, ...]:
    if state.cp[seat] < need:
        raise Rejected("not_enough_cp", need=need, have=state.cp[seat])
    cp = list(state.cp)
    cp[seat] -= need
    return tuple(cp)


def _with_unit(state: SamuraiState, unit: Unit | None, remove: str | None = None) -> Mapping[str, Unit]:
    units = dict(state.units)
    if remove is not None:
        del units[remove]
    if unit is not None:
        units[unit.id] = unit
    return MappingProxyType(units)


# ---------------------------------------------------------------------- actions
def _free_token(state: SamuraiState, seat: int, action: Mapping[str, Any]) -> tuple[str, str]:
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


def _place(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    if state.phase != SETUP:
        raise Rejected("setup_over")
    uid, kind = _free_token(state, seat, action)
    if units_of(state, seat, kind):
        raise Rejected("already_placed", seat=seat, kind=kind)
    sq = _square(action, "at")
    _deploy_square(state, team_of(state, seat), sq, any_team=False)
    unit = Unit(uid, kind, seat, sq)
    hp = [list(h) for h in state.hp]
    hp[seat][TYPES.index(kind)] += data().units[kind].hp
    state = state._replace(units=_with_unit(state, unit), hp=tuple(tuple(h) for h in hp))
    events.append(Event("all", "placed", {"seat": seat, "unit": uid, "square": sq}))
    if len(state.units) == len(TYPES) * state.players:
        events.append(Event("all", "setup_done", {}))
        state = _start_team_turn(state, state.team, events)
    return state


def _deploy_square(state: SamuraiState, team: int, sq: str, any_team: bool) -> None:
    deploy = data().board.deploy
    allowed = set(deploy["Y"]) | set(deploy["R"]) if any_team else set(deploy[TEAMS[team]])
    if sq not in allowed:
        raise Rejected("not_deploy_square", square=sq)
    other = occupant(state, sq)
    if other is not None:
        raise Rejected("square_occupied", square=sq, unit=other.id)


def _move(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    _start_action(state, seat)
    unit = _own_unit(state, seat, action)
    dest = _square(action, "to")
    if unit.attacked and not state.opts["move_after_attack"]:
        raise Rejected("unit_attacked", unit=unit.id)
    other = occupant(state, dest)
    if other is not None:
        raise Rejected("square_occupied", square=dest, unit=other.id)
    left = movement_left(state, unit)
    board = data().board
    if "path" in action:
        cost, path = _checked_path(state, unit, dest, action["path"])
    else:
        found = best_path(state, unit, dest, left) or best_path(state, unit, dest, 10 ** 6)
        if found is None:
            raise Rejected("no_path", unit=unit.id, square=dest)
        cost, path = found
    if cost > left:
        raise Rejected("out_of_range", unit=unit.id, square=dest, need=cost, left=left)
    cp = _pay(state, seat, cost * costs(state)["move"])
    team = team_of(state, seat)
    enemy = set(state.teams[1 - team])
    entered = path if state.opts["marker_removal"] == "any_entry" else (dest,)
    markers = dict(state.markers)
    for sq in entered:
        lost = markers.get(sq, frozenset()) & enemy
        if lost:
            events.append(Event("all", "markers_removed", {"square": sq, "seats": sorted(lost)}))
            left_seats = markers[sq] - lost
            if left_seats:
                markers[sq] = left_seats
            else:
                del markers[sq]
    moved = unit._replace(square=dest, moved=unit.moved + cost, moves=unit.moves + 1)
    events.insert(0, Event("all", "moved", {"seat": seat, "unit": unit.id, "from": unit.square,
                                            "square": dest, "terrain": board.terrain[dest],
                                            "cp": state.cp[seat] - cp[seat]}))
    return state._replace(units=_with_unit(state, moved), cp=cp, markers=MappingProxyType(markers),
                          acted=True)


def _checked_path(state: SamuraiState, unit: Unit, dest: str, path: Any) -> tuple[int, tuple[str, ...]]:
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


def _attack(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    _start_action(state, seat)
    unit = _own_unit(state, seat, action)
    target = _unit(state, action, "target")
    if unit.attacked:
        raise Rejected("unit_attacked", unit=unit.id)
    if team_of(state, target.owner) == team_of(state, seat):
        raise Rejected("friendly_target", unit=target.id)
    if not in_reach(state, unit, target):
        raise Rejected("out_of_reach", unit=unit.id, target=target.id, reach=attack_range(state, unit),
                       distance=data().board.distance(unit.square, target.square, diagonal(state)))
    cp = _pay(state, seat, costs(state)["attack"])
    hit = damage(state, unit, target)
    owner, kind = target.owner, target.type
    ti = TYPES.index(kind)
    before_hp = state.hp[owner][ti]
    before_n = len(units_of(state, owner, kind))
    after_hp = max(0, before_hp - hit)
    after_n = units_alive(state, after_hp, kind, before_n)
    hp = [list(h) for h in state.hp]
    hp[owner][ti] = after_hp
    distance = data().board.distance(unit.square, target.square, diagonal(state))
    events.append(Event("all", "shot" if distance > 1 else "attacked",
                        {"seat": seat, "unit": unit.id, "target": target.id, "damage": hit, "hp": after_hp,
                         "owner": owner, "kind": kind}))
    units = dict(state.units)
    units[unit.id] = unit._replace(attacked=True)
    state = state._replace(cp=cp, hp=tuple(tuple(h) for h in hp), acted=True, units=MappingProxyType(units))
    lost = before_n - after_n
    if lost:
        state = _remove_unit(state, target, events)
        extra = lost - 1
        mine = units_of(state, owner, kind)
        if extra and extra >= len(mine):  # no choice left: every remaining unit of the type goes
            for u in mine:
                state = _remove_unit(state, u, events)
        elif extra:
            events.append(Event("all", "choose_removal", {"seat": owner, "kind": kind, "n": extra}))
            state = state._replace(phase=REMOVE, removal=(owner, kind, extra))
    return state


def _remove_unit(state: SamuraiState, unit: Unit, events: list[Event]) -> SamuraiState:
    events.append(Event("all", "removed", {"seat": unit.owner, "unit": unit.id, "square": unit.square}))
    return state._replace(units=_with_unit(state, None, remove=unit.id))


def _remove(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    if state.phase != REMOVE or state.removal is None:
        raise Rejected("nothing_to_remove")
    owner, kind, count = state.removal
    if seat != owner:
        raise Rejected("remove_first", seat=owner)
    unit = _own_unit(state, seat, action)
    if unit.type != kind:
        raise Rejected("wrong_kind", unit=unit.id, kind=kind)
    state = _remove_unit(state, unit, events)
    if count > 1:
        return state._replace(removal=(owner, kind, count - 1))
    return state._replace(phase=PLAY, removal=None)


def _recruit(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    _start_action(state, seat)
    uid, kind = _free_token(state, seat, action)
    utype = data().units[kind]
    missing = [r for r in utype.recipe if r not in access(state, seat)]
    if missing:
        raise Rejected("missing_resources", kind=kind, resources=missing)
    sq = _square(action, "at")
    _deploy_square(state, team_of(state, seat), sq, any_team=state.opts["recruit_square"] == "any_deploy")
    cp = _pay(state, seat, utype.cost)
    hp = [list(h) for h in state.hp]
    hp[seat][TYPES.index(kind)] += utype.hp
    markers = state.markers
    if state.opts["resources_consumed"]:
        markers = _consume(state, seat, utype.recipe)
    unit = Unit(uid, kind, seat, sq)  # the text does not stop a recruit from acting at once
    events.append(Event("all", "recruited", {"seat": seat, "unit": uid, "square": sq, "cp": utype.cost,
                                             "hp": hp[seat][TYPES.index(kind)], "kind": kind}))
    return state._replace(units=_with_unit(state, unit), cp=cp, hp=tuple(tuple(h) for h in hp),
                          markers=markers, acted=True)


def _consume(state: SamuraiState, seat: int, recipe: Sequence[str]) -> Mapping[str, frozenset[int]]:
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


def _mark(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    _start_action(state, seat)
    sq = _square(action, "at")
    board = data().board
    if not board.cell(sq).resource:
        raise Rejected("not_resource", square=sq)
    unit = occupant(state, sq)
    if unit is None or unit.owner != seat:
        raise Rejected("no_unit_there", square=sq, seat=seat)
    if unit.attacked and not state.opts["mark_after_attack"]:
        raise Rejected("unit_attacked", unit=unit.id)
    if seat in state.markers.get(sq, frozenset()):
        raise Rejected("already_marked", square=sq)
    cp = _pay(state, seat, costs(state)["mark"])
    markers = dict(state.markers)
    markers[sq] = markers.get(sq, frozenset()) | {seat}
    events.append(Event("all", "marked", {"seat": seat, "square": sq, "resource": board.terrain[sq]}))
    return state._replace(cp=cp, markers=MappingProxyType(markers), acted=True)


def _event(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    _my_turn(state, seat)
    card = action.get("card")
    if not isinstance(card, str) or card not in data().events:
        raise Rejected("unknown_card", card=str(card))
    if card not in state.hands[seat]:
        raise Rejected("not_in_hand", seat=seat, card=card)
    if state.acted:
        raise Rejected("events_at_turn_start")
    info = data().events[card]
    markers = state.markers
    if info.sabotage:
        sq = _square(action, "at")
        enemy = set(state.teams[1 - team_of(state, seat)])
        lost = state.markers.get(sq, frozenset()) & enemy
        if not lost:
            raise Rejected("no_enemy_marker", square=sq)
        m = dict(markers)
        rest = m[sq] - lost
        if rest:
            m[sq] = rest
        else:
            del m[sq]
        markers = MappingProxyType(m)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    cp = list(state.cp)
    cp[seat] = max(0, cp[seat] + info.cp)
    events.append(Event("all", "event_played", {"seat": seat, "card": card, "cp": cp[seat]}))
    if info.sabotage:
        events.append(Event("all", "markers_removed", {"square": action["at"], "seats": sorted(lost)}))
    return state._replace(hands=tuple(hands), cp=tuple(cp), effects=(*state.effects, card),
                          discard=(*state.discard, card), markers=markers)


def _end_turn(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    _my_turn(state, seat)
    card = _mandatory(state, seat)
    if card is not None and not state.acted:
        raise Rejected("mandatory_event", card=card)
    events.append(Event("all", "turn_ended", {"seat": seat}))
    return _next_player(state, events)


def _next_player(state: SamuraiState, events: list[Event]) -> SamuraiState:
    members = state.teams[state.team]
    later = [s for s in members[members.index(state.seat) + 1:] if s not in state.out] \
        if state.seat is not None else active(state, state.team)
    if later:
        return _start_player(state, later[0], events)
    return _end_team_turn(state, events)


def _start_team_turn(state: SamuraiState, team: int, events: list[Event]) -> SamuraiState:
    state = state._replace(team=team, phase=PLAY, team_turns=state.team_turns + 1)
    events.append(Event("all", "team_turn", {"team": TEAMS[team], "n": state.team_turns}))
    return _start_player(state, active(state, team)[0], events)


def _start_player(state: SamuraiState, seat: int, events: list[Event]) -> SamuraiState:
    """Phases 1-2: fresh units, the CP counter set (S4), events may be played."""
    units = {uid: (u._replace(moved=0, moves=0, attacked=False)
                   if u.owner == seat and (u.moved or u.moves or u.attacked) else u)
             for uid, u in state.units.items()}
    cp = list(state.cp)
    cp[seat] = (cp[seat] if state.opts["cp_carry_over"] else 0) + cp_share(state, seat)
    state = state._replace(seat=seat, cp=tuple(cp), units=MappingProxyType(units), acted=False, effects=())
    events.append(Event("all", "player_turn", {"seat": seat, "cp": cp[seat]}))
    card = _mandatory(state, seat)
    if card is not None:
        events.append(Event(seat, "must_play", {"seat": seat, "card": card}))
    return state


def control_counts(state: SamuraiState) -> tuple[int, int]:
    """Control points held by team Y and team R (S16: a unit standing on the point)."""
    counts = [0, 0]
    for sq in data().board.control:
        unit = occupant(state, sq)
        if unit is not None:
            counts[team_of(state, unit.owner)] += 1
    return counts[0], counts[1]


def _end_team_turn(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """Score the control points, or draw event cards (S1, S2)."""
    team = state.team
    counts = control_counts(state)
    mine, theirs = counts[team], counts[1 - team]
    total = len(data().board.control)
    scores = mine > theirs if state.opts["majority"] == "more" else mine >= 2
    gained = (3 if mine == total else 1) if scores else 0
    vp = list(state.vp)
    vp[team] += gained
    state = state._replace(vp=(vp[0], vp[1]), seat=None, effects=())
    key = "control_scored" if gained else "control_none"
    events.append(Event("all", key, {"team": TEAMS[team], "mine": mine, "theirs": theirs, "gained": gained,
                                     "vp": vp[team], "other_vp": vp[1 - team]}))
    if vp[team] >= state.opts["target"]:
        return _finish(state, team, events)
    if not gained or state.opts["draw_when"] == "always":
        state = state._replace(draws=data().events_drawn)
        return _next_draw(state, events)
    return _start_team_turn(state, 1 - team, events)


def _next_draw(state: SamuraiState, events: list[Event]) -> SamuraiState:
    if state.draws and not state.deck and state.discard:
        events.append(Event("all", "events_reshuffled", {"n": len(state.discard)}))
        state = state._replace(deck=tuple(sorted(state.discard)), discard=())
    if state.draws and state.deck:
        events.append(Event("all", "draw_due", {"team": TEAMS[state.team]}))
        return state._replace(phase=DRAW)
    if state.draws:
        events.append(Event("all", "no_event_left", {}))
    return _start_team_turn(state._replace(draws=0), 1 - state.team, events)


def _recipients(state: SamuraiState) -> list[int]:
    members = active(state, state.team)
    if state.opts["event_recipient"] == "last_player":
        return members[-1:]
    return members


def _draw(state: SamuraiState, seat: int, action: Mapping[str, Any], events: list[Event]) -> SamuraiState:
    if state.phase != DRAW:
        raise Rejected("no_draw_due")
    if seat not in _recipients(state):
        raise Rejected("not_recipient", seat=seat, team=TEAMS[state.team])
    card = action.get("card")
    if not isinstance(card, str) or card not in data().events:
        raise Rejected("unknown_card", card=str(card))
    if card not in state.deck:
        holder = next((s for s, h in enumerate(state.hands) if card in h), None)
        if holder is not None:
            raise Rejected("card_in_hand", card=card)
        raise Rejected("card_in_discard", card=card)
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    events.append(Event("all", "event_drawn", {"seat": seat, "team": TEAMS[state.team]}))
    key = "event_card_mandatory" if data().events[card].mandatory else "event_card"
    events.append(Event(seat, key, {"seat": seat, "card": card}))
    state = state._replace(hands=tuple(hands), deck=tuple(c for c in state.deck if c != card),
                           draws=state.draws - 1, phase=PLAY)
    return _next_draw(state, events)


def _check_out(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """A player with no unit and no way to recruit is out; a team all out loses."""
    if state.phase in (SETUP, OVER):
        return state
    owners = {u.owner for u in state.units.values()}
    for seat in range(state.players):
        if seat in state.out or seat in owners or can_ever_recruit(state, seat):
            continue
        if state.removal is not None and state.removal[0] == seat:
            continue
        state = state._replace(out=state.out | {seat})
        events.append(Event("all", "player_out", {"seat": seat}))
    for team in (0, 1):
        if not active(state, team):
            return _finish(state, 1 - team, events)
    if state.seat is not None and state.seat in state.out and state.phase == PLAY:
        return _next_player(state, events)
    return state


def _finish(state: SamuraiState, team: int, events: list[Event]) -> SamuraiState:
    winners = tuple(sorted(state.teams[team]))
    events.append(Event("all", "game_over", {"team": TEAMS[team], "seats": list(winners),
                                             "vp": state.vp[team], "other_vp": state.vp[1 - team]}))
    return state._replace(phase=OVER, winners=winners, seat=None, removal=None, draws=0)


_MAY_ELIMINATE = {"attack", "remove", "move", "event", "recruit"}  # what removes units or markers
_HANDLERS = {"place": _place, "move": _move, "attack": _attack, "remove": _remove, "recruit": _recruit,
             "mark": _mark, "event": _event, "end_turn": _end_turn, "draw": _draw}


# ---------------------------------------------------------------------- legal choices
def _legal(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    if state.phase == OVER or seat in state.out:
        return []
    if state.phase == SETUP:
        return _legal_places(state, seat)
    if state.phase == DRAW:
        if seat not in _recipients(state):
            return []
        return [{"type": "draw", "seat": seat, "card": c} for c in state.deck]
    if state.phase == REMOVE:
        assert state.removal is not None
        owner, kind, _ = state.removal
        return [{"type": "remove", "seat": seat, "unit": u.id} for u in units_of(state, owner, kind)
                ] if seat == owner else []
    if seat != state.seat:
        return []
    out: list[dict[str, Any]] = []
    if not state.acted:
        out.extend(_legal_events(state, seat))
        if _mandatory(state, seat) is not None:
            return out
    out.extend(_legal_moves(state, seat))
    out.extend(_legal_attacks(state, seat))
    out.extend(_legal_recruits(state, seat))
    out.extend(_legal_marks(state, seat))
    out.append({"type": "end_turn", "seat": seat})
    return out


def _legal_places(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    team = team_of(state, seat)
    empty = [sq for sq in data().board.deploy[TEAMS[team]] if occupant(state, sq) is None]
    out = []
    for kind in TYPES:
        free = free_tokens(state, team, kind)
        if not units_of(state, seat, kind) and free:
            out.extend({"type": "place", "seat": seat, "unit": free[0], "at": sq} for sq in empty)
    return out


def _legal_events(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    mandatory = _mandatory(state, seat)
    enemy = set(state.teams[1 - team_of(state, seat)])
    for card in sorted(set(state.hands[seat])):
        info = data().events[card]
        if mandatory is not None and not info.mandatory:
            continue
        if info.sabotage:
            out.extend({"type": "event", "seat": seat, "card": card, "at": sq}
                       for sq, seats in sorted(state.markers.items()) if seats & enemy)
        else:
            out.append({"type": "event", "seat": seat, "card": card})
    return out


def _legal_moves(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    per_point = costs(state)["move"]
    out = []
    for unit in units_of(state, seat):
        budget = movement_left(state, unit)
        if per_point:
            budget = min(budget, state.cp[seat] // per_point)
        if budget <= 0:
            continue
        out.extend({"type": "move", "seat": seat, "unit": unit.id, "to": sq}
                   for sq in reachable(state, unit, budget))
    return out


def _legal_attacks(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    if state.cp[seat] < costs(state)["attack"]:
        return []
    team = team_of(state, seat)
    enemies = [u for u in state.units.values() if team_of(state, u.owner) != team]
    return [{"type": "attack", "seat": seat, "unit": u.id, "target": e.id}
            for u in units_of(state, seat) if not u.attacked for e in enemies if in_reach(state, u, e)]


def _legal_recruits(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    team = team_of(state, seat)
    have = access(state, seat)
    deploy = data().board.deploy
    squares = deploy[TEAMS[team]]
    if state.opts["recruit_square"] == "any_deploy":
        squares = (*deploy["Y"], *deploy["R"])
    empty = [sq for sq in squares if occupant(state, sq) is None]
    out = []
    for kind, utype in data().units.items():
        free = free_tokens(state, team, kind)
        if free and utype.cost <= state.cp[seat] and set(utype.recipe) <= have:
            out.extend({"type": "recruit", "seat": seat, "unit": free[0], "at": sq} for sq in empty)
    return out


def _legal_marks(state: SamuraiState, seat: int) -> list[dict[str, Any]]:
    if state.cp[seat] < costs(state)["mark"]:
        return []
    board = data().board
    return [{"type": "mark", "seat": seat, "at": u.square} for u in units_of(state, seat)
            if board.cell(u.square).resource and seat not in state.markers.get(u.square, frozenset())
            and (not u.attacked or state.opts["mark_after_attack"])]


GAME = register(Samurai())
