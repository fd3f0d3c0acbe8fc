"""End to end in a real terminal (tmux): equal information and the memory aid, as a blind player
at South meets them in `companion play tatsu --synthetic`. The start says the table's setting;
once the first trick is won and picked up, "jouées" (who played what) names its cards only if
the table chose `--information aid`."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .test_play_terminal import NAMES, Player, start
from .tmux import NEEDS_TMUX

pytestmark = NEEDS_TMUX

PLAY_LINE = re.compile(r"^(?:Nord|Est|Sud|Ouest)(?: pour (?:Nord|Est|Sud|Ouest))? : (.+)\.$")


def first_trick(tmp_path: Path, *extra: str, answer: str) -> tuple[list[str], str, str]:
    """Play until the first trick is won; return its cards (as the screen announced them), the
    start line, and the line holding ``answer`` that "jouées" then says to South."""
    record = tmp_path / "game.jsonl"
    term = start(tmp_path, record, *extra)
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("La partie commence.")
        me.wait_any(["Information égale", "Aide-mémoire"])
        setting = me.whole_line(me.mark)
        begun = me.mark
        me.play_my_turn()  # seed 7: South plays once in the first trick, which is then won
        screen = term.wait_for("remporte le pli", 60, after=begun)
        assert "Fusion !" not in screen[begun:], "seed 7's first trick is an ordinary one"
        won = screen.index("remporte le pli", begun)
        plays = [PLAY_LINE.match(line.strip()) for line in screen[begun:won].splitlines()]
        trick = [NAMES[m.group(1)] for m in plays if m and m.group(1) in NAMES]
        me.mark = won
        said = me.ask("jouées", answer)
        term.type("quitte")
        me.wait("[exited] 0")
    finally:
        term.close()
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["information"] == ("aid" if "aid" in extra else "equal")
    return trick, setting, said


def test_in_equal_a_trick_turned_down_is_not_named_again(tmp_path: Path) -> None:
    trick, setting, said = first_trick(tmp_path, answer="ne se voit pas")
    assert len(trick) == 4
    assert "Information égale : les réponses ne disent que ce qui se voit sur la table." in setting
    names = {name for name, card in NAMES.items() if card in trick}
    assert not any(name in said for name in names), said
    assert said.endswith("Le reste ne se voit pas sur la table."), said


def test_with_the_memory_aid_the_trick_is_named_with_who_played_it(tmp_path: Path) -> None:
    # "jouées" reads trick by trick (issue 26, A19): "Pli 1 : Nord : … ; Est : …"
    trick, setting, said = first_trick(tmp_path, "--information", "aid", answer="Pli 1 : ")
    assert len(trick) == 4
    assert "Aide-mémoire : les réponses disent aussi les cartes déjà jouées." in setting
    names = [name for name, card in NAMES.items() if card in trick]
    assert all(name in said for name in names), said
