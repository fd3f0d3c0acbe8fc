"""End to end in a real terminal (tmux): the blind player at South types "bref", "normal" and
"détaillé" in `companion play tatsu --synthetic --text`, and the lines their screen gets follow
at once: "Nord : 6" in brief, the card's whole name in normal, the trick's arithmetic in detailed
(the speech says the form the screen shows: the announcer picks it once for both)."""

from __future__ import annotations

import re
import time
from pathlib import Path

from card_codes import load_deck

from .test_play_terminal import Player, cards_in, start
from .tmux import NEEDS_TMUX

pytestmark = NEEDS_TMUX

BRIEF_PLAY = re.compile(r"^Nord : (\d|\d points|fois \d|fusion)$", re.MULTILINE)


def wait_match(me: Player, pattern: re.Pattern[str], timeout: float = 60.0) -> re.Match[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = pattern.search(me.term.screen(), me.mark)
        if found:
            me.mark = found.end()
            return found
        time.sleep(0.1)
    raise AssertionError(f"{pattern.pattern!r} did not appear; screen:\n{me.term.screen()[-3000:]}")


def test_bref_normal_and_detaille_change_what_the_player_gets_at_once(tmp_path: Path) -> None:
    term = start(tmp_path, tmp_path / "game.jsonl")
    me = Player(term)
    deck = load_deck("tatsu")
    try:
        me.wait("Entrée pour commencer")
        term.type("bref")  # before the game: the speech commands already work
        me.wait("Mode bref.")
        term.type("")
        me.wait("La partie commence.")
        wait_match(me, BRIEF_PLAY)  # North leads, said in brief: "Nord : 6"
        me.wait("\nSud : jaune")  # my turn: in brief, the earcon says "à vous"
        term.type("normal")
        me.wait("Mode normal.")
        offered = cards_in(me.ask("coups", "Vous pouvez jouer").split(":", 2)[-1])
        term.type("détaillé")
        me.wait("Mode détaillé.")
        term.type(offered[0])
        me.wait(f"Sud : {deck.card(offered[0]).name('fr')}.")  # my card, by its whole name
        me.wait("remporte le pli")  # West plays; the trick is won, with its sum
        won = me.whole_line(me.mark)
        assert re.search(r"remporte le pli : 4 cartes, \d+( \+ \d+){3} = \d+ points?\.$", won), won
        term.type("quitte")
        me.wait("[exited] 0")
    finally:
        term.close()
