"""'annule' (issues 16 and 26): my own move, named in a few words; the public moves after it
named to the table; never a deal, a draw or another seat's private news; a request or a card
still waiting is withdrawn instead."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Answer, Event, get_game, get_package
from companion.engine.match import Match
from companion.engine.table import TableRules
from companion.session.moves import Move, UndoBlocked, UndoPlan, move_of, undo_plan

from .conftest import record_actions

TRICK = ["Y-P4-V1", "R-P2-V1", "Y-P1-V3", "R-P5-V1"]


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def test_undoing_my_move_and_three_after_it_names_them_to_the_table(make_session, tmp_path: Path) -> None:
    session, rec = make_session(me=0)
    for card in TRICK:
        session.handle_vision(seen(card))
    rec.clear()
    session.handle_line("annule")
    assert rec.texts(0) == ["Annuler votre coup : Nord : Esprit jaune 4 ? Cela reprend aussi : Est : "
                            "Esprit rouge 2 ; Sud : Esprit jaune 1, 3 points et 1 autre. Dites oui ou non."]
    session.handle_line("oui")
    assert rec.texts("all") == ["Nord reprend son coup : Nord : Esprit jaune 4. Repris aussi : Est : "
                                "Esprit rouge 2 ; Sud : Esprit jaune 1, 3 points et 1 autre."]
    assert len(session.match.states) == 1, "all four undone"
    assert record_actions(tmp_path / "game.jsonl")[-4:] == [{"type": "undo"}] * 4


def test_the_undo_question_names_my_move_not_what_followed(make_session) -> None:
    session, rec = make_session(me=3)
    for card in TRICK:  # West's card ends the trick: the trick's result is part of its move
        session.handle_vision(seen(card))
    rec.clear()
    session.handle_line("annule")
    assert rec.texts(3) == ["Annuler votre coup : Ouest : Esprit rouge 5 ? Dites oui ou non."]


def test_a_deal_is_nobodys_move_and_is_never_undone(make_session) -> None:
    """Tatsu 3 players, the synthetic table deals: my "annule" before any move of mine takes
    nothing back (it used to undo the deal and deal again)."""
    session, rec = make_session(game="tatsu", seats=3, me=2)
    while deal := session.game.table_actions(session.state, random.Random(3)):  # as the synthetic table deals
        session.apply(deal[0])
    assert session.moves and all(m.table and m.by is None for m in session.moves)
    states = len(session.match.states)
    rec.clear()
    session.handle_line("annule")
    assert rec.texts(2) == ["Rien à annuler : aucun coup de vous ne peut être repris."]
    assert len(session.match.states) == states


def move(by: int | None, *, table: bool = False, private: tuple[int, ...] = ()) -> Move:
    events: list[Event] = [Answer(p, "x") for p in private]
    return Move({"type": "x"}, events, by, table, frozenset(private))


def test_undo_plan_stops_at_the_table_and_at_another_seats_secret() -> None:
    assert undo_plan([move(None, table=True), move(0)], 0) == UndoPlan([move(0)])
    assert undo_plan([move(0), move(None, table=True)], 0) == UndoBlocked("table", move(0))
    assert undo_plan([move(0), move(1, private=(1,))], 0) == UndoBlocked("private", move(0), 1)
    assert undo_plan([move(0, private=(0,)), move(1)], 0) == UndoPlan([move(0, private=(0,)), move(1)])
    assert undo_plan([move(1), move(None, table=True)], 0) == UndoBlocked("nothing")


GAMES = [("tatsu", 2), ("tatsu", 3), ("tatsu", 4), ("dojo", 4), ("judo", 2), ("shodan", 2), ("samurai", 2)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(5, 120))
def test_in_random_games_an_undo_never_takes_back_a_deal_or_anothers_secret(game_seats, seed, length) -> None:
    """Random legal games: what a seat's "annule" would take back starts with that seat's own
    move, and holds no move of the table's and no move that told another seat a secret."""
    name, seats = game_seats
    game = get_game(name)
    rules = (get_package(name).table or TableRules)(game)
    rng, match, moves = random.Random(seed), Match.new(game, seats, None), []
    for _ in range(length):
        state = match.state
        if game.is_over(state):
            break
        table = list(game.table_actions(state, rng))
        legal = [a for s in game.seats_of(state) for a in game.legal(state, s)]
        if not table and not legal:
            break
        action = table[0] if table else rng.choice(legal)
        moves.append(move_of(game, rules, state, action, match.apply(action)))
        if table:
            assert moves[-1].table and moves[-1].by is None
    for seat in range(seats):
        plan = undo_plan(moves, seat)
        if isinstance(plan, UndoPlan):
            assert plan.moves[0].by == seat
            assert not any(m.table or m.private_to - {seat} for m in plan.moves)
