"""Judo played from its own help, as a blind player meets it in a real terminal (issue 26: F6, F7,
F8, F9, A6, and issue 27's grips by the judogi's side): every verb `aide` offers does what it
says; the MS cards typed after a throw card make the throw; a grip changed by the number of a
copy in the hand is taken; `manque` says what must come first; `score` says how long the match
is and where it stands; a grip card whose hand the card decides asks nothing.

Each game is resumed from a short record (Nord's first turn, then my draw), so that my hand is
known; only the screen is read, only what a person types is typed.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from .blind import BlindPlayer
from .tmux import NEEDS_TMUX

pytestmark = [pytest.mark.e2e, NEEDS_TMUX]

NORD = ["KUZ-UP-WOOD-1", "KUZ-DOWN-FIRE-2", "MS-IPPON-2", "KUZ-UP-FIRE-1", "THROW-TN", "THROW-OSG",
        "MS-T180-2", "GRIP-RD-1", "GRIP-MG-2"]
# Tai-otoshi: mD + rG, kuzushi right fire, 180°: all in my hand, none of it on the table yet
TO_HAND = ["GRIP-MD-1", "GRIP-RG-1", "KUZ-RIGHT-FIRE-1", "THROW-TO", "MS-T180-1", "MS-T90-1", "MS-T90-2",
           "GRIP-MD-2", "KUZ-DOWN-WATER-1"]
# three copies of the right-sleeve grip beside the two grips of a kumikata
COPIES_HAND = ["GRIP-MD-1", "GRIP-RG-1", "GRIP-MD-2", "GRIP-MD-3", "GRIP-MD-4", "MS-T90-1", "MS-T180-1",
               "KUZ-DOWN-WATER-1", "THROW-OG"]


def record(tmp_path: Path, mine: list[str], **options: Any) -> Path:
    """A record where Nord drew and discarded, and I (Sud) drew ``mine``: my turn, my hand known."""
    header = {"format": "companion-record/1", "game": "judo", "rules": 4, "seats": 2,
              "options": {"seed": 4, **options}, "information": "equal", "keyboard": 1, "synthetic": True}
    actions = [{"type": "draw", "seat": 0, "cards": NORD}, {"type": "discard", "seat": 0, "card": NORD[0]},
               {"type": "draw", "seat": 1, "cards": mine}]
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "start.jsonl"
    lines = [header] + [{"seq": i, "action": a} for i, a in enumerate(actions, start=1)]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def resumed(tmp_path: Path, mine: list[str], **options: Any) -> BlindPlayer:
    me = BlindPlayer("judo", 2, "Sud", tmp_path, resume=record(tmp_path, mine, **options))
    me.term.wait_for("À vous", 60)
    me.new_lines()
    return me


def until(me: BlindPlayer, text: str, heard: list[str], timeout: float = 60.0) -> list[str]:
    """The lines heard (``heard``, then more) until one holds ``text``."""
    deadline = time.monotonic() + timeout
    while not any(text in ln for ln in heard):
        assert time.monotonic() < deadline, f"{text!r} not said; screen:\n" + "\n".join(me.lines()[-20:])
        heard = heard + me.new_lines()
    return heard


# the judo lines of `aide`, as it writes them
OFFERED = ["manque ISN", "projections", "fini", "pioche 3", "défausse, ou défausse et une carte", "projette",
           "gauche, droite", "gagné, perdu"]
NOT_NOW = ("Cette commande ne sert pas maintenant", "Commande inconnue", "Carte refusée")


def test_judo_every_verb_of_aide_does_as_offered(tmp_path: Path) -> None:
    """F6: each judo line of `aide`, typed as it is written, is taken or answered with what to do
    (never "ne sert pas maintenant"); "défausse" and a card's name discards that card."""
    me = resumed(tmp_path, TO_HAND)
    try:
        helped = me.private(until(me, "gagné, perdu", me.type("aide")))
        first = helped.index(next(ln for ln in helped if ln.startswith("manque ISN")))  # the game's own lines
        offered = [ln.split(" : ", 1)[0] for ln in helped[first:] if " : " in ln and not ln.startswith("«")]
        assert offered == OFFERED, offered
        typed = ("manque ISN", "projections", "fini", "pioche 3", "défausse", "projette", "gauche", "droite",
                 "gagné", "perdu")
        answers = {line: me.ask(line) for line in typed}
        for line, answer in answers.items():
            assert answer and not any(word in answer for word in NOT_NOW), (line, answer)
        assert answers["gauche"].startswith("Gauche ou droite répond à la question d'une saisie"), answers
        assert answers["gagné"].startswith("Gagné ou perdu répond à un pierre-feuille-ciseaux"), answers
        assert "« défausse 3 »" in answers["défausse"], answers
        # "défausse et une carte": by its name as the program says it, or a part of it
        assert me.ask("défausse Déséquilibre avant, eau").startswith("Sud défausse Déséquilibre avant, eau.")
    finally:
        me.close()


def test_judo_the_ms_cards_typed_after_the_throw_card_throw(tmp_path: Path) -> None:
    """F7: "tapez ses cartes MS": the throw card shown, its MS card typed by its name is the throw
    (the table's die is asked), as its number in the hand is."""
    me = resumed(tmp_path, TO_HAND)
    try:
        for card, said in (("saisie mD", "Sud saisit, main gauche"), ("saisie rG", "Sud saisit, main droite"),
                           ("Déséquilibre droite, feu", "Sud déséquilibre")):
            until(me, said, me.type(card))
        asked = me.ask("TO")
        thrown = me.ask("MS rotation 180°")  # it was "Commande inconnue : MS."
        assert thrown.startswith("Lancez le dé GAKE"), thrown
        assert "Tapez ses cartes MS" in asked and "gauche ou droite" not in asked, asked  # what the card asks
        until(me, "Sud gagne le combat 1", me.type("dé ippon"))
    finally:
        me.close()


def test_judo_manque_says_what_comes_first(tmp_path: Path) -> None:
    """F9: with every card in my hand, "manque TO" said "Vous avez tout" and the throw was then
    refused: it says the grips and the kuzushi to lay first, and following it makes the throw."""
    me = resumed(tmp_path, TO_HAND)
    try:
        answer = me.ask("manque TO")
        assert answer.startswith("Vous avez tout pour TO, Tai-otoshi. D'abord, posez Saisie mD : manche"
                                 " droite ; Saisie rG : revers gauche ; Déséquilibre droite, feu ; puis"
                                 " projetez avec MS rotation 180°."), answer
        until(me, "Sud saisit, main gauche", me.type("saisie mD"))
        assert me.ask("manque TO").endswith("D'abord, posez Saisie rG : revers gauche ; Déséquilibre droite,"
                                            " feu ; puis projetez avec MS rotation 180°.")
        until(me, "Sud saisit, main droite", me.type("saisie rG"))
        until(me, "Sud déséquilibre", me.type("Déséquilibre droite, feu"))
        assert me.ask("manque TO").endswith("Projetez maintenant, avec MS rotation 180°.")
        me.type("TO")
        assert me.ask("projette").startswith("Lancez le dé GAKE")
    finally:
        me.close()


def test_judo_score_says_the_match_length_and_where_it_stands(tmp_path: Path) -> None:
    """A6: `score` says how many combats win the match, the combat and turn now, and that the
    text sets no time (a combat ends by ippon); under a time limit, the turns left."""
    me = resumed(tmp_path, TO_HAND)
    try:
        heard = me.private(until(me, "limite de temps", me.type("score")))
        assert "Le match se gagne en 3 combats, 5 combats au plus." in heard, heard
        assert "Combat 1, tour 2." in heard, heard
        assert "Pas de limite de temps : un combat finit par ippon." in heard, heard
    finally:
        me.close()
    clock = resumed(tmp_path / "clock", TO_HAND, time_limit=40, tai_length=1)
    try:
        heard = clock.private(until(clock, "avant la fin du temps", clock.type("score")))
        assert "Le match se gagne en 1 combat, 1 combat au plus." in heard, heard
        assert "39 tours restants avant la fin du temps." in heard, heard
    finally:
        clock.close()


def test_judo_a_grip_whose_hand_the_card_decides_asks_nothing(tmp_path: Path) -> None:
    """Issue 27's default (grip_hand = by_target: mD is the left hand's): both hands holding, a
    third grip card takes the hand it names at once; no "gauche ou droite" is asked."""
    me = resumed(tmp_path, COPIES_HAND)
    try:
        until(me, "Sud saisit, main gauche : Saisie mD", me.type("1"))
        until(me, "Sud saisit, main droite : Saisie rG", me.type("1"))
        heard = me.private(until(me, "Sud lâche Saisie mD", me.type("1")))  # a second right-sleeve grip
        assert "Sud saisit, main gauche : Saisie mD : manche droite." in heard, heard
        assert not any("gauche ou droite" in ln for ln in heard), heard
    finally:
        me.close()


def test_judo_a_grip_changed_by_the_number_of_a_copy(tmp_path: Path) -> None:
    """F8: two copies of a grip card in my hand, the second one's number changes a grip (it was
    refused: "ne se joue pas maintenant"); with the player's choice of hand, the question "which
    hand lets go" is asked and "gauche" answers it."""
    me = resumed(tmp_path, COPIES_HAND)
    try:
        until(me, "Sud saisit, main gauche", me.type("1"))
        until(me, "Sud saisit, main droite", me.type("1"))
        shown = me.private(me.type("main"))[0]
        assert shown.startswith("Votre main : 1 : Saisie mD : manche droite ; 2 : Saisie mD"), shown
        heard = me.private(until(me, "Sud lâche Saisie mD", me.type("2")))  # the second copy
        assert "Sud saisit, main gauche : Saisie mD : manche droite." in heard, heard
    finally:
        me.close()
    chooser = resumed(tmp_path / "choose", COPIES_HAND, grip_hand="choose")
    try:
        until(chooser, "Sud saisit, main gauche", chooser.type("1"))
        until(chooser, "Sud saisit, main droite", chooser.type("1"))
        asked = chooser.ask("2")
        assert asked.endswith("Les deux mains tiennent : quelle main lâche ? Dites gauche ou droite."), asked
        heard = chooser.private(until(chooser, "Sud lâche", chooser.type("droite")))
        assert "Sud saisit, main droite : Saisie mD : manche droite." in heard, heard
        assert "Sud lâche Saisie rG : revers gauche." in heard, heard
    finally:
        chooser.close()
