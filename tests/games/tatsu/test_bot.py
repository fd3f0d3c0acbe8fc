"""The Tatsu bot: its demo captures tricks and scores rounds, a team of bots beats a random
team, an asked seat plays from its own hand for or against the asker, and a bot plays from
its own hand and the table only."""

from __future__ import annotations

import random

import pytest

from companion.engine import get_game
from companion.games.tatsu.bot import give
from companion.games.tatsu.state import TatsuState, cards, turn_seat
from tests.games.bot_helpers import against_random, blind_checks, demo_game, keys

TATSU = get_game("tatsu")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_demo_takes_tricks_and_scores_rounds_with_multipliers(seats: int) -> None:
    """TEXT: "Les Esprits Multiplicateur de votre clan vous permettront de marquer les points de
    tous les Esprits capturés." """
    m = demo_game("tatsu", seats, 1)
    seen = keys(m.events)
    assert seen["trick_won"] >= 14 and seen["round_score"] >= 2 and seen["game_over"] == 1
    assert max(TATSU.scores(m.state).values()) >= 500


@pytest.mark.parametrize("team", [[0, 2], [1, 3]])
def test_a_team_of_bots_beats_a_random_team_most_games(team: list[int]) -> None:
    wins = sum(sorted(TATSU.winners(against_random("tatsu", 4, seed, team).state)) == team
               for seed in range(30))
    assert wins >= 20


def test_an_asked_seat_plays_from_its_own_hand_for_its_partner_and_against_an_opponent() -> None:
    state = TATSU.new_state(4)
    hands = (("Y-P2-V1", "Y-P1-V7", "R-P2-V1", "R-P3-V1", "R-P4-V1", "R-P5-V1", "R-P6-V1"),
             ("Y-P6-V1", "Y-P1-V3", "Y-X1", "R-P1-V3", "R-P1-V4", "R-P1-V5", "R-P1-V6"),
             ("Y-P5-V1", "Y-P4-V1", "Y-P3-V1", "Y-X2", "Y-X3", "R-X1", "R-X2"),
             ("Y-P1-V4", "Y-P1-V5", "Y-P1-V6", "Y-F", "R-F", "R-X3", "R-P1-V7"))
    for seat, hand in enumerate(hands):
        state, _ = TATSU.apply(state, {"type": "hand", "seat": seat, "cards": list(hand)})
    assert turn_seat(state) == 0  # North (yellow) to play, nothing on the table yet
    for_partner = give(TATSU, state, 2, 0, random.Random(1))  # South is North's partner
    against = give(TATSU, state, 1, 0, random.Random(1))  # East is an opponent
    assert for_partner in hands[2] and against in hands[1]
    assert cards()[for_partner].power == 5  # the strongest he has: it takes the lead
    assert cards()[against].power == 1 and cards()[against].multiplier == 0  # his weakest, no multiplier
    no_yellow = state._replace(hands=(hands[0], hands[1][3:], *hands[2:]))
    assert give(TATSU, no_yellow, 1, 0, random.Random(1)) is None  # nothing of the colour to give


def _swapped(state: TatsuState, seat: int, rng: random.Random) -> TatsuState | None:
    """Two other hands exchange a card of the same colour (the backs show the same counts)."""
    info = cards()
    others = [s for s in range(4) if s != seat and state.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    for clan in ("Y", "R"):
        x = [c for c in state.hands[a] if info[c].clan == clan]
        y = [c for c in state.hands[b] if info[c].clan == clan]
        if x and y:
            hands = list(state.hands)
            hands[a] = tuple(y[0] if c == x[0] else c for c in hands[a])
            hands[b] = tuple(x[0] if c == y[0] else c for c in hands[b])
            return state._replace(hands=tuple(hands))
    return None


def _its_own_part(state: TatsuState):  # type: ignore[no-untyped-def]
    """Whom a bot asks is its own choice; the card an asked hand picks is that hand's."""
    front = turn_seat(state)
    return lambda a: (a["from"], a["card"] if a["from"] == front else None)


def test_a_bot_plays_from_its_hand_and_the_table_never_another_hand() -> None:
    assert blind_checks("tatsu", 4, [1, 2, 3], _swapped, view=_its_own_part) > 40
