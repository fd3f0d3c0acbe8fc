"""One numbering (issue 26: A4), as a blind player meets it in a real terminal: a question offering
cards of a hand numbers them as that hand is numbered (`main`, `fantôme`), and a number typed, or
« carte » and a number, is that hand's card.

Only the screen is read (what a screen reader reads), only what a person types is typed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .blind import BlindPlayer, numbered
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]


def test_the_ghost_s_cards_offered_keep_the_numbers_of_its_hand(tmp_path: Path) -> None:
    """3 players, I am red: `fantôme` numbers the Ghost's hand; « demande fantôme » used to number
    the cards it may play 1, 2, … afresh, so "2" meant one card there and another in the hand."""
    me = BlindPlayer("tatsu", 3, "Est", tmp_path, seed=3)
    try:
        me.term.wait_for("Entrée pour commencer", 60)
        me.type("")
        me.term.wait_for("À vous", 60)
        me.new_lines()
        ghost = dict(numbered(me.ask("fantôme"), "Main du Fantôme : "))
        asked = me.ask("demande fantôme")
        offered = numbered(asked, "Choisissez : ")
        assert offered, asked
        for number, name in offered:  # each card offered is said with its number in the Ghost's hand
            assert ghost.get(number) == name.strip(), (asked, ghost)
        number, name = offered[-1]
        me.type(f"carte {number}")
        me.term.wait_for(f"Fantôme pour Est : {name.strip()}", 60)  # that card, played
    finally:
        me.close()
