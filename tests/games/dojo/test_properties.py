"""Random legal Dojo games (3, 4, 5 seats): full 3 x 4 dojos, scores recomputed independently,
cards conserved, and private views and public events never leak a hidden tatami."""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import load_deck
from companion.engine import Match
from companion.engine.simulate import random_actions
from companion.games.dojo.state import DojoState
from tests.games.dojo.helpers import DOJO

DECK = load_deck("dojo")
TATAMI = {c.id: (c["disciple"], c["belt"]) for c in DECK if c.kind == "tatami"}
POINTS = {c.id: c["points"] for c in DECK if c.kind == "trophy"}
DISCIPLES = ("MONKEY", "FOX", "TIGRESS", "CRANE", "BEAR")


def row_points(cards: list[str]) -> int:
    """Brute force: every raccoon tries every disciple (the rule text, read literally)."""
    best = 0
    raccoons = [c for c in cards if TATAMI[c][0] == "RACCOON"]
    others = [TATAMI[c][0] for c in cards if TATAMI[c][0] != "RACCOON"]
    for choice in product(DISCIPLES, repeat=len(raccoons)):
        names = others + list(choice)
        best = max(best, max(names.count(d) for d in DISCIPLES))
    return {1: 1, 2: 3, 3: 6, 4: 10}[best]


def dojo_points(cells: dict[tuple[int, int], str]) -> tuple[int, int]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rows = sum(row_points([cells[(top + r, left + c)] for c in range(4)]) for r in range(3))
    cols = 0
    for c in range(4):
        belts = {TATAMI[cells[(top + r, left + c)]][1] for r in range(3)}
        cols += belts.pop() if len(belts) == 1 else 0
    return rows, cols


def hidden(state: DojoState) -> dict[int, str]:
    return {s: c for s, c in enumerate(state.pending) if c is not None and s not in state.shown}


def check_no_leak(state: DojoState, rng: random.Random) -> None:
    """Changing another seat's hidden tatami leaves a seat's private view unchanged."""
    secret = hidden(state)
    free = [t for t in TATAMI if t not in state.used]
    if not free:  # five players, last round: the whole deck is out
        return
    for other in secret:
        pending = list(state.pending)
        pending[other] = rng.choice(free)
        changed = state._replace(pending=tuple(pending))
        assert DOJO.public_view(changed) == DOJO.public_view(state)
        for seat in range(state.seats):
            if seat in (other, state.dealer):
                assert DOJO.private_view(changed, seat) != DOJO.private_view(state, seat)
            else:
                assert DOJO.private_view(changed, seat) == DOJO.private_view(state, seat)


@settings(max_examples=10, deadline=None)
@given(seats=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6),
       challenges=st.sampled_from(["one", "several"]))
def test_random_games_end_with_full_dojos_scored_by_the_rules_and_no_leak(seats: int, seed: int,
                                                                          challenges: str) -> None:
    rng = random.Random(seed)
    m = Match.new(DOJO, seats, {"first_dealer": seed % seats, "challenges": challenges})
    won: dict[int, list[str]] = {s: [] for s in range(seats)}
    given_cards: list[str] = []
    finals = {}
    while not DOJO.is_over(m.state):
        before = m.state
        if rng.random() < 0.15:
            check_no_leak(before, rng)
        actions = random_actions(m, rng)
        assert actions
        events = [e for action in actions for e in m.apply(action)]
        for e in events:
            if e.key in ("gave", "kept_card", "gave_last", "kept_last"):  # the dealer alone sees it
                assert e.audience == before.dealer
            elif e.key == "received":
                assert e.audience == e.params["seat"]
            else:
                assert e.audience == "all"
                named = {e.params.get(k) for k in ("card", "dealer_card", "other_card")}
                assert not named & set(hidden(m.state).values()), e  # nothing still hidden is named
            if e.key == "trophy_won":
                won[e.params["seat"]] += e.params["cards"]
            if e.key == "final_score":
                finals[e.params["seat"]] = e.params
        given_cards += [a["card"] for a in actions if a["type"] == "give"]
    state = m.state
    assert len(given_cards) == len(set(given_cards)) == 12 * seats
    placed = [card for d in state.dojos for _, _, card in d]
    assert sorted(placed) == sorted(given_cards)
    totals = {}
    for seat in range(seats):
        cells = {(r, c): card for r, c, card in state.dojos[seat]}
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        assert len(cells) == 12 and len(rows) == 3 and len(cols) == 4  # a full 3 x 4 rectangle
        assert max(rows) - min(rows) == 2 and max(cols) - min(cols) == 3
        r, c = dojo_points(cells)
        t = sum(POINTS[x] for x in won[seat])
        assert (finals[seat]["rows"], finals[seat]["columns"], finals[seat]["trophies"]) == (r, c, t)
        totals[seat] = r + c + t
    assert DOJO.scores(state) == totals
    best = max(totals.values())
    top = [s for s in totals if totals[s] == best]
    most = max(len(won[s]) for s in top)
    assert DOJO.winners(state) == [s for s in top if len(won[s]) == most]
    flipped = set(state.flipped)
    assert sum(len(w) for w in won.values()) + len(state.in_play) == len(flipped)


def test_the_dealer_and_the_owner_know_the_tatami_nobody_else() -> None:
    m = Match.new(DOJO, 4, {})
    m.apply({"type": "trophy", "card": "TROPHY-01"})
    m.apply({"type": "give", "seat": 2, "card": "FOX-3-1"})
    views = [DOJO.private_view(m.state, s) for s in range(4)]
    assert views[2]["tatami"] == "FOX-3-1" and views[0]["given"] == {"2": "FOX-3-1"}
    assert "FOX-3-1" not in str(views[1]) and "FOX-3-1" not in str(views[3])
    assert "FOX-3-1" not in str(DOJO.public_view(m.state))
