"""The judo bot: its demo throws with the die and wins combats by ippon, it beats a random
judoka, and it plays from its own hand and the table only."""

from __future__ import annotations

import random

import pytest

from companion.engine import get_game
from companion.engine.bots import RANDOM, autoplay
from companion.games.judo.state import JudoState
from tests.games.bot_helpers import against_random, blind_checks, demo_game, keys

JUDO = get_game("judo")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_demo_throws_rolls_the_die_and_wins_combats_by_ippon(seed: int) -> None:
    """TEXT: "Lancer le dé GAKE pour déterminer le résultat : IPPON : Victoire immédiate ! [...]
    Avancez d'une case sur la piste TAI." No clock: combats end as the text says."""
    m = demo_game("judo", 2, seed)
    seen = [e.key for e in m.events]
    throws = [i for i, k in enumerate(seen) if k == "throw"]
    assert len(throws) >= 5 and all(seen[i + 1] == "gake" for i in throws)
    faces = {e.params["face"] for e in m.events if e.key == "gake"}
    assert "IPPON" in faces and faces & {"WAZA-ARI", "YUKO"}
    won = [e.params["how"] for e in m.events if e.key == "combat_won"]
    assert "ippon" in won and set(won) <= {"ippon", "points"}  # never on time, score or decision
    assert not set(keys(m.events)) & {"golden_score", "hantei", "hantei_flags"}
    assert m.state.over and max(m.state.tai) == m.state.opts["tai_length"]


@pytest.mark.slow
def test_the_bot_beats_a_random_judoka() -> None:
    wins = 0
    for seed in range(6):
        bot = seed % 2
        # the companion rolls: with the table's die, a random player would pick the face it likes
        m = against_random("judo", 2, seed, [bot], options={"die": "companion"})
        wins += JUDO.winners(m.state) == [bot]
    assert wins == 6


def test_random_judoka_hardly_throw_the_bots_do() -> None:
    """The contrast that makes the bot purposeful: random play (on a clock) almost never throws."""
    randoms = autoplay(JUDO, 2, 2, options={"time_limit": 10}, players={0: RANDOM, 1: RANDOM})
    per_action = keys(randoms.events)["throw"] / len(randoms.states)
    bots = demo_game("judo", 2, 1)
    assert per_action * 5 < keys(bots.events)["throw"] / len(bots.states)


def _shuffled_opponent(state: JudoState, seat: int, rng: random.Random) -> JudoState | None:
    """The opponent's hand swapped for other cards the seat has not seen (from the draw pile)."""
    other = 1 - seat
    if state.to_draw or not state.hands[other]:
        return None
    unseen = sorted(state.pool | set(state.hands[other]))
    mine = rng.sample(unseen, len(state.hands[other]))
    hands = list(state.hands)
    hands[other] = tuple(mine)
    return state._replace(hands=(hands[0], hands[1]), pool=frozenset(unseen) - set(mine))


def test_the_bot_plays_from_its_hand_and_the_table_never_the_opponents_hand() -> None:
    assert blind_checks("judo", 2, [1], _shuffled_opponent, every=5) > 50
