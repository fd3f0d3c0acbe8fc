"""Shodan scenarios: the rule text's example, bad input, interactive cards, notions, the end."""

from __future__ import annotations

import pytest

from companion.engine import Match
from companion.games.shodan.scoring import completable, jury_open_entries, jury_requires, prestige
from companion.games.shodan.state import PILES, Technique
from companion.speech.phrasebook import Phrasebook
from tests.games.shodan.helpers import GAME, idle, keys, refill, refused, started

FR = Phrasebook("fr", "shodan", seat_keys=GAME.seat_keys(2))
EN = Phrasebook("en", "shodan", seat_keys=GAME.seat_keys(2))
NORTH_EXAMPLE = ["POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-1-1", "DIV-5-1"]
SOUTH_PLAIN = ["POS-2-1", "ATK-6-1", "TEC-1-1", "DIV-1-1", "DIV-2-1"]


def test_the_text_example_tachi_waza_yokomen_uchi_nikyo_then_closing() -> None:
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN])
    events = m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    assert FR.render(events[0]) == "Nord : tachi waza, technique 1, 1 carte."
    assert m.state.phase == "refill"
    refill(m, 0)
    idle(m, 1)
    assert refused(m, {"type": "close", "seat": 0, "technique": 1}).code == "incomplete"
    m.apply({"type": "place", "seat": 0, "card": "ATK-8-1", "technique": 1})
    refill(m, 0)
    idle(m, 1)
    events = m.apply({"type": "place", "seat": 0, "card": "TEC-2-1", "technique": 1})
    assert FR.render(events[0]) == "Nord : yokomen uchi nikyo en tachi waza, 3 cartes, technique 1."
    assert EN.render(events[0]) == "North: yokomen uchi nikyo in tachi waza, 3 cards, technique 1."
    assert GAME.public_view(m.state)["scores"]["0"] == 0  # a technique scores once closed
    events = m.apply({"type": "close", "seat": 0, "technique": 1})
    assert keys(events)[:2] == ["closed", "first_done"]
    assert FR.render(events[0]) == "Nord clôture yokomen uchi nikyo en tachi waza : 3 points."
    needs = [FR.render(e) for e in events if e.key == "jury_needs"]
    assert needs == ["Nord : le jury attend encore 1 technique en suwari waza.",
                     "Nord : le jury attend encore 1 technique en hanmi handachi waza.",
                     "Nord : le jury attend encore 1 technique en ushiro waza."]
    assert prestige(m.state, 0) == {"cards": 3, "uke": 0, "firsts": 1, "minima": 0, "total": 4}
    # closed: no longer attackable
    idle_refill = refill(m, 0)
    assert idle_refill and m.state.turn == 1
    assert refused(m, {"type": "interactive", "seat": 1, "card": "DIV-1-1", "technique": 1,
                       "target": "ATK-8-1"}).code == "technique_closed_n"
    assert refused(m, {"type": "interactive", "seat": 1, "card": "DIV-2-1", "technique": 1}).code \
        == "technique_closed_n"


def test_omote_enriches_a_technique_after_its_technique_card_and_scores() -> None:
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN])
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    assert refused(m, {"type": "place", "seat": 0, "card": "DIV-5-1", "technique": 1}).code \
        == "one_card_a_turn"
    refill(m, 0)
    idle(m, 1)
    assert refused(m, {"type": "place", "seat": 0, "card": "DIV-5-1", "technique": 1}).code \
        == "technique_card_first"
    assert refused(m, {"type": "place", "seat": 0, "card": "TEC-2-1", "technique": 1}).code == "attack_first"
    for card in ("ATK-8-1", "TEC-2-1", "DIV-5-1", "NOT-1-1"):
        m.apply({"type": "place", "seat": 0, "card": card, "technique": 1})
        refill(m, 0)
        idle(m, 1)
    m.apply({"type": "close", "seat": 0, "technique": 1})
    assert GAME.public_view(m.state)["techniques"][0]["points"] == 5


def test_bad_input_is_refused_with_a_reason_and_changes_nothing() -> None:
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN])
    assert refused(m, {"type": "place", "seat": 0, "card": "TEC-2-1"}).code == "position_first"
    assert refused(m, {"type": "place", "seat": 0, "card": "ATK-8-1"}).code == "position_first"
    assert refused(m, {"type": "place", "seat": 1, "card": "POS-2-1"}).code == "not_turn"
    assert refused(m, {"type": "place", "seat": 0, "card": "POS-2-1"}).code == "not_in_hand"
    err = refused(m, {"type": "place", "seat": 0, "card": "DIV-5-1", "technique": 4})
    assert err.code == "unknown_technique"
    assert refused(m, {"type": "draw", "seat": 0, "pile": "RED"}).code == "phase_main"
    assert refused(m, {"type": "activate", "seat": 0, "notion": "NOT-1-1"}).code == "not_your_notion"
    assert refused(m, {"type": "place", "seat": 0, "card": "XYZ"}).code == "unknown_card"
    m.apply({"type": "discard", "seat": 0, "card": "DIV-5-1"})
    m.apply({"type": "draw", "seat": 0, "pile": "BLUE", "face_up": True})  # the setup's ushiro waza
    idle(m, 1)
    m.apply({"type": "discard", "seat": 0, "card": "NOT-1-1"})
    err = refused(m, {"type": "draw", "seat": 0, "pile": "BLUE", "face_up": True})
    assert err.code == "pile_empty" and FR.reason(err) == "Le tas bleu est vide."
    empty = m.state._replace(draw=(0,) * len(PILES))
    with pytest.raises(Exception) as exc:
        GAME.apply(empty, {"type": "draw", "seat": 0, "pile": "RED"})
    assert getattr(exc.value, "code", None) == "pile_empty"


def test_uke_partnership_engages_both_and_earns_a_token_on_closing() -> None:
    m = started([NORTH_EXAMPLE, ["ATK-6-1", "POS-2-1", "TEC-1-1", "DIV-1-1", "DIV-2-1"]])
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    refill(m, 0)
    assert refused(m, {"type": "uke", "seat": 1, "technique": 1, "card": "TEC-1-1"}).code == "attack_first"
    events = m.apply({"type": "uke", "seat": 1, "technique": 1, "card": "ATK-6-1"})
    assert [FR.render(e) for e in events] == ["Sud se déclare uke de Nord, technique 1.",
                                              "Sud, uke de Nord : shomen uchi, technique 1, 2 cartes."]
    refill(m, 1)
    # the owner may place only on the common technique
    assert refused(m, {"type": "place", "seat": 0, "card": "NOT-1-1"}).code == "engaged_with_uke"
    m.apply({"type": "discard", "seat": 0, "card": "NOT-1-1"})
    refill(m, 0)
    # the uke may only place there or discard
    err = refused(m, {"type": "place", "seat": 1, "card": "POS-2-1"})
    assert err.code == "engaged_as_uke"
    assert FR.reason(err) == "Vous êtes uke sur la technique 1 : jouez-y ou défaussez."
    assert refused(m, {"type": "interactive", "seat": 1, "card": "DIV-1-1", "technique": 1,
                       "target": "POS-1-1"}).code == "engaged_as_uke"
    m.apply({"type": "place", "seat": 1, "card": "TEC-1-1", "technique": 1})
    refill(m, 1)
    events = m.apply({"type": "close", "seat": 0, "technique": 1})
    assert "uke_token" in keys(events)
    assert m.state.uke_of == (None, None) and m.state.tokens == (0, 1)
    assert prestige(m.state, 1)["uke"] == 2 and prestige(m.state, 0)["cards"] == 3


def test_stage_places_two_cards_in_one_turn() -> None:
    m = started([["DIV-3-1", "POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-1-1"], SOUTH_PLAIN])
    assert keys(m.apply({"type": "interactive", "seat": 0, "card": "DIV-3-1"})) == ["stage"]
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    assert m.state.phase == "bonus"
    m.apply({"type": "place", "seat": 0, "card": "ATK-8-1", "technique": 1})
    assert m.state.phase == "refill"
    assert refused(m, {"type": "place", "seat": 0, "card": "TEC-2-1", "technique": 1}).code \
        == "one_card_a_turn"
    assert len(refill(m, 0)) == 3 + 1  # three draws, then the next turn


def _south_builds_two_cards(m: Match, extra: str | None = None) -> None:
    idle(m, 0)
    m.apply({"type": "place", "seat": 1, "card": "POS-2-1"})
    refill(m, 1)
    idle(m, 0)
    m.apply({"type": "place", "seat": 1, "card": "ATK-6-1", "technique": 1})
    refill(m, 1)
    if extra:
        idle(m, 0)
        m.apply({"type": "place", "seat": 1, "card": extra, "technique": 1})
        refill(m, 1)


def test_pied_dans_le_hakama_discards_a_card_of_an_open_technique() -> None:
    m = started([["DIV-1-1", "POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-2-1"],
                 ["POS-2-1", "ATK-6-1", "TEC-1-1", "NOT-4-1", "DIV-5-1"]])
    _south_builds_two_cards(m)
    hakama = {"type": "interactive", "seat": 0, "card": "DIV-1-1", "technique": 1, "target": "ATK-6-1"}
    events = m.apply(hakama)
    assert FR.render(events[0]) == ("Nord : pied dans le hakama sur la technique 1 de Sud, "
                                    "shomen uchi défaussée.")
    tech = m.state.techniques[0]
    assert tech.attack is None and tech.position == "POS-2-1"
    assert GAME.public_view(m.state)["piles"]["RED"]["face_up"] == "ATK-6-1"
    assert m.state.face_up[PILES.index("LIGHTGREEN")][-1] == "DIV-1-1"


def test_zanshin_protects_from_the_hakama_and_is_not_activated() -> None:
    m = started([["DIV-1-1", "POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-2-1"],
                 ["POS-2-1", "ATK-6-1", "NOT-1-1", "NOT-4-1", "DIV-5-1"]])
    _south_builds_two_cards(m, extra="NOT-1-1")
    hakama = {"type": "interactive", "seat": 0, "card": "DIV-1-1", "technique": 1, "target": "ATK-6-1"}
    err = refused(m, hakama)
    assert err.code == "zanshin_protects"
    idle(m, 0)
    assert refused(m, {"type": "activate", "seat": 1, "notion": "NOT-1-1"}).code == "zanshin_passive"


def test_kaeshi_waza_takes_the_last_card_unless_a_notion_is_there() -> None:
    m = started([["DIV-2-1", "DIV-2-2", "ATK-8-1", "TEC-2-1", "NOT-2-1"],
                 ["POS-2-1", "ATK-6-1", "NOT-3-1", "NOT-4-1", "DIV-5-1"]])
    _south_builds_two_cards(m)
    events = m.apply({"type": "interactive", "seat": 0, "card": "DIV-2-1", "technique": 1})
    assert events[0].params["card"] == "ATK-6-1" and "ATK-6-1" in m.state.known[0]
    assert m.state.techniques[0].attack is None
    refill(m, 0)
    m.apply({"type": "place", "seat": 1, "card": "NOT-3-1", "technique": 1})
    refill(m, 1)
    err = refused(m, {"type": "interactive", "seat": 0, "card": "DIV-2-2", "technique": 1})
    assert err.code == "has_notion"


def test_a_second_card_in_a_turn_is_refused_saying_one_card_a_turn_unless_stage() -> None:
    """TEXT: "Le joueur peut poser une carte par tour sauf utilisation de la carte Stage qui permet
    de poser deux carte lors d'un tour." """
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN])
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    err = refused(m, {"type": "place", "seat": 0, "card": "ATK-8-1", "technique": 1})
    assert FR.reason(err) == "Une carte par tour, deux avec la carte Stage : complétez maintenant votre main."
    assert EN.reason(err) == "One card a turn, two with the Stage card: now fill your hand."
    err = refused(m, {"type": "discard", "seat": 0, "card": "ATK-8-1"})
    assert EN.reason(err) == "One action a turn: now fill your hand."


def _kaeshi_after_the_notion_is_knocked_off(**options: object) -> Match:
    """South builds position + attack + a notion; North's Pied dans le hakama knocks the notion off."""
    m = started([["DIV-1-1", "DIV-2-1", "ATK-8-1", "TEC-2-1", "POS-1-1"],
                 ["POS-2-1", "ATK-6-1", "NOT-3-1", "NOT-4-1", "DIV-5-1"]], **options)
    _south_builds_two_cards(m, extra="NOT-3-1")
    m.apply({"type": "interactive", "seat": 0, "card": "DIV-1-1", "technique": 1, "target": "NOT-3-1"})
    refill(m, 0)
    idle(m, 1)
    return m


def test_kaeshi_waza_after_the_only_notion_was_knocked_off_is_a_table_option() -> None:
    """TEXT: "Kaeshi Waza : permet si aucune notion a été posé et si la technique n'est pas finalisé
    de récupérer la dernière carte posé d'une technique." Silent on a notion placed then removed."""
    kaeshi = {"type": "interactive", "seat": 0, "card": "DIV-2-1", "technique": 1}
    now = _kaeshi_after_the_notion_is_knocked_off(kaeshi_notion="now")
    assert now.state.techniques[0].notions == ()
    events = now.apply(kaeshi)  # the digest's "has no notion": nothing on it now
    assert events[0].key == "kaeshi" and events[0].params["card"] == "ATK-6-1"
    ever = _kaeshi_after_the_notion_is_knocked_off()  # the default, the text's "a été posé" (issue 27)
    err = refused(ever, kaeshi)
    assert err.code == "had_notion"
    assert FR.reason(err) == "Une notion a été posée sur la technique 1 : kaeshi waza impossible."


def test_activating_a_notion_on_a_closed_technique_is_a_table_option() -> None:
    """TEXT: "Chaque notion à un pouvoir spéciale, une fois posé elle est dit disponible. A son tour
    de jeu le joueur peut choisir d'activer [...]. En fin de partie seul les notions non activer
    rapporte des points de prestige." Silent on closed techniques."""
    for allowed in (True, False):
        m = started([["POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-4-1", "DIV-5-1"], SOUTH_PLAIN],
                    activate_closed=allowed)
        for card in ("POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-4-1"):
            on = {"technique": 1} if card != "POS-1-1" else {}
            m.apply({"type": "place", "seat": 0, "card": card, **on})
            if card == "NOT-4-1":
                m.apply({"type": "close", "seat": 0, "technique": 1})
            refill(m, 0)
            idle(m, 1)
        activate = {"type": "activate", "seat": 0, "notion": "NOT-4-1"}
        if allowed:
            assert keys(m.apply(activate))[0] == "activate"
            assert prestige(m.state, 0)["cards"] == 3  # the notion's point is spent
        else:
            err = refused(m, activate)
            assert err.code == "notion_on_closed"
            assert activate not in GAME.legal(m.state, 0)


def test_initial_draw_one_at_a_time_or_five_each() -> None:
    """TEXT: "Les joueurs doivent maintenant à tour de rôles piocher dans le tas de leur choix 5
    cartes qui deviendront leur main." """
    for reading, turns in (("round_robin", [0, 1, 0, 1]), ("five_each", [0, 0, 0, 0, 0, 1])):
        m = Match.new(GAME, 2, {"initial_draw": reading})
        m.apply({"type": "setup", "objective": "OBJ-01", "face_up": ["POS-4-6", "ATK-1-4", "TEC-1-4",
                                                                      "NOT-8-2", "DIV-6-3"]})
        seen = []
        for _ in turns:
            seen.append(m.state.turn)
            m.apply({"type": "draw", "seat": m.state.turn, "pile": "BLUE"})
        assert seen == turns
    m = Match.new(GAME, 3, {"initial_draw": "five_each"})
    m.apply({"type": "setup", "objective": "OBJ-01", "face_up": ["POS-4-6", "ATK-1-4", "TEC-1-4",
                                                                  "NOT-8-2", "DIV-6-3"]})
    while m.state.phase == "draft":
        m.apply({"type": "draw", "seat": m.state.turn, "pile": "RED"})
    assert m.state.phase == "main" and m.state.turn == 0 and m.state.unknown[2][1] == 5


def test_senpai_asks_a_partner_for_a_card_placed_at_once() -> None:
    m = started([["POS-1-1", "DIV-4-1", "DIV-4-2", "TEC-2-1", "NOT-2-1"],
                 ["ATK-8-1", "ATK-6-1", "NOT-3-1", "NOT-4-1", "DIV-5-1"]])
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    refill(m, 0)
    idle(m, 1)
    err = refused(m, {"type": "interactive", "seat": 0, "card": "DIV-4-1", "partner": 1, "ask": "ATK-8-1",
                      "given": False})
    assert err.code == "partner_has_it"
    events = m.apply({"type": "interactive", "seat": 0, "card": "DIV-4-1", "partner": 1, "ask": "ATK-8-1",
                      "given": True, "technique": 1})
    assert keys(events)[:2] == ["senpai", "placed"]
    assert m.state.techniques[0].attack == "ATK-8-1" and "ATK-8-1" not in m.state.known[1]
    refill(m, 0)
    idle(m, 1)
    events = m.apply({"type": "interactive", "seat": 0, "card": "DIV-4-2", "partner": 1, "ask": "TEC-2-2",
                      "given": False})
    assert keys(events)[0] == "senpai_refused" and m.state.phase == "refill"


def _north_notion_ready(notions: list[str], south: list[str] | None = None) -> Match:
    """North places each notion (first one starts technique 1), South idles between."""
    hand = notions + ["POS-1-1", "ATK-8-1", "TEC-2-1", "DIV-5-1"][: 5 - len(notions)]
    m = started([hand, south or ["POS-2-1", "ATK-6-1", "TEC-1-1", "DIV-1-1", "DIV-2-1"]])
    for i, notion in enumerate(notions):
        m.apply({"type": "place", "seat": 0, "card": notion, **({"technique": 1} if i else {})})
        refill(m, 0)
        idle(m, 1)
    return m


def test_atemi_takes_a_card_from_another_hand_the_victim_learns_which() -> None:
    m = _north_notion_ready(["NOT-3-1"])
    events = m.apply({"type": "activate", "seat": 0, "notion": "NOT-3-1", "victim": 1, "card": "TEC-1-1"})
    assert [(e.audience, e.key) for e in events] == [("all", "activate"), ("all", "atemi"), (0, "atemi_took"),
                                                      (1, "atemi_lost")]
    assert "TEC-1-1" not in str([e.params for e in events if e.audience == "all"])
    assert FR.render(events[3]) == "Sud, vous perdez ikkyo."
    assert "TEC-1-1" in m.state.known[0] and "TEC-1-1" not in m.state.known[1]
    assert m.state.techniques[0].notions == (("NOT-3-1", True),)
    m.apply({"type": "done", "seat": 0})  # a hand of 6: no refill
    assert m.state.turn == 1
    assert refused(m, {"type": "discard", "seat": 1, "card": "TEC-1-1"}).code == "not_in_hand"


def test_kamae_draws_one_more_card() -> None:
    m = _north_notion_ready(["NOT-4-1"])
    m.apply({"type": "activate", "seat": 0, "notion": "NOT-4-1"})
    assert m.state.phase == "power"
    m.apply({"type": "draw", "seat": 0, "pile": "GREEN"})
    assert m.state.phase == "bonus"
    m.apply({"type": "done", "seat": 0})
    assert m.state.turn == 1 and len(m.state.known[0]) + sum(m.state.unknown[0]) == 6


def test_kamae_hand_six_option_raises_the_hand_size() -> None:
    hand = ["NOT-4-1", "POS-1-1", "ATK-8-1", "TEC-2-1", "DIV-5-1"]
    m = started([hand, SOUTH_PLAIN], kamae="hand_six")
    m.apply({"type": "place", "seat": 0, "card": "NOT-4-1"})
    refill(m, 0)
    idle(m, 1)
    m.apply({"type": "activate", "seat": 0, "notion": "NOT-4-1"})
    m.apply({"type": "discard", "seat": 0, "card": "DIV-5-1"})
    assert m.state.hand_size[0] == 6 and len(refill(m, 0)) == 2 + 1


@pytest.mark.parametrize(("notion", "pile", "card"), [
    ("NOT-5-1", "LIGHTGREEN", "DIV-3-2"), ("NOT-6-1", "RED", "ATK-5-1"),
    ("NOT-7-1", "BLUE", "POS-3-1"), ("NOT-8-1", "GREEN", "TEC-5-1")])
def test_search_notions_take_a_chosen_card_from_their_pile(notion: str, pile: str, card: str) -> None:
    m = _north_notion_ready([notion])
    before = m.state.draw[PILES.index(pile)]
    wrong = "ATK-5-2" if pile != "RED" else "TEC-5-2"
    assert refused(m, {"type": "activate", "seat": 0, "notion": notion, "card": wrong}).code == "not_in_pile"
    events = m.apply({"type": "activate", "seat": 0, "notion": notion, "card": card})
    assert [(e.audience, e.key) for e in events] == [("all", "activate"), ("all", "search"),
                                                      (0, "search_card")]
    assert card not in str(events[1].params)
    assert card in m.state.known[0] and m.state.draw[PILES.index(pile)] == before - 1
    m.apply({"type": "done", "seat": 0})
    assert m.state.turn == 1


def test_ma_ai_makes_an_activated_notion_available_again() -> None:
    m = _north_notion_ready(["NOT-4-1", "NOT-2-1"])
    assert refused(m, {"type": "activate", "seat": 0, "notion": "NOT-2-1", "target": "NOT-4-1"}).code \
        == "nothing_to_restore"
    m.apply({"type": "activate", "seat": 0, "notion": "NOT-4-1"})
    m.apply({"type": "draw", "seat": 0, "pile": "RED"})
    m.apply({"type": "done", "seat": 0})
    assert prestige(m.state, 0)["cards"] == 0
    idle(m, 1)
    assert refused(m, {"type": "activate", "seat": 0, "notion": "NOT-4-1"}).code == "already_activated"
    events = m.apply({"type": "activate", "seat": 0, "notion": "NOT-2-1", "target": "NOT-4-1"})
    assert keys(events) == ["activate", "maai"]
    assert dict(m.state.techniques[0].notions) == {"NOT-4-1": False, "NOT-2-1": True}


# ---------------------------------------------------------------------- the jury
OBJ01 = ["1-8-2", "1-6-1", "1-2-7", "2-6-1", "2-4-3", "3-2-7", "3-1-6", "4-4-1", "4-3-8"]


def _closed(owner: int, key: str, copy: int = 1) -> Technique:
    p, a, t = key.split("-")
    return Technique(owner, f"POS-{p}-{copy}", f"ATK-{a}-{copy}", f"TEC-{t}-{copy}", closed=True,
                     order=(f"POS-{p}-{copy}", f"ATK-{a}-{copy}", f"TEC-{t}-{copy}"))


def _with(techs: list[str], grade: int, **options: object) -> object:
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN], grade=grade, **options)
    return m.state._replace(techniques=tuple(_closed(0, k, i % 4 + 1) for i, k in enumerate(techs)))


@pytest.mark.parametrize(("grade", "techs", "missing"), [
    (1, ["1-8-2", "2-6-1", "3-2-7", "4-4-1"], {}),
    (1, ["1-8-2", "1-6-1", "2-6-1", "3-2-7"], {4: 1}),
    (2, ["1-8-2", "2-6-1", "3-2-7", "4-4-1"], {1: 1}),
    (2, ["1-8-2", "1-6-1", "2-6-1", "3-2-7", "4-4-1"], {}),
    (3, ["1-8-2", "1-6-1", "2-6-1", "3-2-7", "4-4-1"], {2: 1, 3: 1, 4: 1}),
    (3, OBJ01[:2] + OBJ01[3:], {}),
    (1, ["1-1-1", "2-2-2", "3-3-3", "4-4-4"], {1: 1, 2: 1, 3: 1, 4: 1}),  # not on the jury's list (SH6)
    (2, ["1-8-2", "1-8-2", "2-6-1", "3-2-7", "4-4-1"], {1: 1}),  # the same technique twice counts once
])
def test_grade_minima_against_the_jury_list(grade: int, techs: list[str], missing: dict[int, int]) -> None:
    state = _with(techs, grade)
    assert jury_requires(state, 0) == missing
    higher = grade > 2
    assert jury_requires(state, 1) == {1: 1 + (grade > 1), 2: 1 + higher, 3: 1 + higher, 4: 1 + higher}


def test_any_technique_counts_with_the_jury_match_option() -> None:
    assert jury_requires(_with(["1-1-1", "2-2-2", "3-3-3", "4-4-4"], 1, jury_match="any"), 0) == {}


def test_jury_open_entries_lists_what_is_left_for_missing_positions() -> None:
    state = _with(["1-8-2", "2-6-1"], 1)
    assert jury_open_entries(state, 0) == [(3, 2, 7), (3, 1, 6), (4, 4, 1), (4, 3, 8)]


def test_first_to_reach_the_minima_gets_two_points() -> None:
    hand = ["POS-1-1", "ATK-8-1", "TEC-2-1", "DIV-5-1", "NOT-1-1"]
    m = started([hand, SOUTH_PLAIN])
    state = m.state._replace(techniques=(_closed(0, "2-6-1"), _closed(0, "3-2-7"), _closed(0, "4-4-1")))
    m = Match(GAME, 2, {}, [state], [])
    for card in ("POS-1-1", "ATK-8-1", "TEC-2-1"):
        m.apply({"type": "place", "seat": 0, "card": card, **({"technique": 4} if card != "POS-1-1" else {})})
        refill(m, 0)
        idle(m, 1)
    events = m.apply({"type": "close", "seat": 0, "technique": 4})
    assert keys(events) == ["closed", "first_done", "first_minima", "jury_satisfied"]
    assert prestige(m.state, 0)["minima"] == 2


def test_completable_lists_what_the_hand_could_finish_privately() -> None:
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN])
    options = completable(m.state, 0)
    assert options == [{"technique": None, "cards": ["POS-1-1", "ATK-8-1", "TEC-2-1"], "position": "POS-1-1",
                        "attack": "ATK-8-1", "technique_card": "TEC-2-1", "jury": True}]
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1"})
    expected = {"technique": 1, "cards": ["ATK-8-1", "TEC-2-1"], "position": "POS-1-1", "attack": "ATK-8-1",
                "technique_card": "TEC-2-1", "jury": True}
    assert completable(m.state, 0) == [expected]
    assert GAME.private_view(m.state, 0)["could_complete"][0]["technique"] == 1
    assert "could_complete" not in GAME.public_view(m.state)
    assert [o["cards"] for o in GAME.private_view(m.state, 1)["could_complete"]] == [["POS-2-1", "ATK-6-1",
                                                                                    "TEC-1-1"]]


# ---------------------------------------------------------------------- the end (SH15)
def _near_end(**options: object) -> Match:
    m = started([NORTH_EXAMPLE, SOUTH_PLAIN], **options)
    m.apply({"type": "discard", "seat": 0, "card": "DIV-5-1"})
    draw = list(m.state.draw)
    draw[PILES.index("RED")] = 1
    return Match(GAME, 2, dict(options), [m.state._replace(draw=tuple(draw))], [])


def test_an_empty_pile_gives_everyone_one_last_turn_then_the_jury_decides() -> None:
    m = _near_end()
    events = m.apply({"type": "draw", "seat": 0, "pile": "RED"})
    assert keys(events) == ["draw", "last_round", "turn"]
    assert FR.render(events[1]) == "Le tas rouge est vide : dernier tour."
    assert refused(m, {"type": "draw", "seat": 0, "pile": "RED"}).code in ("not_turn", "pile_empty")
    idle(m, 1)
    assert not GAME.is_over(m.state)
    m.apply({"type": "discard", "seat": 0, "card": "NOT-1-1"})
    events = m.apply({"type": "draw", "seat": 0, "pile": "YELLOW"})
    assert GAME.is_over(m.state)
    assert keys(events)[1:] == ["not_admitted", "prestige", "prestige", "major"]
    assert FR.render(events[1]) == "Nord et Sud ne sont pas reçus."  # the grade said once, not per seat
    assert FR.render(events[-1]) == "Major de la promotion : Nord et Sud, 0 point."
    assert GAME.legal(m.state, 0) == [] and GAME.winners(m.state) == [0, 1]


def test_last_round_option_round_only_finishes_the_table_round() -> None:
    m = _near_end(last_round="round")
    m.apply({"type": "draw", "seat": 0, "pile": "RED"})
    idle_events_before = len(m.events)
    idle(m, 1)
    assert GAME.is_over(m.state) and len(m.events) > idle_events_before


def test_options_core_order_any_and_one_open_technique_at_a_time() -> None:
    m = started([["TEC-2-1", "ATK-8-1", "POS-1-1", "POS-3-1", "DIV-5-1"], SOUTH_PLAIN],
                core_order="any", several_open=False)
    m.apply({"type": "place", "seat": 0, "card": "TEC-2-1"})
    refill(m, 0)
    idle(m, 1)
    assert refused(m, {"type": "place", "seat": 0, "card": "POS-3-1"}).code == "one_open_technique"
    m.apply({"type": "place", "seat": 0, "card": "ATK-8-1", "technique": 1})
    refill(m, 0)
    idle(m, 1)
    m.apply({"type": "place", "seat": 0, "card": "POS-1-1", "technique": 1})
    assert m.state.techniques[0].order == ("TEC-2-1", "ATK-8-1", "POS-1-1")
    m.apply({"type": "close", "seat": 0, "technique": 1})
    assert prestige(m.state, 0)["cards"] == 3
