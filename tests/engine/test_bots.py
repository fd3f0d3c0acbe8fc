"""The bot interface: each game's bot, the random default, and whole games played by bots."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest

from companion.engine import Game, GamePackage, games, get_game, get_package
from companion.engine.bots import RANDOM, autoplay, bot_for, bot_of, table_options
from tests.games.bot_helpers import actor_of


class Unplayed(Game):
    name = "unplayed"
    simulation_options = MappingProxyType({"time_limit": 9})


def test_every_game_has_its_own_bot_and_a_game_without_one_plays_at_random() -> None:
    """Each game's bot is its package's (`<game>/bot.py`); a package that declares none (the
    sixth game, bataille, a game of no choice) plays at random, with its simulation options."""
    own = {name for name in games() if get_package(name).bot is not None}
    # the shipped games with choices have their own; a new game may come with one or not
    assert {"tatsu", "dojo", "judo", "shodan", "samurai"} <= own and "bataille" not in own
    for name in games():
        game, bot = get_game(name), bot_for(get_game(name))
        if name in own:
            assert bot is not RANDOM and type(bot).__module__ == f"companion.games.{name}.bot"
            assert table_options(game) == {}  # purposeful bots play the rules people play
        else:
            assert bot is RANDOM and table_options(game) == dict(game.simulation_options)
    unplayed = GamePackage(Unplayed(), Path("."))
    assert bot_of(unplayed) is RANDOM
    assert table_options(Unplayed(), bot_of(unplayed)) == {"time_limit": 9}  # random players need their clock


@pytest.mark.parametrize("name", games())
def test_bots_play_whole_games_at_every_seat_count_with_legal_moves_only(name: str) -> None:
    """Every action goes through the rules (`Match.apply` refuses an illegal one)."""
    game = get_game(name)
    for seats in game.seat_counts:
        m = autoplay(game, seats, 3, actor=actor_of(name, seats))
        assert game.is_over(m.state) and game.winners(m.state), (name, seats)
