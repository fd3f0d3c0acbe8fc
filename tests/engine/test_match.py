"""Matches: undo as an action, and a replayed record equal to the live game."""

from __future__ import annotations

import random

import pytest

from companion.engine import Match, Rejected, ReplayError, get_game, replay
from companion.journal import Journal, open_record
from tests.games.tatsu.helpers import ROUND_A, new, play, trick

UNDO = {"type": "undo"}


def test_undo_goes_back_one_accepted_action_and_consecutive_undos_go_further() -> None:
    m = new()
    s0 = m.state
    play(m, 0, "Y-P2-V1")
    s1 = m.state
    play(m, 1, "R-P2-V1")
    assert [e.key for e in m.apply(UNDO)] == ["undo"]
    assert m.state == s1
    m.apply(UNDO)
    assert m.state == s0
    with pytest.raises(Rejected) as err:
        m.apply(UNDO)
    assert err.value.code == "nothing_to_undo" and m.state == s0
    with pytest.raises(Rejected):
        m.apply({"type": "undo", "seat": 1})


def test_undo_crosses_the_end_of_a_round() -> None:
    m = new()
    for yellow, red in ROUND_A[:-1]:
        trick(m, yellow, red)
    before_last = m.state
    trick(m, *ROUND_A[-1])
    assert m.state.round == 2
    for _ in range(4):
        m.apply(UNDO)
    assert m.state == before_last and m.state.round == 1


def test_a_record_with_undos_replays_to_the_live_state(tmp_path) -> None:
    game = get_game("tatsu")
    rng = random.Random(7)
    live = Match.new(game, 4, {"seed": 7})
    path = tmp_path / "game.jsonl"
    with Journal.create(path, "tatsu", 4, {"seed": 7}, rules=get_game("tatsu").rules_version) as journal:
        for step in range(150):
            if step % 13 == 12 and len(live.states) > 1:
                action = UNDO
            else:
                action = rng.choice([a for s in range(4) for a in game.legal(live.state, s)])
            live.apply(action)
            journal.append(action)
    header, actions, warnings = open_record(path)
    assert warnings == [] and len(actions) == 150
    again = replay(game, header.seats, header.options, actions)
    assert again.state == live.state
    assert [e.to_json() for e in again.events] == [e.to_json() for e in live.events]


def test_replay_names_the_line_of_a_refused_action() -> None:
    game = get_game("tatsu")
    actions = [(2, {"type": "play", "seat": 0, "card": "Y-P2-V1"}),
               (3, {"type": "play", "seat": 1, "card": "Y-P3-V1"})]
    with pytest.raises(ReplayError) as err:
        replay(game, 4, {}, actions)
    assert err.value.line == 3 and err.value.rejected.code == "wrong_colour"
