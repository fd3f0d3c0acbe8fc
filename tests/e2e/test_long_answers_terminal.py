"""Long answers are a short summary and a second level (issue 26: A2), as a blind player reads them
in a real terminal: Tatsu 2p `pli` is the trick (the lines, empty places and all, are `table`'s);
Dojo `dojo nord` a summary and `dojo nord 2` its row 2; samurai `menaces` the units threatened first.

Only the screen is read (what a screen reader reads), only what a person types is typed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import get_game, replay
from companion.journal import open_record
from companion.speech.text import LINE_MAX

from .blind import BlindPlayer
from .test_whole_games import dojo, tatsu
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]


class Enough(Exception):
    """The game has gone far enough for what the test looks at."""


def test_tatsu_2p_trick_reads_the_trick_not_the_lines_and_their_empty_places(tmp_path: Path) -> None:
    me = BlindPlayer("tatsu", 2, "Sud", tmp_path, seed=3)

    def until_places_are_empty(player: BlindPlayer, said: str) -> str | None:
        header, actions, _ = open_record(player.record)
        state = replay(get_game("tatsu"), header.seats, header.options, actions).state
        if any(k.up is None and k.colour is None for k in state.tableaux[1] or ()):
            raise Enough
        return tatsu(player, said)

    try:
        with pytest.raises(Enough):
            me.play(until_places_are_empty, "Partie terminée.")
        trick = me.ask("pli")
        trick = trick[trick.index("Pli "):]  # (what the table said just before may show first)
        assert "Ligne" not in trick and "vide" not in trick, trick  # the trick, not both lines
        table = me.ask("table")  # the lines are the table's: there, each place in its order
        assert "Ligne de Sud : " in table and re.search(r"\d : vide\b", table), table
        assert all(len(ln) <= LINE_MAX for ln in me.lines())
    finally:
        me.close()


SAMURAI_NEAR_THE_END = Path(__file__).parent / "records" / "samurai-two-tiers.jsonl"


def test_samurai_threats_say_my_units_in_reach_first_and_the_squares_at_a_second_level(
        tmp_path: Path) -> None:
    """`menaces` began with every square the other team reaches (76 of them) before the units
    in danger: now my units in reach first, then how many squares, which `menaces 2` names."""
    me = BlindPlayer("samurai", 2, "Nord", tmp_path, resume=SAMURAI_NEAR_THE_END)
    try:
        me.term.wait_for("Reprise de la partie", 60)
        me.new_lines()
        heard = me.private(me.type("menaces"))
        assert heard, heard
        assert not any(ln.startswith("Cases menacées") for ln in heard), heard
        assert re.search(r"(est à portée d|Aucun de vos pions)", heard[0]), heard
        count = next(ln for ln in heard if "« menaces 2 » les nomme" in ln)
        n = int(re.match(r"(\d+) cases? menacées? en tout", count).group(1))
        squares = " ".join(me.private(me.type("menaces 2")))
        assert squares.startswith("Cases menacées : "), squares
        assert len(re.findall(r"\b[A-I]\d\b", squares)) == n, squares
        assert all(len(ln) <= LINE_MAX for ln in me.lines())
    finally:
        me.close()


def test_dojo_a_dojo_is_a_summary_and_each_row_or_column_a_second_level(tmp_path: Path) -> None:
    """`dojo nord` read every row, then every column (500-760 characters): now its size and how to
    read a part; `dojo nord 1` its row 1, `dojo nord colonne 1` its column 1."""
    me = BlindPlayer("dojo", 3, "Sud", tmp_path, seed=3)

    def until_north_has_a_dojo(player: BlindPlayer, said: str) -> str | None:
        if any("Nord commence son dojo" in ln for ln in player.lines()):
            raise Enough
        return dojo(player, said)

    try:
        with pytest.raises(Enough):
            me.play(until_north_has_a_dojo, "Partie terminée.")
        me.new_lines()
        me.type("dojo nord")
        me.term.wait_for("« dojo Nord colonne 1 »", 60)
        screen = me.lines()
        summary = " ".join(screen[max(i for i, ln in enumerate(screen) if ln == "dojo nord") + 1:])
        summary = summary[summary.index("Dojo de Nord : "):]
        assert ("Pour une ligne : « dojo Nord 1 » (de 1 à 1) ; une colonne : « dojo Nord colonne 1 » "
                "(de 1 à 1).") in summary, summary
        assert "Ligne 1" not in summary and "Colonne 1 :" not in summary, summary
        row = [ln for ln in me.private(me.type("dojo nord 1")) if ln.startswith(("Ligne", "Colonne", "Dojo"))]
        assert len(row) == 1 and row[0].startswith("Ligne 1 : "), row
        column = [ln for ln in me.private(me.type("dojo nord colonne 1"))
                  if ln.startswith(("Ligne", "Colonne", "Dojo"))]
        assert len(column) == 1 and column[0].startswith("Colonne 1 : "), column
        assert "Le dojo de Nord a 1 ligne." in me.ask("dojo nord 2")
    finally:
        me.close()
