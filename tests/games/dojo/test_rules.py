"""Dojo rounds from the rule text: trophy, recruitment, the challenge, training; bad input refused."""

from __future__ import annotations

from companion.engine import Event
from companion.games.dojo.state import tatamis
from tests.games.dojo.helpers import keys, new, recruit, refused

R1 = {1: "FOX-2-1", 2: "BEAR-3-1", 0: "CRANE-2-1"}  # North (0) deals and keeps the crane


def test_the_dealer_flips_a_trophy_then_hands_one_tatami_to_each_seat_himself_included() -> None:
    m = new(3)
    assert keys(m.events) == ["round_start", "flip_trophy"]
    refused(m, {"type": "give", "seat": 1, "card": "FOX-2-1"}, "trophy_first")
    events = recruit(m, R1, "TROPHY-03")
    assert m.state.in_play == ("TROPHY-03",) and m.state.pending == ("CRANE-2-1", "FOX-2-1", "BEAR-3-1")
    assert keys(events)[-2:] == ["recruited", "ask"] and events[-1].params == {"seat": 1, "dealer": 0}
    refused(m, {"type": "give", "seat": 1, "card": "FOX-1-1"}, "recruit_over")


def test_a_challenge_compares_belts_and_the_winner_takes_the_trophy_and_may_swap() -> None:
    m = new(3)
    recruit(m, R1, "TROPHY-09")
    events = m.apply({"type": "challenge", "seat": 1})
    duel = next(e for e in events if e.key == "duel")
    assert duel.params == {"seat": 1, "card": "FOX-2-1", "dealer": 0, "dealer_card": "CRANE-2-1"}
    assert Event("all", "duel_won", {"seat": 1, "loser": 0}) in events  # equal belts: the challenger
    assert m.state.won[1] == ("TROPHY-09",) and m.state.in_play == ()
    refused(m, {"type": "challenge", "seat": 2}, "challenge_over")  # one challenge a round (D1)
    m.apply({"type": "swap"})
    assert m.state.pending[:2] == ("FOX-2-1", "CRANE-2-1")
    refused(m, {"type": "swap"}, "no_swap")


def test_the_dealer_wins_with_a_higher_belt_and_keeps_his_tatami_without_swapping() -> None:
    m = new(3)
    recruit(m, {1: "FOX-1-1", 2: "BEAR-1-1", 0: "CRANE-2-1"}, "TROPHY-09")
    events = m.apply({"type": "challenge", "seat": 2})  # East passes without a word (D1 "skip")
    assert Event("all", "duel_won", {"seat": 0, "loser": 2}) in events
    assert m.state.won[0] == ("TROPHY-09",)
    m.apply({"type": "place", "seat": 0, "row": 0, "col": 0})  # placing declines the swap
    refused(m, {"type": "swap"}, "no_swap")
    assert m.state.dojos[0] == ((0, 0, "CRANE-2-1"),)


def test_no_challenge_keeps_the_trophy_in_play_for_the_next_round() -> None:
    m = new(3)
    recruit(m, R1, "TROPHY-05")
    assert keys(m.apply({"type": "pass", "seat": 1})) == ["pass", "ask"]
    assert keys(m.apply({"type": "pass", "seat": 2})) == ["pass", "no_challenge_trophy_stays", "training"]
    refused(m, {"type": "swap"}, "no_swap")
    for seat in (0, 1, 2):
        events = m.apply({"type": "place", "seat": seat, "row": 0, "col": 0})
    assert keys(events)[-3:] == ["round_start", "trophy_stays", "recruit"]
    assert m.state.dealer == 1 and m.state.in_play == ("TROPHY-05",)
    refused(m, {"type": "trophy", "card": "TROPHY-06"}, "trophy_in_play")  # D2: one trophy at a time


def test_a_round_with_no_challenge_may_go_straight_to_placing() -> None:
    m = new(3)
    recruit(m, R1, "TROPHY-05")
    events = m.apply({"type": "place", "seat": 2, "row": 0, "col": 0})
    assert keys(events) == ["no_challenge_trophy_stays", "training", "placed_first"]
    refused(m, {"type": "challenge", "seat": 1}, "challenge_over")


def test_several_challenges_when_the_option_says_so() -> None:
    m = new(4, challenges="several")
    recruit(m, {1: "FOX-1-1", 2: "BEAR-5-1", 3: "TIGRESS-3-1", 0: "CRANE-3-2"}, "TROPHY-12")
    m.apply({"type": "challenge", "seat": 1})  # lost: North takes the trophy
    events = m.apply({"type": "challenge", "seat": 2})  # won, nothing left at stake
    assert "trophy_won" not in keys(events) and m.state.won == (("TROPHY-12",), (), (), ())
    m.apply({"type": "swap"})
    assert m.state.pending[0] == "BEAR-5-1"
    events = m.apply({"type": "challenge", "seat": 3})  # belt 3 vs 5: North wins, may swap again
    assert keys(events)[-1] == "swap_offer" and "training" not in keys(events)
    assert keys(m.apply({"type": "keep"})) == ["swap_kept", "training"]  # said after the choice (A14)


def test_strict_order_asks_each_seat_in_turn() -> None:
    m = new(4, challenge_order="strict")
    recruit(m, {0: "FOX-1-1", 1: "BEAR-5-1", 2: "TIGRESS-3-1", 3: "CRANE-3-2"}, "TROPHY-12")
    refused(m, {"type": "challenge", "seat": 2}, "not_asked")
    refused(m, {"type": "pass", "seat": 3}, "not_asked")
    m.apply({"type": "pass", "seat": 1})
    refused(m, {"type": "pass", "seat": 1}, "already_asked")
    m.apply({"type": "challenge", "seat": 2})


def test_bad_input_is_refused_and_changes_nothing() -> None:
    m = new(3)
    refused(m, {"type": "trophy", "card": "FOX-1-1"}, "not_a_trophy")
    refused(m, {"type": "trophy", "card": "NOPE"}, "unknown_card")
    m.apply({"type": "trophy", "card": "TROPHY-01"})
    refused(m, {"type": "trophy", "card": "TROPHY-02"}, "trophy_in_play")
    refused(m, {"type": "give", "seat": 1, "card": "TROPHY-02"}, "not_a_tatami")
    refused(m, {"type": "give", "seat": 7, "card": "FOX-1-1"}, "bad_seat")
    refused(m, {"type": "place", "seat": 1, "row": 0, "col": 0}, "recruit_first")
    refused(m, {"type": "challenge", "seat": 1}, "recruit_first")
    m.apply({"type": "give", "seat": 1, "card": "FOX-1-1"})
    refused(m, {"type": "give", "seat": 1, "card": "FOX-1-2"}, "has_tatami")  # a second tatami
    refused(m, {"type": "give", "seat": 2, "card": "FOX-1-1"}, "tatami_used")  # already given
    m.apply({"type": "give", "seat": 2, "card": "FOX-1-2"})
    m.apply({"type": "give", "seat": 0, "card": "FOX-2-1"})
    refused(m, {"type": "challenge", "seat": 0}, "dealer_no_challenge")
    refused(m, {"type": "swap"}, "no_swap")  # no challenge won
    refused(m, {"type": "place", "seat": 1, "row": 0, "col": 1}, "first_at_origin")
    refused(m, {"type": "place", "seat": 1, "row": "a", "col": 1}, "bad_position")
    m.apply({"type": "challenge", "seat": 2})
    refused(m, {"type": "challenge", "seat": 1}, "challenge_over")  # a second challenge
    m.apply({"type": "place", "seat": 1, "row": 0, "col": 0})
    refused(m, {"type": "place", "seat": 1, "row": 0, "col": 1}, "no_tatami")
    for seat in (0, 2):
        m.apply({"type": "place", "seat": seat})  # the first tatami needs no coordinates
    recruit(m, {0: "BEAR-1-1", 1: "BEAR-1-2", 2: "BEAR-2-1"}, "TROPHY-02")  # round 2: a new trophy
    refused(m, {"type": "give", "seat": 0, "card": "FOX-1-1"}, "recruit_over")
    refused(m, {"type": "place", "seat": 0, "row": 0, "col": 0}, "cell_taken")  # a tatami already placed
    refused(m, {"type": "place", "seat": 0, "row": 1, "col": 1}, "not_adjacent")
    m.apply({"type": "undo"})
    assert m.state.pending == ("BEAR-1-1", "BEAR-1-2", None)


def test_placement_keeps_the_dojo_within_three_rows_and_four_columns() -> None:
    m = new(3)
    cells = [(0, 0), (0, -1), (0, -2), (0, -3), (1, 0), (2, 0), (1, -1)]
    for r, (row, col) in enumerate(cells, 1):
        recruit(m, {s: f"{d}-{1 + r % 5}-{1 + r // 5 % 2}" for s, d in enumerate(("FOX", "BEAR", "CRANE"))},
                None if m.state.phase == "recruit" else f"TROPHY-{r:02d}")
        if r == 5:
            refused(m, {"type": "place", "seat": 0, "row": 0, "col": 1}, "outside_grid")  # a 5th column
        if r == 7:
            refused(m, {"type": "place", "seat": 0, "row": -1, "col": 0}, "outside_grid")  # a 4th row
        for seat in range(3):
            m.apply({"type": "place", "seat": seat, "row": row, "col": col})
    assert [(r, c) for r, c, _ in m.state.dojos[0]] == cells


def test_the_free_orientation_allows_four_rows_of_three() -> None:
    from companion.games.dojo.scoring import box_fits, legal_cells

    tall = [(r, c) for r in range(3) for c in range(3)]
    assert (3, 0) not in legal_cells(tall)
    assert (3, 0) in legal_cells(tall, "free") and (0, 3) in legal_cells(tall, "free")
    assert not box_fits([(r, 0) for r in range(4)] + [(0, 3)], "free")


def test_dealing_clockwise_when_the_option_says_so() -> None:
    m = new(3, deal_order="clockwise", first_dealer=2)
    m.apply({"type": "trophy", "card": "TROPHY-01"})
    refused(m, {"type": "give", "seat": 2, "card": "FOX-1-1"}, "deal_in_order")
    m.apply({"type": "give", "seat": 0, "card": "FOX-1-1"})


def test_the_dealer_rotates_and_the_game_ends_after_twelve_rounds() -> None:
    m = new(3, first_dealer=1, rotation="clockwise")
    dealers = []
    ids = iter(sorted(tatamis()))
    for r in range(12):
        dealers.append(m.state.dealer)
        trophy = f"TROPHY-{r + 1:02d}" if m.state.phase == "trophy" else None
        recruit(m, {s: next(ids) for s in range(3)}, trophy)
        for seat in range(3):
            m.apply({"type": "place", "seat": seat, "row": r // 4, "col": r % 4})
    assert dealers == [1, 2, 0] * 4
    assert m.state.over and keys(m.events)[-1] == "game_over"
    refused(m, {"type": "pass", "seat": 0}, "game_over")


def test_bad_options_are_refused() -> None:
    import pytest

    from companion.engine import Rejected

    for options in ({"first_dealer": 3}, {"first_dealer": "north"}, {"challenges": "many"}):
        with pytest.raises(Rejected) as err:
            new(3, **options)
        assert err.value.code == "bad_option_value"


def test_random_games_with_the_free_orientation_end_with_twelve_tatamis_three_by_four_either_way() -> None:
    from companion.engine.simulate import random_match
    from companion.games.dojo.scoring import breakdown

    shapes = set()
    for seed in range(6):
        state = random_match("dojo", 3, seed, options={"orientation": "free"}).state
        for seat in range(3):
            rows = {r for r, _, _ in state.dojos[seat]}
            cols = {c for _, c, _ in state.dojos[seat]}
            shapes.add((len(rows), len(cols)))
            assert len(state.dojos[seat]) == 12 and len(rows) * len(cols) == 12
            b = breakdown(state, seat)
            assert len(b.rows) == 3 and len(b.columns) == 4 and b.turned == (len(rows) == 4)
    assert shapes == {(3, 4), (4, 3)}


def test_every_round_flips_a_trophy_when_the_option_says_so_and_the_winner_takes_them_all() -> None:
    m = new(3, trophy_flip="every_round")
    recruit(m, R1, "TROPHY-01")
    for seat in range(3):
        m.apply({"type": "place", "seat": seat})
    assert m.state.phase == "trophy"
    recruit(m, {0: "BEAR-1-1", 1: "FOX-5-1", 2: "CRANE-1-1"}, "TROPHY-12")
    events = m.apply({"type": "challenge", "seat": 2})  # East, the dealer, wins with a black belt
    assert Event("all", "trophy_won", {"seat": 1, "cards": ["TROPHY-01", "TROPHY-12"]}) in events
    assert m.state.won[1] == ("TROPHY-01", "TROPHY-12")


def test_counterclockwise_deal_and_no_swap_options() -> None:
    m = new(3, rotation="counterclockwise", swap="never")
    recruit(m, R1, "TROPHY-01")
    events = m.apply({"type": "challenge", "seat": 1})
    assert "swap_offer" not in keys(events)
    refused(m, {"type": "swap"}, "no_swap")
    for seat in range(3):
        m.apply({"type": "place", "seat": seat})
    assert m.state.dealer == 2


def test_with_no_trophy_left_challenges_go_on_or_stop_by_the_option() -> None:
    from companion.games.dojo.state import trophies

    for option, expected in (("challenges", "ask"), ("none", "training")):
        m = new(3, empty_pile=option)
        m.states[-1] = m.state._replace(flipped=frozenset(trophies()), phase="recruit")
        events = recruit(m, R1)
        assert keys(events)[-1] == expected
    refused(m, {"type": "challenge", "seat": 1}, "challenge_over")


def test_equal_totals_go_to_more_trophies_or_are_shared() -> None:
    from companion.games.dojo import rounds

    m = new(3)
    recruit(m, R1, "TROPHY-01")
    for seat in range(3):
        m.apply({"type": "place", "seat": seat})  # three single tatamis: 1 point each
    tied = m.state._replace(won=(("TROPHY-05",), ("TROPHY-06",), ("TROPHY-03", "TROPHY-04")))  # 3 points each
    assert rounds._end_game(tied, []).winners == (2,)
    shared = tied._replace(opts={**tied.opts, "tie_break": "shared"})
    assert rounds._end_game(shared, []).winners == (0, 1, 2)
