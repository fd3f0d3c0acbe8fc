"""The samurai board and its data (board.toml, the deck's unit and event tables): squares, terrain."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from card_codes import load_deck

BOARD_FILE = Path(__file__).parent / "board.toml"


TEAMS = ("Y", "R")


TYPES = ("katana", "naginata", "archer", "cavalry")


RESOURCES = ("forest", "mountain", "field")


_SQUARE_RE = re.compile(r"^([A-Z])([1-9][0-9]?)$")


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

    def bonus(self, field: str) -> int:
        """What the card adds to a unit's move, attack or range."""
        return {"move": self.move, "attack": self.attack, "range": self.range}[field]


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
