"""Samurai random legal games (hypothesis): they end, the books stay consistent, a replay of
the record equals the live game, and private views never leak another seat's hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Match, replay
from companion.engine.simulate import random_action
from companion.games.samurai.board import TYPES, data
from companion.games.samurai.rules import GAME
from companion.games.samurai.state import REMOVE, team_of, units_alive

MAX_ACTIONS = 20_000  # a random game under some options runs past 4,000 actions (seed 0: 4,324), then ends


def _play(seats: int, seed: int, options: dict | None = None) -> tuple[Match, list[dict]]:
    rng = random.Random(seed)
    match = Match.new(GAME, seats, {"seed": seed, **(options or {})})
    actions: list[dict] = []
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(match.state):
            break
        action = random_action(match, rng)
        assert action is not None, "nobody may act and the game is not over"
        match.apply(action)
        actions.append(action)
        _check_books(match.state)
    return match, actions


def _check_books(state) -> None:  # type: ignore[no-untyped-def]
    squares = [u.square for u in state.units.values()]
    assert len(squares) == len(set(squares)), "two units on one square"
    assert all(data().board.on_board(s) for s in squares)
    assert all(cp >= 0 for cp in state.cp)
    events = sorted([*state.deck, *state.discard, *(c for h in state.hands for c in h)])
    assert events == sorted(data().events), "event cards are conserved"
    for u in state.units.values():
        assert data().tokens[u.id][1] == "YR"[team_of(state, u.owner)], "a token on the wrong team"
    if state.phase in ("setup", REMOVE):
        return
    for seat in range(state.players):
        for i, kind in enumerate(TYPES):
            n = sum(1 for u in state.units.values() if u.owner == seat and u.type == kind)
            h = data().units[kind].hp
            assert 0 <= state.hp[seat][i] <= n * h
            assert units_alive(state, state.hp[seat][i], kind, n) == n, "health counter and units disagree"


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seats=st.sampled_from([2, 3, 4, 5, 6]), seed=st.integers(0, 10_000))
def test_random_games_end_with_a_team_at_ten_or_a_team_out(seats: int, seed: int) -> None:
    match, actions = _play(seats, seed)
    state = match.state
    assert GAME.is_over(state), f"no end after {len(actions)} actions"
    winners = GAME.winners(state)
    team = team_of(state, winners[0])
    assert sorted(winners) == sorted(state.teams[team])
    assert state.vp[team] >= state.opts["target"] or all(s in state.out for s in state.teams[1 - team])
    assert state.vp[1 - team] < state.opts["target"]
    assert all(GAME.scores(state)[s] == state.vp[team_of(state, s)] for s in range(seats))


@pytest.mark.slow
@settings(max_examples=3, deadline=None)
@given(seats=st.sampled_from([2, 4, 6]), seed=st.integers(0, 10_000))
def test_a_replay_of_the_record_equals_the_live_game(seats: int, seed: int) -> None:
    match, actions = _play(seats, seed)
    again = replay(GAME, seats, {"seed": seed}, enumerate(actions, start=2))
    assert again.state == match.state
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), options=st.fixed_dictionaries({
    "adjacency": st.sampled_from(["orthogonal", "diagonal"]),
    "majority": st.sampled_from(["more", "two_of_three"]),
    "tier": st.sampled_from(["reach", "cross"]),
    "resources_consumed": st.booleans(), "cp_carry_over": st.booleans(),
    "movement": st.sampled_from(["per_turn", "one_move"]),
    "mark_after_attack": st.booleans(), "eliminated_cp": st.sampled_from(["to_team", "lost"]),
}))
def test_random_games_end_under_other_rule_options(seed: int, options: dict) -> None:
    match, _ = _play(2, seed, options)
    assert GAME.is_over(match.state)


def test_private_views_do_not_depend_on_other_hands() -> None:
    match, _ = _play(4, 7)
    for state in match.states[:: max(1, len(match.states) // 40)]:
        for seat in range(4):
            view = GAME.private_view(state, seat)
            hands = list(state.hands)
            for other in range(4):
                if other != seat:
                    hands[other] = ("E1", "E2") if hands[other] != ("E1", "E2") else ()
            changed = state._replace(hands=tuple(hands))
            mine = GAME.private_view(changed, seat)
            mine.pop("hand_sizes")
            expected = dict(view)
            expected.pop("hand_sizes")
            assert mine == expected
    public = GAME.public_view(match.states[-1])
    assert "hand" not in public and "hands" not in public
