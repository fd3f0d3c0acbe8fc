"""A card typed back by any name the program says for it (issue 16, a blind newcomer's trial):
the full name, the part before a colon or a comma, a code printed in the name ("mD", "ISN"),
case and accents ignored; copies are one card; a name several cards answer to is narrowed to
my hand (or what I may play now), else "Lequel ?" with numbers, and the answer is taken."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from companion.session.awaiting import Which

from .conftest import record_actions
from .test_live_games import shodan_in_main

HAND = ["Y-P1-V3", "Y-P1-V5", "Y-P2-V1", "Y-X1", "R-P1-V3", "R-P2-V1", "R-X1"]


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def played(tmp_path: Path) -> str:
    """The card of the last action recorded, which must be my own play."""
    last = record_actions(tmp_path / "game.jsonl")[-1]
    assert (last["type"], last["seat"]) == ("play", 0), last
    return str(last["card"])


def tatsu_with_hand(make_session, hand: list[str]):  # type: ignore[no-untyped-def]
    session, rec = make_session(me=0)
    session.handle_line("scanne")
    for card in hand:
        session.handle_vision(seen(card))
    session.handle_line("fin")
    rec.clear()
    return session, rec


def test_judo_a_grip_typed_as_printed_plays_the_copy_in_my_hand(make_session, tmp_path: Path) -> None:
    session, rec = make_session(game="judo", seats=2, me=0)
    hand = ["GRIP-MD-3", "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "THROW-ISN", "MS-T180-1", "MS-IPPON-1",
            "GRIP-MD-2", "MS-T90-1", "KUZ-UP-WATER-1"]
    assert session.apply({"type": "draw", "seat": 0, "cards": hand})
    rec.clear()
    session.handle_line("Saisie mD : manche droite")  # as "coups" says it
    session.handle_line("carte saisie md")  # the part before the colon, any case
    plays = [a for a in record_actions(tmp_path / "game.jsonl") if a["type"] == "play"]
    assert [a["card"] for a in plays] == ["GRIP-MD-3", "GRIP-MD-2"], rec.texts()
    assert not any("n'a pas" in t or "inconnue" in t for t in rec.texts()), rec.texts()


def test_judo_a_grip_by_its_code_alone(make_session, tmp_path: Path) -> None:
    session, rec = make_session(game="judo", seats=2, me=0)
    hand = ["GRIP-MD-1", "GRIP-RG-2", "KUZ-DOWN-FIRE-1", "THROW-ISN", "MS-T180-1", "MS-IPPON-1",
            "GRIP-MD-2", "MS-T90-1", "KUZ-UP-WATER-1"]
    assert session.apply({"type": "draw", "seat": 0, "cards": hand})
    session.handle_line("carte rg")
    assert played(tmp_path) == "GRIP-RG-2", rec.texts()


def test_tatsu_a_name_two_cards_in_my_hand_answer_to_asks_which(make_session, tmp_path: Path) -> None:
    session, rec = tatsu_with_hand(make_session, HAND)
    session.handle_line("carte esprit jaune 1")
    assert rec.texts(0)[-1] == ("Lequel ? 1 : Esprit jaune 1, 3 points ; 2 : Esprit jaune 1, 5 points. "
                                "Tapez son numéro.")
    assert record_actions(tmp_path / "game.jsonl")[-1]["type"] == "hand", "nothing played before the answer"
    session.handle_line("2")
    assert played(tmp_path) == "Y-P1-V5"


def test_tatsu_the_answer_to_which_may_be_the_full_name(make_session, tmp_path: Path) -> None:
    session, _rec = tatsu_with_hand(make_session, HAND)
    session.handle_line("esprit jaune 1")
    session.handle_line("Esprit jaune 1, 3 points")
    assert played(tmp_path) == "Y-P1-V3"


def test_tatsu_a_short_name_only_one_card_of_my_hand_answers_to(make_session, tmp_path: Path) -> None:
    session, _rec = tatsu_with_hand(make_session, HAND)
    session.handle_line("carte Esprit Jaune 2")  # "Esprit jaune 2, 1 point": the part before the comma
    assert played(tmp_path) == "Y-P2-V1"


def test_a_name_no_card_answers_to_is_still_unknown(make_session, tmp_path: Path) -> None:
    session, rec = tatsu_with_hand(make_session, HAND)
    session.handle_line("carte esprit vert 9")
    assert rec.texts(0)[-1] == "Carte inconnue : esprit vert 9."
    assert not isinstance(session.awaiting, Which)


def test_shodan_a_technique_typed_as_the_hand_lists_it(make_session) -> None:
    session, rec = shodan_in_main(make_session)
    hand = list(session.match.state.known[0])
    name = session.book.card_name(hand[0])
    copies = [c for c in session.deck.ids() if session.book.card_name(c) == name]
    assert len(copies) > 1, "the name is the name of several copies"
    session.handle_line(f"carte {name.upper()}")
    assert session.question is not None and session.question.card in hand, rec.texts()
    assert not any("n'a pas" in t for t in rec.texts()), rec.texts()


def test_tatsu_a_typed_card_of_the_wrong_colour_is_said_refused_and_why(make_session, tmp_path: Path) -> None:
    session, rec = tatsu_with_hand(make_session, HAND)
    session.handle_line("carte 5")  # Esprit rouge 1: North plays yellow
    assert rec.texts(0)[-1] == "Carte refusée : Devant Nord, une carte jaune."
    assert record_actions(tmp_path / "game.jsonl")[-1]["type"] == "hand", "nothing played"


def test_a_name_of_several_cards_none_in_my_hand_is_refused_at_once(make_session, tmp_path: Path) -> None:
    session, rec = tatsu_with_hand(make_session, ["Y-P2-V1", "Y-P3-V1", "Y-P4-V1", "Y-X1", "R-P2-V1",
                                                  "R-P3-V1", "R-X1"])
    session.handle_line("carte esprit jaune 1")
    assert rec.texts(0)[-1] == "Vous n'avez aucune carte « esprit jaune 1 » en main.", rec.texts()
    assert not isinstance(session.awaiting, Which)
    assert record_actions(tmp_path / "game.jsonl")[-1]["type"] == "hand"
