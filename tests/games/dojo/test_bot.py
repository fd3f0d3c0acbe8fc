"""The Dojo bot: its demo challenges and scores rows, columns and trophies, it outscores random
players, and it plays from its own tatami and the table only."""

from __future__ import annotations

import random

from companion.engine import get_game
from companion.games.dojo.scoring import breakdown
from companion.games.dojo.state import DojoState, tatamis
from tests.games.bot_helpers import against_random, blind_checks, demo_game, keys

DOJO = get_game("dojo")


def test_the_demo_challenges_and_scores_rows_columns_and_trophies() -> None:
    """TEXT scoring: rows by their disciple, columns of three equal belts, trophies won."""
    m = demo_game("dojo", 4, 1)
    assert keys(m.events)["challenge"] >= 1 and keys(m.events)["trophy_won"] >= 1
    parts = [breakdown(m.state, s) for s in range(4)]
    assert all(p.row_points > 0 for p in parts) and any(p.trophy_points > 0 for p in parts)
    assert DOJO.is_over(m.state) and DOJO.winners(m.state)


def test_the_bot_outscores_random_players() -> None:
    ahead = 0  # about 4 games in 5 (16 and 17 of 20 seeds, two builds): a margin for the dice
    for seed in range(12):
        m = against_random("dojo", 4, seed, [seed % 4])
        scores = DOJO.scores(m.state)
        ahead += scores[seed % 4] > max(v for s, v in scores.items() if s != seed % 4)
    assert ahead >= 8


def _hidden_redealt(state: DojoState, seat: int, rng: random.Random) -> DojoState | None:
    """The face-down tatamis of the other seats (not shown in a duel) swapped for undealt ones;
    none for the dealer, who saw every tatami he handed out."""
    if seat == state.dealer:
        return None
    others = [s for s in range(state.seats) if s != seat and state.pending[s] and s not in state.shown]
    free = sorted(set(tatamis()) - state.used)
    if not others or len(free) < len(others):
        return None
    pending = list(state.pending)
    new = rng.sample(free, len(others))
    for s, card in zip(others, new, strict=True):
        pending[s] = card
    used = (state.used - {state.pending[s] for s in others}) | set(new)
    return state._replace(pending=tuple(pending), used=frozenset(used))


def test_the_bot_plays_from_its_tatami_and_the_table_never_another_hidden_tatami() -> None:
    assert blind_checks("dojo", 4, [1, 2], _hidden_redealt) > 30
