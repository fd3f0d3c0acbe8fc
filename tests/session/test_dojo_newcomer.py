"""Dojo as a blind newcomer met it (issue 16): "table" says the dojos; "Lequel ?" after a
placement beside one of two bears is answered by the bear's name or number; the table hears a
seat asked to challenge as a fact; the winner placing his own tatami is said to keep it; the
dealer is told to type "donne" and a seat."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from .conftest import record_actions


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def dojo(make_session, me: int = 0):  # type: ignore[no-untyped-def]
    return make_session(game="dojo", seats=3, me=me)


def deal(session, cards: dict[int, str], challenges: tuple[int, ...] = ()) -> None:  # type: ignore[no-untyped-def]
    """One round up to the training: the trophy, each seat's tatami, a challenge or a pass each."""
    trophy = [a for a in session.game.legal(session.match.state, session.match.state.dealer)
              if a["type"] == "trophy"]
    if trophy:
        assert session.apply(trophy[0])
    for seat, card in cards.items():
        assert session.apply({"type": "give", "seat": seat, "card": card})
    while session.match.state.phase == "challenge" and session.match.state.swap_offer is None:
        who = session.rules.actor(session.match.state)
        assert session.apply({"type": "challenge" if who in challenges else "pass", "seat": who})


def place_all(session, words: dict[int, str]) -> None:  # type: ignore[no-untyped-def]
    for seat, where in words.items():
        action = session.rules.place_action(session.match.state, seat, where)
        assert isinstance(action, dict) and session.apply(action)


def test_which_bear_is_answered_by_its_name_or_number(make_session, tmp_path: Path) -> None:
    session, rec = dojo(make_session)
    deal(session, {0: "BEAR-3-1", 1: "FOX-1-1", 2: "FOX-2-1"})
    place_all(session, {0: "", 1: "", 2: ""})
    deal(session, {0: "BEAR-5-1", 1: "FOX-1-2", 2: "FOX-2-2"})
    place_all(session, {0: "1 2", 1: "1 2", 2: "1 2"})
    deal(session, {0: "MONKEY-1-1", 1: "FOX-3-1", 2: "FOX-3-2"})
    rec.clear()
    session.handle_line("pose sous l'ours")
    assert rec.texts(0)[-1] == ("Lequel ? 1 : Ours, ceinture verte ; 2 : Ours, ceinture noire. "
                                "Tapez son numéro."), rec.texts()
    session.handle_line("ours, ceinture noire")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "place", "seat": 0, "row": 1, "col": 1}
    assert not any("ne se joue pas" in t for t in rec.texts()), rec.texts()


def test_which_bear_by_number(make_session, tmp_path: Path) -> None:
    session, _rec = dojo(make_session)
    deal(session, {0: "BEAR-3-1", 1: "FOX-1-1", 2: "FOX-2-1"})
    place_all(session, {0: "", 1: "", 2: ""})
    deal(session, {0: "BEAR-5-1", 1: "FOX-1-2", 2: "FOX-2-2"})
    place_all(session, {0: "1 2", 1: "1 2", 2: "1 2"})
    deal(session, {0: "MONKEY-1-1", 1: "FOX-3-1", 2: "FOX-3-2"})
    session.handle_line("pose sous l'ours")
    session.handle_line("1")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "place", "seat": 0, "row": 1, "col": 0}


def test_table_says_each_dojo(make_session) -> None:
    session, rec = dojo(make_session)
    deal(session, {0: "BEAR-3-1", 1: "FOX-1-1", 2: "FOX-2-1"})
    place_all(session, {0: "", 1: "", 2: ""})
    rec.clear()
    session.handle_line("table")
    said = rec.texts(0)[-1]
    assert "Rien sur la table" not in said
    assert "Nord : 1 tatami ; Est : 1 tatami ; Sud : 1 tatami." in said, said
    assert "« dojo » et une place" in said


def test_a_seat_asked_to_challenge_is_a_fact_to_the_table_a_question_to_me(make_session) -> None:
    session, rec = dojo(make_session, me=1)
    st = session.match.state
    assert session.apply(next(a for a in session.game.legal(st, st.dealer) if a["type"] == "trophy"))
    for seat, card in {0: "BEAR-3-1", 1: "FOX-1-1", 2: "FOX-2-1"}.items():
        assert session.apply({"type": "give", "seat": seat, "card": card})
    public = rec.texts("all")
    assert "Est dit s'il défie Nord." in public and not any("défiez-vous" in t for t in public)
    assert rec.texts(1)[-1].endswith("Défiez-vous Nord ? Dites « défi » ou « passe »."), rec.texts(1)


def test_the_winner_placing_his_own_tatami_is_said_to_keep_it(make_session) -> None:
    session, rec = dojo(make_session)
    deal(session, {0: "BEAR-1-1", 1: "FOX-5-1", 2: "FOX-2-1"}, challenges=(1,))
    assert session.match.state.swap_offer == (1, 0)
    rec.clear()
    place_all(session, {1: ""})  # East won: he places his own, so he keeps it
    assert "Est garde son tatami." in rec.texts("all"), rec.texts("all")


def test_the_dealer_is_told_to_type_donne_and_a_seat(make_session) -> None:
    session, rec = dojo(make_session)
    st = session.match.state
    assert session.apply(next(a for a in session.game.legal(st, st.dealer) if a["type"] == "trophy"))
    session.handle_vision(seen("BEAR-3-1"))
    asked = "À qui ? « donne » et une place : Est ou Sud (« donne moi » pour le garder)."
    assert rec.texts(0)[-1] == asked, rec.texts(0)
