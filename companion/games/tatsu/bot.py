"""The Tatsu bot of the synthetic table: it wins the tricks worth winning, cheaply.

It plays from what its seat knows: its own hand (and the Ghost's when it may see it), the
cards played, the colour counts every hand shows by its backs; never another hand's cards.
For the card in front of it: the lowest card that takes the lead when its clan is not
already winning, a multiplier when its clan is sure to win, else its lowest card; with no
card of the colour it asks: its partner when he may take the lead, else an opponent. A seat
asked to play for another picks for that seat's clan if it is its own, against it if not.
In the 2-player game a face-down card is whatever the layout hides (the table's dice).
Elsewhere (the deals, a turn not its own) it plays as people do: mostly its own cards,
sometimes asking another hand (`TatsuBot.random_choice`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.engine import Action, Game, Match, Seat
from companion.engine.bots import PurposefulBot
from companion.games.tatsu.state import CARDS_PER_TRICK, TRICKS_PER_ROUND, TatsuState, actor, cards, turn_seat


def _power(state: TatsuState, card: str) -> int:
    info = cards()[card]
    if info.fusion:
        return -2
    return state.opts["multiplier_power"] if info.multiplier else info.power


def _leader(state: TatsuState) -> tuple[int, int] | None:
    """The seat whose card leads the trick so far and that card's power (fusions aside)."""
    best = None
    for front, card, _ in state.trick:
        if cards()[card].fusion:
            continue
        if best is None or _power(state, card) > best[1]:
            best = (front, _power(state, card))
    return best


def _points_at_stake(state: TatsuState) -> int:
    info = cards()
    return sum(info[c].points for c in state.pending) + sum(info[c].points for _, c, _ in state.trick)


def _still_to_play(state: TatsuState) -> list[int]:
    """The seats whose card of this trick comes after the next one."""
    done = len(state.trick) + 1
    if state.players == 2:
        return [state.leader if i % 2 == 0 else 1 - state.leader for i in range(done, CARDS_PER_TRICK)]
    pos = state.order.index(state.leader)
    return [state.order[(pos + i) % CARDS_PER_TRICK] for i in range(done, CARDS_PER_TRICK)]


def _threat(state: TatsuState, front: int, known: set[str]) -> int:
    """The highest power the other clan may still put in this trick (cards not seen played or held)."""
    info = cards()
    clan = state.clans[front]
    others = {state.clans[s] for s in _still_to_play(state)} - {clan}
    powers = [_power(state, c) for c, i in info.items()
              if i.clan in others and c not in state.played and c not in known]
    return max(powers, default=-9)


def _takes_lead(state: TatsuState, lead: tuple[int, int] | None, card: str) -> bool:
    return not cards()[card].fusion and (lead is None or _power(state, card) > lead[1])


def _lost(state: TatsuState, front: int, options: list[str]) -> bool:
    """Is the trick lost for `front`'s clan whatever it plays from these cards?"""
    lead = _leader(state)
    ours = lead is not None and state.clans[lead[0]] == state.clans[front]
    return not ours and not any(_takes_lead(state, lead, c) for c in options)


def _pick(state: TatsuState, front: int, options: list[str], friendly: bool) -> str:
    """The card to put in front of `front`: for its clan (`friendly`) or against it. Power-1
    spirits carry the points and multipliers count only for their own clan: both go where the
    clan is sure to take the trick; a trick that cannot be won gets the cheapest card."""
    info = cards()
    lead = _leader(state)
    if not friendly:  # the weakest card, never a multiplier of its clan
        return min(options, key=lambda c: (info[c].multiplier > 0, _takes_lead(state, lead, c),
                                           _power(state, c), info[c].points, c))
    cheap = sorted(options, key=lambda c: (info[c].multiplier > 0, info[c].fusion, info[c].points,
                                           _power(state, c), c))
    threat = _threat(state, front, set(options))
    ours = lead is not None and state.clans[lead[0]] == state.clans[front]
    if lead is not None and ours and lead[1] >= threat:  # the trick is the clan's: load it
        return max(options, key=lambda c: (info[c].multiplier, info[c].points, -_power(state, c), c))
    winners = sorted((c for c in options if _takes_lead(state, lead, c)), key=lambda c: (_power(state, c), c))
    sure = [c for c in winners if _power(state, c) >= threat]
    if sure:
        return sure[0]
    if winners and not ours:
        return winners[-1]
    fusions = [c for c in options if info[c].fusion]
    worth_saving = state.trick_no < TRICKS_PER_ROUND and _points_at_stake(state) >= 6
    if not ours and fusions and worth_saving:
        return fusions[0]  # a trick lost anyway is suspended, and its cards wait for the next
    return cheap[0]


class TatsuBot(PurposefulBot):
    """A player who wins the tricks worth winning, cheaply (his games reach the target by themselves)."""

    def random_choice(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        """People mostly play their own cards; sometimes they ask someone to play for them."""
        choices = list(match.game.legal(match.state, seat))
        own = [a for a in choices if a.get("from") == seat]
        if own and rng.random() < 0.8:
            return rng.choice(own)
        front = turn_seat(match.state)
        if not choices and front is not None and front != seat:  # asked to act for the seat in front
            choices = list(match.game.legal(match.state, front))
        if choices:
            return rng.choice(choices)
        return super().choose(match, seat, rng)

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        state: TatsuState = match.state
        legal = [dict(a) for a in match.game.legal(state, seat)]
        plays = [a for a in legal if a["type"] == "play"]
        if state.players == 2 or not plays or actor(state) != seat:
            if state.players == 2:
                return _two_players(state, plays, rng) or self.random_choice(match, seat, rng)
            return self.random_choice(match, seat, rng)
        front = turn_seat(state)
        assert front is not None
        mine = sorted({a["card"] for a in plays if a.get("from") == front})  # the front seat's own hand
        holders = sorted({a["from"] for a in plays} - {front})  # hands whose backs show the colour
        friends = [h for h in holders if _side(state, h) == _side(state, front)]
        foes = [h for h in holders if h not in friends]
        if foes and _lost(state, front, mine):  # a lost trick: an opponent spends his card, not us
            return _ask(match, state, front, plays, foes[0], rng)
        if mine and not (friends and _lost(state, front, mine)):
            card = _pick(state, front, mine, friendly=True)
            return next(a for a in plays if a["card"] == card and a.get("from") == front)
        return _ask(match, state, front, plays, (friends or holders)[0], rng)

    def play_for(self, match: Match, holder: Seat, front: Seat, rng: random.Random) -> str | None:
        """The card `holder` plays when asked to play in front of `front` (T2: his free choice)."""
        return give(match.game, match.state, holder, front, rng)


def give(game: Game, state: TatsuState, holder: int, front: int, rng: random.Random) -> str | None:
    """The card `holder` plays when asked to play in front of `front`: for its clan or against it."""
    decider = actor(state)  # the red player decides for the Ghost's place
    options = [str(a["card"]) for a in game.legal(state, front if decider is None else decider)
               if a.get("seat") == front and a.get("from") == holder and "card" in a]
    if not options:
        return None
    return _pick(state, front, sorted(set(options)), friendly=_side(state, holder) == _side(state, front))


def _side(state: TatsuState, seat: int) -> str:
    return state.clans[seat]


def _ask(match: Match, state: TatsuState, front: int, plays: Sequence[dict[str, Any]], holder: int,
         rng: random.Random) -> dict[str, Any]:
    """`holder` is asked to play in front of `front`; he picks the card (T2)."""
    card = give(match.game, state, holder, front, rng)
    return next(a for a in plays if a["from"] == holder and a["card"] == card)


def _two_players(state: TatsuState, plays: list[dict[str, Any]], rng: random.Random) -> dict[str, Any] | None:
    """2 players: a layout and the cards turned up are the table's; a face-up card is chosen
    as above, a face-down one is whatever the layout hides there (None: no card to play)."""
    if not plays:
        return None
    front = turn_seat(state)
    assert front is not None
    own = sorted({a["card"] for a in plays if "slot" not in a and a["from"] == front})
    theirs = sorted({a["card"] for a in plays if "slot" not in a and a["from"] != front})
    if own and not (theirs and _lost(state, front, own)):
        card = _pick(state, front, own, friendly=True)
        return next(a for a in plays if a["card"] == card and a["from"] == front)
    if theirs:  # asked, the opponent picks among his face-up cards, against us
        card = _pick(state, front, theirs, friendly=False)
        return next(a for a in plays if a["card"] == card)
    slot = min((a["from"] != front, a["from"], a["slot"]) for a in plays)[1:]
    return rng.choice([a for a in plays if (a["from"], a["slot"]) == slot])
