"""Whole games in a real terminal (tmux), each played to its end by a blind player's keyboard.

`companion play GAME --synthetic --text --me SEAT` runs as a person runs it; the player types only
what a person types (`coups` to learn what they may do, then a number, a place, a seat or the
game's own words) and reads only their screen. At the end the record is replayed: no screen line
carries another seat's private fact, and every announcement of the replay is on the screen, in
order. Each game is a test of its own (an xdist group: a parallel run plays the games side by side,
and the Shodan checks read the very game its test played).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from card_codes import load_deck
from companion.engine import get_game, replay
from companion.games.shodan.state import SEARCH_PILE, unseen
from companion.games.shodan.state import cards as shodan_cards
from companion.journal import open_record

from .blind import BlindPlayer, check_screen, numbered
from .tmux import NEEDS_TMUX

SEAT_KEYS = {"Nord": "north", "Est": "east", "Sud": "south", "Ouest": "west"}
pytestmark = NEEDS_TMUX


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
        me.awaits_table = True  # the card comes from that seat: I wait to hear it played
        return "demande " + re.split(r", | ou ", asked.group(1))[0]
    return None


# ------------------------------------------------------------------------------------------- judo
JUDO_CARD_KINDS = ("Déséquilibre", "Saisie", "MS ")  # how card names begin (a throw's: its code)
JUDO_SAY_ON_SHOWING: dict[int, str] = {}  # per player: what to say once the card I typed is seen
JUDO_STUCK_TURNS: dict[int, int] = {}  # per player: turns in a row with nothing to play but discards
JUDO_DIE = random.Random(5)  # the table's own GAKE die (issue 27): the players roll it
JUDO_ROLLED: list[str] = []  # the faces it showed, said at the keyboard


def judo_number(me: BlindPlayer, name: str) -> str:
    """The number of a card of my hand, by its name (asked with `main`: numbers change after a play)."""
    return next(n for n, card in numbered(me.ask("main"), "Votre main : ") if card == name)


def judo_plan(said: str) -> tuple[str, str, str] | None:
    """The throw my hand can make now, sure before tried ("Vous pouvez faire X : a ; b et c."):
    (throw, its first card to play, the hand that card takes if I will be asked)."""
    for opening in ("Vous pouvez faire ", "Vous pouvez tenter "):
        if opening in said:
            plan = said.split(opening, 1)[1].split(". ", 1)[0]
            throw, _, cards = plan.partition(" : ")
            throw = throw.removesuffix(", avec un pierre-feuille-ciseaux")
            first = re.split(r" ; | et ", cards.rstrip("."))[0]
            hand = re.search(f"Pour {re.escape(throw)}, {re.escape(first)} se pose en main (gauche|droite)",
                             said)
            return throw, first, hand.group(1) if hand else ""
    return None


def judo(me: BlindPlayer, said: str) -> str | None:
    """A judoka who aims for throws: makes the throw `coups` says the hand can make, card by card
    (the grip into the hand it names, the kuzushi, then the throw card and `projette`); else grips
    with a free hand, covers the opponent's kuzushi, ends the turn, or discards a card no throw needs.
    The GAKE die is the table's own: rolled, and its face said ("dé yuko")."""
    if "Lancez le dé GAKE" in said:
        face = JUDO_DIE.choice(load_deck("judo").extra["gake"]["faces"])
        JUDO_ROLLED.append(face)
        return f"dé {face.lower()}"
    if "Avez-vous gagné ?" in said:  # my rock-paper-scissors, played at the table: I won it
        return "gagné"
    if "a-t-il gagné ?" in said:
        return "perdu"
    placed = re.search(r"se pose en main (gauche|droite)", said)
    if placed:  # the grip card names its hand (issue 27: the text's words): that one
        JUDO_SAY_ON_SHOWING.pop(id(me), None)
        return placed.group(1)
    if "Tapez ses cartes MS" in said:  # the throw card I typed waits for its MS cards: my hand's own
        JUDO_SAY_ON_SHOWING.pop(id(me), None)
        return "projette"
    if "Carte vue." in said or "Dites gauche ou droite" in said:  # the card I typed waits for words
        return JUDO_SAY_ON_SHOWING.pop(id(me), "gauche")
    if "Numéros changés" in said and "Vous pouvez" not in said:
        return None  # my hand's new numbers: `main` is asked before each card anyway
    plan = judo_plan(said)
    if plan is not None:
        throw, first, hand = plan
        JUDO_SAY_ON_SHOWING.pop(id(me), None)
        if first == throw or hand:  # the table will ask about this card: a throw's MS cards, a hand
            JUDO_SAY_ON_SHOWING[id(me)] = "projette" if first == throw else hand
        return judo_number(me, first)
    if "Vous pouvez jouer : " in said:
        playable = re.split(r" ; | et ", said.split("Vous pouvez jouer : ", 1)[1].split(". ", 1)[0])
        table = me.ask("table")
        mine = table.split(f"{me.seat} : ", 1)[1].split(". ", 1)[0]
        grips = [c for c in playable if c.startswith("Saisie")]
        if grips and "libre" in mine:  # a free hand takes a grip: a kuzushi needs both
            return judo_number(me, grips[0])
        top = re.search(r"dessus (.+), (?:de |d')(\w+)\.", table)
        covers = [c for c in playable if c.startswith("Déséquilibre")]
        if covers and top and top.group(2) != me.seat:  # the opponent's kuzushi covered: his throw waits
            return judo_number(me, covers[0])
        stuck = JUDO_STUCK_TURNS.get(id(me), 0)
        if grips and stuck >= 2:  # my grips fit none of my throws: one hand lets go and takes another
            JUDO_STUCK_TURNS[id(me)] = 0
            JUDO_SAY_ON_SHOWING[id(me)] = "gauche" if stuck % 2 == 0 else "droite"
            return judo_number(me, grips[0])
    if "Vous n'avez rien posé" in said or "Rien posé" in said:
        JUDO_STUCK_TURNS[id(me)] = JUDO_STUCK_TURNS.get(id(me), 0) + 1
        hand = numbered(me.ask("main"), "Votre main : ")
        kinds = {kind: [n for n, card in hand if card.startswith(kind)] for kind in JUDO_CARD_KINDS}
        throws = [n for n, _ in hand if not any(n in numbers for numbers in kinds.values())]
        if len(throws) > 2:  # two throws to aim for are enough: the hand needs their grips and MS cards
            return f"défausse {throws[-1]}"
        if len(kinds["MS "]) > 3:  # T180, or two T90, and the IPPON card: more is hoarding
            return f"défausse {kinds['MS '][0]}"
        for kind in JUDO_CARD_KINDS:  # kuzushi are the most plentiful, the oldest goes first
            if kinds[kind]:
                return f"défausse {kinds[kind][0]}"
        return "défausse 1"
    if "« fini »" in said:
        return "fini"
    return None


# ---------------------------------------------------------------------------------------- samurai
UNIT_WORDS = {"archers": "archer", "cavaliers": "cavalier", "samouraïs katana": "katana",
              "samouraïs naginata": "naginata"}


def samurai(me: BlindPlayer, said: str) -> str | None:
    """A general who sets up, sabotages the enemy's resource markers, plays the event cards he
    must, ends the turn, and chooses which unit goes."""
    if "choisissez 1 pion à retirer : " in said:  # "Archer rouge 2 en A9 ou Archer rouge 3 en B9.": the last
        unit = said.split("à retirer : ", 1)[1].split(" ou ")[-1].split(" en ", 1)[0].split()
        return f"retire {unit[-3] if unit[0] == 'Samouraï' else unit[0].lower()} {unit[-1]}"
    if "jouez d'abord " in said:  # a mandatory event card: played by its name
        return "joue " + said.split("jouez d'abord ", 1)[1].split(" (", 1)[0].lower()
    if "jouer une carte événement" in said and "Sabotage" in me.ask("main"):
        marked = re.search(r"Marqueurs en ([A-I]\d), [^:]+ : Sud", me.ask("table"))  # the enemy's
        if marked:
            return f"joue sabotage en {marked.group(1)}"
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


# ----------------------------------------------------------------------------------------- Shodan
SEARCH_NOTIONS = ("shisei", "irimi", "te sabaki", "ki no nagare")  # each reads me a pile, to me alone
WANTED_NOTIONS = ("atémi", *SEARCH_NOTIONS)


def shodan_mine(me: BlindPlayer) -> tuple[str | None, list[str]]:
    """My open technique's number (None: I have none) and its cards, from `techniques`."""
    said = me.ask("techniques")
    mine = re.search(rf"Technique (\d+) (?:de |d'){me.seat}, ouverte : ([^.]*)\.", said)
    return (mine.group(1), re.split(r" ; | et ", mine.group(2))) if mine else (None, [])


def shodan(me: BlindPlayer, said: str) -> str | None:
    """A candidate who puts down the notions he draws on a technique of his, searches a pile with
    one (Shisei finds him Senpai), asks North for a card with Senpai, takes one of North's with
    Atémi, and otherwise exchanges a card, always drawing from the yellow pile: the smallest, it
    empties first, which ends the exam."""
    if "rien que pour vous : " in said:  # a pile read to me alone: Senpai if it is in it, else the first
        found = numbered(said, "rien que pour vous : ")
        return next((n for n, name in found if name == "senpai"), found[0][0])
    if "vous demande " in said:  # another's Senpai asks me for a card: given if I hold it
        asked = said.split("vous demande ", 1)[1].split(". ", 1)[0]
        return "oui" if asked in [name for _, name in numbered(me.ask("main"), "Votre main : ")] else "non"
    if "Le tas jaune est vide" in said:  # the last round: another pile
        return "pioche rouge"
    if "face cachée" in said or "Vous pouvez : piocher" in said or "« pioche »" in said:
        return "pioche jaune"  # the first five cards, or refilling my hand
    bonus = "Vous continuez : " in said or "dire fini" in said  # after a notion's power: place, or stop
    if "Vous pouvez : " not in said and not bonus:
        return None
    screen = "\n".join(me.lines())
    hand = [name for _, name in numbered(me.ask("main"), "Votre main : ")]
    number, on_mine = shodan_mine(me)
    used = [name for name in on_mine if f"{me.seat} active {name}." in screen]
    senpai_played = f"{me.seat} joue Senpai" in screen
    senpai_wanted = not senpai_played and "senpai" not in hand  # Shisei searches the pile that has it
    searched = f"{me.seat} cherche une carte dans le tas" in screen
    wanted = {"atémi": f"{me.seat} prend une carte dans la main" not in screen,
              "shisei": not searched or senpai_wanted}
    useful = [name for name in WANTED_NOTIONS if name in hand and wanted.get(name, not searched)]
    if not bonus:
        if "atémi" in on_mine and "atémi" not in used:
            return "active atémi Nord"
        if "senpai" in hand and number and not senpai_played:
            return f"senpai Nord tachi waza sur {number}"  # by the name I hear: a position starts it
        ready = [name for name in SEARCH_NOTIONS if name in on_mine and name not in used]
        if "shisei" in ready and senpai_wanted:
            return "active shisei"
        if ready and not searched:
            return "active " + ready[0]
    if useful:
        me.type(f"carte {hand.index(useful[0]) + 1}")
        return f"sur {number}" if number else "nouvelle"
    if bonus:
        return "fini"
    spare = next(name for name in hand if name != "senpai")
    me.type(f"carte {hand.index(spare) + 1}")
    return "défausse"


GAMES: dict[str, tuple[str, int, str, Callable[[BlindPlayer, str], str | None], str, tuple[str, ...]]] = {
    # name: game, seats, my seat, decide, the end's words, extra options
    "tatsu-2": ("tatsu", 2, "Sud", tatsu, "Partie terminée.", ("--target", "1")),
    "tatsu-3": ("tatsu", 3, "Est", tatsu, "Partie terminée.", ("--target", "1")),
    "tatsu-4": ("tatsu", 4, "Sud", tatsu, "Partie terminée.", ("--target", "1")),
    # judo: a match of one combat won (--target 1), played until the match is won
    "judo": ("judo", 2, "Sud", judo, " gagne le match, ", ("--target", "1")),
    "dojo": ("dojo", 3, "Sud", dojo, "Partie terminée.", ()),
    "samurai": ("samurai", 2, "Nord", samurai, "Partie terminée.", ("--target", "1")),
    "shodan": ("shodan", 3, "Sud", shodan, "Major de la promotion : ", ()),
}


SEEDS = {"judo": 7}  # the deal: seed 3 took 420 typed lines, 7 takes 270 (with a throw and a won rps)


def play_whole(name: str, tmp_path: Path) -> tuple[BlindPlayer, list[str]]:
    game, seats, seat, decide, over, extra = GAMES[name]
    me = BlindPlayer(game, seats, seat, tmp_path, *extra, seed=SEEDS.get(name, 3))
    try:
        screen = me.play(decide, over)
        me.quit()
        return me, screen
    finally:
        me.close()


_played: dict[str, tuple[BlindPlayer, list[str]] | BaseException] = {}  # by game, in this test process


def played_game(name: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[BlindPlayer, list[str]]:
    """The game ``name`` played to its end (once per test process; its error, if it met one)."""
    if name not in _played:
        try:
            _played[name] = play_whole(name, tmp_path_factory.mktemp(f"whole-{name}"))
        except Exception as error:
            _played[name] = error
    result = _played[name]
    if isinstance(result, BaseException):
        raise result
    return result


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.xdist_group(f"whole-{name}"))
                                  for name in GAMES])
def test_a_whole_game_by_keyboard_shows_only_my_seat_and_replays_to_the_screen(
        name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    me, screen = played_game(name, tmp_path_factory)
    game, _seats, seat, _decide, over, _extra = GAMES[name]
    assert any(over in ln for ln in screen), "the game was played to its end"
    assert not any("Traceback" in ln or "\x1b" in ln for ln in screen)
    header, actions, _ = open_record(me.record)
    end = replay(get_game(game), header.seats, header.options, actions)
    assert get_game(game).is_over(end.state)
    if game == "judo":  # I threw, and the players' rock-paper-scissors was asked of me and answered
        assert any(a["type"] == "throw" and a["seat"] == header.keyboard for _, a in actions)
        # each of my throws took the face the table's die showed, typed: no die rolled by the companion
        mine = [a["die"] for _, a in actions if a["type"] == "throw" and a["seat"] == header.keyboard]
        assert mine == JUDO_ROLLED and get_game("judo").resolve_options(2, header.options)["die"] == "table"
        assert any(a.get("rps") == "won" and a["seat"] == header.keyboard for _, a in actions)
    keyboard = header.keyboard
    assert keyboard is not None and get_game(game).seat_keys(header.seats)[keyboard] == SEAT_KEYS[seat]
    assert any(a.get("seat") == keyboard for _, a in actions), "the person's own moves are in the record"
    check_screen(me.record, seat, screen)
    if name == "tatsu-2":  # a card turned up is said once, by its name, never by its colour first
        reveals = [a for _, a in actions if a["type"] == "reveal"]
        assert reveals and sum("carte retournée : " in ln for ln in screen) == len(reveals)
        assert not any("se retourne" in ln for ln in screen)
        assert not any("Numéros changés" in ln for ln in screen)  # a line is numbered by place
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


def whole_line(screen: list[str], at: int) -> str:
    """The announcement that begins at screen line ``at``: a long one shows as several lines (of at
    most 200 characters, cut where its parts meet), the last one ending its sentence."""
    text, i = screen[at], at + 1
    while not text.rstrip().endswith(".") and i < len(screen):
        text, i = f"{text} {screen[i]}", i + 1
    return text


@pytest.mark.xdist_group("whole-shodan")
def test_shodan_senpai_atemi_and_a_search_whose_pile_is_read_to_me_alone(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    me, screen = played_game("shodan", tmp_path_factory)
    header, actions, _ = open_record(me.record)
    game = get_game("shodan")
    assert game.is_over(replay(game, header.seats, header.options, actions).state)
    info = shodan_cards()
    mine = [(at, a) for at, (_, a) in enumerate(actions) if a.get("seat") == header.keyboard]
    assert any(a["type"] == "interactive" and info[a["card"]].effect == "SENPAI" for _, a in mine)
    assert any(a["type"] == "activate" and info[a["notion"]].power == "ATEMI" for _, a in mine)
    searches = [(at, a) for at, a in mine
                if a["type"] == "activate" and info[a["notion"]].power in SEARCH_PILE]
    assert searches, "a search notion of mine was activated"
    readings = [whole_line(screen, i) for i, ln in enumerate(screen) if "rien que pour vous : " in ln]
    assert readings and all(ln.startswith("Dans le tas ") for ln in readings)  # my own line, as it is
    names = {card.id: card.name("fr") for card in load_deck("shodan")}
    for (at, search), reading in zip(searches, readings, strict=True):  # each named me its pile's cards
        before = replay(game, header.seats, header.options, actions[:at]).state
        pile = sorted(unseen(before, SEARCH_PILE[info[search["notion"]].power]))
        read = [name for _, name in numbered(reading, "rien que pour vous : ")]
        assert read == list(dict.fromkeys(names[c] for c in pile)), "each card of the pile, named once"
        assert search["card"] in pile


@pytest.mark.xdist_group("whole-shodan")
def test_shodan_s_verdict_says_the_grade_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Issue 26, A8: "Nord est reçu au dan 1. Est est reçu au dan 1. …": the grade said once per
    seat. The jury's verdict names the seats admitted together, and the grade once."""
    _me, screen = played_game("shodan", tmp_path_factory)
    end = next(i for i, ln in enumerate(screen) if "Major de la promotion : " in ln)
    verdict = [ln for ln in screen[:end] if re.search(r"(est|sont|pas) reçus?\b", ln)]
    assert verdict, screen[end - 8:end + 1]
    assert sum(ln.count("au dan ") for ln in verdict) <= 1, verdict
    assert len(verdict) <= 2, verdict  # the admitted in one line, the others in another
