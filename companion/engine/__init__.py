"""The pure core every game builds on: the rules protocol, the table-rules protocol, matches
with undo and replay, and the discovery of the game packages."""

from companion.engine.discovery import GameSetupError, featured_game, games, get_game, get_package, register
from companion.engine.match import Match, ReplayError, replay
from companion.engine.package import Bot, Detection, GamePackage, LayoutNews, LayoutReading, PhotoReading
from companion.engine.protocol import (
    COMMON_REJECTIONS,
    Action,
    Answer,
    Audience,
    Event,
    Game,
    Option,
    Rejected,
    Seat,
    SharedView,
    State,
)

__all__ = [
    "COMMON_REJECTIONS",
    "Action",
    "Answer",
    "Audience",
    "Bot",
    "Detection",
    "Event",
    "Game",
    "GamePackage",
    "GameSetupError",
    "LayoutNews",
    "LayoutReading",
    "Match",
    "Option",
    "PhotoReading",
    "Rejected",
    "ReplayError",
    "Seat",
    "SharedView",
    "State",
    "featured_game",
    "games",
    "get_game",
    "get_package",
    "register",
    "replay",
]
