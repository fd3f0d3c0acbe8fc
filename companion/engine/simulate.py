"""Simulated tables: whole games played by random legal choices (demos and tests).

The table's own part (dealing, drawing) comes from `Game.table_actions`; every player
choice is a random pick among `Game.legal` for the seats that may act.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.match import Match
from companion.engine.registry import get_game


def random_action(match: Match, rng: random.Random) -> dict[str, Any] | None:
    """The next action of a simulated table: its own first, else a random legal choice."""
    game, state = match.game, match.state
    table = game.table_actions(state, rng)
    if table:
        return table[0]
    choices = [a for s in game.seats_of(state) for a in game.legal(state, s)]
    return rng.choice(choices) if choices else None


def random_match(game_name: str, seats: int, seed: int, max_actions: int = 20_000,
                 options: dict[str, Any] | None = None) -> Match:
    """Play a whole game with random legal actions (seeded), to its end."""
    rng = random.Random(seed)
    game = get_game(game_name)
    match = Match.new(game, seats, {"seed": seed, **(options or {})} if _has_seed(game) else options)
    for _ in range(max_actions):
        if game.is_over(match.state):
            break
        action = random_action(match, rng)
        if action is None:
            raise RuntimeError(f"{game_name}: no legal action and the game is not over")
        match.apply(action)
    return match


def _has_seed(game: Any) -> bool:
    return any(o.name == "seed" for o in game.options)
