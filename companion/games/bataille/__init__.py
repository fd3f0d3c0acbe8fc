"""Bataille, the children's card game for two, with 20 cards: its rules, phrases and golden record.

The whole game is this package and its deck file: generic table rules and the random bot."""

from pathlib import Path

from companion.engine import GamePackage, register
from companion.games.bataille.rules import GAME

PACKAGE = register(GamePackage(GAME, Path(__file__).parent))
