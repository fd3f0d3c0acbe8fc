"""The synthetic table's players: one bot per game, seeded, playing from what its seat may know.

A bot is a function `choose(game, state, seat, rng) -> action | None`: the next action of
`seat`, drawn only from `rng` (the table's seeded dice, so a resumed game goes on exactly as
it would have) and from what that seat may know: its private view and the public view,
never another seat's hidden cards. A game's bot lives in its own module (`BOT_MODULES`); a
game without one plays `random_choice`, a random legal move. A bot module may also define
`give(game, state, holder, front, rng)`: the card a seat asked to play for another picks
(Tatsu); `NEEDS`: options its table must add to finish (none for a purposeful bot).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import Any

from companion.engine.match import Match
from companion.engine.protocol import Game, State
from companion.engine.simulate import random_table_action

Action = dict[str, Any]
Bot = Callable[[Game, State, int, random.Random], Action | None]

# Each game's bot (imported on first use, like the games themselves).
BOT_MODULES = {
    "judo": "companion.games.judo_bot",
    "shodan": "companion.games.shodan_bot",
    "samurai": "companion.games.samurai_bot",
    "tatsu": "companion.games.tatsu_bot",
    "dojo": "companion.games.dojo_bot",
}


def random_choice(game: Game, state: State, seat: int, rng: random.Random) -> Action | None:
    """A random legal choice of one seat: the default bot (and a purposeful bot's fallback)."""
    choices = list(game.legal(state, seat))
    own = [a for a in choices if a.get("from") == seat]
    if own and rng.random() < 0.8:  # people mostly play their own cards; sometimes they ask
        return rng.choice(own)
    if not choices:
        turn = game.public_view(state).get("turn")
        if isinstance(turn, int) and turn != seat:
            choices = list(game.legal(state, turn))
    if choices:
        return rng.choice(choices)
    return random_table_action(game, state, rng)


@cache
def _module(name: str) -> ModuleType | None:
    path = BOT_MODULES.get(name)
    return importlib.import_module(path) if path else None


def bot_for(name: str) -> Bot:
    """The bot of the game called `name` (the random choice if it has none)."""
    module = _module(name)
    return getattr(module, "choose", random_choice) if module else random_choice


def choose(game: Game, state: State, seat: int, rng: random.Random) -> Action | None:
    """`seat`'s next action, by its game's bot."""
    return bot_for(game.name)(game, state, seat, rng)


def give(game: Game, state: State, holder: int, front: int, rng: random.Random) -> str | None:
    """The card `holder` plays when asked to play in front of `front` (a random one by default)."""
    module = _module(game.name)
    chooser = getattr(module, "give", None) if module else None
    if chooser is not None:
        return chooser(game, state, holder, front, rng)
    options = [a for a in game.legal(state, front) if a.get("from") == holder and "card" in a]
    return rng.choice(options)["card"] if options else None


def table_options(game: Game) -> dict[str, Any]:
    """What a table of bots adds to the options so that its games end: nothing for a
    purposeful bot (it plays the rules people play), the simulation options for random play."""
    module = _module(game.name)
    needs = getattr(module, "NEEDS", None) if module else None
    return dict(game.simulation_options if needs is None else needs)


def default_actor(game: Game, state: State) -> int | None:
    view = game.public_view(state)
    seat = view.get("actor", view.get("turn"))
    return seat if isinstance(seat, int) else None


def autoplay(game: Game, seats: int, seed: int, options: Mapping[str, Any] | None = None,
             actor: Callable[[State], int | None] | None = None, max_actions: int = 20_000,
             players: Mapping[int, Bot] | None = None) -> Match:
    """A whole game as the synthetic table plays it, without the camera: the table's own part
    first, else the bot of the seat expected to act (`actor`, as the session's table rules say),
    with the session's dice (seeded by the seed and the game so far). `players` puts another
    bot in some seats (e.g. `random_choice`, to compare)."""
    match = Match.new(game, seats, {**table_options(game), **(options or {})})
    who_acts = actor or (lambda state: default_actor(game, state))
    while not game.is_over(match.state):
        if len(match.states) > max_actions:
            raise RuntimeError(f"{game.name}: not over after {max_actions} actions")
        state = match.state
        rng = random.Random(f"{seed}-{len(match.states)}-{len(match.events)}")
        table = game.table_actions(state, rng)
        if table:
            carded = [a for a in table if "card" in a]
            for action in carded[:1] or table:
                match.apply(action)
            continue
        seat = who_acts(state)
        if seat is None:  # everyone may act (Dojo's training): the first seat that may
            seat = next((s for s in game.seats_of(state) if game.legal(state, s)), None)
        bot = (players or {}).get(seat, bot_for(game.name)) if seat is not None else None
        action = None if bot is None else bot(game, state, seat, rng)
        if action is None:
            raise RuntimeError(f"{game.name}: nobody may act, yet the game is not over")
        match.apply(action)
    return match
