"""Seats on their own devices (phones): a line typed on a seat's page is that seat's, its answers
go to that seat only, and what the table asks of one seat waits for that seat's answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine import games, get_package
from companion.session import Session, SessionOptions
from companion.session.awaiting import Confirm

from .conftest import Recorder


def said_since(rec: Any, start: int) -> list[tuple[Any, str]]:
    return rec.lines[start:]


def test_a_phone_seats_line_is_answered_to_that_seat_only(make_session: Any) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    start = len(rec.lines)
    session.handle_seat_line(1, "score")
    answer = said_since(rec, start)
    assert answer and all(audience == 1 for audience, _ in answer), answer
    assert "Scores" in answer[0][1]
    assert all(text not in rec.screen() for _, text in answer)  # the keyboard's screen shows none of it


def test_a_seat_without_a_phone_types_nothing_and_nothing_is_typed_before_the_game(make_session: Any) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    start = len(rec.lines)
    session.handle_seat_line(2, "score")  # Sud has no page: a forged line from it changes nothing
    assert said_since(rec, start) == []
    session.started = False
    session.handle_seat_line(1, "score")
    assert said_since(rec, start) == [(1, "La partie n'a pas encore commencé : elle commence au clavier de "
                                          "l'ordinateur.")]


def test_a_yes_or_no_asked_of_one_seat_waits_for_that_seats_answer(make_session: Any) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    session.handle_seat_line(1, "scroe")  # a typo on Est's phone: "did you mean score?"
    assert isinstance(session.awaiting, Confirm) and session.awaiting.seat == 1
    start = len(rec.lines)
    session.handle_line("oui")  # the keyboard's "yes" is not Est's answer
    assert isinstance(session.awaiting, Confirm)
    assert [a for a, _ in said_since(rec, start)] == [0]
    start = len(rec.lines)
    session.handle_seat_line(1, "oui")
    assert session.awaiting is None
    assert [a for a, _ in said_since(rec, start)] == [1] and "Scores" in rec.lines[-1][1]


def test_a_phone_seats_page_shows_its_turn_and_the_scores(make_session: Any) -> None:
    session, _rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    view = session.views.view(1)
    names = [name for name, _ in view.sections]
    assert "turn" in names and "scores" in names and "hand" in names
    assert ("main", "main") in view.buttons and ("annule", "annule") in view.buttons
    public = session.views.table_view()
    assert [name for name, _ in public.sections] == ["turn", "table", "scores"]
    assert public.sections[0][1] == "Au tour de Nord."


@pytest.mark.parametrize("game", games())
def test_the_table_view_is_the_same_whoever_sits_at_the_keyboard(game: str, tmp_path: Path) -> None:
    """The public page says nothing that depends on a seat ("vous", a seat's own total)."""
    rules = get_package(game).rules
    views = set()
    for me in range(rules.default_seats):
        session = Session(SessionOptions(game=game, seats=rules.default_seats, me=me, setup=False,
                                         record=tmp_path / f"{me}.jsonl"), Recorder())
        session.open()
        session.begin()
        views.add(session.views.table_view())
    assert len(views) == 1, views


def test_a_resumed_game_tells_each_phone_where_it_stands(make_session: Any, tmp_path: Path) -> None:
    session, _rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    session.close()
    rec = Recorder()
    resumed = Session(SessionOptions(game="tatsu", seats=4, me=0, phones=frozenset({1}),
                                     resume=tmp_path / "game.jsonl"), rec)
    resumed.open()
    est = rec.texts(1)
    assert any(text.startswith("Scores") for text in est) and any("Pli 1" in text for text in est), est
    assert any(text.startswith("Scores") for text in rec.texts(0))  # and the keyboard, as before


def test_the_links_are_said_again_at_the_keyboard_only(make_session: Any) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    session.handle_line("liens")
    assert rec.lines[-1] == (0, "Pas de pages des téléphones dans cette partie : « --web » les ouvre.")
    session.page_links = ["Est : http://127.0.0.1:8730/s/secret", "Vue de la table : http://127.0.0.1:8730/t/x"]
    start = len(rec.lines)
    session.handle_seat_line(1, "liens")  # Est may not read the others' links
    refused = rec.lines[start:]
    assert len(refused) == 1 and refused[0][0] == 1 and "secret" not in refused[0][1]
    session.handle_line("liens")
    assert rec.lines[-2:] == [(0, session.page_links[0]), (0, session.page_links[1])]


def test_a_phone_does_not_silence_or_speed_up_the_tables_speech(make_session: Any) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=0, phones=frozenset({1}))
    rec.calls.clear()
    session.handle_seat_line(1, "plus vite")
    session.handle_seat_line(1, "bref")
    assert rec.calls == []  # the keyboard's and the table's speech: untouched
    assert rec.lines[-1] == (1, "Votre téléphone lit avec son propre lecteur d'écran : sa voix se règle "
                                "sur le téléphone.")
    session.handle_line("plus vite")
    assert rec.calls == [("faster", None)]


def test_a_phone_cannot_end_the_game_and_its_undo_is_asked_on_its_page(make_session: Any) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=1, phones=frozenset({0}))  # Nord on a phone
    session.handle_seat_line(0, "quitte")
    assert not session.quit
    assert rec.lines[-1] == (0, "Seul le clavier arrête la partie. Pour partir, fermez cette page : "
                                "la partie continue.")
    session.handle_seat_line(0, "carte Y-P4-V1")
    assert session.moves and session.moves[-1].by == 0, rec.lines[-3:]
    session.handle_seat_line(0, "annule")
    assert isinstance(session.awaiting, Confirm) and session.awaiting.seat == 0
    answers, asked = session.views.answers(0)
    assert answers == (("oui", "oui"), ("non", "non")) and asked.startswith("Annuler votre coup")
    assert session.views.answers(1) == ((), "")  # the keyboard is not asked
    session.handle_seat_line(0, "oui")
    assert not session.moves
