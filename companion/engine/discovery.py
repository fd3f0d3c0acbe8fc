"""Games are found, not listed: every package in `companion/games/` registers itself.

`games()`, `get_game()` and `get_package()` are the one source of truth for every command
(cards, labels, play, demo, simulate, replay, photo). A game needs its package and its deck
file (`card_codes/decks/<game>.toml`); one without the other is a `GameSetupError` naming
both, so a half-added game says what is missing instead of "unknown game" here and there.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

from card_codes import available_games
from companion.engine.package import GamePackage
from companion.engine.protocol import Game
from companion.messages import ProgramError

GAMES_PACKAGE = "companion.games"
_PACKAGES: dict[str, GamePackage] = {}
_loaded = False


class GameSetupError(ProgramError, LookupError):
    """Games with a deck file but no package, or a package but no deck file: each is named
    (messages.toml, area ``setup``), one after the other."""

    area = "setup"

    def __init__(self, no_deck: Iterable[str] = (), no_package: Iterable[str] = ()) -> None:
        self.no_deck = sorted(no_deck)
        self.no_package = sorted(no_package)
        super().__init__("pairs")  # no message of its own: text() says each game's problem

    def text(self, lang: str = "fr") -> str:
        folder = GAMES_PACKAGE.replace(".", "/")
        said = [self._render(lang, key, {"name": name, "folder": folder})
                for key, names in (("no_deck", self.no_deck), ("no_package", self.no_package))
                for name in names]
        return self._render(lang, "sep", {}).join(said)

def register(package: GamePackage) -> GamePackage:
    """Add a game (called by its package's `__init__`, OpenSpiel style)."""
    _PACKAGES[package.name] = package
    return package


def check_pairs(packages: Iterable[str], decks: Iterable[str]) -> None:
    """Every game package has a deck file and every deck file a package; else one clear error."""
    packages, decks = set(packages), set(decks)
    if packages ^ decks:
        raise GameSetupError(no_deck=packages - decks, no_package=decks - packages)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    root = importlib.import_module(GAMES_PACKAGE)
    for found in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        importlib.import_module(f"{GAMES_PACKAGE}.{found.name}")
    check_pairs(_PACKAGES, available_games())
    _loaded = True


def get_package(name: str) -> GamePackage:
    """The game called `name`; KeyError naming the known games if there is none."""
    _load_all()
    if name not in _PACKAGES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_PACKAGES))}")
    return _PACKAGES[name]


def get_game(name: str) -> Game:
    """The engine of the game called `name` (KeyError if there is none)."""
    return get_package(name).rules


def games() -> list[str]:
    """Names of the games, in name order."""
    _load_all()
    return sorted(_PACKAGES)


def featured_game() -> str:
    """The game the commands start when none is named: the one its package features."""
    _load_all()
    featured = sorted(name for name, p in _PACKAGES.items() if p.featured)
    return featured[0] if featured else games()[0]
