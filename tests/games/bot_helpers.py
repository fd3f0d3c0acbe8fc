"""Helpers for the bot tests: games as the synthetic table plays them, and knowledge checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from companion.engine import Event, Match, State, get_game
from companion.engine.bots import autoplay, bot_for, random_choice
from companion.session.table import table_rules
from companion.speech.phrasebook import Phrasebook


def actor_of(name: str, seats: int) -> Callable[[State], int | None]:
    """Who acts, as the session's table rules say (the synthetic table asks them too)."""
    game = get_game(name)
    return table_rules(game, Phrasebook("en", name, seat_keys=game.seat_keys(seats))).actor


@cache
def demo_game(name: str, seats: int, seed: int) -> Match:
    """The game `companion demo NAME --seats SEATS --seed SEED` plays (without the camera)."""
    return autoplay(get_game(name), seats, seed, actor=actor_of(name, seats))


def against_random(name: str, seats: int, seed: int, bots: Iterable[int]) -> Match:
    """A game where the seats not in `bots` play random legal moves."""
    keep = set(bots)
    randoms = {s: random_choice for s in range(seats) if s not in keep}
    return autoplay(get_game(name), seats, seed, actor=actor_of(name, seats), players=randoms)


def keys(events: list[Event]) -> Counter[str]:
    return Counter(e.key for e in events)


def decisions(name: str, seats: int, seed: int, every: int = 7) -> list[tuple[State, int]]:
    """Some of the states of a bot game where a seat's bot decides, with that seat."""
    m = demo_game(name, seats, seed)
    actor, game = actor_of(name, seats), get_game(name)
    out = []
    for i, state in enumerate(m.states[:-1]):
        seat = actor(state)
        if i % every == 0 and seat is not None and not game.table_actions(state, random.Random(0)):
            out.append((state, seat))
    return out


def same_choice(name: str, state: State, seat: int, other: State,
                view: Callable[[dict[str, Any]], Any] = lambda a: a) -> bool:
    """Does the seat's bot choose alike in two states its seat cannot tell apart?"""
    game, bot = get_game(name), bot_for(name)
    first = bot(game, state, seat, random.Random(5))
    second = bot(game, other, seat, random.Random(5))
    return first is not None and view(first) == view(second)
