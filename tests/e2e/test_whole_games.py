"""Whole games in a real terminal (tmux), each played to its end by a blind player's keyboard.

`companion play GAME --synthetic --text --me SEAT` runs as a person runs it; the player types only
what a person types (`coups` to learn what they may do, then a number, a place, a seat or the
game's own words) and reads only their screen. At the end the record is replayed: no screen line
carries another seat's private fact, and every announcement of the replay is on the screen, in
order. Two games run at a time (two cores).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from companion.engine import get_game, replay
from companion.journal import open_record

from .blind import BlindPlayer, check_screen, numbered

SEAT_KEYS = {"Nord": "north", "Est": "east", "Sud": "south", "Ouest": "west"}
pytestmark = pytest.mark.skipif(subprocess.run(["which", "tmux"], capture_output=True).returncode != 0,
                                reason="tmux is installed by make test's bootstrap")


# ------------------------------------------------------------------------------------------ Tatsu
def first_named(said: str, after: str) -> str:
    """The first card of a list said after ``after`` ("a ; b et c."), by its name."""
    listed = said.split(after, 1)[1].split(". ", 1)[0].rstrip(".")
    return re.split(r" ; | et ", listed)[0]


def tatsu(me: BlindPlayer, said: str) -> str | None:
    """What a Tatsu player types, from what was just said to them (None: nothing to do now)."""
    for ask in ("Quelle carte dessus ? ", "Choisissez : "):  # laying my line; a card asked of me
        if ask in said:
            return numbered(said, ask)[0][0]
    if "Vous pouvez jouer, par sa place : " in said:  # two players: a face-up card by its place
        return numbered(said, "Vous pouvez jouer, par sa place : ")[0][0]
    if "Pour le Fantôme, de sa main : " in said:  # I am red: I choose the Ghost's card, by its name
        return first_named(said, "Pour le Fantôme, de sa main : ")
    if "Vous pouvez jouer : " in said:  # my hand's cards: the first, by its number in my hand
        first = first_named(said, "Vous pouvez jouer : ")
        hand = numbered(me.ask("main"), "Votre main : ")
        return next(n for n, name in hand if name == first)
    if "Face cachée, par sa place : dessous " in said:
        return "dessous " + re.match(r"\d+", said.split("dessous ", 1)[1]).group()
    asked = re.search(r"demandez à ([^.]*)\.", said)
    if asked:
        return "demande " + re.split(r", | ou ", asked.group(1))[0]
    return None


# ------------------------------------------------------------------------------------------- judo
def judo(me: BlindPlayer, said: str) -> str | None:
    """A judoka who grips and unbalances with what they hold, then ends the turn (or discards)."""
    if "Avez-vous gagné ?" in said:  # my rock-paper-scissors, played at the table: I won it
        return "gagné"
    if "a-t-il gagné ?" in said:
        return "perdu"
    if "Dites : gauche ou droite" in said:  # a third grip: the left hand lets go and takes it
        return "gauche"
    if "Vous pouvez jouer : " in said:
        first = first_named(said, "Vous pouvez jouer : ")
        hand = numbered(me.ask("main"), "Votre main : ")
        return next(n for n, name in hand if name == first)
    if "Vous n'avez rien posé" in said or "Rien posé" in said:
        return "défausse 1"
    if "« fini »" in said:
        return "fini"
    return None


# ---------------------------------------------------------------------------------------- samurai
UNIT_WORDS = {"archers": "archer", "cavaliers": "cavalier", "samouraïs katana": "katana",
              "samouraïs naginata": "naginata"}


def samurai(me: BlindPlayer, said: str) -> str | None:
    """A general who sets up, marks a resource or ends the turn, and chooses which unit goes."""
    if "choisissez 1 pion à retirer : " in said:  # "Archer rouge 2 en A9 ou ...": the first one
        unit = said.split("à retirer : ", 1)[1].split(" en ", 1)[0].split()
        return f"retire {unit[-3] if unit[0] == 'Samouraï' else unit[0].lower()} {unit[-1]}"
    if "Pions à poser : " in said:
        kinds = re.split(r", | et ", said.split("Pions à poser : ", 1)[1].split(". ", 1)[0])
        square = re.split(r", | et ", said.split("Cases libres : ", 1)[1])[0].rstrip(".")
        return f"pose {UNIT_WORDS[kinds[0]]} en {square}"
    if "Vous pouvez : " in said:
        return "fin du tour"
    return None


# ------------------------------------------------------------------------------------------- Dojo
def dojo(me: BlindPlayer, said: str) -> str | None:
    """A disciple who never challenges, keeps their tatami, and lays it at the first place said;
    dealing, keeps the first tatami shown, gives the others to the first seat said, and, out of
    habit, says "donne" for the last one too (it went by itself)."""
    if f"{me.seat}, défiez-vous " in said or "Vous pouvez défier " in said:
        return "passe"
    if "Dites « échange » ou « garde »." in said:
        return "garde"
    if "À qui ? « donne » et une place : " in said:  # I deal: the tatami shown waits for a seat
        if "« donne moi »" in said:
            return "donne moi"
        seats = said.split("À qui ? « donne » et une place : ", 1)[1].split(".", 1)[0]
        return "donne " + re.split(r", | ou ", seats)[0]
    if "Dernier tatami, " in said and " : il va d'office à " in said:
        return "donne " + said.split(" : il va d'office à ", 1)[1].split(",", 1)[0]
    if "dites « pose »" in said or "place possible" in said or "places possibles" in said:
        places = re.findall(r"ligne (\d), colonne (\d)", said)
        return "pose" if not places else f"pose {places[0][0]} {places[0][1]}"
    return None


GAMES: dict[str, tuple[str, int, str, Callable[[BlindPlayer, str], str | None], str, tuple[str, ...]]] = {
    # name: game, seats, my seat, decide, the end's words, extra options
    "tatsu-2": ("tatsu", 2, "Sud", tatsu, "Partie terminée.", ("--target", "1")),
    "tatsu-3": ("tatsu", 3, "Est", tatsu, "Partie terminée.", ("--target", "1")),
    "tatsu-4": ("tatsu", 4, "Sud", tatsu, "Partie terminée.", ("--target", "1")),
    # judo: this player never throws, so the synthetic judoka's throw may be long in coming: eight
    # turns of grips, kuzushi, discards and rock-paper-scissors (mine and theirs), not a whole match
    "judo": ("judo", 2, "Sud", judo, "Combat 1, tour 16.", ("--target", "1")),
    "dojo": ("dojo", 3, "Sud", dojo, "Partie terminée.", ()),
    "samurai": ("samurai", 2, "Nord", samurai, "Partie terminée.", ("--target", "1")),
}


def play_whole(name: str, tmp_path: Path) -> tuple[BlindPlayer, list[str]]:
    game, seats, seat, decide, over, extra = GAMES[name]
    me = BlindPlayer(game, seats, seat, tmp_path, *extra)
    try:
        screen = me.play(decide, over)
        me.quit()
        return me, screen
    finally:
        me.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Every game played at once, two at a time; each result (or the error it met)."""
    folder = tmp_path_factory.mktemp("whole")
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {name: pool.submit(play_whole, name, folder) for name in GAMES}
    return {name: (run.exception() or run.result()) for name, run in runs.items()}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_by_keyboard_shows_only_my_seat_and_replays_to_the_screen(
        name: str, played: dict[str, object]) -> None:
    result = played[name]
    if isinstance(result, BaseException):
        raise result
    me, screen = result  # type: ignore[misc]
    game, _seats, seat, _decide, over, _extra = GAMES[name]
    assert any(over in ln for ln in screen), "the game was played to its end"
    assert not any("Traceback" in ln or "\x1b" in ln for ln in screen)
    header, actions, _ = open_record(me.record)
    end = replay(get_game(game), header.seats, header.options, actions)
    assert get_game(game).is_over(end.state) or game == "judo"
    if game == "judo":  # the players' rock-paper-scissors was asked of me and answered
        assert any(a.get("rps") == "won" and a["seat"] == 1 for _, a in actions)
    keyboard = header.keyboard
    assert keyboard is not None and get_game(game).seat_keys(header.seats)[keyboard] == SEAT_KEYS[seat]
    assert any(a.get("seat") == keyboard for _, a in actions), "the person's own moves are in the record"
    check_screen(me.record, seat, screen)
    if name == "tatsu-2":  # a card turned up is said once, by its name, never by its colour first
        reveals = [a for _, a in actions if a["type"] == "reveal"]
        assert reveals and sum("carte retournée : " in ln for ln in screen) == len(reveals)
        assert not any("se retourne" in ln for ln in screen)
    if game == "dojo":
        dealt = sum(ln.startswith(f"Tour {n}. {seat} donne.") for ln in screen for n in range(1, 13))
        # each round I dealt: "donne moi" offered until I kept one; the last tatami went by
        # itself, and "donne" for it then said to whom
        assert sum("Vous gardez " in ln for ln in screen) == dealt > 0
        kept_at = [i for i, ln in enumerate(screen) if "Vous gardez " in ln]
        for at in kept_at:
            until = next(i for i in range(at, len(screen)) if "Chacun a son tatami." in screen[i])
            assert not any("« donne moi »" in ln for ln in screen[at:until]), screen[at:until]
        assert sum(": le dernier est allé d'office à " in ln for ln in screen) == dealt
        assert not any("Cette commande ne sert pas maintenant" in ln for ln in screen)
        for who in ("Nord", "Est", "Sud"):  # a second tatami is said beside the first, not by number
            placed = [ln for ln in screen if re.match(f"{who} (pose |commence son dojo)", ln)]
            assert placed[0].startswith(f"{who} commence son dojo : ")
            assert re.search(r", (à gauche d|à droite d|au-dessus d|sous )", placed[1]), placed[1]
