"""Judo, Shodan and samurai at the live table (unit seam): typed words and cards seen become
recorded actions, wrong lines are refused with a reason and change nothing, questions are
answered to the asking seat only, and private facts never reach the table."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from card_codes import load_deck
from companion.engine import get_game, replay
from companion.journal import open_record

from .conftest import record_actions

ISN_HAND = ["GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "THROW-ISN", "MS-T180-1", "MS-IPPON-1",
            "GRIP-MD-2", "MS-T90-1", "KUZ-UP-WATER-1"]


def seen(card: str) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=None, error=None)


def names(game: str, cards: list[str], lang: str = "fr") -> list[str]:
    deck = load_deck(game)
    return [deck.card(c).name(lang) for c in cards]


def table_moves(session, seed: int = 1) -> None:  # type: ignore[no-untyped-def]
    """What the table does by itself (deal, draws), as the synthetic table would."""
    while actions := session.game.table_actions(session.match.state, random.Random(seed)):
        action = actions[0]
        if action["type"] == "see":
            session.handle_vision(seen(action["card"]))  # the drawn card, shown to the camera
        else:
            assert session.apply(action)


def replays(path: Path, state: object) -> bool:
    header, actions, _ = open_record(path)
    return replay(get_game(header.game), header.seats, header.options, actions).state == state


# ------------------------------------------------------------------------------------------ judo
def judo_with_hand(make_session, hand: list[str], **options: object):  # type: ignore[no-untyped-def]
    session, rec = make_session(game="judo", seats=2, me=0, options=options)
    assert session.apply({"type": "draw", "seat": 0, "cards": hand})
    rec.clear()
    return session, rec


def test_judo_grips_kuzushi_and_a_throw_by_words(make_session, tmp_path: Path) -> None:
    session, rec = judo_with_hand(make_session, ISN_HAND)
    for card in ("GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1"):
        session.handle_vision(seen(card))
    session.handle_vision(seen("THROW-ISN"))
    assert session.question is not None, "a throw card waits for its MS cards"
    assert rec.texts(0)[-2] == "ISN, Ippon-seoi-nage.", "the card shown is named to its player only"
    session.handle_line("projette")
    # the table's own die (issue 27): asked for, its face said, then the throw is made
    assert rec.texts(0)[-1] == ("Lancez le dé GAKE, puis dites sa face : ÉCHEC, IPPON, WAZA-ARI ou YUKO. "
                                "Par exemple : dé ippon.")
    assert len(record_actions(tmp_path / "game.jsonl")) == 4, "nothing recorded before the die"
    session.handle_line("dé waza ari")
    actions = record_actions(tmp_path / "game.jsonl")
    assert actions[1:4] == [{"type": "play", "seat": 0, "card": c} for c in ISN_HAND[:3]]
    assert actions[4] == {"type": "throw", "seat": 0, "cards": ["THROW-ISN", "MS-T180-1", "MS-IPPON-1"],
                          "die": "WAZA-ARI"}
    assert "Dé GAKE : WAZA-ARI !" in rec.texts("all")
    assert any(t.startswith("Nord projette : ISN") for t in rec.texts("all"))
    assert any(t.startswith("Dé GAKE") for t in rec.texts("all"))
    assert session.question is None
    assert replays(tmp_path / "game.jsonl", session.match.state)


def test_judo_a_third_grip_asks_which_hand(make_session, tmp_path: Path) -> None:
    session, rec = judo_with_hand(make_session, ISN_HAND, grip_hand="choose")  # the player's choice
    session.handle_vision(seen("GRIP-MD-1"))
    session.handle_vision(seen("GRIP-RG-1"))
    session.handle_vision(seen("GRIP-MD-2"))
    assert rec.texts(0)[-1] == "Les deux mains tiennent : quelle main lâche ? Dites gauche ou droite."
    session.handle_line("droite")  # "d" is also the common "demande": the waiting card's words win
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "play", "seat": 0, "card": "GRIP-MD-2",
                                                            "hand": "right"}


def test_judo_wrong_lines_are_refused_and_change_nothing(make_session, tmp_path: Path) -> None:
    session, rec = judo_with_hand(make_session, ISN_HAND)
    before = session.match.state
    session.handle_line("fini")  # nothing placed yet: a discard is due
    session.handle_vision(seen("KUZ-DOWN-FIRE-1"))  # no grips yet
    session.handle_line("défausse")  # no card shown
    assert session.match.state is before
    assert len(record_actions(tmp_path / "game.jsonl")) == 1
    said = rec.texts()
    assert said[0] == "Rien posé : défaussez une carte."
    assert "Carte refusée : Nord doit d'abord saisir des deux mains." in said, said
    assert said[-1] == "Montrez d'abord la carte à défausser, puis dites « défausse »."
    # an MS card shown then "défausse": the discard, which ends the turn
    session.handle_vision(seen("MS-T90-1"))
    session.handle_line("défausse")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "discard", "seat": 0, "card": "MS-T90-1"}


def test_judo_a_card_named_for_the_discard(make_session, tmp_path: Path) -> None:
    session, rec = judo_with_hand(make_session, ISN_HAND)
    session.handle_line("défausse KUZ-UP-WATER-1")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "discard", "seat": 0,
                                                            "card": "KUZ-UP-WATER-1"}
    assert rec.texts("all")[0] == "Nord défausse Déséquilibre arrière, eau."


def test_judo_questions_answer_the_asker_only_and_hands_stay_private(make_session) -> None:
    session, rec = judo_with_hand(make_session, ISN_HAND)
    for line in ("main", "projections", "manque ISN", "need uchi mata", "coups", "table", "score", "tour",
                 "règles"):
        session.handle_line(line)
    assert rec.lines and all(a == 0 for a, _ in rec.lines), "every answer goes to the asking seat"
    answers = rec.texts(0)
    assert answers[0].startswith("Votre main : 1 : Saisie mD")
    assert answers[1] == ("Vous pouvez faire ISN, Ippon-seoi-nage : " + " ; ".join(
        names("judo", ["GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "THROW-ISN", "MS-T180-1"]))
        + " et MS IPPON.")
    assert answers[2] == "Vous avez tout pour ISN, Ippon-seoi-nage."
    assert answers[3].startswith("D'abord, posez Saisie mD : manche droite ; Saisie rG")  # what comes first
    assert "Uchi-mata" in answers[4]
    # the other seat's draw: its cards are told to it alone
    session.handle_vision(seen("GRIP-MD-1"))
    session.handle_vision(seen("GRIP-RG-1"))
    session.handle_line("fini")
    rec.clear()
    table_moves(session)
    public = " ".join(rec.texts("all"))
    assert "Sud pioche 9 cartes." in public
    assert not any(name in public for name in names("judo", list(session.match.state.hands[1])))


# ------------------------------------------------------------------------------------------ Shodan
def shodan_in_main(make_session):  # type: ignore[no-untyped-def]
    session, rec = make_session(game="shodan", seats=2, me=0)
    table_moves(session)
    while session.match.state.phase == "draft":
        if session.match.state.turn == 0:
            session.handle_line("pioche bleu")
        else:
            assert session.apply({"type": "draw", "seat": 1, "pile": "RED"})
        table_moves(session)
    rec.clear()
    return session, rec


def test_shodan_draws_by_words_and_cards_shown_are_learnt_privately(make_session, tmp_path: Path) -> None:
    session, rec = make_session(game="shodan", seats=2, me=0)
    table_moves(session)
    rec.clear()
    session.handle_line("pioche rouge")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "draw", "seat": 0, "pile": "RED"}
    table_moves(session)  # the drawn card is shown to the camera: the companion learns it
    known = session.match.state.known[0]
    assert len(known) == 1 and record_actions(tmp_path / "game.jsonl")[-1] == {"type": "see", "seat": 0,
                                                                                "card": known[0]}
    name = names("shodan", list(known))[0]
    assert any(name in t for t in rec.texts(0))
    assert not any(name in t for t in rec.texts("all")), "a drawn card is never said to the table"
    session.handle_line("pioche violet")  # no such pile: the reason, nothing changes
    assert rec.texts(0)[-1].startswith("Quel tas")
    assert len(record_actions(tmp_path / "game.jsonl")) == 3


def test_shodan_a_card_shown_waits_for_where_it_goes(make_session, tmp_path: Path) -> None:
    session, rec = shodan_in_main(make_session)
    card = session.match.state.known[0][0]
    session.handle_vision(seen(card))
    assert session.question is not None and not rec.texts("all"), "nothing is played before the words"
    assert rec.texts(0)[-2] == names("shodan", [card])[0] + "."
    before = session.match.state
    session.handle_line("sur 9")  # no technique 9
    assert session.match.state is before and session.question is not None
    session.handle_line("nouvelle")
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "place", "seat": 0, "card": card}
    assert session.question is None
    assert "Technique inconnue : 9." in rec.texts(0), "a typed line's refusal goes to its typist"
    assert rec.texts("all")[0].startswith("Nord : " + names("shodan", [card])[0])
    assert replays(tmp_path / "game.jsonl", session.match.state)


def test_shodan_questions_answer_the_asker_only(make_session) -> None:
    session, rec = shodan_in_main(make_session)
    for line in ("jury", "techniques", "tas", "main", "coups", "score", "tour", "table", "règles"):
        session.handle_line(line)
    assert rec.lines and all(a == 0 for a, _ in rec.lines)
    texts = rec.texts(0)
    assert texts[0].startswith("Le jury attend encore de vous : ")
    assert "Aucune technique sur les tapis." in texts
    assert any(t.startswith("Tas bleu : ") for t in texts)
    assert any(t.startswith("Votre main : ") for t in texts)
    assert any(t.startswith("Vous pouvez : ") for t in texts)



def test_shodan_a_search_reads_its_pile_to_the_searcher_alone_each_card_once(make_session,
                                                                              tmp_path: Path) -> None:
    session, rec = make_session(game="shodan", seats=2, me=0)
    table_moves(session)
    north = ["NOT-6-1", "POS-1-1", "ATK-8-1", "TEC-2-1", "DIV-5-1"]  # Irimi searches the red pile
    while session.match.state.phase == "draft":
        seat = session.match.state.turn
        card = north.pop(0) if seat == 0 else None
        pile = load_deck("shodan").card(card)["colour"] if card else "BLUE"
        assert session.apply({"type": "draw", "seat": seat, "pile": pile, **({"card": card} if card else {})})
        table_moves(session)
    session.handle_vision(seen("NOT-6-1"))
    session.handle_line("nouvelle")
    session.handle_line("pioche vert")
    table_moves(session)
    south_card = session.match.state.known[1][0]
    assert session.apply({"type": "discard", "seat": 1, "card": south_card})
    assert session.apply({"type": "draw", "seat": 1, "pile": "GREEN"})
    table_moves(session)
    rec.clear()
    session.handle_line("active irimi")
    assert [a for a, _ in rec.lines] == [0], "the pile is read to the searcher alone"
    listed = rec.texts(0)[0].split("rien que pour vous : ", 1)[1].rstrip(".").split(" ; ")
    read = [item.split(" : ", 1)[1] for item in listed]
    assert len(read) == len(set(read)) == 8, "the eight attacks, each named once (the pile holds 4 of each)"
    session.handle_line("3")
    taken = record_actions(tmp_path / "game.jsonl")[-1]
    assert taken["type"] == "activate" and taken["card"] in session.match.state.known[0]
    assert names("shodan", [taken["card"]]) == [read[2]]
    assert not any(read[2] in t for t in rec.texts("all")), "the card found is said to its taker only"

# ------------------------------------------------------------------------------------------ samurai
def samurai_in_play(make_session):  # type: ignore[no-untyped-def]
    session, rec = make_session(game="samurai", seats=2, me=0)
    for line in ("pose archer en C2", "pose katana en C1", "pose naginata en D1", "pose cavalier en E1"):
        session.handle_line(line)
    south = (("KATANA-R-1", "C9"), ("NAGINATA-R-1", "D9"), ("ARCHER-R-1", "E9"), ("CAVALRY-R-1", "F9"))
    for unit, square in south:
        assert session.apply({"type": "place", "seat": 1, "unit": unit, "at": square})
    rec.clear()
    return session, rec


def test_samurai_set_up_and_orders_by_words(make_session, tmp_path: Path) -> None:
    session, rec = samurai_in_play(make_session)
    placed = record_actions(tmp_path / "game.jsonl")[:4]
    assert placed[0] == {"type": "place", "seat": 0, "unit": "ARCHER-Y-1", "at": "C2"}
    assert {a["at"] for a in placed} == {"C1", "C2", "D1", "E1"}
    session.handle_line("archer de Nord en C3")
    session.handle_line("fin du tour")  # "fin" is also the common word that ends a scan
    actions = record_actions(tmp_path / "game.jsonl")
    assert actions[-2:] == [{"type": "move", "seat": 0, "unit": "ARCHER-Y-1", "to": "C3"},
                            {"type": "end_turn", "seat": 0}]
    assert "Fin du tour de Nord." in rec.texts("all")
    assert replays(tmp_path / "game.jsonl", session.match.state)


def test_samurai_wrong_orders_are_refused_and_change_nothing(make_session, tmp_path: Path) -> None:
    session, rec = samurai_in_play(make_session)
    before = session.match.state
    session.handle_line("katana 1 attaque C5")  # nobody there
    session.handle_line("archer en C7")  # too far
    session.handle_line("pose katana en Z9")
    assert session.match.state is before
    assert len(record_actions(tmp_path / "game.jsonl")) == 8
    texts = [t for _, t in rec.lines]
    assert texts[0] == "Aucun pion en C5."
    assert texts[1].startswith("Archer jaune 1 ne va pas jusqu'en C7")


def test_samurai_questions_answer_the_asker_and_event_cards_stay_private(make_session) -> None:
    session, rec = samurai_in_play(make_session)
    for line in ("mes unités", "menaces", "où est le katana 1", "quoi en D4", "score", "main", "coups",
                 "tour", "table", "règles"):
        session.handle_line(line)
    assert rec.lines and all(a == 0 for a, _ in rec.lines)
    texts = rec.texts(0)
    assert texts[0] == "Samouraï katana jaune 1 : C1, plaine. Peut encore se déplacer de 2."
    assert "Samouraï katana jaune 1, à Nord : C1, plaine." in texts
    assert "D4, plaine : vide." in texts
    assert "Aucune carte événement en main." in texts
    session.handle_line("fin du tour")  # no control point held: the team draws an event card
    rec.clear()
    table_moves(session, seed=3)
    card = session.match.state.hands[0][0]
    name = names("samurai", [card])[0]
    assert any(name in t for t in rec.texts(0))
    assert not any(name in t for t in rec.texts("all"))
    rec.clear()
    session.handle_line("ma main")
    assert rec.lines == [(0, f"Vos cartes : {name}.")]


def test_judo_a_throw_with_its_ms_cards_typed_by_code(make_session, tmp_path: Path) -> None:
    session, _rec = judo_with_hand(make_session, ISN_HAND)
    for card in ("GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "THROW-ISN"):
        session.handle_vision(seen(card))
    session.handle_line("M1801 MIP1")  # the label codes of MS rotation 180° and MS IPPON
    session.handle_line("échec")  # the table's die
    assert record_actions(tmp_path / "game.jsonl")[-1] == {
        "type": "throw", "seat": 0, "cards": ["THROW-ISN", "MS-T180-1", "MS-IPPON-1"], "die": "ECHEC"}


def test_samurai_a_token_shown_waits_for_its_square(make_session, tmp_path: Path) -> None:
    session, rec = make_session(game="samurai", seats=2, me=0)
    rec.clear()
    session.handle_vision(seen("ARCHER-Y-3"))
    assert session.question is not None and rec.texts(0)[-1] == "Carte vue. Dites la case : en C4."
    session.handle_line("en Z4")  # not a square of the board: a reason, nothing changes
    assert session.question is not None and len(record_actions(tmp_path / "game.jsonl")) == 0
    session.handle_line("en C2")
    assert record_actions(tmp_path / "game.jsonl") == [{"type": "place", "seat": 0, "unit": "ARCHER-Y-3",
                                                        "at": "C2"}]
    assert session.question is None


@pytest.mark.parametrize(("game", "line", "answer"), [
    ("judo", "throws", "No throw possible with your hand."),
    ("shodan", "techniques", "No technique on the mats."),
    ("samurai", "my units", "North has no unit on the board."),
])
def test_english_words_and_answers(make_session, game: str, line: str, answer: str) -> None:
    session, rec = make_session(game=game, seats=2, me=0, lang="en")
    if game == "judo":
        hand = ["GRIP-MD-1", "GRIP-MD-2", "GRIP-RG-2", "GRIP-RG-3", "KUZ-UP-WATER-1", "KUZ-UP-WATER-2",
                "MS-T90-1", "MS-T90-2", "MS-T90-3"]  # no throw card
        assert session.apply({"type": "draw", "seat": 0, "cards": hand})
    rec.clear()
    session.handle_line(line)
    session.handle_line("rules")
    assert rec.texts(0)[0] == answer
    assert rec.texts(0)[1] == session.book.text("session", "rules", {}) and rec.texts(0)[1] != "rules"


def samurai_arranged(make_session, me: int, units: dict, **kw):  # type: ignore[no-untyped-def]
    """A samurai session (the keyboard at ``me``, the other seat the synthetic table's) whose
    board is arranged by hand at the unit seam: North to play."""
    from tests.games.samurai.helpers import arrange

    session, rec = make_session(game="samurai", seats=2, me=me, bots=frozenset({1 - me}))
    for seat, team, row in ((0, "Y", 1), (1, "R", 9)):
        for kind, column in (("ARCHER", "C"), ("KATANA", "D"), ("NAGINATA", "E"), ("CAVALRY", "F")):
            place = {"type": "place", "seat": seat, "unit": f"{kind}-{team}-1", "at": f"{column}{row}"}
            assert session.apply(place)
    state = arrange(session.match.state, units, seat=0, **kw.pop("arrange", {}))
    session.match.states.append(state._replace(**kw))
    rec.clear()
    return session, rec


def test_samurai_two_tiers_reached_the_owner_chooses_the_unit_removed(make_session) -> None:
    units = {"NAGINATA-Y-1": (0, "H4"), "ARCHER-R-1": (1, "H5"), "ARCHER-R-2": (1, "A9"),
             "ARCHER-R-3": (1, "B9")}
    session, rec = samurai_arranged(make_session, 1, units, arrange={"hp": {(1, "archer"): 5}})
    # North (the synthetic table's seat) attacks: 4 damage on South's archers, two tiers reached
    assert session.apply({"type": "attack", "seat": 0, "unit": "NAGINATA-Y-1", "target": "ARCHER-R-1"})
    session.driver.bot_step()  # the synthetic table's turn to act, were it its to take
    assert session.match.state.phase == "remove", "the table waits: the owner chooses, no bot for him"
    mine = rec.texts(1)
    assert any(t.startswith("À vous. Deux paliers atteints : choisissez 1 pion à retirer : "
                            "Archer rouge 2 en A9 ou Archer rouge 3 en B9.") for t in mine), mine
    before = session.match.state
    session.handle_line("retire katana 1")  # South has none: the reason, nothing changes
    assert session.match.state is before
    assert rec.texts(1)[-1] == "Aucun pion de ce type sur le plateau (samouraïs katana)."
    session.handle_line("retire archer 3")
    assert session.match.state.phase == "play" and set(session.match.state.units) == {
        "NAGINATA-Y-1", "ARCHER-R-2"}
    assert "Archer rouge 3 est retiré du plateau, en B9." in rec.texts("all")


def test_samurai_sabotage_is_played_by_words_with_its_square(make_session) -> None:
    units = {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "H9")}
    session, rec = samurai_arranged(make_session, 0, units, hands=(("E8",), ()),
                                    markers={"B7": frozenset({1})})
    session.handle_line("table")  # where the enemy's markers lie: the board is read to the player
    assert rec.texts(0)[-1].endswith("à Sud. Marqueurs en B7, montagne : Sud.")
    before = session.match.state
    session.handle_line("joue sabotage en B3")  # no enemy marker there: refused with the reason
    assert session.match.state is before and rec.texts(0)[-1] == "Pas de marqueur adverse en B3."
    session.handle_line("joue sabotage en B7")  # the card by its name: its id "E8" is also a square
    assert session.match.state.markers == {}
    assert "En B7, marqueurs de Sud retirés." in rec.texts("all")
    session.handle_line("aide")
    assert any(t.startswith("joue sabotage en D4 : joue une carte événement") for t in rec.texts(0))
    assert any(t.startswith("retire archer 2 : ") for t in rec.texts(0))


def test_samurai_what_may_i_do_says_what_each_order_costs(make_session) -> None:
    units = {"KATANA-Y-1": (0, "D2"), "ARCHER-Y-1": (0, "E3"), "KATANA-R-1": (1, "D3")}
    session, rec = samurai_arranged(make_session, 0, units, markers={"E3": frozenset({0})})
    session.handle_line("coups")
    may = rec.texts(0)[0]
    assert may.startswith("Vous pouvez : attaquer (2 points), ")
    assert "déplacer (1 point par case de plaine et champ, 2 points par case de forêt et montagne)" in may
    assert "recruter (archers à 4 points)" in may and "poser un marqueur" not in may  # E3 marked already


def test_samurai_the_score_is_said_yellow_then_red_whoever_played(make_session) -> None:
    units = {"KATANA-Y-1": (0, "D2"), "KATANA-R-1": (1, "E5")}
    session, rec = samurai_arranged(make_session, 1, units, vp=(2, 5))
    assert session.apply({"type": "end_turn", "seat": 0})  # the Yellows end; then the Reds
    assert "Jaunes : 0 point de contrôle contre 1, aucun point de victoire. Score : Jaunes 2, Rouges 5." \
        in rec.texts("all")
    session.handle_line("score")
    assert rec.texts(1)[-1].startswith("Score : Jaunes 2, Rouges 5. Vous jouez les Rouges. Objectif : 10.")
