"""Judo, Shodan and samurai in a real terminal (tmux), played by a blind player's keyboard.

`companion play GAME --synthetic --text` runs as a person would run it: the synthetic table
plays the other seat through the real camera path; the test types what a blind player
types (asks what it may do, does it, asks a question, makes one refused move), reads the
screen as a screen reader would, quits, and checks that the record replays.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from card_codes import load_deck
from companion.engine import get_game, replay
from companion.journal import open_record

from .test_play_terminal import COMPANION, ROOT, Player, env
from .tmux import NEEDS_TMUX, Terminal

pytestmark = NEEDS_TMUX


def start(tmp_path: Path, game: str, me: str, seed: int) -> tuple[Terminal, Path]:
    record = tmp_path / f"{game}.jsonl"
    cmd = [COMPANION, "play", game, "--synthetic", "--text", "--seats", "2", "--me", me, "--seed", str(seed),
           "--record", str(record)]
    return Terminal(cmd, ROOT, env(tmp_path / "home")), record


def line_after(me: Player, line: str, answer: str) -> str:
    """Type ``line``; the whole screen line that holds ``answer`` (said after it)."""
    said = me.ask(line, answer)
    return said.split(answer, 1)[1] if answer in said else said


def named(game: str, spoken: str) -> list[str]:
    """Card names in a spoken list ("a ; b et c"), in order."""
    names = {card.name("fr") for card in load_deck(game)}
    first_sentence = spoken.split(". ", 1)[0].strip().rstrip(".")
    parts = [re.sub(r"^\d+ : ", "", p.strip()) for p in re.split(r" ; | et ", first_sentence)]
    return [p for p in parts if p in names]


def quit_and_replay(term: Terminal, me: Player, record: Path, game: str) -> list[dict]:
    term.type("quitte")
    me.wait("[exited] 0")
    header, actions, _ = open_record(record)
    assert header.game == game
    replay(get_game(game), header.seats, header.options, actions)  # raises if any action is refused
    shown = subprocess.run([COMPANION, "replay", str(record)], capture_output=True, text=True, check=True)
    assert shown.returncode == 0 and shown.stdout.strip()
    return [a for _, a in actions]


def hand_of(grip: str) -> str:
    """The hand a grip card takes (issue 27, the text's words: "mD = main gauche saisit la manche
    droite", "rG = main droite saisit le revers gauche"): the opponent's right side, my left hand."""
    return "main droite" if grip.split(" : ", 1)[0].endswith("G") else "main gauche"


def test_judo_by_keyboard(tmp_path: Path) -> None:
    term, record = start(tmp_path, "judo", "sud", 3)
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("\nVous piochez : ")
        me.wait("\nÀ vous.")
        # nothing placed yet: ending the turn is refused with the reason
        assert me.ask("fini", "Rien posé").endswith("Rien posé : défaussez une carte.")
        offered = line_after(me, "coups", "Vous pouvez jouer : ")
        grips = named("judo", offered)
        assert grips, offered
        hand = named("judo", me.ask("main", "Votre main : ").split("Votre main : ", 1)[1])
        term.type(str(hand.index(grips[0]) + 1))  # the card's number in my hand: shown to the camera
        # the hand the card names takes it (issue 27: mD left, mG right, as the text's words say)
        me.wait(f"Sud saisit, {hand_of(grips[0])} : {grips[0]}.")
        term.type("projections")
        me.wait_any(["\nAucune projection possible", "\nVous pouvez"])
        assert "Ippon-seoi-nage" in me.ask("manque ISN", "Ippon-seoi-nage")
        term.type("fini")
        me.wait("Sud a fini.")
        me.wait("\nÀ vous.")  # the other judoka played; my second turn
        assert me.ask("score", "Piste TAI").endswith("Piste TAI : Nord 0, Sud 0.")
        actions = quit_and_replay(term, me, record, "judo")
    finally:
        term.close()
    mine = [a for a in actions if a.get("seat") == 1]
    assert {"type": "end_turn", "seat": 1} in mine
    assert any(a["type"] == "play" and a["card"].startswith("GRIP") for a in mine)


def test_judo_a_card_typed_back_by_the_name_coups_says(tmp_path: Path) -> None:
    """Issue 16, a newcomer: the name "coups" prints ("Saisie mD : manche droite") is typed back,
    then the part before its colon; each plays a copy in my hand, never "n'a pas ... en main"."""
    term, record = start(tmp_path, "judo", "sud", 3)
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("\nÀ vous.")
        grips = named("judo", line_after(me, "coups", "Vous pouvez jouer : "))
        assert grips
        term.type(grips[0])  # as printed, colon and all
        me.wait(f"Sud saisit, {hand_of(grips[0])} : {grips[0]}.")
        second = named("judo", line_after(me, "coups", "Vous pouvez jouer : "))
        if second:
            short = second[0].split(" : ", 1)[0].lower()  # "saisie md"
            term.type(f"carte {short}")
            me.wait(f"Sud saisit, {hand_of(second[0])} : {second[0]}.")
        assert not any("en main." in ln and "n'a pas" in ln for ln in term.screen().splitlines())
        quit_and_replay(term, me, record, "judo")
    finally:
        term.close()


def test_shodan_by_keyboard(tmp_path: Path) -> None:
    term, record = start(tmp_path, "shodan", "sud", 5)
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        for _ in range(5):  # the initial draw, one face-down card at a time
            me.wait("\nÀ vous. Piochez une carte face cachée")
            term.type("pioche bleu")
            me.wait("Sud pioche dans le tas bleu.")
        me.wait("\nÀ vous. Votre action : « coups » dit lesquelles.")
        assert me.ask("clôture 9", "Technique inconnue").endswith("Technique inconnue : 9.")
        jury = me.ask("jury", "Le jury attend")
        assert jury.startswith("Le jury attend encore de vous : ")
        offered = named("shodan", line_after(me, "coups", "Cartes à poser : "))
        hand = named("shodan", line_after(me, "main", "Votre main : "))
        term.type(str(hand.index(offered[0]) + 1))  # my card, shown to the camera
        me.wait(f"\n{offered[0]}.")
        me.wait("Carte vue. Dites : nouvelle")
        term.type("nouvelle")
        me.wait(f"Sud : {offered[0]}, technique ")
        me.wait("\nComplétez votre main")
        term.type("pioche rouge")
        me.wait("Sud pioche dans le tas rouge.")
        assert "de Sud, ouverte" in me.ask("techniques", "de Sud, ouverte")
        actions = quit_and_replay(term, me, record, "shodan")
    finally:
        term.close()
    assert [a for a in actions if a["type"] == "draw" and a["seat"] == 1][:5] == \
        [{"type": "draw", "seat": 1, "pile": "BLUE"}] * 5
    assert any(a["type"] == "place" and a["seat"] == 1 and "technique" not in a for a in actions)


def test_samurai_by_keyboard(tmp_path: Path) -> None:
    term, record = start(tmp_path, "samurai", "nord", 2)
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("\nÀ vous. Mise en place")
        assert "Pions à poser : " in me.ask("coups", "Pions à poser")
        for line, said in (("pose archer en C2", "Nord pose Archer jaune 1 en C2."),
                           ("pose katana en C1", "Nord pose Samouraï katana jaune 1 en C1."),
                           ("pose naginata en D1", "Nord pose Samouraï naginata jaune 1 en D1."),
                           ("pose cavalier en E1", "Nord pose Cavalier jaune 1 en E1.")):
            term.type(line)
            me.wait(said)
        me.wait("Tous les pions sont posés.")
        me.wait("\nÀ vous. C'est à Nord, 20 points de commandement.")
        assert me.ask("mes unités", "Archer jaune 1 : ").endswith("Archer jaune 1 : C2, plaine. "
                                                                  "Peut encore se déplacer de 2.")
        assert me.ask("katana 1 attaque C5", "Aucun pion").endswith("Aucun pion en C5.")
        term.type("archer de Nord en C3")
        me.wait("Archer jaune 1 va de C2 en C3, plaine. 1 point dépensé.")
        where = me.ask("où est le katana 1", "à Nord : ")
        assert where.endswith("Samouraï katana jaune 1, à Nord : C1, plaine.")
        term.type("fin du tour")
        me.wait("Fin du tour de Nord.")
        me.wait("Fin du tour de Sud.")
        actions = quit_and_replay(term, me, record, "samurai")
    finally:
        term.close()
    assert {"type": "move", "seat": 0, "unit": "ARCHER-Y-1", "to": "C3"} in actions
    assert {"type": "end_turn", "seat": 0} in actions
