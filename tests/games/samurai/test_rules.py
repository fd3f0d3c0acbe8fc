"""Samurai scenarios: setup, command points, moves, both kinds of attack, health tiers,
recruitment, markers, events, control-point scoring and the end of the game."""

from __future__ import annotations

import pytest

from companion.engine import Match, Rejected
from companion.games.samurai.rules import GAME
from companion.games.samurai.state import DRAW, OVER, REMOVE
from companion.games.samurai.turns import control_counts
from tests.games.samurai.helpers import arrange, keys, placed_match, play


def _atk(seat: int, unit: str, target: str) -> dict:
    return {"type": "attack", "seat": seat, "unit": unit, "target": target}


def _mv(seat: int, unit: str, to: str) -> dict:
    return {"type": "move", "seat": seat, "unit": unit, "to": to}


def _refused(state, action: dict, code: str) -> Rejected:
    with pytest.raises(Rejected) as err:
        GAME.apply(state, action)
    assert err.value.code == code, err.value
    return err.value


# ---------------------------------------------------------------------- setup and command points
def test_setup_by_placing_one_unit_of_each_type_then_yellow_starts_with_20_cp() -> None:
    match = placed_match(2)
    state = match.state
    assert state.phase == "play" and state.seat == 0 and state.cp[0] == 20
    assert [e.key for e in match.events][-3:] == ["setup_done", "team_turn", "player_turn"]
    assert state.hp[0] == (6, 5, 4, 6)  # one tier of each type


def test_placement_refusals_change_nothing() -> None:
    state = Match.new(GAME, 2).state
    _refused(state, {"type": "place", "seat": 0, "unit": "KATANA-R-1", "at": "C1"}, "wrong_team_token")
    _refused(state, {"type": "place", "seat": 0, "unit": "KATANA-Y-1", "at": "C5"}, "not_deploy_square")
    _refused(state, {"type": "place", "seat": 0, "unit": "KATANA-Y-1", "at": "Z9"}, "bad_square")
    state, _ = play(state, {"type": "place", "seat": 0, "unit": "KATANA-Y-1", "at": "C1"})
    _refused(state, {"type": "place", "seat": 0, "unit": "KATANA-Y-2", "at": "D1"}, "already_placed")
    _refused(state, {"type": "place", "seat": 0, "unit": "ARCHER-Y-1", "at": "C1"}, "square_occupied")
    _refused(state, _mv(0, "KATANA-Y-1", "C2"), "setup_first")


@pytest.mark.parametrize(("seats", "shares"), [(2, [20, 20]), (3, [30, 15, 15]), (4, [15, 15, 15, 15]),
                                               (5, [21, 14, 21, 14, 14]), (6, [14] * 6)])
def test_command_points_per_team_are_shared_equally(seats: int, shares: list[int]) -> None:
    from companion.games.samurai.state import cp_share
    state = Match.new(GAME, seats).state
    assert [cp_share(state, s) for s in range(seats)] == shares


# ---------------------------------------------------------------------- movement
def _duel() -> object:
    units = {"KATANA-Y-1": (0, "D2"), "NAGINATA-Y-1": (0, "D3"), "ARCHER-R-1": (1, "H9")}
    return arrange(placed_match(2).state, units, seat=0)


def test_a_move_within_range_passes_friends_and_costs_one_cp_per_point() -> None:
    state = _duel()
    state, events = play(state, _mv(0, "KATANA-Y-1", "D4"))
    assert state.units["KATANA-Y-1"].square == "D4" and state.cp[0] == 18
    assert events[0].key == "moved" and events[0].params["from"] == "D2" and events[0].params["cp"] == 2


def test_a_move_beyond_range_or_onto_an_occupied_square_is_refused_and_changes_nothing() -> None:
    state = _duel()
    err = _refused(state, _mv(0, "KATANA-Y-1", "D5"), "out_of_range")
    assert err.params["need"] == 3 and err.params["left"] == 2
    _refused(state, _mv(0, "KATANA-Y-1", "D3"), "square_occupied")
    _refused(state, _mv(0, "ARCHER-R-1", "H8"), "not_your_unit")
    _refused(state, _mv(1, "ARCHER-R-1", "H8"), "not_turn")
    assert state.units["KATANA-Y-1"].square == "D2" and state.cp[0] == 20


def test_movement_is_a_budget_per_turn_over_several_moves() -> None:
    state, _ = play(_duel(), _mv(0, "KATANA-Y-1", "C2"))
    state, _ = play(state, _mv(0, "KATANA-Y-1", "C3"))
    _refused(state, _mv(0, "KATANA-Y-1", "C4"), "out_of_range")
    units = {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "H9")}
    one = arrange(placed_match(2, movement="one_move").state, units, seat=0)
    one, _ = play(one, _mv(0, "KATANA-Y-1", "C2"))
    _refused(one, _mv(0, "KATANA-Y-1", "C3"), "out_of_range")


def test_forest_costs_two_and_an_enemy_blocks_the_way() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "E2"), "KATANA-R-1": (1, "D3")}, seat=0)
    after, events = play(state, _mv(0, "KATANA-Y-1", "E3"))
    assert after.cp[0] == 18 and events[0].params["terrain"] == "forest"
    moved = arrange(state, {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "D3")}, seat=0)
    _refused(moved, _mv(0, "KATANA-Y-1", "D4"), "out_of_range")
    _refused(moved, {"type": "move", "seat": 0, "unit": "KATANA-Y-1", "to": "D4", "path": ["D3", "D4"]},
             "enemy_in_path")


def test_entering_a_square_with_enemy_markers_removes_them() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "B2"), "ARCHER-R-1": (1, "H9")}, seat=0)
    state = state._replace(markers={"B3": frozenset({1})})
    after, events = play(state, _mv(0, "KATANA-Y-1", "B4"))
    assert "B3" not in after.markers and "markers_removed" in keys(events)
    stop_only = state._replace(opts={**state.opts, "marker_removal": "stop"})
    after, _ = play(stop_only, {**_mv(0, "KATANA-Y-1", "B4"), "path": ["B3", "B4"]})
    assert after.markers["B3"] == {1}


# ---------------------------------------------------------------------- attacks
def test_melee_to_an_adjacent_square_then_the_unit_can_do_nothing_more() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "D4"), "NAGINATA-R-1": (1, "D5")}, seat=0)
    state, events = play(state, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"))
    assert events[0].key == "attacked" and events[0].params["damage"] == 3
    assert state.hp[1][1] == 2 and "NAGINATA-R-1" in state.units and state.cp[0] == 18
    _refused(state, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"),
             "unit_attacked")
    _refused(state, _mv(0, "KATANA-Y-1", "C4"), "unit_attacked")


def test_a_unit_that_has_attacked_cannot_have_a_marker_placed_under_it_either() -> None:
    """TEXT: "Chaque pion ne peut lancer qu'une seule attaque par tour et après celle-ci il ne peut
    plus effectuer aucune autre action." Placing a resource marker is an action of the unit's square."""
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "E3"), "NAGINATA-R-1": (1, "E4")}, seat=0)
    assert {"type": "mark", "seat": 0, "at": "E3"} in GAME.legal(state, 0)  # E3 is a forest
    state, _ = play(state, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"))
    _refused(state, {"type": "mark", "seat": 0, "at": "E3"}, "unit_attacked")
    assert not [a for a in GAME.legal(state, 0) if a["type"] == "mark"]
    loose = arrange(placed_match(2, mark_after_attack=True).state,
                    {"KATANA-Y-1": (0, "E3"), "NAGINATA-R-1": (1, "E4")}, seat=0)
    loose, _ = play(loose, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"), {"type": "mark", "seat": 0, "at": "E3"})
    assert loose.markers["E3"] == {0}


@pytest.mark.parametrize(("reading", "cp"), [("to_team", 30), ("lost", 15)])
def test_when_a_player_is_out_his_teams_points_go_to_the_players_left(reading: str, cp: int) -> None:
    """TEXT: "Chaque équipe dispose d'un même nombre de points de commandement à répartir
    également entre les joueurs de cette même équipe": the team keeps its 30 (3-4 players)."""
    units = {"ARCHER-Y-1": (0, "D4"), "NAGINATA-R-1": (1, "D5"), "KATANA-Y-2": (2, "A1"),
             "KATANA-R-2": (3, "I9")}
    state = arrange(placed_match(4, eliminated_cp=reading).state, units, seat=1)
    state, events = play(state, _atk(1, "NAGINATA-R-1", "ARCHER-Y-1"))
    assert "player_out" in keys(events) and state.out == {0}
    state, _ = play(state, {"type": "end_turn", "seat": 1}, {"type": "end_turn", "seat": 3})
    state, events = play(state, {"type": "draw", "seat": 1, "card": "E2"})
    assert state.seat == 2 and state.cp[2] == cp
    assert events[-1].key == "player_turn" and events[-1].params == {"seat": 2, "cp": cp}


def test_melee_out_of_reach_diagonal_only_with_the_option() -> None:
    units = {"KATANA-Y-1": (0, "D4"), "NAGINATA-R-1": (1, "E5"), "ARCHER-R-1": (1, "D6")}
    state = arrange(placed_match(2).state, units, seat=0)
    err = _refused(state, _atk(0, "KATANA-Y-1", "ARCHER-R-1"),
                   "out_of_reach")
    assert err.params["distance"] == 2 and err.params["reach"] == 1
    _refused(state, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"), "out_of_reach")
    diag = arrange(placed_match(2, adjacency="diagonal").state, units, seat=0)
    after, _ = play(diag, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"))
    assert after.hp[1][1] == 2


def test_archers_shoot_five_squares_counted_as_a_path_six_from_a_mountain() -> None:
    units = {"ARCHER-Y-1": (0, "D2"), "KATANA-R-1": (1, "D7"), "NAGINATA-R-1": (1, "D8")}
    state = arrange(placed_match(2).state, units, seat=0)
    after, events = play(state, _atk(0, "ARCHER-Y-1", "KATANA-R-1"))
    assert events[0].key == "shot" and after.hp[1][0] == 4
    _refused(state, _atk(0, "ARCHER-Y-1", "NAGINATA-R-1"), "out_of_reach")
    # the path bends: C2 -> F5 is 3 + 3 = 6 squares, out of reach on a plain
    bent = arrange(state, {"ARCHER-Y-1": (0, "C1"), "KATANA-R-1": (1, "F4")}, seat=0)
    _refused(bent, _atk(0, "ARCHER-Y-1", "KATANA-R-1"), "out_of_reach")
    high = arrange(state, {"ARCHER-Y-1": (0, "H3"), "KATANA-R-1": (1, "H9")}, seat=0)  # H3: mountain
    after, events = play(high, _atk(0, "ARCHER-Y-1", "KATANA-R-1"))
    assert events[0].params["damage"] == 3  # 2, +1 for the mountain
    line = arrange(placed_match(2, range_measure="line").state, {"ARCHER-Y-1": (0, "D2"),
                                                                  "KATANA-R-1": (1, "E5")}, seat=0)
    _refused(line, _atk(0, "ARCHER-Y-1", "KATANA-R-1"), "out_of_reach")


def test_forest_shelters_the_target_and_friends_are_no_target() -> None:
    units = {"KATANA-Y-1": (0, "E4"), "ARCHER-Y-1": (0, "D4"), "NAGINATA-R-1": (1, "E3")}  # E3: forest
    state = arrange(placed_match(2).state, units, seat=0)
    _, events = play(state, _atk(0, "KATANA-Y-1", "NAGINATA-R-1"))
    assert events[0].params["damage"] == 2
    _refused(state, _atk(0, "KATANA-Y-1", "ARCHER-Y-1"),
             "friendly_target")


# ---------------------------------------------------------------------- health tiers
def test_reaching_a_tier_removes_the_unit_attacked() -> None:
    units = {"KATANA-Y-1": (0, "D4"), "NAGINATA-Y-1": (0, "C5"), "KATANA-R-1": (1, "D5"),
             "KATANA-R-2": (1, "H9")}
    state = arrange(placed_match(2).state, units, seat=0)
    assert state.hp[1][0] == 12
    state, events = play(state, _atk(0, "KATANA-Y-1", "KATANA-R-1"))
    assert state.hp[1][0] == 9 and "removed" not in keys(events)
    state, events = play(state, _atk(0, "NAGINATA-Y-1", "KATANA-R-1"))
    assert state.hp[1][0] == 5 and "KATANA-R-1" not in state.units and "KATANA-R-2" in state.units
    assert keys(events) == ["attacked", "removed"]


def test_exactly_on_a_tier_removes_with_reach_but_not_with_cross() -> None:
    units = {"KATANA-Y-1": (0, "D4"), "KATANA-R-1": (1, "D5"), "KATANA-R-2": (1, "H9")}
    hp = {(1, "katana"): 9}
    for tier, removed in (("reach", True), ("cross", False)):
        state = arrange(placed_match(2, tier=tier).state, units, seat=0, hp=hp)
        state, _ = play(state, _atk(0, "KATANA-Y-1", "KATANA-R-1"))
        assert state.hp[1][0] == 6 and ("KATANA-R-1" not in state.units) == removed


def test_two_tiers_at_once_the_owner_chooses_the_second_unit() -> None:
    units = {"NAGINATA-Y-1": (0, "H4"), "ARCHER-R-1": (1, "H5"), "ARCHER-R-2": (1, "A9"),
             "ARCHER-R-3": (1, "B9")}
    # H4 is plain; naginata 4 damage on 3 archers holding 5 points: 5 -> 1, two tiers reached
    state = arrange(placed_match(2).state, units, seat=0, hp={(1, "archer"): 5})
    state, events = play(state, _atk(0, "NAGINATA-Y-1", "ARCHER-R-1"))
    assert state.phase == REMOVE and keys(events) == ["attacked", "removed", "choose_removal"]
    assert GAME.legal(state, 0) == []
    assert {a["unit"] for a in GAME.legal(state, 1)} == {"ARCHER-R-2", "ARCHER-R-3"}
    _refused(state, {"type": "end_turn", "seat": 0}, "remove_first")
    _refused(state, {"type": "remove", "seat": 1, "unit": "NAGINATA-Y-1"}, "not_your_unit")
    state, _ = play(state, {"type": "remove", "seat": 1, "unit": "ARCHER-R-3"})
    assert state.phase == "play" and state.hp[1][2] == 1
    assert set(state.units) == {"NAGINATA-Y-1", "ARCHER-R-2"}


# ---------------------------------------------------------------------- resources and recruitment
def test_recruiting_needs_the_resources_a_free_deployment_square_and_the_cp() -> None:
    units = {"ARCHER-Y-1": (0, "E3"), "KATANA-Y-1": (0, "C1"), "KATANA-R-1": (1, "H9")}  # E3: forest
    state = arrange(placed_match(2).state, units, seat=0)
    recruit = {"type": "recruit", "seat": 0, "unit": "ARCHER-Y-2", "at": "D1"}
    err = _refused(state, recruit, "missing_resources")
    assert err.params["resources"] == ["forest"]
    _refused(state, {"type": "mark", "seat": 0, "at": "D4"}, "not_resource")
    _refused(state, {"type": "mark", "seat": 0, "at": "B3"}, "no_unit_there")
    state, events = play(state, {"type": "mark", "seat": 0, "at": "E3"})
    assert state.markers["E3"] == {0} and state.cp[0] == 19 and keys(events) == ["marked"]
    _refused(state, {"type": "mark", "seat": 0, "at": "E3"}, "already_marked")
    _refused(state, {**recruit, "at": "C1"}, "square_occupied")
    _refused(state, {**recruit, "at": "D8"}, "not_deploy_square")
    _refused(state, {**recruit, "unit": "ARCHER-R-2"}, "wrong_team_token")
    _refused(state, {**recruit, "unit": "KATANA-Y-2"}, "missing_resources")
    poor = state._replace(cp=(3, 0))
    _refused(poor, recruit, "not_enough_cp")
    state, events = play(state, recruit)
    assert state.units["ARCHER-Y-2"].square == "D1" and state.hp[0][2] == 8 and state.cp[0] == 15
    assert keys(events) == ["recruited"]
    assert state.markers["E3"] == {0}  # S13: access is unlimited, nothing consumed


def test_team_access_option_lets_a_partner_use_the_marker() -> None:
    for access, ok in (("player", False), ("team", True)):
        state = placed_match(4, resource_access=access).state
        state = arrange(state, {"ARCHER-Y-1": (0, "E3"), "ARCHER-Y-2": (2, "C1"), "KATANA-R-1": (1, "H9")},
                        seat=2)
        state = state._replace(markers={"E3": frozenset({0})})
        action = {"type": "recruit", "seat": 2, "unit": "ARCHER-Y-3", "at": "D1"}
        if ok:
            assert play(state, action)[0].units["ARCHER-Y-3"].owner == 2
        else:
            _refused(state, action, "missing_resources")


# ---------------------------------------------------------------------- control points
def _end_yellow(units: dict, **opts) -> tuple:
    state = arrange(placed_match(2, **opts).state, units, seat=0)
    return play(state, {"type": "end_turn", "seat": 0})


def test_a_strict_majority_of_control_points_scores_one() -> None:
    state, events = _end_yellow({"KATANA-Y-1": (0, "C5"), "KATANA-R-1": (1, "H9")})
    assert state.vp == (1, 0) and "control_scored" in keys(events)
    assert state.phase == "play" and state.seat == 1  # no draw after scoring


def test_all_three_control_points_score_three() -> None:
    units = {"KATANA-Y-1": (0, "C5"), "ARCHER-Y-1": (0, "E5"), "CAVALRY-Y-1": (0, "G5"),
             "KATANA-R-1": (1, "H9")}
    state, events = _end_yellow(units)
    assert state.vp == (3, 0)
    scored = next(e for e in events if e.key == "control_scored")
    assert scored.params == {"team": "Y", "mine": 3, "theirs": 0, "gained": 3, "vp": 3, "other_vp": 0,
                             "y_vp": 3, "r_vp": 0}


@pytest.mark.parametrize("units", [
    {"KATANA-Y-1": (0, "C5"), "KATANA-R-1": (1, "E5")},  # 1 against 1
    {"KATANA-Y-1": (0, "C4"), "KATANA-R-1": (1, "H9")},  # none held
])
def test_no_majority_no_point_the_team_draws_an_event(units: dict) -> None:
    state, events = _end_yellow(units)
    assert state.vp == (0, 0) and state.phase == DRAW and keys(events)[-2:] == ["control_none", "draw_due"]
    _refused(state, _mv(1, "KATANA-R-1", "H8"), "draw_first")
    _refused(state, {"type": "draw", "seat": 1, "card": "E1"}, "not_recipient")
    state, events = play(state, {"type": "draw", "seat": 0, "card": "E1"})
    assert state.hands[0] == ("E1",) and "E1" not in state.deck and state.seat == 1
    private = [e for e in events if e.audience == 0]
    assert [e.key for e in private] == ["event_card"]
    assert all(e.params.get("card") is None for e in events if e.audience == "all")


def test_one_point_to_none_scores_but_not_under_two_of_three() -> None:
    units = {"KATANA-Y-1": (0, "C5"), "KATANA-R-1": (1, "H9")}
    assert _end_yellow(units)[0].vp == (1, 0)
    assert _end_yellow(units, majority="two_of_three")[0].vp == (0, 0)


def test_ten_victory_points_end_the_game() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "C5"), "KATANA-R-1": (1, "H9")}, seat=0)
    state = state._replace(vp=(9, 4))
    state, events = play(state, {"type": "end_turn", "seat": 0})
    assert state.phase == OVER and state.vp == (10, 4) and GAME.winners(state) == [0]
    assert GAME.scores(state) == {0: 10, 1: 4} and keys(events)[-1] == "game_over"
    assert GAME.legal(state, 0) == [] == GAME.legal(state, 1)
    _refused(state, {"type": "end_turn", "seat": 1}, "game_over")


def test_control_counts_follow_the_units_standing_on_the_points() -> None:
    units = {"KATANA-Y-1": (0, "C5"), "KATANA-R-1": (1, "E5"), "ARCHER-R-1": (1, "G5")}
    state = arrange(placed_match(2).state, units, seat=0)
    assert control_counts(state) == (1, 2)


# ---------------------------------------------------------------------- events, elimination
def test_a_mandatory_event_is_played_first_and_changes_the_turn() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "H9")}, seat=0)
    deck = tuple(c for c in state.deck if c not in ("E5", "E1"))
    state = state._replace(hands=(("E5", "E1"), ()), deck=deck)
    move = _mv(0, "KATANA-Y-1", "D3")
    _refused(state, move, "mandatory_event")
    _refused(state, {"type": "end_turn", "seat": 0}, "mandatory_event")
    assert {a["card"] for a in GAME.legal(state, 0)} == {"E5"}
    state, _ = play(state, {"type": "event", "seat": 0, "card": "E5"})  # storm: movement -1
    state, _ = play(state, {"type": "event", "seat": 0, "card": "E1"})  # reinforcements: +3 CP
    assert state.cp[0] == 23 and state.discard == ("E5", "E1")
    state, _ = play(state, move)
    _refused(state, _mv(0, "KATANA-Y-1", "D4"), "out_of_range")
    state = state._replace(hands=(("E2",), ()))
    _refused(state, {"type": "event", "seat": 0, "card": "E2"}, "events_at_turn_start")
    _refused(state, {"type": "event", "seat": 0, "card": "E4"}, "not_in_hand")


def test_sabotage_removes_enemy_markers() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "H9")}, seat=0)
    state = state._replace(hands=(("E8",), ()), markers={"B7": frozenset({1})})
    _refused(state, {"type": "event", "seat": 0, "card": "E8", "at": "B3"}, "no_enemy_marker")
    state, _ = play(state, {"type": "event", "seat": 0, "card": "E8", "at": "B7"})
    assert state.markers == {}


def test_a_player_with_no_unit_and_no_way_to_recruit_is_out_and_his_team_loses() -> None:
    units = {"NAGINATA-Y-1": (0, "D4"), "ARCHER-R-1": (1, "D5")}
    state = arrange(placed_match(2).state, units, seat=0)
    state, events = play(state, _atk(0, "NAGINATA-Y-1", "ARCHER-R-1"))
    assert keys(events)[-3:] == ["removed", "player_out", "game_over"]
    assert state.out == {1} and GAME.winners(state) == [0]


def test_a_player_with_resources_stays_in_and_can_recruit() -> None:
    units = {"NAGINATA-Y-1": (0, "D4"), "ARCHER-R-1": (1, "D5")}
    state = arrange(placed_match(2).state, units, seat=0)
    state = state._replace(markers={"E7": frozenset({1})})  # a forest: archers can be recruited
    state, _ = play(state, _atk(0, "NAGINATA-Y-1", "ARCHER-R-1"))
    assert state.out == frozenset() and state.phase == "play"
    state, _ = play(state, {"type": "end_turn", "seat": 0}, {"type": "draw", "seat": 0, "card": "E2"})
    state, _ = play(state, {"type": "recruit", "seat": 1, "unit": "ARCHER-R-2", "at": "E9"})
    assert state.units["ARCHER-R-2"].owner == 1


def test_four_players_take_turns_within_the_team_then_the_team_scores() -> None:
    state = placed_match(4).state
    assert state.seat == 0
    state, events = play(state, {"type": "end_turn", "seat": 0})
    assert state.seat == 2 and "control_none" not in keys(events)
    _refused(state, {"type": "end_turn", "seat": 0}, "not_turn")
    state, events = play(state, {"type": "end_turn", "seat": 2})
    assert "control_none" in keys(events) and state.phase == DRAW
    state, _ = play(state, {"type": "draw", "seat": 2, "card": "E4"})
    assert state.seat == 1 and state.cp[1] == 15


def test_refused_actions_in_a_match_leave_the_game_and_its_announcements_unchanged() -> None:
    match = placed_match(2)
    before, announced, states = match.state, len(match.events), len(match.states)
    bad = [_mv(0, "KATANA-Y-1", "C6"), _mv(0, "KATANA-Y-1", "D2"), _atk(0, "ARCHER-Y-1", "KATANA-R-1"),
           {"type": "recruit", "seat": 0, "unit": "ARCHER-Y-2", "at": "G1"},
           {"type": "mark", "seat": 0, "at": "A2"}, {"type": "end_turn", "seat": 1},
           {"type": "fly", "seat": 0}]
    for action in bad:
        with pytest.raises(Rejected):
            match.apply(action)
    assert match.state is before and len(match.events) == announced and len(match.states) == states
