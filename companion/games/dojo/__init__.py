"""Dojo, 3 to 5 players build a dojo of 3 x 4 tatamis: rules, placements in words, phrases, records."""

from pathlib import Path

from companion.engine import GamePackage, register
from companion.games.dojo.bot import DojoBot
from companion.games.dojo.photo import DojoLayout, DojoPhoto
from companion.games.dojo.rules import GAME
from companion.games.dojo.table import DojoTable

PACKAGE = register(GamePackage(GAME, Path(__file__).parent, photo=DojoPhoto(), table=DojoTable,
                               bot=DojoBot(), layout=DojoLayout()))
