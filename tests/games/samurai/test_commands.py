"""The samurai board commands: French and English lines become engine actions or queries;
typos are forgiven; what cannot be understood gets a reason with a phrase."""

from __future__ import annotations

import pytest

from companion.engine import Rejected
from companion.games.samurai.commands import Query, command, parse
from companion.games.samurai.rules import GAME
from companion.speech.phrasebook import Phrasebook
from tests.games.samurai.helpers import arrange, placed_match

FR = [Phrasebook("fr", "samurai", seat_keys=GAME.seat_keys(4)).seat_name(s) for s in range(4)]
EN = [Phrasebook("en", "samurai", seat_keys=GAME.seat_keys(4)).seat_name(s) for s in range(4)]
UNITS = {"KATANA-Y-1": (0, "C3"), "KATANA-Y-2": (0, "D3"), "ARCHER-Y-1": (0, "E2"),
         "ARCHER-Y-2": (2, "F2"), "CAVALRY-Y-2": (2, "B2"), "KATANA-R-1": (1, "C4"),
         "NAGINATA-R-1": (1, "D4"), "ARCHER-R-2": (3, "H8")}


@pytest.fixture(scope="module")
def state():  # type: ignore[no-untyped-def]
    return arrange(placed_match(4).state, UNITS, seat=0)


def _reason(line: str, state, seat: int = 0, names=FR) -> Rejected:  # type: ignore[no-untyped-def]
    with pytest.raises(Rejected) as err:
        command(line, state, seat, names)
    return err.value


def test_seat_names_of_four_players() -> None:
    assert FR == ["Nord", "Sud", "Nord-Est", "Sud-Ouest"] and EN[2] == "North-East"


@pytest.mark.parametrize(("line", "seat", "action"), [
    ("archer de Nord en C4", 0, {"type": "move", "seat": 0, "unit": "ARCHER-Y-1", "to": "C4"}),
    ("archer de Nord-Est en G3", 0, {"type": "move", "seat": 2, "unit": "ARCHER-Y-2", "to": "G3"}),
    ("Déplace le katana 2 vers D5", 0, {"type": "move", "seat": 0, "unit": "KATANA-Y-2", "to": "D5"}),
    ("cavalier en b 4", 2, {"type": "move", "seat": 2, "unit": "CAVALRY-Y-2", "to": "B4"}),
    ("C3 en B3", 0, {"type": "move", "seat": 0, "unit": "KATANA-Y-1", "to": "B3"}),
    ("katana 1 attaque C4", 0, {"type": "attack", "seat": 0, "unit": "KATANA-Y-1", "target": "KATANA-R-1"}),
    ("katana 2 attaque la naginata de Sud", 0,
     {"type": "attack", "seat": 0, "unit": "KATANA-Y-2", "target": "NAGINATA-R-1"}),
    ("l'archer tire sur D4", 0,
     {"type": "attack", "seat": 0, "unit": "ARCHER-Y-1", "target": "NAGINATA-R-1"}),
    ("recrute un archer en D1", 0, {"type": "recruit", "seat": 0, "unit": "ARCHER-Y-3", "at": "D1"}),
    ("recrute archer 5 en D1", 0, {"type": "recruit", "seat": 0, "unit": "ARCHER-Y-5", "at": "D1"}),
    ("marque E3", 0, {"type": "mark", "seat": 0, "at": "E3"}),
    ("joue E3", 0, {"type": "event", "seat": 0, "card": "E3"}),
    ("événement 8 sur B7", 0, {"type": "event", "seat": 0, "card": "E8", "at": "B7"}),
    ("pioche E2 pour Nord-Est", 0, {"type": "draw", "seat": 2, "card": "E2"}),
    ("retire le katana 2", 0, {"type": "remove", "seat": 0, "unit": "KATANA-Y-2"}),
    ("fin du tour", 0, {"type": "end_turn", "seat": 0}),
    ("Fin", 2, {"type": "end_turn", "seat": 2}),
])
def test_french_commands(state, line: str, seat: int, action: dict) -> None:  # type: ignore[no-untyped-def]
    assert command(line, state, seat, FR) == action


@pytest.mark.parametrize(("line", "action"), [
    ("North's archer to C4", {"type": "move", "seat": 0, "unit": "ARCHER-Y-1", "to": "C4"}),
    ("move katana 2 to D5", {"type": "move", "seat": 0, "unit": "KATANA-Y-2", "to": "D5"}),
    ("katana 1 attacks C4", {"type": "attack", "seat": 0, "unit": "KATANA-Y-1", "target": "KATANA-R-1"}),
    ("archer shoots South's naginata", {"type": "attack", "seat": 0, "unit": "ARCHER-Y-1",
                                        "target": "NAGINATA-R-1"}),
    # cavalry 1 and 2 fell (they were on the board at set-up): a new unit takes a number not used yet
    ("recruit cavalry at E1", {"type": "recruit", "seat": 0, "unit": "CAVALRY-Y-3", "at": "E1"}),
    ("draw E5 for North-East", {"type": "draw", "seat": 2, "card": "E5"}),
    ("end of turn", {"type": "end_turn", "seat": 0}),
    ("done", {"type": "end_turn", "seat": 0}),
])
def test_english_commands(state, line: str, action: dict) -> None:  # type: ignore[no-untyped-def]
    assert command(line, state, 0, EN) == action


@pytest.mark.parametrize(("line", "meant"), [
    ("archr de Nord en C4", "archer de Nord en C4"),
    ("katana 1 attque C4", "katana 1 attaque C4"),
    ("ARCHER DE NORD EN c4", "archer de Nord en C4"),
    ("cavallier en B4", "cavalier en B4"),
    ("katana 2 atack D4", "katana 2 attaque D4"),
])
def test_typos_are_read_as_the_nearest_word(state, line: str, meant: str) -> None:  # type: ignore[no-untyped-def]
    assert command(line, state, 0, FR) == command(meant, state, 0, FR)


@pytest.mark.parametrize(("line", "code"), [
    ("", "cmd_empty"),
    ("banane en C4", "cmd_unknown_word"),
    ("katana", "cmd_no_verb"),
    ("katana 1 attaque", "cmd_need_target"),
    ("katana en", "cmd_no_verb"),
    ("déplace katana 1", "cmd_need_square"),
    ("katana en C4", "cmd_ambiguous_unit"),
    ("naginata de Nord en C4", "cmd_no_such_unit"),
    ("E5 en E6", "cmd_no_unit_on"),
    ("joue", "cmd_need_card"),
    ("marque", "cmd_need_square"),
    ("recrute en D1", "cmd_need_unit"),
    ("archer en Z4", None),  # off the board: the engine names the square (bad_square)
])
def test_what_cannot_be_understood_gets_a_reason(state, line: str, code: str | None) -> None:  # type: ignore[no-untyped-def]
    if code is None:
        action = command(line, state, 0, FR)
        with pytest.raises(Rejected) as err:
            GAME.apply(state, action)
        assert err.value.code == "bad_square"
        return
    reason = _reason(line, state)
    assert reason.code == code
    for lang in ("fr", "en"):
        text = Phrasebook(lang, "samurai").reason(reason)
        assert not text.startswith("cmd_"), text


def test_ambiguity_names_the_candidates_and_a_hint_suggests_a_word(state) -> None:  # type: ignore[no-untyped-def]
    err = _reason("katana en C4", state)
    assert err.params["units"] == ["KATANA-Y-1", "KATANA-Y-2"]
    assert "Samouraï katana jaune 1" in Phrasebook("fr", "samurai").reason(err)
    hint = _reason("katnaaa en C5", state)
    assert hint.code == "cmd_unknown_word_hint" and hint.params["suggestion"] == "katana"


def test_questions_become_queries(state) -> None:  # type: ignore[no-untyped-def]
    assert command("où est le katana 2", state, 0, FR) == Query("where", 0, unit="KATANA-Y-2")
    assert command("qu'y a-t-il en D4 ? quoi en D4", state, 0, FR) == Query("what", 0, square="D4")
    assert command("portée de l'archer", state, 0, FR) == Query("reach", 0, unit="ARCHER-Y-1")
    assert command("where is South's naginata", state, 0, EN) == Query("where", 0, unit="NAGINATA-R-1")
    assert command("mes unités", state, 2, FR) == Query("units", 2)
    assert command("menaces", state, 0, FR) == Query("threats", 0)
    assert command("score", state, 0, EN) == Query("score", 0)
    assert command("ma main", state, 1, FR) == Query("hand", 1)


def test_setup_commands_place_units(state) -> None:  # type: ignore[no-untyped-def]
    from companion.engine import Match
    setup = Match.new(GAME, 2).state
    assert command("katana en C1", setup, 0, FR[:2]) == {"type": "place", "seat": 0, "unit": "KATANA-Y-1",
                                                          "at": "C1"}
    assert command("pose archer 3 en E9", setup, 1, FR[:2]) == {"type": "place", "seat": 1,
                                                                "unit": "ARCHER-R-3", "at": "E9"}


def test_parse_is_pure_and_keeps_the_words() -> None:
    parsed = parse("archer 2 de Sud attaque E5", FR)
    assert parsed.verb == "attack" and parsed.squares == ("E5",)
    assert parsed.units[0].kind == "archer" and parsed.units[0].number == 2 and parsed.units[0].seat == 1


@pytest.mark.parametrize("line", ["joue sabotage en B7", "joue événement 8 en B7", "play sabotage at B7",
                                  "joue E8 en B7"])  # the id, which is also a square, is still read
def test_an_event_card_is_typed_by_its_name_or_its_number(line: str) -> None:
    parsed = parse(line, FR)
    assert (parsed.verb, parsed.card, parsed.squares) == ("event", "E8", ("B7",))


def test_a_card_name_of_several_words_and_a_name_that_is_also_an_order() -> None:
    assert parse("joue pluie de flèches", FR).card == "E6"
    assert parse("pioche marche forcée pour Sud", FR).card == "E2"
    assert parse("joue charge", FR).card == "E7"
    assert parse("cavalier charge D5", FR).verb == "attack"  # "charge" names the card only after "joue"


def test_a_new_unit_takes_a_number_never_used_and_a_fallen_ones_number_is_said() -> None:
    state = arrange(placed_match(2).state, {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "D8")}, seat=0)
    state = state._replace(markers={"E3": frozenset({0})})
    action = command("recrute archer en D1", state, 0, FR)
    assert action["unit"] == "ARCHER-Y-2"  # not 1: "Archer jaune 1" stood on the board at set-up and fell
    used = frozenset(f"ARCHER-Y-{n}" for n in range(1, 7))
    state = state._replace(used=state.used | used)  # every archer token has been on the board
    assert command("recrute archer en D1", state, 0, FR)["unit"] == "ARCHER-Y-1"
    _, events = GAME.apply(state, {"type": "recruit", "seat": 0, "unit": "ARCHER-Y-1", "at": "D1"})
    again = next(e for e in events if e.key == "recruited_again")
    assert Phrasebook("fr", "samurai").render(again).startswith(
        "Nord recrute un nouveau pion en D1, avec le numéro d'un pion tombé : Archer jaune 1.")
