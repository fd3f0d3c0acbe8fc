"""Shodan, 2 to 4 aikidoka build techniques for the jury: rules, typed commands, phrases, records."""

from pathlib import Path

from companion.engine import GamePackage, register
from companion.games.shodan.bot import ShodanBot
from companion.games.shodan.rules import GAME
from companion.games.shodan.table import ShodanTable

PACKAGE = register(GamePackage(GAME, Path(__file__).parent, table=ShodanTable, bot=ShodanBot()))
