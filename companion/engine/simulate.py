"""Simulated tables: whole games played by random legal choices (demos and tests).

The table's own part (dealing, drawing) comes from `Game.table_actions`; every player
choice is a random pick among `Game.legal` for the seats that may act.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.discovery import get_game
from companion.engine.match import Match
from companion.engine.protocol import Action, Game, State


def random_action(match: Match, rng: random.Random) -> Action | None:
    """The next action of a simulated table: its own first (dealing, drawing), else a random
    legal choice; None when nobody may act."""
    return random_table_action(match.game, match.state, rng)


def random_table_action(game: Game, state: State, rng: random.Random) -> Action | None:
    """``random_action`` for a game and a state."""
    table = game.table_actions(state, rng)
    if table:
        return dict(table[0])
    choices = [a for s in game.seats_of(state) for a in game.legal(state, s)]
    return rng.choice(choices) if choices else None


def random_actions(match: Match, rng: random.Random) -> list[Action]:
    """``random_action`` as a list (empty when nobody may act)."""
    action = random_action(match, rng)
    return [] if action is None else [action]


def random_match(game_name: str, seats: int, seed: int, max_actions: int = 20_000,
                 options: dict[str, Any] | None = None) -> Match:
    """Play a whole game with random legal actions (seeded), to its end."""
    rng = random.Random(seed)
    game = get_game(game_name)
    given = {**game.simulation_options, **(options or {})}
    if game.seed_option is not None:
        given = {game.seed_option: seed, **given}
    match = Match.new(game, seats, given)
    done = 0
    while done < max_actions and not game.is_over(match.state):
        actions = random_actions(match, rng)
        if not actions:
            raise RuntimeError(f"{game_name}: no legal action and the game is not over")
        for action in actions:
            match.apply(action)
        done += len(actions)
    return match

