"""Random legal judo matches to the end: cards conserved, the pile rule, scores, a winner, no leaks."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import load_deck
from companion.engine import Match, Rejected, replay
from companion.games.judo.queries import lacks, throwable
from companion.games.judo.state import JudoState, cards, die_data, may_cover
from tests.games.judo.helpers import JUDO, match_from

DECK = Counter(load_deck("judo").ids())
OPTIONS = st.fixed_dictionaries({
    "seed": st.integers(0, 10**6),
    "elements": st.sampled_from(["chain", "cycle", "ranking"]),
    "tai_length": st.integers(1, 2),
    "time_limit": st.integers(4, 12),
    "grip_hand": st.sampled_from(["choose", "by_target"]),
    "own_kuzushi": st.booleans(),
    "rotation": st.sampled_from(["exact", "at_least"]),
    "next_combat": st.sampled_from(["loser", "winner", "alternate"]),
    "lost_tie": st.sampled_from(["back_to_hand", "discard"]),
    "tie_retry": st.sampled_from(["next_turn", "no_more_ties", "again"]),
    "grip_after_kuzushi": st.booleans(),
    "die_faces": st.sampled_from([None, ["IPPON", "ECHEC"], ["WAZA-ARI", "YUKO", "ECHEC"]]),
    "die": st.sampled_from(["table", "companion"]),
})


def where_cards_are(state: JudoState) -> Counter:
    places = [*state.pool, *state.hands[0], *state.hands[1], *state.discard, *(c for c, _ in state.pile),
              *(g for pair in state.grips for g in pair if g is not None)]
    return Counter(places)


def check_invariants(state: JudoState) -> None:
    assert where_cards_are(state) == DECK  # every card in exactly one place
    assert len(state.pool) - sum(state.unknown) >= 0
    for seat in (0, 1):
        assert len(state.hands[seat]) <= state.opts["hand_size"]
        for card in (g for g in state.grips[seat] if g):
            assert cards()[card].kind == "grip"
    info = cards()
    for (below, _), (above, _) in zip(state.pile, state.pile[1:], strict=False):
        assert info[above].kind == "kuzushi"
        assert may_cover(state.opts, info[below].element, info[above].element) in ("yes", "tie")
    assert sum(state.tai) == state.combat - 1 + int(state.over)


def hide(state: JudoState, seat: int, rng: random.Random) -> JudoState:
    """Another arrangement of `seat`'s hidden hand (same size, cards from the draw pile)."""
    hand = list(state.hands[seat])
    if not hand or not state.pool:
        return state
    i, new = rng.randrange(len(hand)), rng.choice(sorted(state.pool))
    old, hand[i] = hand[i], new
    hands = (tuple(hand), state.hands[1]) if seat == 0 else (state.hands[0], tuple(hand))
    return state._replace(hands=hands, pool=(state.pool - {new}) | {old})


def keeper(state: JudoState, choices: list[dict]) -> list[dict]:
    """A player who keeps throw and MS cards and grips it holds: discards or ends its turn otherwise."""
    info = cards()
    calm = [a for a in choices if a["type"] == "end_turn" or (
        a["type"] == "discard" and info[a["card"]].kind in ("grip", "kuzushi"))]
    return calm or choices


def play_match(options: dict) -> Match:
    """A whole random match, checking the rules after every action; returns it."""
    rng = random.Random(options["seed"])
    m = Match.new(JUDO, 2, options)
    record = []
    for _ in range(3000):
        state = m.state
        if JUDO.is_over(state):
            break
        seat = state.turn
        plans = throwable(state, seat) if not state.to_draw else []
        if not state.placed:
            for found in plans:  # every offered plan is accepted by the rules (bar a lost tie-break)
                assert lacks(state, seat, found["card"]) == []
                trial = match_from(state)
                for action in found["actions"]:
                    if action["type"] == "throw" and options["die"] == "table":
                        action = {**action, "die": "ECHEC"}  # whatever the table's die shows
                    if {"rps_lost", "rps_lost_discard"} & {e.key for e in trial.apply(action)}:
                        assert found["tie"]
                        break
                else:
                    assert found["card"] in trial.state.discard
        other = 1 - seat
        assert JUDO.private_view(hide(state, other, rng), seat) == JUDO.private_view(state, seat)
        try:  # the seat not on turn is refused, and nothing changes
            m.apply({"type": "end_turn", "seat": other})
            raise AssertionError("out of turn accepted")
        except Rejected as err:
            assert err.code == "not_turn" and m.state is state
        choices = JUDO.table_actions(state, rng) or JUDO.legal(state, seat)
        action = rng.choice(choices)
        if plans and rng.random() < 0.8:  # a player who goes for the throw
            action = rng.choice(plans)["actions"][0]
        if action["type"] == "throw" and options["die"] == "table":  # the table rolls its own die
            action = {**action, "die": rng.choice(options["die_faces"] or die_data()[0])}
        elif not state.to_draw and rng.random() < 0.5:
            action = rng.choice(keeper(state, choices))
            assert action in choices or action["type"] == "play"  # a grip's hand may differ from legal's
        m.apply(action)
        record.append(action)
        check_invariants(m.state)
    state = m.state
    assert JUDO.is_over(state)
    (winner,) = JUDO.winners(state)
    assert state.tai[winner] == options["tai_length"] > state.tai[1 - winner]
    wins = Counter(e.params["seat"] for e in m.events if e.key == "combat_won")
    assert (wins[0], wins[1]) == state.tai
    assert JUDO.legal(state, 0) == JUDO.legal(state, 1) == []
    again = replay(JUDO, 2, options, enumerate(record, start=2))
    assert again.state == state and again.events == m.events
    return m


@settings(max_examples=12, deadline=None)
@given(options=OPTIONS)
def test_random_matches_keep_every_rule_and_end_with_a_winner(options: dict) -> None:
    play_match(options)


def test_a_player_who_goes_for_throws_throws_and_the_die_answers_each_throw() -> None:
    keys: list[str] = []
    for seed in range(3):
        options = {"seed": seed, "elements": "chain", "tai_length": 2, "time_limit": 30,
                   "grip_hand": "choose", "own_kuzushi": True, "rotation": "exact", "next_combat": "loser",
                   "lost_tie": "back_to_hand", "die_faces": None, "die": "companion"}
        keys += [e.key for e in play_match(options).events]
    throws = [i for i, k in enumerate(keys) if k == "throw"]
    assert len(throws) >= 3
    assert all(keys[i + 1] == "gake" for i in throws) and keys.count("gake") == len(throws)
