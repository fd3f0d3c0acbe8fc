"""The default synthetic player: a random legal choice (demos, the synthetic table, tests).

A game package may give its own `Bot` (one that mostly plays its own cards); a purposeful
player per game plugs in the same way.
"""

from __future__ import annotations

import random

from companion.engine.match import Match
from companion.engine.protocol import Action, Seat
from companion.engine.simulate import random_actions


class RandomBot:
    """Picks among the seat's legal actions; with none, what the table would do next."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        choices = list(match.game.legal(match.state, seat))
        if choices:
            return rng.choice(choices)
        fallback = random_actions(match, rng)
        return fallback[0] if fallback else None

    def play_for(self, match: Match, holder: Seat, front: Seat, rng: random.Random) -> str | None:
        """Asked to play for another seat: this game has no such thing."""
        return None
