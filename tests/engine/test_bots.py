"""The bot interface: each game's bot, the random default, and whole games played by bots."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from companion.engine import Game, games, get_game
from companion.engine.bots import BOT_MODULES, autoplay, bot_for, random_choice, table_options
from companion.session.table import table_rules
from companion.speech.phrasebook import Phrasebook


def actor_of(name: str, seats: int):  # type: ignore[no-untyped-def]
    """Who acts, as the session's table rules say (the synthetic table asks the same)."""
    game = get_game(name)
    return table_rules(game, Phrasebook("en", name, seat_keys=game.seat_keys(seats))).actor


class Unplayed(Game):
    name = "unplayed"
    simulation_options = MappingProxyType({"time_limit": 9})


def test_every_game_has_its_own_bot_and_a_game_without_one_plays_at_random() -> None:
    assert set(BOT_MODULES) == set(games())
    for name in games():
        bot = bot_for(name)
        assert bot is not random_choice and bot.__module__ == BOT_MODULES[name]
        assert table_options(get_game(name)) == {}  # purposeful bots play the rules people play
    assert bot_for("unplayed") is random_choice
    assert table_options(Unplayed()) == {"time_limit": 9}  # random players still need their clock


@pytest.mark.parametrize("name", games())
def test_bots_play_whole_games_at_every_seat_count_with_legal_moves_only(name: str) -> None:
    """Every action goes through the rules (`Match.apply` refuses an illegal one)."""
    game = get_game(name)
    for seats in game.seat_counts:
        m = autoplay(game, seats, 3, actor=actor_of(name, seats))
        assert game.is_over(m.state) and game.winners(m.state), (name, seats)
