"""Judo queries for a blind player: what a throw still lacks, and what the hand can throw now."""

from __future__ import annotations

from companion.games.judo.queries import lacks, query_events, throwable
from companion.speech.phrasebook import Phrasebook
from tests.games.judo.helpers import JUDO, NORTH, SOUTH, arrange, match_from

ISN_COMBO = ["THROW-ISN", "MS-T180-1", "MS-IPPON-1"]
FR = Phrasebook("fr", "judo", seat_keys=["north", "south"])
EN = Phrasebook("en", "judo", seat_keys=["north", "south"])


def test_a_missing_right_hand_lapel_grip_is_named() -> None:
    state = arrange(hands=([*ISN_COMBO, "KUZ-DOWN-FIRE-1"], []), grips=(("GRIP-MD-1", None), (None, None)))
    assert lacks(state, NORTH, "THROW-ISN") == [{"what": "grip", "grip": "rG"}]
    events = query_events(state, NORTH, "THROW-ISN")
    assert [e.audience for e in events] == [NORTH]  # private: only into the asker's earpiece
    assert FR.render(events[0]) == "Pour ISN, Ippon-seoi-nage, il vous manque : une saisie rG."
    assert EN.render(events[0]) == "For ISN, Ippon-seoi-nage, you still need: a grip rG."


def test_everything_lacking_is_listed_and_nothing_when_the_hand_completes_it() -> None:
    empty = arrange(hands=(["MS-T90-1"], []))
    assert lacks(empty, NORTH, "THROW-ISN") == [
        {"what": "throw"}, {"what": "grip", "grip": "mD"}, {"what": "grip", "grip": "rG"},
        {"what": "kuzushi", "arrow": "DOWN", "element": "FIRE"}, {"what": "ippon_card"},
        {"what": "turns", "degrees": 180}]
    full = arrange(hands=([*ISN_COMBO, "GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1"], []))
    assert lacks(full, NORTH, "THROW-ISN") == []
    assert FR.render(query_events(full, NORTH, "THROW-ISN")[0]) == "Vous avez tout pour ISN, Ippon-seoi-nage."


def test_a_kuzushi_that_cannot_cover_the_pile_is_reported() -> None:
    # O-goshi needs mD + ceG (held) and forward water, which cannot go on South's fire
    held = (("GRIP-MD-1", "GRIP-CEG-1"), (None, None))
    state = arrange(hands=([*ISN_COMBO, "KUZ-DOWN-WATER-1"], []), grips=held,
                    pile=(("KUZ-UP-FIRE-1", SOUTH),))
    assert lacks(state, NORTH, "THROW-OG") == [
        {"what": "throw"}, {"what": "kuzushi_cover", "arrow": "DOWN", "element": "WATER"}]
    assert EN.render(query_events(state, NORTH, "THROW-OG")[1]) == (
        "For OG, O-goshi, your kuzushi forward, water cannot cover the pile.")
    # with the collar instead of the belt, taking the belt grip replaces it: the pile is cleared
    collar = arrange(hands=(["KUZ-DOWN-WATER-1", "MS-T180-1"], []),
                     grips=(("GRIP-MD-1", "GRIP-CG-1"), (None, None)), pile=(("KUZ-UP-FIRE-1", SOUTH),))
    assert lacks(collar, NORTH, "THROW-OG") == [{"what": "throw"}, {"what": "grip", "grip": "ceG"}]


def test_throwable_gives_a_plan_that_the_rules_accept() -> None:
    hand = [*ISN_COMBO, "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "THROW-OSG", "MS-T90-1", "KUZ-UP-FIRE-1"]
    state = arrange({"die_faces": ["ECHEC"]}, hands=(hand, []),
                    grips=(("GRIP-MD-1", "GRIP-CG-1"), (None, None)), pile=(("KUZ-DOWN-WATER-1", SOUTH),))
    found = {f["card"]: f for f in throwable(state, NORTH)}
    # ISN: rG replaces the collar grip (which clears the pile), then forward fire, then the combo
    assert [a.get("card") or a["cards"][0] for a in found["THROW-ISN"]["actions"]] == [
        "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "THROW-ISN"]
    assert set(found) == {"THROW-ISN", "THROW-OSG"}
    for plan in found.values():
        m = match_from(state)
        for action in plan["actions"]:
            m.apply(action)
        assert plan["card"] in m.state.discard
    spoken = [FR.render(e) for e in query_events(state, NORTH)]
    assert spoken[0].startswith("Vous pouvez faire ISN, Ippon-seoi-nage : Saisie rG : revers gauche ;")
    assert query_events(arrange(hands=(["MS-T90-1"], [])), NORTH)[0].key == "can_throw_none"


def test_queries_never_change_the_state() -> None:
    state = arrange(hands=([*ISN_COMBO, "GRIP-RG-1", "GRIP-MD-1", "KUZ-DOWN-FIRE-1"], []))
    before = JUDO.private_view(state, NORTH)
    throwable(state, NORTH)
    lacks(state, NORTH, "THROW-UM")
    assert JUDO.private_view(state, NORTH) == before


def test_a_throw_whose_grip_replaces_one_says_which_hand_lets_go() -> None:
    """Both hands hold: playing the throw's grip asks "gauche ou droite", and the recipe is on
    the card, not in its name; the answer says which hand (the collar grip's, not the sleeve's)."""
    state = arrange(hands=([*ISN_COMBO, "GRIP-RG-1", "KUZ-DOWN-FIRE-1"], []),
                    grips=(("GRIP-MD-1", "GRIP-CG-1"), (None, None)))
    spoken = [FR.render(e) for e in query_events(state, NORTH)]
    assert spoken[1] == ("Pour ISN, Ippon-seoi-nage, Saisie rG : revers gauche se pose en main droite : "
                         "la main qui lâche sa saisie.")
    free_hand = arrange(hands=([*ISN_COMBO, "GRIP-RG-1", "KUZ-DOWN-FIRE-1"], []), grips=(("GRIP-MD-1", None),
                                                                                          (None, None)))
    assert [e.key for e in query_events(free_hand, NORTH)] == ["can_throw"]  # no question: nothing to say


def test_a_throw_the_hand_completes_says_what_comes_first_or_why_not_now() -> None:
    """Issue 26, F9: "Vous avez tout" alone, and the throw was refused: the grips and kuzushi to lay
    first are named, in order; a grip still missing after this turn's kuzushi waits for the next turn."""
    hand = [*ISN_COMBO, "GRIP-RG-1", "KUZ-DOWN-FIRE-1"]
    state = arrange(hands=(hand, []), grips=(("GRIP-MD-1", None), (None, None)))
    said = [FR.render(e) for e in query_events(state, NORTH, "THROW-ISN")]
    assert said == ["Vous avez tout pour ISN, Ippon-seoi-nage.",
                    "D'abord, posez Saisie rG : revers gauche ; Déséquilibre avant, feu ; puis projetez avec"
                    " MS rotation 180° et MS IPPON."]
    assert EN.render(query_events(state._replace(turn=SOUTH), NORTH, "THROW-ISN")[1]) == (
        "On your turn: first place Grip rG: left lapel; Kuzushi forward, fire; then throw with MS 180° turn"
        " and MS IPPON.")
    ready = arrange(hands=(ISN_COMBO, []), grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)),
                    pile=(("KUZ-DOWN-FIRE-1", NORTH),))
    assert FR.render(query_events(ready, NORTH, "THROW-ISN")[1]) == (
        "Projetez maintenant, avec MS rotation 180° et MS IPPON.")
    late = state._replace(stage=2, pile=(("KUZ-UP-WOOD-1", NORTH),))  # my kuzushi of this turn is down
    assert FR.render(query_events(late, NORTH, "THROW-ISN")[1]) == (
        "Mais trop tard ce tour : la saisie vient avant le déséquilibre ; ISN, Ippon-seoi-nage au prochain"
        " tour.")
