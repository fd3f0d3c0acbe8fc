"""A record replayed in bounded memory (issue 28, finding 8) rebuilds the same game: the same
final state, the same events in the same order, and every undo a player may still make."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion.cli import app
from companion.cli.replay import event_line
from companion.engine import Match, games, get_game, replay
from companion.engine.match import needed_states
from companion.engine.simulate import random_action
from companion.journal import Journal, open_record, undos_of
from companion.speech.phrasebook import Phrasebook

runner = CliRunner()
_numbers = itertools.count()


def recorded_game(folder: Path, name: str, seed: int, actions: int, undo_every: int) -> tuple[Path, Match]:
    """A random legal game with undos now and then (several in a row too), written as a record."""
    game = get_game(name)
    rng = random.Random(seed)
    seats = game.seat_counts[0]
    options = dict(game.simulation_options)
    if game.seed_option is not None:
        options[game.seed_option] = seed
    live = Match.new(game, seats, options)
    path = folder / f"{name}-{seed}-{next(_numbers)}.jsonl"  # hypothesis runs an example again
    journal = Journal.create(path, name, seats, options, sync=False, rules=game.rules_version)
    for n in range(actions):
        if game.is_over(live.state):
            break
        if n % undo_every == undo_every - 1 and len(live.states) > 1:
            for _ in range(rng.randint(1, min(3, len(live.states) - 1))):
                live.apply({"type": "undo"})
                journal.append({"type": "undo"})
            continue
        action = random_action(live, rng)
        if action is None:
            break
        live.apply(action)
        journal.append(action)
    journal.close()
    return path, live


def test_needed_states_keeps_what_an_undo_goes_back_to() -> None:
    # play, play, undo (back to the first), play, play, play; the last two standing kept
    undos = [0, 0, 1, 0, 0, 0]
    assert list(needed_states(undos, keep_last=2)) == [1, 0, 0, 0, 1, 1]
    assert list(needed_states(undos, keep_last=0)) == [1, 0, 0, 0, 0, 0]
    assert list(needed_states([0, 1, 1], keep_last=1)) == [0, 0, 0]  # undone to the start


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(games()), seed=st.integers(0, 10_000), undo_every=st.integers(2, 9),
       keep=st.integers(1, 6))
def test_a_streamed_replay_rebuilds_the_same_game(tmp_path: Path, name: str, seed: int,
                                                  undo_every: int, keep: int) -> None:
    path, live = recorded_game(tmp_path, name, seed, 120, undo_every)
    header, actions, _ = open_record(path)
    game = get_game(name)
    whole = replay(game, header.seats, header.options, actions, rules=header.rules)
    heard: list[object] = []
    streamed = replay(game, header.seats, header.options, actions, rules=header.rules,
                      on_action=lambda _b, _a, events: heard.extend(events),
                      keep_events=False, keep_last=keep, undos=undos_of(actions))
    assert streamed.state == whole.state == live.state
    opening = len(game.start_events(game.new_state(header.seats, header.options)))
    assert streamed.events == whole.events[:opening] and heard == whole.events[opening:]  # none kept
    assert len(streamed.states) == len(whole.states)  # what the bots' seeds count is the same
    for _ in range(min(keep, len(whole.states)) - 1):  # the last ones standing can still be undone
        whole.apply({"type": "undo"})
        streamed.apply({"type": "undo"})
        assert streamed.state == whole.state


@pytest.mark.parametrize("name", ["tatsu", "judo"])
def test_replay_lists_a_record_as_it_is_replayed(tmp_path: Path, name: str) -> None:
    """`replay` and `replay --json` print what the whole match's events say, in order."""
    path, _live = recorded_game(tmp_path, name, 3, 300, 7)
    header, actions, _ = open_record(path)
    game = get_game(name)
    whole = replay(game, header.seats, header.options, actions, rules=header.rules)
    book = Phrasebook("fr", name, seat_keys=game.seat_keys(header.seats))
    listed = runner.invoke(app, ["replay", str(path), "--lang", "fr"])
    assert listed.exit_code == 0, listed.output
    assert listed.output.splitlines() == [event_line(book, e) for e in whole.events]
    as_json = runner.invoke(app, ["replay", str(path), "--json", "--lang", "fr"])
    out = json.loads(as_json.output)
    assert [e["key"] for e in out["events"]] == [e.key for e in whole.events]
    assert out["scores"] == {str(s): v for s, v in game.scores(whole.state).items()}
    assert set(out) == {"game", "seats", "over", "scores", "winners", "events"}


@pytest.mark.parametrize("name", ["tatsu", "dojo"])
def test_a_resumed_record_keeps_its_newest_history_and_counts_every_event(tmp_path: Path, name: str) -> None:
    """A long record resumed keeps the newest events (what 'jouées' and 'donne' read) and counts
    them all (the bots' dice are seeded by the count: a resumed game plays on as it would have)."""
    path, _live = recorded_game(tmp_path, name, 5, 400, 11)
    header, actions, _ = open_record(path)
    game = get_game(name)
    whole = replay(game, header.seats, header.options, actions, rules=header.rules)
    kept = replay(game, header.seats, header.options, actions, rules=header.rules,
                  keep_last=20, undos=undos_of(actions), keep_history=(60, 20))
    assert kept.state == whole.state
    assert kept.event_count == len(whole.events) and len(kept.events) <= 60
    assert kept.events == whole.events[-len(kept.events):]
    standing = kept.standing_events()
    assert standing[-10:] == whole.standing_events()[-10:]
    assert len(standing) < len(whole.standing_events()) or len(whole.batches) <= 20
