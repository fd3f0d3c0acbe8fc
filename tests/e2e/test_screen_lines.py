"""Lines a screen reader can bear (issue 26), in a real terminal (tmux): what a blind player reads
at the keyboard, typing only what they would type.

One language a line (a typo's hint and a missing word quote the French command word; no sound
library's words); "et" never beside a card whose name holds a comma; `jouées` trick by trick; no
word of voices without a sound device; a finished game says how to leave; a synthetic game resumed
as the README shows goes on with the synthetic table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .blind import BlindPlayer
from .test_play_terminal import COMPANION, ROOT, Player, env, play_turns, start
from .test_whole_games import samurai
from .tmux import NEEDS_TMUX, Terminal

pytestmark = NEEDS_TMUX
SAMURAI_NEAR_THE_END = Path(__file__).parent / "records" / "samurai-two-tiers.jsonl"
AND_BESIDE_A_COMMA = re.compile(r", \d+ points? et |; [^;]*, [^;]* et | et [^;.]*, \d+ points?")


def lines_of(term: Terminal) -> list[str]:
    return [ln.strip() for ln in term.screen().splitlines() if ln.strip()]


def test_one_language_a_line_lists_that_read_and_played_cards_trick_by_trick(tmp_path: Path) -> None:
    term = start(tmp_path, tmp_path / "game.jsonl", "--information", "aid", "--fast")
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.play_my_turn()
        me.wait_any(["remporte le pli", "Fusion !"])  # the first trick is over
        trick_over = me.mark
        # a typo near an English word: the hint is the French word ("tour"), never "turn"
        assert me.ask("tunr", "Vouliez-vous dire").endswith("Vouliez-vous dire « tour » ?")
        assert me.ask("carte", "Il manque").endswith("Il manque une carte après « carte ».")
        me.mark = trick_over  # my next turn may have come meanwhile
        me.play_my_turn()
        term.type("jouées")
        me.wait("\nPli 1 : ")  # the cards played, trick by trick, each trick a line
        first = me.whole_line(me.mark)
        assert first.count(" : ") >= 4, first  # "Pli 1 : Nord : a ; Est : b ; Sud : c ; Ouest : d."
        term.type("quitte")
        me.wait("[exited] 0")
        screen = lines_of(term)
    finally:
        term.close()
    lists = [ln for ln in screen if " ; " in ln]
    assert lists and not [ln for ln in lists if AND_BESIDE_A_COMMA.search(ln)], "« et » between simple items"
    assert not any(ln.startswith("Cartes jouées : ") for ln in screen)


def test_a_synthetic_game_resumed_as_the_readme_shows_goes_on_with_the_synthetic_table(
        tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    play_turns(tmp_path, record, 1)
    # the README's line: "companion play tatsu --resume partie.jsonl", no --synthetic
    term = Terminal([COMPANION, "play", "tatsu", "--text", "--resume", str(record)], ROOT,
                    env(tmp_path / "home"))
    me = Player(term)
    try:
        me.wait("Reprise de la partie")
        me.play_my_turn()
        me.play_my_turn()  # the table played its three cards in between: it is there, not a camera
        term.type("quitte")
        me.wait("[exited] 0")
        screen = term.screen()
    finally:
        term.close()
    assert "Caméra" not in screen


def test_without_a_sound_device_nothing_is_said_of_voices_nor_in_the_sound_library_s_words(
        tmp_path: Path) -> None:
    home = tmp_path / "home"  # a new cache: every phrase would have to be made
    no_sound = {**env(home), "PULSE_SERVER": "unix:/nonexistent/pulse", "AUDIODEV": "null"}
    term = Terminal([COMPANION, "play", "tatsu", "--synthetic", "--fast", "--me", "sud", "--record",
                     str(tmp_path / "game.jsonl")], ROOT, no_sound)
    me = Player(term)
    try:
        me.wait("Entrée pour commencer", timeout=120)
        term.type("quitte")
        me.wait("[exited] 0")
        screen = lines_of(term)
    finally:
        term.close()
    audio = [ln for ln in screen if ln.startswith("Audio : ")]
    if not audio:
        pytest.skip("this machine has a sound device")
    assert audio == ["Audio : pas de sortie par défaut (aucun appareil de son utilisable). "
                     "Je continue en texte."]
    assert not any("Préparation des voix" in ln or "Error" in ln for ln in screen), screen[:5]


def test_a_finished_game_says_how_to_leave(tmp_path: Path) -> None:
    me = BlindPlayer("samurai", 2, "Nord", tmp_path, resume=SAMURAI_NEAR_THE_END)
    try:
        me.play(samurai, "Partie terminée.")
        me.term.wait_for("Tapez « quitte » pour partir : la partie reste enregistrée", 30)
        me.quit()
    finally:
        me.close()
