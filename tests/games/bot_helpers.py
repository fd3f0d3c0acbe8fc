"""Helpers for the bot tests: games as the synthetic table plays them, and knowledge checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from companion.engine import Action, Bot, Event, Game, Match, State, get_game, get_package
from companion.engine.bots import RANDOM, autoplay, bot_for
from companion.engine.table import TableRules
from companion.speech.phrasebook import Phrasebook

Hide = Callable[[Any, int, random.Random], Any]


def actor_of(name: str, seats: int) -> Callable[[State], int | None]:
    """Who acts, as the session's table rules say (the synthetic table asks them too)."""
    package, game = get_package(name), get_game(name)
    book = Phrasebook("en", name, seat_keys=game.seat_keys(seats))
    names = [book.seat_name(s) for s in range(len(game.seat_keys(seats)))]
    return (package.table or TableRules)(game, names).actor


@cache
def demo_game(name: str, seats: int, seed: int) -> Match:
    """The game `companion demo NAME --seats SEATS --seed SEED` plays (without the camera)."""
    return autoplay(get_game(name), seats, seed, actor=actor_of(name, seats))


def against_random(name: str, seats: int, seed: int, bots: Iterable[int],
                   options: dict[str, Any] | None = None) -> Match:
    """A game where the seats not in `bots` play random legal moves."""
    keep = set(bots)
    randoms = {s: RANDOM for s in range(seats) if s not in keep}
    return autoplay(get_game(name), seats, seed, options=options, actor=actor_of(name, seats),
                    players=randoms)


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


def choice_at(bot: Bot, game: Game, seats: int, state: State, seat: int) -> Action | None:
    """The bot's choice for `seat` at a bare state (a match of that one state), with fixed dice."""
    return bot.choose(Match(game, seats, {}, [state], []), seat, random.Random(5))


def blind_checks(name: str, seats: int, seeds: Iterable[int], hide: Hide, every: int = 1,
                 view: Callable[[State], Callable[[dict[str, Any]], Any]] = lambda s: lambda a: a) -> int:
    """At bot decisions of the demo games of these seeds, change what the deciding seat cannot
    see (`hide`; None: nothing to change there): its view stays the same, and so must the bot's
    choice (compared through `view(state)`). Returns how many decisions were checked."""
    game = get_game(name)
    bot = bot_for(game)
    rng = random.Random(11)
    checked = 0
    for seed in seeds:
        for state, seat in decisions(name, seats, seed, every):
            other = hide(state, seat, rng)
            if other is None:
                continue
            assert game.private_view(other, seat) == game.private_view(state, seat)
            seen = view(state)
            first, second = choice_at(bot, game, seats, state, seat), choice_at(bot, game, seats, other, seat)
            assert first is not None and seen(first) == seen(second), (seed, seat, first, second)
            checked += 1
    return checked
