"""The samurai board game, two teams on a 9 x 9 board: rules, orders in words, questions,
the board read from a photo, phrases and records."""

from pathlib import Path

from companion.engine import GamePackage, register
from companion.games.samurai.bot import SamuraiBot
from companion.games.samurai.photo import SamuraiLayout, SamuraiPhoto
from companion.games.samurai.rules import GAME
from companion.games.samurai.table import SamuraiTable

PACKAGE = register(GamePackage(GAME, Path(__file__).parent, photo=SamuraiPhoto(), table=SamuraiTable,
                               bot=SamuraiBot(), layout=SamuraiLayout()))
