"""Tatsu for 4 players, scenario by scenario from the rule text (rules/tatsu.fr.txt, digest §2)."""


import pytest

from companion.engine import Rejected
from companion.games.tatsu.state import turn_seat
from tests.games.tatsu.helpers import ROUND_A, TATSU, first, keys, new, play, trick


def test_highest_power_wins_the_trick_and_leads_next() -> None:
    m = new()
    events = trick(m, ["Y-P2-V1", "Y-P1-V3"], ["R-P6-V1", "R-P3-V1"])
    won = first(events, "trick_won")
    assert won.params["seat"] == 1 and len(won.params["cards"]) == 4 and won.params["points"] == 6
    assert m.state.leader == 1 and turn_seat(m.state) == 1
    assert set(m.state.captured[1]) == {"Y-P2-V1", "Y-P1-V3", "R-P6-V1", "R-P3-V1"}


def test_equal_power_goes_to_the_first_played() -> None:
    m = new(dealer=1)
    events = trick(m, ["Y-P5-V1", "Y-P1-V3"], ["R-P5-V1", "R-P1-V4"])  # East leads with R-P5
    assert first(events, "trick_won").params["seat"] == 1


def test_a_multiplier_loses_to_any_spirit_and_four_multipliers_go_to_the_first() -> None:
    m = new()
    events = trick(m, ["Y-X3", "Y-X2"], ["R-P1-V3", "R-X1"])
    assert first(events, "trick_won").params["seat"] == 1  # power 1 beats multipliers (power 0)
    m2 = new(dealer=1)
    events = trick(m2, ["Y-X1", "Y-X2"], ["R-X3", "R-X1"])  # East leads: R-X3 is the first
    assert first(events, "trick_won").params["seat"] == 1


def test_the_current_seat_colour_is_enforced_and_state_is_unchanged() -> None:
    m = new()
    before = m.state
    with pytest.raises(Rejected) as err:
        play(m, 0, "R-P6-V1")
    assert err.value.code == "wrong_colour" and err.value.params == {"seat": 0, "clan": "Y"}
    with pytest.raises(Rejected) as err:
        play(m, 1, "R-P6-V1")
    assert err.value.code == "not_turn" and err.value.params == {"seat": 0}
    assert m.state is before and m.events == TATSU.start_events(before)


def test_card_already_played_unknown_card_and_empty_hand_are_refused() -> None:
    m = new()
    play(m, 0, "Y-P2-V1")
    play(m, 1, "R-P2-V1")
    with pytest.raises(Rejected) as err:
        play(m, 2, "Y-P2-V1")
    assert err.value.code == "already_played"
    with pytest.raises(Rejected) as err:
        play(m, 2, "Y-P9-V1")
    assert err.value.code == "unknown_card"


def test_cards_come_from_any_hand_and_are_checked_against_registered_hands() -> None:
    m = new()
    m.apply({"type": "hand", "seat": 3, "cards": ["Y-P6-V1", "Y-X1", "R-F", "R-P2-V1", "R-P3-V1",
                                                   "Y-P1-V3", "R-X2"]})
    events = play(m, 0, "Y-P6-V1")  # no `from`: the registered holder played it for North
    assert events[0].key == "play_for" and events[0].params["from"] == 3
    with pytest.raises(Rejected) as err:
        play(m, 1, "R-F", frm=2)  # West holds it
    assert err.value.code == "not_in_hand"
    with pytest.raises(Rejected) as err:
        play(m, 1, "R-P6-V1", frm=3)  # West's hand is known and does not hold it
    assert err.value.code == "not_in_hand" and err.value.params["seat"] == 3
    play(m, 1, "R-P6-V1", frm=2)  # South's hand is unknown: possible
    assert m.state.sizes == (7, 7, 6, 6)


def test_asking_the_partner_can_be_switched_off() -> None:
    m = new(ask_partner=False)
    with pytest.raises(Rejected) as err:
        play(m, 0, "Y-P2-V1", frm=2)
    assert err.value.code == "no_asking_partner"
    play(m, 0, "Y-P2-V1", frm=1)


def test_one_fusion_suspends_the_trick_and_its_seat_leads_then_the_next_winner_takes_both() -> None:
    m = new()
    events = trick(m, ["Y-F", "Y-P1-V3"], ["R-P2-V1", "R-P1-V3"])
    fusion = first(events, "fusion")
    assert fusion.params["seat"] == 0 and len(fusion.params["cards"]) == 4 and "trick_won" not in keys(events)
    assert m.state.pending_tricks == 1 and m.state.leader == 0
    events = trick(m, ["Y-P2-V1", "Y-P3-V1"], ["R-P6-V1", "R-P1-V4"])
    won = first(events, "trick_won")
    assert won.params["seat"] == 1 and len(won.params["cards"]) == 8 and won.params["points"] == 14
    assert m.state.pending == () and len(m.state.captured[1]) == 8


def test_the_fusion_leader_is_the_seat_it_lies_in_front_of_not_the_hand_it_came_from() -> None:
    for option, leader in (("front", 1), ("player", 3)):
        m = new(fusion_leader=option)
        play(m, 0, "Y-P2-V1")
        play(m, 1, "R-F", frm=3)
        play(m, 2, "Y-P3-V1")
        events = play(m, 3, "R-P2-V1")
        assert first(events, "fusion").params["seat"] == leader == m.state.leader


def test_both_fusions_in_one_trick_make_one_pending_trick_and_the_first_fusion_leads() -> None:
    m = new()
    events = trick(m, ["Y-P2-V1", "Y-F"], ["R-P3-V1", "R-F"])
    assert first(events, "fusion").params == {"seat": 2, "cards": ["Y-P2-V1", "R-P3-V1", "Y-F", "R-F"],
                                              "tricks": 1}
    events = trick(m, ["Y-P6-V1", "Y-P1-V3"], ["R-P1-V3", "R-P2-V1"])
    won = first(events, "trick_won")
    assert won.params["seat"] == 2 and len(won.params["cards"]) == 8
    last = new(double_fusion_leader="last")
    trick(last, ["Y-P2-V1", "Y-F"], ["R-P3-V1", "R-F"])
    assert last.state.leader == 3


def test_a_chain_of_three_tricks_goes_to_the_winner_of_the_third() -> None:
    m = new()
    trick(m, ["Y-F", "Y-P1-V3"], ["R-P2-V1", "R-P1-V3"])  # North's fusion: North leads
    events = trick(m, ["Y-P2-V1", "Y-P3-V1"], ["R-P3-V1", "R-F"])  # West's fusion
    assert first(events, "fusion").params["seat"] == 3 and m.state.pending_tricks == 2
    assert len(m.state.pending) == 8
    events = trick(m, ["Y-P4-V1", "Y-P1-V4"], ["R-P6-V1", "R-P1-V4"])
    won = first(events, "trick_won")
    assert won.params["seat"] == 3 and len(won.params["cards"]) == 12


def test_a_fusion_in_the_last_trick_loses_every_pending_card() -> None:
    m = new()
    plain = [(["Y-P6-V1", "Y-P1-V3"], ["R-P2-V1", "R-P1-V3"]),
             (["Y-P5-V1", "Y-P1-V4"], ["R-P3-V1", "R-P1-V4"]),
             (["Y-P4-V1", "Y-P1-V5"], ["R-P4-V1", "R-P1-V5"]),
             (["Y-P3-V1", "Y-P1-V6"], ["R-P5-V1", "R-P1-V6"]),
             (["Y-P2-V1", "Y-P1-V7"], ["R-P6-V1", "R-P1-V7"])]
    for yellow, red in plain:
        trick(m, yellow, red)
    trick(m, ["Y-F", "Y-X1"], ["R-X1", "R-X2"])
    events = trick(m, ["Y-X2", "Y-X3"], ["R-X3", "R-F"])
    lost = first(events, "fusion_lost")
    assert len(lost.params["cards"]) == 8 and {"Y-X1", "Y-F", "R-F", "Y-X3"} <= set(lost.params["cards"])
    assert "trick_won" not in keys(events)
    assert keys(events).count("round_score") + keys(events).count("round_score_none") == 2
    assert m.state.round == 2


def test_scoring_sums_own_multipliers_and_a_team_without_one_scores_zero() -> None:
    m = new()
    events = []
    for yellow, red in ROUND_A:
        events += trick(m, yellow, red)
    yellow_score = first(events, "round_score").params
    assert yellow_score == {"clan": "Y", "points": 14, "factors": [1, 3], "mult": 4, "score": 56}
    assert first(events, "round_score_none").params == {"clan": "R", "points": 38, "factors": [], "mult": 0,
                                                        "score": 0}
    assert len(first(events, "fusion_lost").params["cards"]) == 4
    assert TATSU.scores(m.state) == {0: 56, 1: 0, 2: 56, 3: 0}


def test_rounds_restart_by_themselves_with_the_dealer_moving_left() -> None:
    m = new()
    for yellow, red in ROUND_A:
        events = trick(m, yellow, red)
    start = first(events, "round_start")
    assert start.params == {"round": 2, "seat": 1}
    s = m.state
    assert (s.dealer, s.leader, s.trick_no, s.played, s.captured) == (1, 1, 1, frozenset(), ((), ()))
    assert TATSU.public_view(s)["out"] == list(TATSU.public_view(new().state)["out"])


def test_the_game_ends_after_the_round_that_reaches_500() -> None:
    m = new()
    m.states[-1] = m.state._replace(totals=(450, 0, 450, 0))
    for yellow, red in ROUND_A:
        events = trick(m, yellow, red)
    assert first(events, "game_over").params == {"seats": [0, 2], "score": 506}
    assert TATSU.is_over(m.state) and TATSU.winners(m.state) == [0, 2]
    with pytest.raises(Rejected) as err:
        play(m, 1, "R-P2-V1")
    assert err.value.code == "game_over"
    m.apply({"type": "undo"})  # the last card can still be corrected
    assert not TATSU.is_over(m.state) and m.state.trick_no == 7 and len(m.state.trick) == 3


def test_a_tie_at_the_top_plays_another_round_unless_shared() -> None:
    for tie, over in (("play_on", False), ("shared", True)):
        m = new(tie=tie)
        m.states[-1] = m.state._replace(totals=(450, 506, 450, 506))
        for yellow, red in ROUND_A:
            events = trick(m, yellow, red)
        assert TATSU.is_over(m.state) is over
        if over:
            assert TATSU.winners(m.state) == [0, 1, 2, 3]
        else:
            assert first(events, "tie_play_on").params == {"score": 506} and m.state.round == 2


def test_bad_options_are_refused() -> None:
    for options in ({"yellow": [0, 1]}, {"target": 0}, {"tie": "coin"}, {"colour": 1}, {"dealer": 4}):
        with pytest.raises(Rejected):
            new(**options)
    with pytest.raises(Rejected):
        new(seats=5)


def test_hand_registration_is_private_and_checked() -> None:
    m = new()
    hand = ["Y-P6-V1", "Y-X1", "R-F", "R-P2-V1", "R-P3-V1", "Y-P1-V3", "R-X2"]
    events = m.apply({"type": "hand", "seat": 2, "cards": hand})
    assert events[0].audience == 2 and events[0].key == "hand"
    assert events[1].audience == "all" and events[1].params == {"seat": 2, "yellow": 3, "red": 4}
    other = ["Y-P5-V1", "Y-X2", "Y-F", "R-P4-V1", "R-P5-V1", "Y-P1-V4", "R-X3"]
    for cards, code in ((other[:6], "hand_size"), ([*other[:6], "Y-X2"], "duplicate_card"),
                        ([*other[:6], "Z"], "unknown_card"), ([*other[:6], "Y-X1"], "card_elsewhere")):
        with pytest.raises(Rejected) as err:
            m.apply({"type": "hand", "seat": 0, "cards": cards})
        assert err.value.code == code
    assert TATSU.private_view(m.state, 2)["hand"] == hand
    assert TATSU.private_view(m.state, 0)["hand"] is None
    assert TATSU.public_view(m.state)["hands"]["2"] == {"size": 7, "Y": 3, "R": 4}


def test_unknown_action_types_and_malformed_actions_are_refused() -> None:
    m = new()
    for action, code in (({"type": "dance"}, "unknown_action"), ({"type": "play", "seat": "N", "card": "Y-F"},
                                                                 "bad_seat"),
                         ({"type": "layout", "seat": 0, "up": [], "down": []}, "no_layouts"),
                         ({"type": "hand", "seat": 0, "cards": "Y-F"}, "bad_action")):
        with pytest.raises(Rejected) as err:
            m.apply(action)
        assert err.value.code == code


def test_last_trick_fusion_option_gives_everything_to_the_last_winner() -> None:
    m = new(last_trick_fusion="last_winner")
    for yellow, red in [(["Y-P6-V1", "Y-P1-V3"], ["R-P2-V1", "R-P1-V3"]),
                        (["Y-P5-V1", "Y-P1-V4"], ["R-P3-V1", "R-P1-V4"]),
                        (["Y-P4-V1", "Y-P1-V5"], ["R-P4-V1", "R-P1-V5"]),
                        (["Y-P3-V1", "Y-P1-V6"], ["R-P5-V1", "R-P1-V6"]),
                        (["Y-P2-V1", "Y-P1-V7"], ["R-P6-V1", "R-P1-V7"]),
                        (["Y-F", "Y-X1"], ["R-X1", "R-X2"])]:
        trick(m, yellow, red)
    events = trick(m, ["Y-X2", "Y-X3"], ["R-X3", "R-F"])
    assert "fusion_lost" not in keys(events) and len(first(events, "trick_won").params["cards"]) == 8


def test_pending_multipliers_option_loses_the_multipliers_of_a_fused_trick() -> None:
    m = new(pending_multipliers="lost")
    trick(m, ["Y-F", "Y-P1-V3"], ["R-X1", "R-P1-V3"])
    events = trick(m, ["Y-P2-V1", "Y-P3-V1"], ["R-P6-V1", "R-P1-V4"])
    assert len(first(events, "trick_won").params["cards"]) == 7
    assert first(events, "cards_lost").params["cards"] == ["R-X1"] and m.state.lost == ("R-X1",)
