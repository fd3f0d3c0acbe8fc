"""The game-engine protocol shared by every game, its registry, and matches with undo."""

from companion.engine.match import Match, ReplayError, replay
from companion.engine.protocol import Action, Audience, Event, Game, Option, Rejected, Seat, State
from companion.engine.registry import games, get_game, register

__all__ = [
    "Action",
    "Audience",
    "Event",
    "Game",
    "Match",
    "Option",
    "Rejected",
    "ReplayError",
    "Seat",
    "State",
    "games",
    "get_game",
    "register",
    "replay",
]
