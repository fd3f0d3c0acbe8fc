"""What blind newcomers still stumbled on in Tatsu with two players and in Dojo (issue 16), at the
unit seam of the live session: a card turned up is said once, by its name; the table hears Dojo
placements in words it can follow while a dojo's corner still moves; the dealer is not offered
"donne moi" once he has his tatami, and hears that the last one went by itself, and to whom."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from .conftest import record_actions
from .test_issue16_items import step_2p, two_players


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


# ------------------------------------------------------------------ Tatsu, two players: turned up
def test_a_card_turned_up_is_said_once_by_its_name(make_session, tmp_path: Path) -> None:
    session, rec = two_players(make_session)
    rng = random.Random(3)
    while not any(a["type"] == "reveal" for a in record_actions(tmp_path / "game.jsonl")):
        assert step_2p(session, rng)
    reveal = next(a for a in record_actions(tmp_path / "game.jsonl") if a["type"] == "reveal")
    owner = ("Nord", "Sud")[reveal["seat"]]
    place = f"Chez {owner}, place {reveal['slot'] + 1}, "
    about = [t for t in rec.screen() if t.startswith(place)]
    name = session.deck.card(reveal["card"]).name("fr")
    assert about == [f"{place}carte retournée : {name}."], about  # not its colour first
    assert not any("se retourne" in t for t in rec.screen()), rec.screen()


# ------------------------------------------------------------------------ Dojo: placements heard
MINE = ["FOX-1-1", "BEAR-2-1", "CRANE-3-1", "MONKEY-4-1", "TIGRESS-5-1", "RACCOON-1-1", "FOX-2-1"]
EAST = ["FOX-3-1", "FOX-4-1", "FOX-5-1", "BEAR-1-1", "BEAR-3-1", "BEAR-4-1", "BEAR-5-1"]
SOUTH = ["CRANE-1-1", "CRANE-2-1", "CRANE-4-1", "CRANE-5-1", "MONKEY-1-1", "MONKEY-2-1", "MONKEY-3-1"]


def dojo_round(session, cards: dict[int, str]) -> None:  # type: ignore[no-untyped-def]
    """A round up to the training: the trophy if one is flipped, the tatamis given, everyone passes."""
    state = session.match.state
    trophy = [a for a in session.game.legal(state, state.dealer) if a["type"] == "trophy"]
    if trophy:
        assert session.apply(trophy[0])
    for seat, card in cards.items():
        assert session.apply({"type": "give", "seat": seat, "card": card})
    while session.match.state.phase == "challenge":
        assert session.apply({"type": "pass", "seat": session.rules.actor(session.match.state)})


def test_placements_are_said_beside_a_tatami_until_the_frame_is_whole(make_session) -> None:
    session, rec = make_session(game="dojo", seats=3, me=1)
    # North's dojo grows to the left and downwards (its top left corner moves), then spans 3 x 4
    north = [(0, 0), (0, -1), (0, 1), (0, 2), (1, -1), (2, -1), (2, 0)]
    others = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2)]
    heard = []
    for n, (row, col) in enumerate(north):
        dojo_round(session, {0: MINE[n], 1: EAST[n], 2: SOUTH[n]})
        assert session.apply({"type": "place", "seat": 0, "row": row, "col": col})
        heard.append(rec.texts("all")[-1])
        for seat in (1, 2):
            assert session.apply({"type": "place", "seat": seat, "row": others[n][0], "col": others[n][1]})
    names = [session.deck.card(c).name("fr") for c in MINE]
    assert heard[:6] == [
        f"Nord commence son dojo : {names[0]}.",
        f"Nord pose {names[1]}, à gauche de {names[0]}.",  # not "ligne 1, colonne 1" again
        f"Nord pose {names[2]}, à droite de {names[0]}.",
        f"Nord pose {names[3]}, à droite de {names[2]}.",
        f"Nord pose {names[4]}, sous {names[1]}.",
        f"Nord pose {names[5]} en ligne 3, colonne 1.",  # 3 rows and 4 columns: numbered for good
    ], heard
    assert heard[6] == f"Nord pose {names[6]} en ligne 3, colonne 2.", heard


# ---------------------------------------------------------------------------- Dojo: the dealer
def test_the_dealer_is_offered_donne_moi_only_while_he_has_no_tatami(make_session) -> None:
    session, rec = make_session(game="dojo", seats=4, me=0)  # North deals
    assert session.apply({"type": "trophy", "card": "TROPHY-03"})
    session.handle_vision(seen("CRANE-4-1"))
    assert "« donne moi »" in rec.texts(0)[-1], rec.texts(0)
    session.handle_line("donne moi")
    kept = len(rec.texts(0))
    session.handle_line("coups")
    session.handle_vision(seen("FOX-4-1"))
    shown = len(rec.texts(0))
    session.handle_line("coups")  # the card shown waits: named again, and the question, once
    assert rec.texts(0)[shown:] == ["Renard, ceinture bleue.",
                                    "À qui ? « donne » et une place : Est, Sud ou Ouest."], rec.texts(0)
    after = rec.texts(0)[kept:]
    assert "Vous donnez : montrez le tatami, puis « donne » et une place : Est, Sud ou Ouest." in after, after
    assert not any("donne moi" in t for t in after), after


def test_the_last_tatami_goes_by_itself_and_donne_then_says_to_whom(make_session, tmp_path: Path) -> None:
    session, rec = make_session(game="dojo", seats=3, me=0)
    assert session.apply({"type": "trophy", "card": "TROPHY-03"})
    session.handle_vision(seen("CRANE-4-1"))
    session.handle_line("donne moi")
    session.handle_vision(seen("FOX-4-1"))
    session.handle_line("donne Est")
    last = "Vous donnez : montrez le dernier tatami ; il ira d'office à Sud, seul sans tatami."
    assert rec.texts(0)[-1] == last, rec.texts(0)
    session.handle_vision(seen("BEAR-2-1"))  # shown: no choice is left, it goes to South
    gives = [a for a in record_actions(tmp_path / "game.jsonl") if a["type"] == "give"]
    assert gives[-1] == {"type": "give", "seat": 2, "card": "BEAR-2-1"}
    assert "Dernier tatami, Ours, ceinture jaune : il va d'office à Sud, seul sans tatami." in rec.texts(0)
    recorded = len(record_actions(tmp_path / "game.jsonl"))
    for line in ("donne Sud", "donne Est"):  # out of habit, or to the wrong seat: said where it went
        rec.clear()
        session.handle_line(line)
        assert rec.lines == [(0, "Chacun a déjà son tatami : le dernier est allé d'office à Sud.")], rec.lines
    assert len(record_actions(tmp_path / "game.jsonl")) == recorded, "nothing recorded"


def test_donne_from_a_seat_that_does_not_deal_says_who_deals(make_session) -> None:
    session, rec = make_session(game="dojo", seats=3, me=1)  # North deals, I am East
    rec.clear()
    session.handle_line("donne Sud")
    assert rec.lines == [(1, "C'est Nord qui donne ce tour.")], rec.lines
