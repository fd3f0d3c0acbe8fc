"""A round of Dojo in a real terminal, as a blind dealer: the companion tells the dealer each
tatami he draws (and nobody else), he says whom it goes to, then places his own."""

from __future__ import annotations

import subprocess
from pathlib import Path

from companion.engine import get_game, replay
from companion.journal import open_record

from .test_play_terminal import COMPANION, ROOT, Player, env, pytestmark  # noqa: F401
from .tmux import Terminal


def test_a_round_as_a_blind_dealer(tmp_path: Path) -> None:
    record = tmp_path / "dojo.jsonl"
    cmd = [COMPANION, "play", "dojo", "--synthetic", "--seats", "3", "--text", "--me", "nord", "--seed", "4",
           "--record", str(record)]
    term = Terminal(cmd, ROOT, env(tmp_path / "home"))
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("Tour 1. Nord donne.")
        me.wait("Trophée en jeu :")
        # the first tatami: told to me alone, then I give it to East
        me.wait("\nÀ qui ? « donne » et une place : Est ou Sud (« donne moi » pour le garder).")
        term.type("donne Est")
        me.wait("Nord donne un tatami à Est.")
        # the second: East already has one -> refused with the reason, then South
        me.wait("\nÀ qui ? « donne » et une place : Sud (« donne moi » pour le garder).")
        term.type("donne Est")
        me.wait("\nEst a déjà son tatami.")
        term.type("donne à Sud")
        me.wait("Nord donne un tatami à Sud.")
        me.wait("Nord garde un tatami.")  # the last tatami can only be the dealer's own: said so
        assert "vous le gardez d'office." in me.term.screen()
        screen = me.wait("Entraînement : chacun pose son tatami.")
        public = [line for line in screen.splitlines() if line]  # mine too: they name no tatami either
        dealt = [a for _, a in open_record(record)[1] if a["type"] == "give"]
        deck = get_game("dojo")
        assert len(dealt) == 3
        from card_codes import load_deck

        names = [load_deck("dojo").card(a["card"]).name("fr") for a in dealt]
        duel = any("défie" in line for line in public)
        if not duel:  # without a challenge no tatami is ever named to the table in recruitment
            assert not any(name in line for line in public for name in names)
        assert me.ask("main", "En main").startswith("En main")
        if duel and any("Nord gagne le défi" in line for line in public):
            term.type("garde")  # I won: I keep my tatami
            me.wait("Nord garde son tatami.")
        term.wait_for("\nÀ vous. Posez votre premier tatami")  # (a winner decides first)
        term.type("pose")
        me.wait("Nord commence son dojo : ")  # the first tatami: the dojo starts there
        placed = me.mark  # the others may end the round while I ask: round 2 can come first
        assert "Dojo de Nord : 1 tatami, 1 ligne sur 3, 1 colonne sur 4." in me.ask("dojo", "Dojo de Nord")
        me.ask("pose 5 5", "\n")  # nothing left to place: refused, nothing changes
        term.wait_for("Tour 2. Est donne.", 60, after=placed)
        term.type("quitte")
        me.wait("[exited] 0")
    finally:
        term.close()
    header, actions, _ = open_record(record)
    match = replay(deck, header.seats, header.options, actions)
    assert match.state.round == 2
    out = subprocess.run([COMPANION, "replay", str(record)], capture_output=True, text=True, check=True)
    assert "Nord donne un tatami à Est." in out.stdout
