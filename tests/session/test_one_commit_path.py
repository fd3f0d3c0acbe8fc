"""One commit path: the live table takes exactly the actions `Match` takes, its record keeps
them, and `replay` of that record is the game the table played (states and events alike)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Match, Rejected, games, get_game
from companion.engine.match import replay
from companion.engine.simulate import random_action
from companion.journal import open_record
from companion.session import Session, SessionOptions
from tests.session.conftest import Recorder

# what a broken tool, an old record or a mistyped test might hand the table besides legal moves
ODD_ACTIONS = [{"type": "undo", "seat": 0}, {"type": "undo", "n": 2}, {"type": 3}, {"seat": 1},
               {"type": "play"}, {"type": "no-such-action"}, {"type": "undo"}]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(games()),
       seed=st.integers(0, 10_000), odd=st.floats(0.0, 0.4))
def test_what_the_live_table_records_replays_to_the_same_game(tmp_path: Path, game: str, seed: int,
                                                                odd: float) -> None:
    rules = get_game(game)
    record = tmp_path / f"{game}-{seed}.jsonl"
    record.unlink(missing_ok=True)
    opts = SessionOptions(game=game, seats=rules.default_seats, options=dict(rules.simulation_options),
                          record=record, setup=False, lang="en")
    session = Session(opts, Recorder())
    session.open()
    session.begin()
    assert session.match is not None
    twin = Match.new(rules, rules.default_seats, dict(rules.simulation_options))  # the engine alone
    rng = random.Random(seed)
    for _ in range(120):
        if rules.is_over(session.match.state):
            break
        action = rng.choice(ODD_ACTIONS) if rng.random() < odd else random_action(session.match, rng)
        assert action is not None
        try:
            twin.apply(dict(action))
            accepted = True
        except Rejected:
            accepted = False
        assert session.apply(dict(action)) is accepted, f"{game}: {action} taken by one path only"
    session.close()
    header, actions, warnings = open_record(record)
    assert not warnings
    replayed = replay(rules, header.seats, header.options, actions, header.rules)
    assert replayed.states == session.match.states == twin.states
    assert replayed.events == session.match.events
