"""What a blind player asks the samurai companion: units and health, reach, threats, score,
what stands on a square, where a unit is, the own hand. Answers go to the asker only."""

from __future__ import annotations

import pytest

from companion.engine import Rejected
from companion.games.samurai import queries as q
from companion.speech.phrasebook import Phrasebook
from tests.games.samurai.helpers import arrange, placed_match, play

UNITS = {"KATANA-Y-1": (0, "C5"), "ARCHER-Y-1": (0, "E2"), "CAVALRY-Y-1": (0, "B3"),
         "NAGINATA-R-1": (1, "C6"), "ARCHER-R-1": (1, "E7"), "KATANA-R-1": (1, "G5")}
FR = Phrasebook("fr", "samurai", seat_keys=["north", "south"])
EN = Phrasebook("en", "samurai", seat_keys=["north", "south"])


@pytest.fixture()
def state():  # type: ignore[no-untyped-def]
    s = arrange(placed_match(2).state, UNITS, seat=0, hp={(0, "katana"): 4})
    return s._replace(markers={"B3": frozenset({0})}, hands=(("E1",), ("E5",)))


def _text(events: list, book: Phrasebook = FR) -> list[str]:
    return [book.render(e) for e in events]


def test_my_units_and_health_on_my_turn(state) -> None:  # type: ignore[no-untyped-def]
    events = q.my_units(state, 0)
    assert all(e.audience == 0 for e in events)
    lines = _text(events)
    assert lines[0] == "Samouraï katana jaune 1 : C5, plaine. Peut encore se déplacer de 2."
    assert "Vos samouraïs katana : 4 points de vie, 1 pion, 6 par pion." in lines
    assert lines[-1] == "Il vous reste 20 points de commandement."
    state, _ = play(state, {"type": "attack", "seat": 0, "unit": "KATANA-Y-1", "target": "NAGINATA-R-1"})
    assert _text(q.my_units(state, 0))[0] == "Samouraï katana jaune 1 : C5, plaine. A déjà attaqué."
    assert _text(q.my_units(state, 1), EN)[0] == "Red katana samurai 1: G5, plain."  # not his turn


def test_reach_lists_squares_and_targets(state) -> None:  # type: ignore[no-untyped-def]
    moves, targets = q.unit_reach(state, 0, "KATANA-Y-1")
    assert set(moves.params["squares"]) == {"B5", "B4", "B6", "C4", "D5", "E5", "D4", "D6"}
    # C3 is 2 away but through the mountain C4 (2 points); A5 is a forest (2): out of the budget
    assert "C3" not in moves.params["squares"] and "A5" not in moves.params["squares"]
    assert targets.params["targets"] == ["NAGINATA-R-1"] and targets.params["range"] == 1
    _, shots = q.unit_reach(state, 0, "ARCHER-Y-1")
    assert shots.params["targets"] == ["ARCHER-R-1", "KATANA-R-1"] and shots.params["range"] == 5  # 5 and 5
    assert _text([shots], EN) == ["Range 5. Targets: Red archer 1 and Red katana samurai 1."]
    with pytest.raises(Rejected):
        q.unit_reach(state, 0, "KATANA-Y-6")


def test_threatened_squares_and_units(state) -> None:  # type: ignore[no-untyped-def]
    danger = q.threatened_squares(state, 0)
    assert "NAGINATA-R-1" in danger["C5"] and "ARCHER-R-1" in danger["E2"]
    assert "A1" not in danger
    events = q.threats(state, 0)
    threatened = {e.params["unit"]: e.params["by"] for e in events if e.key == "q_unit_threatened"}
    assert "KATANA-Y-1" in threatened and "NAGINATA-R-1" in threatened["KATANA-Y-1"]


def test_score_and_control_points(state) -> None:  # type: ignore[no-untyped-def]
    state = state._replace(vp=(3, 5))
    lines = _text(q.score(state, 0))
    assert lines[0] == "Score : Jaunes 3, Rouges 5. Vous jouez les Jaunes. Objectif : 10."
    assert lines[1:4] == ["C5 : tenu par les Jaunes, Samouraï katana jaune 1.", "E5 : libre.",
                          "G5 : tenu par les Rouges, Samouraï katana rouge 1."]
    assert lines[4] == "C'est à Nord, 20 points de commandement."


def test_what_is_on_a_square_and_where_a_unit_is(state) -> None:  # type: ignore[no-untyped-def]
    assert _text(q.what_at(state, 1, "B3")) == ["B3, champ : Cavalier jaune 1, à Nord.", "Marqueurs de Nord."]
    assert _text(q.what_at(state, 0, "E5")) == ["E5, plaine : vide.", "C'est un point de contrôle."]
    assert _text(q.what_at(state, 0, "C1"), EN) == ["C1, plain: empty.", "Yellow deployment square."]
    assert _text(q.where_is(state, 1, "ARCHER-R-1")) == ["Archer rouge 1, à Sud : E7, forêt."]
    assert _text(q.where_is(state, 1, "ARCHER-R-4"), EN) == ["Red archer 4 is not on the board."]
    with pytest.raises(Rejected):
        q.what_at(state, 0, "K12")


def test_the_hand_is_told_to_its_owner_only(state) -> None:  # type: ignore[no-untyped-def]
    assert _text(q.my_hand(state, 0)) == ["Vos cartes : Renforts (événement 1)."]
    assert [e.audience for e in q.my_hand(state, 1)] == [1]
    other = state._replace(hands=(("E1",), ("E7", "E8")))
    assert q.answer(other, "hand", 0) == q.answer(state, "hand", 0)


def test_answer_dispatches_by_name(state) -> None:  # type: ignore[no-untyped-def]
    for name in ("units", "threats", "score", "hand"):
        assert q.answer(state, name, 0)
    assert q.answer(state, "where", 0, unit="KATANA-R-1")[0].params["square"] == "G5"
    with pytest.raises(Rejected):
        q.answer(state, "weather", 0)
