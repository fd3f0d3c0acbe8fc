"""Every registered game, random legal games: the protocol's promises hold (later games get this free)."""

from __future__ import annotations

import json
import random

import pytest

from companion.engine import Event, Match, Rejected, games, get_game
from companion.speech.phrasebook import Phrasebook

MAX_ACTIONS = 3000


def random_game(name: str, seats: int, seed: int) -> Match:
    game = get_game(name)
    rng = random.Random(seed)
    options = dict(game.simulation_options)
    if any(o.name == "seed" for o in game.options):
        options["seed"] = seed
    m = Match.new(game, seats, options)
    for _ in range(MAX_ACTIONS):
        state = m.state
        if game.is_over(state):
            break
        choices = [a for s in game.seats_of(state) for a in game.legal(state, s)]
        assert choices, f"{name}: nobody may act, yet the game is not over"
        action = rng.choice(choices)
        json.dumps(action)  # actions go to records as they are
        events = m.apply(action)
        assert m.state is not state or not events
        for e in events:
            assert isinstance(e, Event) and (e.audience == "all" or e.audience in game.seats_of(state))
            json.dumps(e.to_json())
    return m


@pytest.mark.parametrize("name", games())
def test_random_legal_games_follow_the_protocol(name: str) -> None:
    game = get_game(name)
    books = [Phrasebook(lang, name) for lang in ("fr", "en")]
    for seats in game.seat_counts:
        for seed in range(2):
            m = random_game(name, seats, seed)
            state = m.state
            assert game.is_over(state), f"{name} with {seats} seats did not end in {MAX_ACTIONS} actions"
            assert set(game.scores(state)) <= set(game.seats_of(state))
            assert set(game.winners(state)) <= set(game.seats_of(state)) and game.winners(state)
            json.dumps(game.public_view(state))
            for seat in game.seats_of(state):
                json.dumps(game.private_view(state, seat))
                assert game.legal(state, seat) == []
            for book in books:
                for e in m.events:
                    assert book.has("events", e.key), f"{book.lang}: no phrase for event {e.key}"
            with pytest.raises(Rejected) as err:
                game.apply(state, {"type": "no-such-action"})
            assert all(book.has("reasons", err.value.code) for book in books)


def test_every_option_has_a_default_and_unknown_options_are_refused() -> None:
    for name in games():
        game = get_game(name)
        for seats in game.seat_counts:
            defaults = game.resolve_options(seats, None)
            assert set(defaults) == {o.name for o in game.options}
            with pytest.raises(Rejected) as err:
                game.new_state(seats, {"no_such_option": 1})
            assert err.value.code == "bad_option"


def test_an_option_with_one_choice_says_it_is_fixed_and_why() -> None:
    for name in games():
        for option in get_game(name).options:
            if len(option.choices) == 1:
                assert "Fixed" in option.help and len(option.help) > 60, (name, option.name)
