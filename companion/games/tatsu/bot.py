"""Tatsu's synthetic player: mostly plays its own cards, sometimes asks another hand."""

from __future__ import annotations

import random

from companion.engine import Action, Match, Seat
from companion.engine.bots import RandomBot
from companion.games.tatsu.state import turn_seat


class TatsuBot(RandomBot):
    """People mostly play their own cards; sometimes they ask someone to play for them."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        choices = list(match.game.legal(match.state, seat))
        lines = [a for a in choices if a.get("type") == "layout"]
        if lines:  # a whole line at once, as a player lays it
            return rng.choice(lines)
        own = [a for a in choices if a.get("from") == seat]
        if own and rng.random() < 0.8:
            return rng.choice(own)
        front = turn_seat(match.state)
        if not choices and front is not None and front != seat:  # asked to act for the seat in front
            choices = list(match.game.legal(match.state, front))
        if choices:
            return rng.choice(choices)
        return super().choose(match, seat, rng)

    def play_for(self, match: Match, holder: Seat, front: Seat, rng: random.Random) -> str | None:
        """Asked ("demande") to play a card for ``front``: one of the right colour from its hand."""
        options = [a for a in match.game.legal(match.state, front) if a.get("from") == holder and "card" in a]
        return str(rng.choice(options)["card"]) if options else None
