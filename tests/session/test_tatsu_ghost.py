"""Tatsu with three players as a blind newcomer met it (issue 16): the Ghost's hand is numbered,
the red player asking the Ghost chooses from a numbered list, a turn where neither hand has the
colour says whom to ask, a card asked for the Ghost is said "pour le Fantôme", a card asked of
my hand is "de votre main"."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from companion.games.tatsu.state import GHOST

from .conftest import record_actions

GHOST_HAND = ["Y-P6-V1", "Y-X1", "R-F", "R-P2-V1", "R-P3-V1", "Y-P1-V3", "R-X2"]
RED_HAND = ["Y-P5-V1", "Y-X2", "Y-F", "R-P4-V1", "R-P5-V1", "Y-P1-V4", "R-X3"]


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def three(make_session, ghost: list[str], red: list[str], me: int = 1):  # type: ignore[no-untyped-def]
    session, rec = make_session(seats=3, me=me)
    assert session.apply({"type": "hand", "seat": GHOST, "cards": ghost})
    assert session.apply({"type": "hand", "seat": 1, "cards": red})
    rec.clear()
    return session, rec


def test_the_ghosts_hand_is_numbered(make_session) -> None:
    session, rec = three(make_session, GHOST_HAND, RED_HAND)
    session.handle_line("fantôme")
    assert rec.texts(1)[-1].startswith("Main du Fantôme : 1 : Esprit jaune 6 ; 2 : Multiplicateur jaune")


def test_asking_the_ghost_for_me_lists_its_cards_and_takes_a_number(make_session, tmp_path: Path) -> None:
    session, rec = three(make_session, GHOST_HAND, RED_HAND)
    session.handle_vision(seen("Y-P2-V1"))  # North
    rec.clear()
    session.handle_line("demande fantôme")
    # each card at its number in the Ghost's hand, as "fantôme" numbers it (issue 26: A4)
    assert rec.texts(1)[-1] == ("Une carte rouge de la main du Fantôme, à poser devant Est. Choisissez : "
                                "3 : Fusion rouge ; 4 : Esprit rouge 2 ; 5 : Esprit rouge 3 ; "
                                "7 : Multiplicateur rouge fois 2."), rec.texts()
    session.handle_line("4")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "play", "seat": 1, "card": "R-P2-V1",
                                                            "from": GHOST}


def test_the_ghosts_own_card_is_chosen_from_a_numbered_list(make_session, tmp_path: Path) -> None:
    session, rec = three(make_session, GHOST_HAND, RED_HAND)
    for card in ("Y-P2-V1", "R-P4-V1", "Y-P3-V1"):  # North, me (East), South: the Ghost's turn
        session.handle_vision(seen(card))
    rec.clear()
    session.handle_line("demande fantôme")
    assert rec.texts("all")[-1] == "Est choisit une carte de la main du Fantôme."
    assert rec.texts(1)[-1].startswith("Pour le Fantôme, une carte rouge de sa main. Choisissez : 3 : Fusion")
    session.handle_line("5")
    assert record_actions(tmp_path / "game.jsonl")[-1]["card"] == "R-P3-V1"


def test_neither_the_ghost_nor_i_has_the_colour_says_whom_to_ask(make_session) -> None:
    session, rec = three(make_session, GHOST_HAND, RED_HAND)
    for card in ("Y-P2-V1", "R-P4-V1", "Y-P3-V1"):
        session.handle_vision(seen(card))
    # later in a round: the Ghost's reds and mine are all gone (not reachable in the first trick)
    state = session.match.state
    hands = list(state.hands)
    hands[GHOST] = ("Y-P6-V1", "Y-X1", "Y-P1-V3")
    hands[1] = ("Y-P5-V1", "Y-X2")
    session.match.states[-1] = state._replace(hands=tuple(hands))
    rec.clear()
    session.handle_line("tour")
    assert rec.texts(1)[-1] == ("Pour le Fantôme, une carte rouge : ni sa main ni la vôtre n'en a ; "
                                "demandez à Nord ou Sud."), rec.texts()


def test_a_card_asked_of_my_hand_for_the_ghost(make_session) -> None:
    session, _rec = three(make_session, GHOST_HAND, RED_HAND, me=2)
    for card in ("Y-P2-V1", "R-P4-V1", "Y-P3-V1"):
        session.handle_vision(seen(card))
    state = session.match.state
    question = session.rules.request(state, {"type": "play", "seat": GHOST, "from": 2, "card": "R-P6-V1"}, 2)
    assert session.book.render(question.announce) == "Est demande à Sud de jouer pour le Fantôme."
    assert session.book.render(question.prompt).startswith(
        "Est vous demande une carte rouge de votre main, pour la poser devant Fantôme.")

