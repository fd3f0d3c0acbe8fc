"""The registry of game engines: each game module registers itself at its bottom."""

from __future__ import annotations

import importlib

from companion.engine.protocol import Game

# Game modules imported on first lookup, so importing the engine stays cheap.
_MODULES = (
    "companion.games.tatsu",
    "companion.games.dojo",
    "companion.games.shodan",
    "companion.games.judo",
    "companion.games.samurai",
)
_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game engine under its name (OpenSpiel style: called at the bottom of its module)."""
    _GAMES[game.name] = game
    return game


def _load_all() -> None:
    for module in _MODULES:
        importlib.import_module(module)


def get_game(name: str) -> Game:
    """The engine called `name`; KeyError naming the known games if there is none."""
    _load_all()
    if name not in _GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_GAMES))}")
    return _GAMES[name]


def games() -> list[str]:
    """Names of the registered games."""
    _load_all()
    return sorted(_GAMES)
