"""The synthetic table's players: one bot per game, seeded, playing from what its seat may know.

A bot is a `Bot` (engine/package.py): `choose(match, seat, rng)`, the next action of `seat`,
drawn only from `rng` (the table's seeded dice, so a resumed game goes on exactly as it would
have) and from what that seat may know: its private view and the public view, never another
seat's hidden cards; `play_for(match, holder, front, rng)`, the card a seat asked to play for
another picks; `table_options(game)`, what a table of such bots adds to the options so that
its games end (nothing for a purposeful bot: it plays the rules people play).

A game's own bot is its package's (`GamePackage.bot`, in `companion/games/<game>/bot.py`); a
game without one plays `RandomBot`, a random legal move, which is also a purposeful bot's
fallback. `autoplay` is the synthetic table's loop without the camera (tests, benchmarks).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.discovery import get_package
from companion.engine.match import Match
from companion.engine.package import Bot, GamePackage
from companion.engine.protocol import Action, Event, Game, Seat, State
from companion.engine.simulate import random_actions
from companion.engine.table import TableRules


class RandomBot:
    """Picks among the seat's legal actions; with none, what the table would do next."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        choices = list(match.game.legal(match.state, seat))
        if choices:
            return rng.choice(choices)
        fallback = random_actions(match, rng)
        return fallback[0] if fallback else None

    def play_for(self, match: Match, holder: Seat, front: Seat, rng: random.Random) -> str | None:
        """Asked to play a card in front of ``front``: a random one of its own hand that may go
        there (None: it has none, or the game has no such thing)."""
        options = [a for a in match.game.legal(match.state, front) if a.get("from") == holder and "card" in a]
        return str(rng.choice(options)["card"]) if options else None

    def table_options(self, game: Game) -> dict[str, Any]:
        """Random players need the game's simulation options (a clock, a lower target) to finish."""
        return dict(game.simulation_options)


class PurposefulBot(RandomBot):
    """A bot that plays toward the game's goal: its table needs no simulation option to end."""

    def table_options(self, game: Game) -> dict[str, Any]:
        return {}


RANDOM = RandomBot()


def bot_of(package: GamePackage) -> Bot:
    """The package's bot (the random choice if it has none)."""
    return package.bot if package.bot is not None else RANDOM


def bot_for(game: Game) -> Bot:
    """The bot of a registered game."""
    return bot_of(get_package(game.name))


def table_options(game: Game, bot: Bot | None = None) -> dict[str, Any]:
    """What a table of `bot`s (the game's own by default) adds to the options so that its games end."""
    return dict((bot if bot is not None else bot_for(game)).table_options(game))


def autoplay(game: Game, seats: int, seed: int, options: Mapping[str, Any] | None = None,
             actor: Callable[[State], Seat | None] | None = None, max_actions: int = 20_000,
             players: Mapping[Seat, Bot] | None = None,
             on_action: Callable[[State, Action, list[Event]], None] | None = None) -> Match:
    """A whole game as the synthetic table plays it, without the camera: the table's own part
    first, else the bot of the seat expected to act (`actor`: the game's table rules by
    default, as the session asks them), with the session's dice (seeded by the seed and the
    game so far). `players` puts another bot in some seats (e.g. `RANDOM`, to compare);
    ``on_action(before, action, events)`` hears each action taken, as `replay`'s does."""
    package = get_package(game.name)
    own = bot_of(package)
    match = Match.new(game, seats, {**table_options(game, own), **(options or {})})
    who_acts = actor or (package.table or TableRules)(game).actor
    while not game.is_over(match.state):
        if len(match.states) > max_actions:
            raise RuntimeError(f"{game.name}: not over after {max_actions} actions")
        state = match.state
        rng = random.Random(f"{seed}-{len(match.states)}-{match.event_count}")
        table = game.table_actions(state, rng)
        if table:
            carded = [a for a in table if "card" in a]
            for action in carded[:1] or table:
                _take(match, action, on_action)
            continue
        seat = who_acts(state)
        if seat is None:  # everyone may act (a placing phase): the first seat that may
            seat = next((s for s in game.seats_of(state) if game.legal(state, s)), None)
        choice = None if seat is None else (players or {}).get(seat, own).choose(match, seat, rng)
        if choice is None:
            raise RuntimeError(f"{game.name}: nobody may act, yet the game is not over")
        _take(match, choice, on_action)
    return match


Hear = Callable[[State, Action, list[Event]], None]


def _take(match: Match, action: Action, on_action: Hear | None) -> None:
    before = match.state
    events = match.apply(action)
    if on_action is not None:
        on_action(before, action, events)
