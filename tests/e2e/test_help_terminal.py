"""What `aide` says of a command, as a blind newcomer reads it in a real terminal (issue 26: A21):
`aide recrute` says what recruiting needs (command points, the resources each unit asks for,
and how one gets them), not only what the command does.

Only the screen is read (what a screen reader reads), only what a person types is typed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.speech.text import LINE_MAX

from .blind import BlindPlayer
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]


def test_help_on_recruiting_says_what_it_needs(tmp_path: Path) -> None:
    me = BlindPlayer("samurai", 2, "Nord", tmp_path, seed=3)
    try:
        me.term.wait_for("Entrée pour commencer", 60)
        me.type("")
        heard = me.private(me.type("aide recrute"))
        said = " ".join(heard)
        assert said.startswith("recrute archer en D1 : "), heard
        # what it costs and what it needs, unit by unit, and how a resource is had
        for needs in ("archers : 4 points, forêt", "samouraïs katana : 5 points, montagne et champ",
                      "cavaliers : 7 points, champ et forêt", "« marque", "case de déploiement"):
            assert needs in said, (needs, heard)
        assert all(len(ln) <= LINE_MAX for ln in me.lines())
    finally:
        me.close()
