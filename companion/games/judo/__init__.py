"""The judo card game for two judoka: rules, rule tables, typed words, phrases and records."""

from pathlib import Path

from companion.engine import GamePackage, register
from companion.games.judo.bot import JudoBot
from companion.games.judo.rules import GAME
from companion.games.judo.table import JudoTable

PACKAGE = register(GamePackage(GAME, Path(__file__).parent, table=JudoTable, bot=JudoBot()))
