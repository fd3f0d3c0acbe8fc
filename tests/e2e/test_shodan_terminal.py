"""Shodan as a blind player meets it in a real terminal (issue 26: F5, A8): a second card named
replaces the first one waiting for its words; a card is named without the word « carte »;
what is said to me about my own seat is said to me ("vous"), not about "Sud".

Only the screen is read (what a screen reader reads), only what a person types is typed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .blind import BlindPlayer
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]
DRAWN = "Sud pioche dans le tas"  # the table hears each of my draws


def said(lines: list[str], text: str) -> bool:
    return any(text in ln for ln in lines)


def my_first_action(tmp_path: Path, seed: int = 3) -> BlindPlayer:
    """A 2-player game as South, the five cards of the draft drawn: my first action is due."""
    me = BlindPlayer("shodan", 2, "Sud", tmp_path, seed=seed)
    me.term.wait_for("Entrée pour commencer", 60)
    me.type("")
    for n in range(1, 7):  # after each of my draws, the next question: a draw, then my action
        before = me.term.screen().rfind(DRAWN)
        me.term.wait_for("« pioche » et une couleur" if n < 6 else "action", 60, after=max(before, 0))
        if n == 6:
            break
        me.type("pioche bleu" if n % 2 else "pioche rouge")
        while me.term.screen().count(DRAWN) < n:
            me.new_lines()
    me.new_lines()
    return me


def hand(me: BlindPlayer) -> list[str]:
    """My cards, in the order `main` numbers them."""
    line = next(ln for ln in me.type("main") if ln.startswith("Votre main"))
    return [name.strip() for name in re.findall(r"\d+ : ([^;]+?)(?= ; |\.$)", line)]


def test_a_second_card_named_replaces_the_first(tmp_path: Path) -> None:
    """F5: after « carte X », a second « carte Y » was "Commande inconnue : carte" and « défausse »
    then discarded X. The card named last is the one the words are for."""
    me = my_first_action(tmp_path)
    try:
        first, second = hand(me)[:2]
        heard = me.type(f"carte {first}")
        assert said(heard, "Carte vue"), heard
        heard = me.type(f"carte {second}")
        assert not said(heard, "inconnue"), heard
        assert said(heard, f"{second}.") and said(heard, "Carte vue"), heard
        heard = me.type("défausse")
        me.term.wait_for("Sud défausse", 60)
        assert said(me.lines(), f"Sud défausse {second}."), me.lines()[-6:]
        assert not said(me.lines(), f"Sud défausse {first}."), me.lines()[-6:]
    finally:
        me.close()


def test_a_card_is_named_without_the_word_card(tmp_path: Path) -> None:
    """A8: a card's name typed alone (« hanmi handachi waza », several words) is that card, as
    « carte hanmi handachi waza » is."""
    me = my_first_action(tmp_path)
    try:
        several = next(name for name in hand(me) if " " in name)
        heard = me.type(several)
        assert not said(heard, "inconnue"), heard
        assert said(heard, "Carte vue"), heard
        me.type("nouvelle")
        me.term.wait_for(f"Sud : {several}, technique ", 60)  # a new technique: mine
    finally:
        me.close()


def test_what_is_said_to_me_of_my_own_seat_says_vous(tmp_path: Path) -> None:
    """A8: "À vous. Sud pioche une carte face cachée", "À Sud : une action", "Sud complète sa main",
    "Sud : le jury attend encore…" were said to South about South. Said to me, they say "vous"."""
    me = my_first_action(tmp_path)
    try:
        jury = me.ask("jury")
        assert jury.startswith("Le jury attend encore de vous : 1 technique en "), jury
        assert jury.count("Le jury") == 1, jury  # one line, not one per position
        turn = me.ask("tour")
        assert "Votre action" in turn and "Sud" not in turn, turn
        me.type(f"carte {hand(me)[0]}")
        me.type("défausse")
        me.term.wait_for("Complétez votre main", 60)
        screen = me.lines()
        assert said(screen, "À vous. Piochez une carte face cachée : « pioche » et une couleur."), screen[:30]
        third = [ln for ln in screen if any(words in ln for words in (
            "Sud pioche une carte", "À Sud :", "Sud complète", "Sud : le jury", "Sud continue"))]
        assert not third, third
    finally:
        me.close()


def test_a_card_that_makes_a_technique_the_jury_does_not_ask_is_warned_before_it_is_placed(
        tmp_path: Path) -> None:
    """A8: a card placed where it builds a technique the jury does not ask for was not warned of.
    With seed 3, the jury asks « ai hanmi katate dori » only in hanmi handachi waza: shown when my
    open technique is in tachi waza, it is warned of; « shomen uchi » (asked in tachi waza) is not."""
    me = my_first_action(tmp_path)
    try:
        assert {"tachi waza", "ai hanmi katate dori"} <= set(hand(me)), me.lines()[-3:]
        me.type("carte tachi waza")
        me.type("nouvelle")
        me.term.wait_for("Complétez votre main", 60)
        mark = len(me.term.screen())
        me.type("pioche rouge")
        me.term.wait_for("Votre action", 60, after=mark)
        me.new_lines()
        assert "shomen uchi" in hand(me)  # the card drawn
        warned = me.ask("carte ai hanmi katate dori")
        assert "Attention : posée, elle fait une technique que le jury ne demande pas." in warned, warned
        fine = me.ask("carte shomen uchi")
        assert "Carte vue" in fine and "Attention" not in fine, fine
        assert all(len(ln) <= 200 for ln in me.lines())
    finally:
        me.close()
