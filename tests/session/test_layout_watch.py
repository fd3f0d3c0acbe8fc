"""The session and a watched layout (the samurai board), at the unit seam: labels at rest handed
over as the live reader hands them; what the table hears and what the record holds.
(tests/e2e/test_play_layout_watch.py: the same through `companion play --video`.)"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from companion.session.pipeline import PUBLIC
from tests.games.samurai.helpers import START
from tests.games.samurai.test_layout import board

from .conftest import record_actions


def placed(make_session: Any) -> tuple[Any, Any]:
    """A two-player samurai game after its set-up, the board watched."""
    session, rec = make_session(game="samurai", seats=2, me=0, watch_layout=True)
    for seat in range(2):
        for unit, square in START[seat].items():
            assert session.apply({"type": "place", "seat": seat, "unit": unit, "at": square})
    rec.clear()
    return session, rec


def layout(units: dict[str, str]) -> SimpleNamespace:
    return SimpleNamespace(kind="layout", labels=board(units), card=None, seat=None, error=None)


def test_a_move_seen_is_said_once_asked_once_and_played_on_yes(make_session: Any) -> None:
    session, rec = placed(make_session)
    state = session.state
    move = next(a for a in session.game.legal(state, state.seat) if a["type"] == "move")
    units = {u.id: u.square for u in state.units.values()} | {move["unit"]: move["to"]}
    before = len(record_actions(session.opts.record))
    session.handle_vision(layout(units))
    session.handle_vision(layout(units))  # the same layout again (a flicker): nothing more
    said = rec.texts(PUBLIC)
    assert len(said) == 2, said
    assert said[0].endswith("dans la partie.") and said[1].endswith("Dites oui ou non."), said
    session.handle_line("oui")
    actions = record_actions(session.opts.record)
    assert len(actions) == before + 1 and {k: actions[-1][k] for k in move} == move


def test_a_unit_seen_is_not_played_as_a_card_while_the_board_is_watched(make_session: Any) -> None:
    session, rec = placed(make_session)
    unit = next(iter(session.state.units))
    session.handle_vision(SimpleNamespace(kind="seen", card=unit, seat=None, error=None))
    assert session.question is None and rec.texts() == []
