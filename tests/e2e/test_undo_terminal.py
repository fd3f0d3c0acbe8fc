"""Undo and answers typed ahead, as a blind player meets them in a real terminal (issue 26: F2,
F3, F4, F10, F12): "annule" takes back my own move only, never the deal or another seat's draw;
a request still waiting is withdrawn by "annule" or "non"; answers typed ahead each answer
the question they were typed for.

Only the screen is read (what a screen reader reads), only what a person types is typed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .blind import BlindPlayer
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]


def started(player: BlindPlayer, first_prompt: str) -> list[str]:
    player.term.wait_for("Entrée pour commencer", 60)
    player.type("")
    player.term.wait_for(first_prompt, 60)
    return player.new_lines()


def said(lines: list[str], text: str) -> bool:
    return any(text in ln for ln in lines)


def hand(player: BlindPlayer) -> str:
    """My hand as `main` answers it (a draw said just before may show among the lines)."""
    player.type("main")
    player.term.wait_for("Votre main", 60)
    return next(ln for ln in reversed(player.lines()) if ln.startswith("Votre main"))


def test_tatsu_3p_undo_on_my_first_turn_keeps_the_deal(tmp_path: Path) -> None:
    """F2: my first "annule" used to undo the deal, and every hand was dealt again."""
    me = BlindPlayer("tatsu", 3, "Sud", tmp_path, seed=3)
    try:
        started(me, "À vous")
        before = hand(me)
        heard = me.type("annule")
        assert said(heard, "Rien à annuler"), heard
        assert not said(heard, "Annuler votre"), heard  # no question that could take the deal back
        assert hand(me) == before
    finally:
        me.close()


def test_tatsu_3p_a_request_waiting_is_withdrawn_not_the_trick_before(tmp_path: Path) -> None:
    """F4 and F12: the red player asks the Ghost for a card, then changes his mind: "annule" (or
    "non") withdraws the request, said to the table; nothing already played is undone."""
    me = BlindPlayer("tatsu", 3, "Est", tmp_path, seed=3)
    try:
        started(me, "À vous")
        asked = me.type("demande fantôme")
        assert said(asked, "Choisissez"), asked
        heard = me.type("annule")
        assert said(heard, "Est retire sa demande au Fantôme."), heard
        assert not said(heard, "Annuler votre"), heard
        asked = me.type("demande fantôme")
        assert said(asked, "Choisissez"), asked
        heard = me.type("non")
        assert said(heard, "Est retire sa demande au Fantôme."), heard
        assert not said(heard, "Aucune question"), heard
        # my own card plays as usual after that, and "annule" then takes back that card only
        allowed = next(ln for ln in me.type("coups") if "Vous pouvez jouer" in ln)
        card = re.split(r" ; | et |\. ", allowed.split("Vous pouvez jouer : ", 1)[1])[0].strip()
        played = me.type(card)
        me.term.wait_for(f"Est : {card}", 60)
        question = " ".join(me.type("annule"))
        assert f"Annuler votre coup : Est : {card}" in question, question
        heard = me.type("oui")
        assert said(heard, f"Est reprend son coup : Est : {card}"), (played, heard)
    finally:
        me.close()


def test_shodan_undo_never_takes_back_a_draw(tmp_path: Path) -> None:
    """F3: "annule" once undid the other seat's private draw (its card changed) with the question
    "Annuler votre dernière action : ? ?". A draw is not taken back, mine or another's."""
    me = BlindPlayer("shodan", 2, "Sud", tmp_path, seed=3)
    try:
        started(me, "« pioche » et une couleur")
        me.type("pioche bleu")
        me.term.wait_for("Nord pioche dans le tas rouge", 60)
        before = hand(me)
        heard = me.type("annule")
        assert said(heard, "Trop tard pour reprendre « Sud pioche dans le tas bleu »"), heard
        assert not said(heard, "?"), heard
        assert hand(me) == before
    finally:
        me.close()


def test_tatsu_2p_answers_typed_ahead_each_answer_their_question(tmp_path: Path) -> None:
    """F10: three "1" typed at once at "Quelle carte dessus ?" lay places 1, 2 and 3 (each the
    first card the question then lists); none vanishes, none is refused."""
    me = BlindPlayer("tatsu", 2, "Sud", tmp_path, seed=3)
    try:
        started(me, "Quelle carte dessus ?")
        for _ in range(3):
            me.term.type("1")  # typed ahead: no waiting for the answer
        me.term.wait_for("Sud, place 3 :", 60)
        lines = me.new_lines()
        assert not any(word in ln for ln in lines for word in ("n'a pas", "inconnue", "Refus")), lines
        assert said(me.lines(), "place 4, dessous"), me.lines()[-5:]  # the next question is asked
    finally:
        me.close()
