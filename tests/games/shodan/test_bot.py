"""The Shodan bot: its demo admits a candidate with the jury's bonuses, it is admitted where
random play is not, and it plays from its own hand and the table only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.engine import get_game
from companion.games.shodan.scoring import prestige
from companion.games.shodan.state import PILES, ShodanState, cards
from tests.games.bot_helpers import against_random, blind_checks, demo_game, keys

SHODAN = get_game("shodan")


def test_the_demos_admit_a_candidate_with_the_first_done_and_minima_bonuses() -> None:
    """TEXT: "Il faut tout d'abord vérifier quels joueurs satisfait aux demandes minimal du jury.
    Ces joueurs obtiennent leur grade. [...] 1pt pour chaque technique effectuer en premier. 2pt
    pour le joueur ayant le premier réussie les minimas." Four demos of five admit one (since
    issue 27 the bots also hinder each other: Pied dans le hakama, Kaeshi waza)."""
    shown = 0
    for seed in (1, 2, 3, 4, 5):
        m = demo_game("shodan", 3, seed)
        seen = keys(m.events)
        assert SHODAN.winners(m.state) and seen["first_done"] >= 4
        if seen["admitted"] >= 1 and seen["first_minima"] == 1:
            first = next(e.params["seat"] for e in m.events if e.key == "first_minima")
            assert prestige(m.state, first)["minima"] == 2 and prestige(m.state, first)["firsts"] >= 1
            shown += 1
    assert shown >= 4


def test_the_bot_is_admitted_where_random_candidates_are_not() -> None:
    bots = randoms = 0
    for seed in range(5):
        m = against_random("shodan", 3, seed, [seed % 3])
        admitted = {s for e in m.events if e.key == "admitted" for s in e.params["seats"]}
        bots += seed % 3 in admitted
        randoms += len(admitted - {seed % 3})
    assert bots >= 4 and randoms <= 1


def _hands_swapped(state: ShodanState, seat: int, rng: random.Random) -> ShodanState | None:
    """Two other players exchange cards of the same colour (their counts per colour stay)."""
    info = cards()
    a, b = [s for s in range(state.players) if s != seat][:2]
    for colour in rng.sample(PILES, len(PILES)):
        x = [c for c in state.known[a] if info[c].colour == colour]
        y = [c for c in state.known[b] if info[c].colour == colour]
        if x and y and x[0] != y[0]:
            known = list(state.known)
            known[a] = tuple(y[0] if c == x[0] else c for c in known[a])
            known[b] = tuple(x[0] if c == y[0] else c for c in known[b])
            return state._replace(known=tuple(known))
    return None


def _chosen(state: ShodanState) -> Callable[[dict[str, Any]], Any]:
    """A bot's choice as the bot made it: the card Atémi takes is the table's blind draw, and
    whether Senpai's card is given is the partner's answer (the card asked: its kind and number)."""
    info = cards()

    def view(action: dict[str, Any]) -> Any:
        out = dict(action)
        if action.get("type") == "activate" and "victim" in action:
            out.pop("card", None)
        if action.get("type") == "interactive" and "partner" in action:
            asked = info[action["ask"]]
            out.update(ask=(asked.kind, asked.number), given=None, technique=None)
        return out

    return view


def test_the_bot_plays_from_its_hand_and_the_table_never_another_hand() -> None:
    assert blind_checks("shodan", 3, [1, 2, 3], _hands_swapped, every=3, view=_chosen) > 40
