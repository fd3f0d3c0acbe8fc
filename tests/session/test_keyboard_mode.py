"""Keyboard mode (the synthetic table): nobody shows a card to a camera, so no line asks to show
one again, and a reason that would say "show the card" says what to type (issue 16, a blind
newcomer's trial)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from card_codes import LabelErrorKind
from companion.session import Session, SessionOptions
from companion.session.loop import renumbered

from .conftest import Recorder, record_actions


class StillTable:
    """The synthetic table's surface, without its camera: cards shown lie there until cleared."""

    def __init__(self) -> None:
        self.cards: list[str] = []

    def show(self, card: str, seat: int, nth: int = 0) -> None:
        self.cards.append(card)

    def clear(self, cards: list[str] | None = None) -> None:
        self.cards = [c for c in self.cards if cards is not None and c not in cards]

    def on_table(self) -> list[str]:
        return list(self.cards)


def keyboard_session(tmp_path: Path, **kw: Any) -> tuple[Session, Recorder, list[float]]:
    now = [0.0]
    rec = Recorder()
    kw.setdefault("bots", frozenset(set(range(kw.get("seats", 4))) - {kw.get("me", 0)}))
    opts = SessionOptions(record=tmp_path / "game.jsonl", setup=False, **kw)
    session = Session(opts, rec, table=StillTable(), clock=lambda: now[0])
    rec.record = opts.record
    session.open()
    session.begin()
    return session, rec, now


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def test_a_typed_card_the_camera_reads_late_is_played_once_without_a_misread_line(tmp_path: Path) -> None:
    session, rec, now = keyboard_session(tmp_path, me=0)
    hand = ["Y-P4-V1", "Y-P1-V3", "Y-P2-V1", "Y-X1", "R-P1-V3", "R-P2-V1", "R-X1"]
    assert session.apply({"type": "hand", "seat": 0, "cards": hand})
    rec.clear()
    session.handle_line("carte 1")
    assert session.driver.in_flight is not None and session.driver.in_flight[0] == "Y-P4-V1"
    now[0] = 7.0  # a slow machine: its own camera has not read the card yet
    session.driver.check_in_flight()
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "play", "seat": 0, "card": "Y-P4-V1",
                                                            "from": 0}
    session.handle_vision(seen("Y-P4-V1"))  # read at last: the card already played, not a second one
    said = rec.texts()
    assert not any("mal lue" in t or "n'a pas" in t or "refusée" in t for t in said), said
    assert len(record_actions(tmp_path / "game.jsonl")) == 2


def test_the_synthetic_cameras_own_misread_is_not_said(tmp_path: Path) -> None:
    session, rec, _ = keyboard_session(tmp_path, me=0)
    rec.clear()
    misread = SimpleNamespace(kind="unknown", card=None, seat=None, error=LabelErrorKind.BAD_CHECK)
    session.handle_vision(misread)
    assert rec.texts() == []


def test_shodan_a_card_command_without_a_card_says_what_to_type(tmp_path: Path) -> None:
    session, rec, _ = keyboard_session(tmp_path, game="shodan", seats=2, me=0)
    rec.clear()
    session.handle_line("uke 1")
    assert rec.texts(0)[-1].startswith("Tapez d'abord la carte : « carte », et son numéro"), rec.texts()
    assert not any("caméra" in t for t in rec.texts())


def test_judo_discard_without_a_card_says_what_to_type(tmp_path: Path) -> None:
    session, rec, _ = keyboard_session(tmp_path, game="judo", seats=2, me=0)
    rec.clear()
    session.handle_line("défausse")
    assert rec.texts(0)[-1] == "Dites « défausse » et la carte : « défausse 3 », son numéro dans votre main."


def test_a_card_entered_late_then_shown_again_is_seen_again(tmp_path: Path) -> None:
    session, _rec, now = keyboard_session(tmp_path, me=0)
    hand = ["Y-P4-V1", "Y-P1-V3", "Y-P2-V1", "Y-X1", "R-P1-V3", "R-P2-V1", "R-X1"]
    assert session.apply({"type": "hand", "seat": 0, "cards": hand})
    session.handle_line("carte 1")
    now[0] = 7.0
    session.driver.check_in_flight()  # entered by hand; its late sighting never comes
    session.handle_line("annule")
    session.handle_line("oui")
    session.handle_line("carte Y-P4-V1")  # shown again after the undo: this sighting counts
    session.handle_vision(seen("Y-P4-V1"))
    actions = record_actions(tmp_path / "game.jsonl")
    assert [a["type"] for a in actions[-3:]] == ["play", "undo", "play"], actions


def test_after_a_play_the_cards_after_it_are_said_with_their_new_numbers(tmp_path: Path) -> None:
    """A newcomer typed "carte 3" after a play and threw another card: the numbers a play shifts
    are said, privately, in one short line."""
    session, rec, now = keyboard_session(tmp_path, me=0)
    hand = ["Y-P4-V1", "Y-P1-V3", "Y-P2-V1", "Y-X1", "R-P1-V3", "R-P2-V1", "R-X1"]
    assert session.apply({"type": "hand", "seat": 0, "cards": hand})
    rec.clear()
    session.handle_line("carte 2")
    now[0] = 7.0
    session.driver.check_in_flight()  # entered by hand: played
    assert rec.lines[-1] == (0, "Numéros changés : 3 à 7 deviennent 2 à 6.")
    session.handle_line("main")
    assert rec.texts(0)[-1].startswith("Votre main : 1 : Esprit jaune 4 ; 2 : Esprit jaune 2 ;")


def test_new_numbers_are_said_in_runs_only_for_cards_that_stay() -> None:
    assert renumbered(["a", "b", "c", "d"], ["a", "b", "c"]) == []  # the last card played: no change
    assert renumbered(["a", "b", "c", "d", "e"], ["b", "d", "e"]) == [(2, 1, 1), (4, 2, 2)]
    assert renumbered(["a", "b"], ["a", "b", "x"]) == []  # a card drawn at the end
    assert renumbered(["a", "b", "c", "d"], ["a", "", "c", "d"]) == []  # places: a played place stays empty
    assert renumbered(["a", "", "c", "d"], ["a", "", "", "d"]) == []
    assert renumbered(["a", "b", "c", "d", "e", "f"], ["e", "a", "d"]) == []  # a line laid from a hand
