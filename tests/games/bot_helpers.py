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

Hide = Callable[[Any, int, random.Random], Any]


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


def blind_checks(name: str, seats: int, seeds: Iterable[int], hide: Hide, every: int = 1,
                 view: Callable[[State], Callable[[dict[str, Any]], Any]] = lambda s: lambda a: a) -> int:
    """At bot decisions of the demo games of these seeds, change what the deciding seat cannot
    see (`hide`; None: nothing to change there): its view stays the same, and so must the bot's
    choice (compared through `view(state)`). Returns how many decisions were checked."""
    game, bot = get_game(name), bot_for(name)
    rng = random.Random(11)
    checked = 0
    for seed in seeds:
        for state, seat in decisions(name, seats, seed, every):
            other = hide(state, seat, rng)
            if other is None:
                continue
            assert game.private_view(other, seat) == game.private_view(state, seat)
            seen = view(state)
            first, second = bot(game, state, seat, random.Random(5)), bot(game, other, seat, random.Random(5))
            assert first is not None and seen(first) == seen(second), (seed, seat, first, second)
            checked += 1
    return checked
