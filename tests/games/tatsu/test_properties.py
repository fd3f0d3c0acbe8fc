"""Random legal Tatsu games (2, 3, 4 players): cards conserved, scores by the formula, no leaks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import load_deck
from companion.engine import Match
from companion.games.tatsu.state import GHOST, TatsuState, cards
from tests.games.tatsu.helpers import TATSU

DECK = set(load_deck("tatsu").ids())


def deal(rng: random.Random, seats: int) -> list[dict]:
    ids = sorted(DECK)
    rng.shuffle(ids)
    return [{"type": "hand", "seat": s, "cards": ids[7 * s: 7 * s + 7]} for s in range(seats)]


def play_game(players: int, seed: int, register: bool, target: int = 500):
    """Yield (state before, action, events) for a whole random game."""
    rng = random.Random(seed)
    m = Match.new(TATSU, players, {"seed": seed, "target": target})
    dealt = 0
    while not TATSU.is_over(m.state):
        before = m.state
        if register and players > 2 and before.round != dealt:
            dealt = before.round
            actions = deal(rng, 4)
        else:
            actions = [rng.choice([a for s in TATSU.seats_of(before) for a in TATSU.legal(before, s)])]
        for action in actions:
            before = m.state
            events = m.apply(action)
            yield before, action, events, m.state


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), register=st.booleans())
def test_every_round_conserves_its_28_cards_and_scores_follow_the_formula(players: int, seed: int,
                                                                          register: bool) -> None:
    info = cards()
    seen: list[str] = []
    captured: dict[str, list[str]] = {"Y": [], "R": []}
    totals = [0] * players
    rounds = 0
    for before, _action, events, after in play_game(players, seed, register):
        for e in events:
            if e.key == "trick_won":
                seen += e.params["cards"]
                captured[before.clans[e.params["seat"]]] += e.params["cards"]
            elif e.key in ("fusion_lost", "cards_lost"):
                seen += e.params["cards"]
            elif e.key.startswith("round_score"):
                clan = e.params["clan"]
                points = sum(info[c].points for c in captured[clan])
                factors = sorted(info[c].multiplier for c in captured[clan]
                                 if info[c].multiplier and info[c].clan == clan)
                assert (e.params["points"], e.params["factors"]) == (points, factors)
                assert e.params["score"] == points * sum(factors)
                for p in range(players):
                    if before.clans[p] == clan:
                        totals[p] += e.params["score"]
            elif e.key == "round_start" and e.params["round"] > 1:
                assert sorted(seen) == sorted(DECK)  # every card captured or lost, exactly once
                seen, captured, rounds = [], {"Y": [], "R": []}, rounds + 1
        assert after.totals == tuple(totals)
    assert TATSU.scores(after) == dict(enumerate(totals))
    assert max(totals) >= 500 and after.over
    best = max(totals)
    assert all(totals[w] == best for w in TATSU.winners(after))
    if players == 4:
        assert totals[0] == totals[2] and totals[1] == totals[3]


def _swap_same_colour(state: TatsuState, b: int, c: int) -> TatsuState | None:
    """The state with one same-colour card exchanged between hands b and c (None if impossible)."""
    info = cards()
    hb, hc = state.hands[b], state.hands[c]
    if not hb or not hc:
        return None
    for x in hb:
        for y in hc:
            if info[x].clan == info[y].clan:
                hands = list(state.hands)
                hands[b] = tuple(y if k == x else k for k in hb)
                hands[c] = tuple(x if k == y else k for k in hc)
                return state._replace(hands=tuple(hands))
    return None


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10**6), stop=st.integers(0, 60))
def test_changing_other_seats_hidden_cards_never_changes_a_private_view(players: int, seed: int,
                                                                        stop: int) -> None:
    checked = 0
    for i, (_b, _a, _e, state) in enumerate(play_game(players, seed, register=True)):
        if i < stop or state.over:
            continue
        humans = [s for s in range(4) if s != GHOST or players == 4]
        for seat in humans:
            others = [s for s in humans if s != seat]
            for b in others:
                for c in others:
                    if b >= c:
                        continue
                    altered = _swap_same_colour(state, b, c)
                    if altered is None:
                        continue
                    assert TATSU.private_view(altered, seat) == TATSU.private_view(state, seat)
                    assert TATSU.public_view(altered) == TATSU.public_view(state)
                    assert TATSU.private_view(altered, b) != TATSU.private_view(state, b)
                    checked += 1
        if checked:
            break
