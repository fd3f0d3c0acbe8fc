"""Bataille as a blind newcomer plays it from its own help (issue 26: F1, F11): the pile is face
down, even to its owner; "retourne" turns up its top card; "tour" says whose turn in words;
after the end, a card is refused as the game being over. Only the screen is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from .blind import BlindPlayer, check_screen
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]


def test_a_whole_bataille_by_retourne_from_the_help_alone(tmp_path: Path) -> None:
    me = BlindPlayer("bataille", 2, "Sud", tmp_path, seed=3)
    try:
        me.term.wait_for("Entrée pour commencer", 60)
        me.type("")
        me.term.wait_for("dites « retourne »", 60)
        assert any("Votre tas : 10 cartes, face cachée" in ln for ln in me.type("main"))
        assert not any("scanne" in ln for ln in me.lines()), "no advice names a command the game lacks"
        for _ in range(60):
            if any("Partie terminée" in ln for ln in me.lines()):
                break
            said = me.type("tour")  # (the table may speak first: a card of mine lands, Nord plays)
            assert not any(ln.strip() in ("Sud", "Nord") for ln in said), said  # whose turn, in words
            if any(ln.startswith("Retournez la carte du dessus de votre tas") for ln in said):
                heard = me.type("retourne")
                assert not any("inconnue" in ln for ln in heard), heard
        screen = me.lines()
        assert any("Partie terminée" in ln for ln in screen), screen[-10:]
        after = " ".join(me.type("carte 5 de trèfle"))
        assert "La partie est finie." in after and "ne se joue pas maintenant" not in after, after
        me.quit()
        check_screen(me.record, "Sud", me.lines())
    finally:
        me.close()
