"""Shodan random legal games (hypothesis): cards conserved, scoring recomputed independently,
hands private, replay equal to live play."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import load_deck
from companion.engine import Match, replay
from companion.engine.simulate import random_action
from companion.games.shodan.state import PILES, unseen
from tests.games.shodan.helpers import GAME

DECK = load_deck("shodan")
ACTION_CARDS = [c.id for c in DECK if c.kind != "objective"]
NEEDED = {1: {1: 1, 2: 1, 3: 1, 4: 1}, 2: {1: 2, 2: 1, 3: 1, 4: 1}, 3: {1: 2, 2: 2, 3: 2, 4: 2}}


def _play(seats: int, seed: int, options: dict[str, Any]) -> tuple[Match, list[dict[str, Any]]]:
    rng = random.Random(seed)
    m = Match.new(GAME, seats, {"seed": seed, **options})
    actions = []
    while not GAME.is_over(m.state):
        action = random_action(m, rng)
        assert action is not None
        m.apply(action)
        actions.append(action)
        _check_conserved(m.state)
        if len(actions) % 40 == 0:
            _check_private(m.state, rng)
        assert len(actions) < 3000
    return m, actions


def _check_conserved(state: Any) -> None:
    """Every action card is in exactly one place; counts add up to 128."""
    places: list[str] = [c for pile in state.face_up for c in pile] + [c for h in state.known for c in h]
    for t in state.techniques:
        places += [c for c in (t.position, t.attack, t.technique, t.form) if c] + [n for n, _ in t.notions]
    assert len(places) == len(set(places))
    hidden = sum(state.draw) + sum(sum(u) for u in state.unknown)
    assert len(places) + hidden == len(ACTION_CARDS) == 128
    for i, pile in enumerate(PILES):
        assert len(unseen(state, pile)) == state.draw[i] + sum(u[i] for u in state.unknown)


def _check_private(state: Any, rng: random.Random) -> None:
    """Swapping a card of one hand for an unseen card changes no other seat's view."""
    for owner in range(state.players):
        hand = state.known[owner]
        if not hand:
            continue
        old = hand[0]
        colour = DECK.card(old)["colour"]
        pool = sorted(unseen(state, colour))
        if not pool:
            continue
        new_hand = (rng.choice(pool), *hand[1:])
        other = state._replace(known=tuple(new_hand if s == owner else h for s, h in enumerate(state.known)))
        assert GAME.public_view(other) == GAME.public_view(state)
        for seat in range(state.players):
            if seat != owner:
                assert GAME.private_view(other, seat) == GAME.private_view(state, seat)
        assert GAME.private_view(other, owner) != GAME.private_view(state, owner)


def _expected_scores(m: Match, repeats: bool = False) -> dict[int, int]:
    """The prestige count from the public view and the closing order, by the rule text."""
    view = GAME.public_view(m.state)
    grade, seats = view["grade"], view["players"]
    jury = {tuple(e) for e in view["jury"]}
    total = dict.fromkeys(range(seats), 0)
    for t in view["techniques"]:
        if t["closed"]:
            total[t["owner"]] += sum(1 for k in ("position", "attack", "technique", "form") if t[k])
            total[t["owner"]] += sum(1 for n in t["notions"] if not n["activated"])
            if t["uke"] is not None:
                total[t["uke"]] += 2
    first_seen: set[tuple[int, ...]] = set()
    done: dict[int, list[tuple[int, ...]]] = {s: [] for s in range(seats)}
    minima_given = False
    for e in m.events:
        if e.key != "closed":
            continue
        seat = e.params["seat"]
        triple = tuple(DECK.card(e.params[k])["number"] for k in ("position", "attack", "technique_card"))
        if triple in jury:
            if triple not in first_seen:
                first_seen.add(triple)
                total[seat] += 1
            done[seat].append(triple)
        counted = done[seat] if repeats else set(done[seat])
        per_position = {p: sum(1 for t in counted if t[0] == p) for p in range(1, 5)}
        if not minima_given and all(per_position[p] >= n for p, n in NEEDED[grade].items()):
            minima_given = True
            total[seat] += 2
    return total


RULE_OPTIONS = st.fixed_dictionaries({
    "core_order": st.sampled_from(["strict", "any"]), "several_open": st.booleans(),
    "kamae": st.sampled_from(["draw_one", "hand_six"]), "last_round": st.sampled_from(["everyone", "round"]),
    "jury_repeats": st.booleans(), "initial_draw": st.sampled_from(["round_robin", "five_each"]),
    "kaeshi_notion": st.sampled_from(["now", "ever"]), "activate_closed": st.booleans()})


@settings(max_examples=8, deadline=None)
@given(seats=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000), grade=st.sampled_from([1, 2, 3]),
       rules=RULE_OPTIONS)
def test_random_games_conserve_cards_score_by_the_rules_and_replay(seats: int, seed: int, grade: int,
                                                                   rules: dict[str, Any]) -> None:
    m, actions = _play(seats, seed, {"grade": grade, **rules})
    assert GAME.scores(m.state) == _expected_scores(m, rules["jury_repeats"])
    admitted = [s for e in m.events if e.key == "admitted" for s in e.params["seats"]]
    pool = admitted or list(range(seats))
    best = max(GAME.scores(m.state)[s] for s in pool)
    assert GAME.winners(m.state) == [s for s in pool if GAME.scores(m.state)[s] == best]
    again = replay(GAME, seats, {"seed": seed, "grade": grade, **rules}, enumerate(actions, start=1))
    assert again.state == m.state
    assert [e.to_json() for e in again.events] == [e.to_json() for e in m.events]
    for e in m.events:  # a card in a hand is only ever told to its holder (Atémi: the victim too)
        if e.key in ("drawn", "seen", "search_card", "atemi_took", "atemi_lost"):
            assert e.audience in (e.params["seat"], e.params.get("victim"))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_end_comes_one_turn_each_after_a_pile_runs_out(seed: int) -> None:
    m, _ = _play(3, seed, {})
    keys = [e.key for e in m.events]
    trigger = keys.index("last_round")
    turns_after = [e.params["seat"] for e in m.events[trigger:] if e.key == "turn"]
    assert len(turns_after) == 3
    if "turn" in keys[:trigger]:  # emptied during a turn (not the initial draw): he plays last
        assert turns_after[-1] == m.events[trigger].params["seat"]
