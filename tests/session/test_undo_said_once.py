"""'annule' as a newcomer met it (issue 16): the question names my move in a few words, not the
story that followed it, and undoing several actions says "Annulé." once."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from .conftest import record_actions

TRICK = ["Y-P4-V1", "R-P2-V1", "Y-P1-V3", "R-P5-V1"]


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def test_undoing_my_move_and_three_after_it_says_undone_once(make_session, tmp_path: Path) -> None:
    session, rec = make_session(me=0)
    for card in TRICK:
        session.handle_vision(seen(card))
    rec.clear()
    session.handle_line("annule")
    session.handle_line("oui")
    assert rec.texts().count("Annulé.") == 1, rec.texts()
    assert len(session.match.states) == 1, "all four undone"
    assert record_actions(tmp_path / "game.jsonl")[-4:] == [{"type": "undo"}] * 4


def test_the_undo_question_names_my_move_not_what_followed(make_session) -> None:
    session, rec = make_session(me=3)
    for card in TRICK:  # West's card ends the trick: the trick's result is part of its move
        session.handle_vision(seen(card))
    rec.clear()
    session.handle_line("annule")
    assert rec.texts(3) == ["Annuler votre dernière action : Ouest : Esprit rouge 5 ? Dites oui ou non."]
