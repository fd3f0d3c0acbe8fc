"""Tatsu, a trick-taking game for 2, 3 or 4 players: its rules (`rules`), phrases and records."""

from pathlib import Path

from companion.engine import GamePackage, register
from companion.games.tatsu.bot import TatsuBot
from companion.games.tatsu.rules import GAME
from companion.games.tatsu.table import TatsuTable

PACKAGE = register(GamePackage(GAME, Path(__file__).parent, table=TatsuTable, bot=TatsuBot(), featured=True))
