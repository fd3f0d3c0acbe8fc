"""Judo card game: the text's own example, the element relations, throws, scores, bad input."""

from __future__ import annotations

import pytest

from companion.engine import Match, Rejected, replay
from companion.games.judo.queries import throwable
from companion.games.judo.state import element_table, may_cover
from companion.speech.phrasebook import Phrasebook
from tests.games.judo.helpers import FILLER, JUDO, NORTH, SOUTH, arrange, draw_named, match_from, pass_turn

ISN_COMBO = ["THROW-ISN", "MS-T180-1", "MS-IPPON-1"]
BERTRAND = ["GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1", *ISN_COMBO, *FILLER]


def keys(events) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.key for e in events]


def test_the_texts_example_mD_rG_then_down_fire_then_isn_t180_ippon_wins_the_combat() -> None:
    m = Match.new(JUDO, 2, {"seed": 7, "die": "companion", "die_faces": ["IPPON"]})
    draw_named(m, NORTH, BERTRAND)
    m.apply({"type": "play", "seat": NORTH, "card": "GRIP-MD-1", "hand": "left"})
    m.apply({"type": "play", "seat": NORTH, "card": "GRIP-RG-1", "hand": "right"})
    assert m.state.grips[NORTH] == ("GRIP-MD-1", "GRIP-RG-1")
    m.apply({"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"})
    assert m.state.pile == (("KUZ-DOWN-FIRE-1", NORTH),)
    events = m.apply({"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
    assert keys(events)[:5] == ["throw", "gake", "sore_made", "combat_won", "tai"]
    assert events[1].params == {"seat": NORTH, "face": "IPPON"}
    assert m.state.tai == (1, 0) and m.state.combat == 2
    assert m.state.grips == ((None, None), (None, None)) and m.state.pile == ()
    assert set(ISN_COMBO) | {"GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1"} <= set(m.state.discard)
    assert m.state.turn == SOUTH  # the loser starts the next combat (J17)
    fr = Phrasebook("fr", "judo", seat_keys=JUDO.seat_keys(2))
    assert [fr.render(e) for e in events[:5]] == [
        "Nord projette : ISN, Ippon-seoi-nage, avec MS rotation 180° et MS IPPON.",
        "Dé GAKE : IPPON !", "Ippon ! Sore made !", "Nord gagne le combat 1, par ippon.",
        "Piste TAI : Nord 1, Sud 0."]


def test_the_die_comes_from_the_seed_and_replays_identically() -> None:
    faces = []
    for seed in range(40):
        state = arrange({"seed": seed}, hands=(ISN_COMBO, []),
                        grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)), pile=(("KUZ-DOWN-FIRE-1", NORTH),))
        _, events = JUDO.apply(state, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
        _, again = JUDO.apply(state, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
        assert events == again
        faces.append(next(e.params["face"] for e in events if e.key == "gake"))
    assert set(faces) == {"IPPON", "WAZA-ARI", "YUKO", "ECHEC"}  # every face of the d6 shows up


# digest §3.5: legal covers (top -> new) per option, ties aside
DIGEST_COVERS = {
    "cycle": {("WOOD", "FIRE"), ("WATER", "WOOD"), ("FIRE", "WATER")},
    "chain": {("WATER", "WOOD"), ("WOOD", "FIRE")},
    "ranking": {("WATER", "WOOD"), ("WOOD", "FIRE"), ("WATER", "FIRE")},
}
ELEMENT_CARD = {"FIRE": "KUZ-DOWN-FIRE-2", "WOOD": "KUZ-DOWN-WOOD-1", "WATER": "KUZ-DOWN-WATER-1"}


@pytest.mark.parametrize("relation", sorted(DIGEST_COVERS))
def test_each_element_relation_matches_the_digest_and_the_engine_follows_it(relation: str) -> None:
    elements = ("FIRE", "WOOD", "WATER")
    table = element_table(relation)
    covers = {(top, new) for top in elements for new in table[top]}
    assert covers == DIGEST_COVERS[relation]
    for top in elements:
        for new in elements:
            state = arrange({"elements": relation}, hands=([ELEMENT_CARD[new]], []),
                            grips=(("GRIP-MD-1", "GRIP-RG-1"), ("GRIP-MD-2", "GRIP-RG-2")),
                            pile=((ELEMENT_CARD[top].replace("DOWN", "UP"), SOUTH),))
            action = {"type": "play", "seat": NORTH, "card": ELEMENT_CARD[new]}
            if top == new:
                assert may_cover(state.opts, top, new) == "tie"
            elif (top, new) in covers:
                after, _ = JUDO.apply(state, action)
                assert after.pile[-1] == (ELEMENT_CARD[new], NORTH)
            else:
                with pytest.raises(Rejected) as err:
                    JUDO.apply(state, action)
                assert err.value.code == "cannot_cover"


def test_no_water_on_fire_by_default_but_the_cycle_option_allows_it() -> None:
    kwargs = dict(hands=(["KUZ-UP-WATER-1"], []), grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)),
                  pile=(("KUZ-DOWN-FIRE-1", SOUTH),))
    state = arrange(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(Rejected) as err:
        JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "KUZ-UP-WATER-1"})
    assert Phrasebook("fr", "judo").reason(err.value) == (
        "Déséquilibre arrière, eau ne peut pas couvrir Déséquilibre avant, feu.")
    cycle = arrange({"elements": "cycle"}, **kwargs)  # type: ignore[arg-type]
    after, _ = JUDO.apply(cycle, {"type": "play", "seat": NORTH, "card": "KUZ-UP-WATER-1"})
    assert after.pile[-1][0] == "KUZ-UP-WATER-1"


def test_equal_elements_go_to_rock_paper_scissors_and_a_loss_keeps_the_card_in_hand() -> None:
    outcomes = set()
    for seed in range(12):
        state = arrange({"seed": seed, "tie_break": "companion"}, hands=(["KUZ-UP-FIRE-1"], []),
                        grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)), pile=(("KUZ-DOWN-FIRE-1", SOUTH),))
        after, events = JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "KUZ-UP-FIRE-1"})
        outcomes.add(events[0].key)
        if events[0].key == "rps_lost":
            assert after.hands[NORTH] == ("KUZ-UP-FIRE-1",) and after.pile == state.pile
        else:
            assert after.pile[-1] == ("KUZ-UP-FIRE-1", NORTH)
    assert outcomes == {"rps_won", "rps_lost"}
    table = arrange({}, hands=(["KUZ-UP-FIRE-1"], []),  # the default: the players' own
                    grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)), pile=(("KUZ-DOWN-FIRE-1", SOUTH),))
    with pytest.raises(Rejected) as err:
        JUDO.apply(table, {"type": "play", "seat": NORTH, "card": "KUZ-UP-FIRE-1"})
    assert err.value.code == "rps_needed"
    after, _ = JUDO.apply(table, {"type": "play", "seat": NORTH, "card": "KUZ-UP-FIRE-1", "rps": "won"})
    assert after.pile[-1] == ("KUZ-UP-FIRE-1", NORTH)


def test_replacing_a_grip_clears_the_shared_pile_even_the_opponents_cards() -> None:
    state = arrange({"grip_hand": "choose"}, hands=(["GRIP-CG-1"], []),
                    grips=(("GRIP-MD-1", "GRIP-RG-1"), ("GRIP-MD-2", "GRIP-RG-2")),
                    pile=(("KUZ-DOWN-WOOD-1", SOUTH), ("KUZ-DOWN-FIRE-1", SOUTH)))
    after, events = JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "GRIP-CG-1", "hand": "right"})
    assert keys(events) == ["grip", "grip_replaced", "pile_reset"]
    assert after.pile == () and after.grips[NORTH] == ("GRIP-MD-1", "GRIP-CG-1")
    assert {"GRIP-RG-1", "KUZ-DOWN-WOOD-1", "KUZ-DOWN-FIRE-1"} <= set(after.discard)
    with pytest.raises(Rejected) as err:  # both hands hold: which one lets go?
        JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "GRIP-CG-1"})
    assert err.value.code == "which_hand"


def _throw_state(face: str, tokens: tuple = ((), ()), **options: object):  # type: ignore[no-untyped-def]
    state = arrange({"die_faces": [face], **options}, hands=(ISN_COMBO, []),
                    grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)), pile=(("KUZ-DOWN-FIRE-1", NORTH),))
    return state._replace(tokens=tokens)


@pytest.mark.parametrize(("before", "face", "wins"), [
    ((), "WAZA-ARI", False),
    (("WAZA-ARI",), "WAZA-ARI", True),  # two waza-ari
    (("WAZA-ARI", "YUKO"), "YUKO", True),  # waza-ari + two yuko
    (("YUKO", "YUKO"), "YUKO", False),
    (("YUKO", "YUKO", "YUKO"), "YUKO", True),  # four yuko
    (("WAZA-ARI",), "ECHEC", False),
])
def test_waza_ari_and_yuko_add_up_to_an_ippon(before: tuple, face: str, wins: bool) -> None:
    state = _throw_state(face, (before, ()))
    after, events = JUDO.apply(state, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
    assert ("combat_won" in keys(events)) is wins
    if wins:
        assert after.tai == (1, 0) and after.tokens == ((), ())
        assert events[keys(events).index("combat_won")].params["how"] == "points"
    else:
        kept = before + ((face,) if face != "ECHEC" else ())
        assert after.tokens[NORTH] == kept and after.tai == (0, 0) and after.turn == SOUTH
    assert set(ISN_COMBO) <= set(after.discard)  # the combo is discarded either way (J13)


def test_without_accumulation_four_yuko_do_not_win() -> None:
    state = _throw_state("YUKO", (("YUKO", "YUKO", "YUKO"), ()), accumulate=False)
    after, events = JUDO.apply(state, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
    assert "combat_won" not in keys(events) and len(after.tokens[NORTH]) == 4


def test_combat_score_and_match_score_are_spoken() -> None:
    state = _throw_state("YUKO", (("WAZA-ARI",), ()))
    _, events = JUDO.apply(state, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
    en = Phrasebook("en", "judo", seat_keys=JUDO.seat_keys(2))
    score = next(e for e in events if e.key == "combat_score")
    assert en.render(score) == "Score: North 1 waza-ari, 1 yuko; South 0 waza-ari, 0 yuko."
    final = _throw_state("IPPON", tai_length=1)
    after, events = JUDO.apply(final, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
    assert JUDO.is_over(after) and JUDO.winners(after) == [NORTH] and JUDO.scores(after) == {0: 1, 1: 0}
    assert en.render(events[-1]) == "North wins the match, 1 to 0."


BASE = dict(hands=([*ISN_COMBO, "GRIP-RG-2"], []), grips=(("GRIP-MD-1", "GRIP-CG-1"), (None, None)),
            pile=(("KUZ-DOWN-FIRE-1", NORTH),))


@pytest.mark.parametrize(("action", "code"), [
    ({"type": "throw", "seat": NORTH, "cards": ISN_COMBO}, "throw_grips"),
    ({"type": "throw", "seat": NORTH, "cards": ["THROW-ISN", "THROW-ISN"]}, "one_throw_card"),
    ({"type": "play", "seat": SOUTH, "card": "GRIP-RG-2"}, "not_turn"),
    ({"type": "play", "seat": NORTH, "card": "GRIP-ZZ-9"}, "unknown_card"),
    ({"type": "play", "seat": NORTH, "card": "GRIP-MD-3"}, "not_in_hand"),
    ({"type": "play", "seat": NORTH, "card": "MS-T180-1"}, "play_as_throw"),
    ({"type": "end_turn", "seat": NORTH}, "must_discard"),
    ({"type": "draw", "seat": NORTH, "count": 1}, "no_draw"),
    ({"type": "play", "seat": NORTH, "card": "GRIP-RG-2", "hand": "foot"}, "bad_hand"),
    ({"type": "play", "seat": 5, "card": "GRIP-RG-2"}, "bad_seat"),
    ({"type": "jump", "seat": NORTH}, "unknown_action"),
])
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(action: dict, code: str) -> None:
    m = match_from(arrange(**BASE))  # type: ignore[arg-type]
    before = m.state
    with pytest.raises(Rejected) as err:
        m.apply(action)
    assert err.value.code == code
    assert m.state is before and len(m.states) == 1
    for lang in ("fr", "en"):
        assert Phrasebook(lang, "judo").has("reasons", code)


def test_a_throw_is_checked_against_its_card() -> None:
    held = (("GRIP-MD-1", "GRIP-RG-1"), (None, None))
    wrong_kuzushi = arrange(hands=(ISN_COMBO, []), grips=held, pile=(("KUZ-DOWN-WOOD-1", NORTH),))
    theirs = arrange(hands=(ISN_COMBO, []), grips=held, pile=(("KUZ-DOWN-FIRE-1", SOUTH),))
    good = arrange(hands=([*ISN_COMBO, "MS-T90-1", "MS-T90-2"], []), grips=held,
                   pile=(("KUZ-DOWN-FIRE-1", NORTH),))
    cases = [
        (wrong_kuzushi, ISN_COMBO, "throw_kuzushi"),
        (theirs, ISN_COMBO, "throw_kuzushi_theirs"),
        (good, ["THROW-ISN", "MS-T90-1", "MS-IPPON-1"], "throw_rotation"),
        (good, ["THROW-ISN", "MS-T180-1"], "throw_ippon_card"),
        (good, ["THROW-ISN", "MS-T180-1", "MS-T90-1", "MS-IPPON-1"], "throw_rotation"),
        (good, ["MS-T180-1", "MS-IPPON-1"], "one_throw_card"),
    ]
    for state, combo, code in cases:
        with pytest.raises(Rejected) as err:
            JUDO.apply(state, {"type": "throw", "seat": NORTH, "cards": combo})
        assert err.value.code == code, combo
    after, _ = JUDO.apply(good, {"type": "throw", "seat": NORTH,
                                 "cards": ["THROW-ISN", "MS-T90-1", "MS-T90-2", "MS-IPPON-1"]})  # 2 x T90
    assert "THROW-ISN" in after.discard
    loose = arrange({"own_kuzushi": False}, hands=(ISN_COMBO, []), grips=held,
                    pile=(("KUZ-DOWN-FIRE-1", SOUTH),))
    assert "THROW-ISN" in JUDO.apply(loose, {"type": "throw", "seat": NORTH, "cards": ISN_COMBO})[0].discard


def test_order_grip_then_kuzushi_and_grips_before_kuzushi() -> None:
    state = arrange(hands=(["GRIP-MD-1", "GRIP-RG-1", "KUZ-DOWN-FIRE-1", "GRIP-CG-1"], []))
    with pytest.raises(Rejected) as err:
        JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"})
    assert err.value.code == "grips_first"
    m = match_from(state)
    m.apply({"type": "play", "seat": NORTH, "card": "GRIP-MD-1"})
    m.apply({"type": "play", "seat": NORTH, "card": "GRIP-RG-1"})
    assert m.state.grips[NORTH] == ("GRIP-MD-1", "GRIP-RG-1")  # first free hand, left first
    m.apply({"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"})
    with pytest.raises(Rejected) as err:
        m.apply({"type": "play", "seat": NORTH, "card": "GRIP-CG-1", "hand": "right"})
    assert err.value.code == "order_grip"


def test_discard_only_when_nothing_was_placed_then_the_opponent_draws_to_nine() -> None:
    m = Match.new(JUDO, 2, {"seed": 3, "die": "companion"})
    draw_named(m, NORTH, BERTRAND)
    m.apply({"type": "play", "seat": NORTH, "card": "GRIP-MD-1"})
    with pytest.raises(Rejected) as err:
        m.apply({"type": "discard", "seat": NORTH, "card": "GRIP-RG-1"})
    assert err.value.code == "no_discard_after_play"
    events = m.apply({"type": "end_turn", "seat": NORTH})
    assert keys(events) == ["end_turn", "turn"] and events[1].params == {"seat": SOUTH, "draw": 9}
    with pytest.raises(Rejected) as err:
        m.apply({"type": "discard", "seat": SOUTH, "card": "GRIP-RG-2"})
    assert err.value.code == "draw_first"
    pass_turn(m)
    assert m.state.turn == NORTH and m.state.to_draw == 1  # 8 in hand after placing mD
    assert len(m.state.hands[SOUTH]) == 8 and len(m.state.discard) == 1


def test_unseen_draws_let_a_sighted_player_skip_scanning() -> None:
    m = Match.new(JUDO, 2, {"seed": 3, "die": "companion"})
    draw_named(m, NORTH, BERTRAND)
    m.apply({"type": "discard", "seat": NORTH, "card": "GRIP-MD-1"})
    events = m.apply({"type": "draw", "seat": SOUTH, "count": 9})
    assert [(e.audience, e.key) for e in events] == [("all", "draws")]
    assert m.state.unknown == (0, 9) and m.state.hands[SOUTH] == ()
    with pytest.raises(Rejected) as err:  # North holds it: South cannot have it
        m.apply({"type": "discard", "seat": SOUTH, "card": "GRIP-RG-1"})
    assert err.value.code == "not_in_hand"
    m.apply({"type": "discard", "seat": SOUTH, "card": "GRIP-RG-3"})  # seen when played
    assert m.state.unknown == (0, 8) and "GRIP-RG-3" in m.state.discard


def test_replay_of_the_record_equals_the_live_match() -> None:
    m = Match.new(JUDO, 2, {"seed": 11, "die": "companion"})
    actions = []
    draw_named(m, NORTH, BERTRAND)
    actions.append({"type": "draw", "seat": NORTH, "cards": list(m.state.hands[NORTH])})
    for action in ({"type": "play", "seat": NORTH, "card": "GRIP-MD-1", "hand": "left"},
                   {"type": "play", "seat": NORTH, "card": "GRIP-RG-1", "hand": "right"},
                   {"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"},
                   {"type": "throw", "seat": NORTH, "cards": ISN_COMBO}):
        m.apply(action)
        actions.append(action)
    again = replay(JUDO, 2, {"seed": 11, "die": "companion"}, enumerate(actions, start=2))
    assert again.state == m.state and again.events == m.events


def test_by_target_takes_the_hand_from_the_side_of_the_judogi_as_the_texts_examples_do() -> None:
    """TEXT: "mD = main gauche saisit la manche droite de l'adversaire", "rG = main droite saisit
    le revers gauche de l'adversaire": facing him, his right side is your left hand."""
    state = arrange({"grip_hand": "by_target"}, hands=(["GRIP-MG-1", "GRIP-CG-1", "GRIP-RD-1"], []),
                    grips=(("GRIP-MD-1", "GRIP-RG-1"), (None, None)))
    after, _ = JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "GRIP-CG-1"})
    assert after.grips[NORTH] == ("GRIP-MD-1", "GRIP-CG-1")  # his left collar: the right hand, no question
    after, _ = JUDO.apply(after, {"type": "play", "seat": NORTH, "card": "GRIP-MG-1"})
    assert after.grips[NORTH] == ("GRIP-MD-1", "GRIP-MG-1")  # his left sleeve: the right hand too
    after, _ = JUDO.apply(after, {"type": "play", "seat": NORTH, "card": "GRIP-RD-1"})
    assert after.grips[NORTH] == ("GRIP-RD-1", "GRIP-MG-1")  # his right lapel: the left hand
    with pytest.raises(Rejected) as err:
        JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "GRIP-MG-1", "hand": "left"})
    assert err.value.code == "wrong_hand"
    assert Phrasebook("fr", "judo").reason(err.value) == "Saisie mG : manche gauche se pose en main droite."


@pytest.mark.parametrize(("throw", "grips", "kuzushi", "ms"), [
    ("THROW-STG", ["GRIP-MD-1", "GRIP-MG-1"], "KUZ-RIGHT-WOOD-1", ["MS-T180-1"]),  # both sleeves
    ("THROW-TN", ["GRIP-RD-1", "GRIP-RG-1"], "KUZ-DOWN-WATER-1", ["MS-T180-1", "MS-IPPON-1"]),  # both lapels
])
def test_by_target_lets_the_two_sleeve_and_two_lapel_throws_be_made(throw: str, grips: list[str],
                                                                      kuzushi: str, ms: list[str]) -> None:
    """With `by_target`, the deck's STG (mD + mG) and TN (rD + rG) need one grip in each hand."""
    m = match_from(arrange({"grip_hand": "by_target", "die_faces": ["IPPON"]},
                           hands=([*grips, kuzushi, throw, *ms], [])))
    assert [f["card"] for f in throwable(m.state, NORTH)] == [throw]
    for card in [*grips, kuzushi]:
        m.apply({"type": "play", "seat": NORTH, "card": card})
    events = m.apply({"type": "throw", "seat": NORTH, "cards": [throw, *ms]})
    assert "combat_won" in keys(events)


def _fire_on_fire(seed: int, **options: object):  # type: ignore[no-untyped-def]
    """North holds two Fire kuzushi; South's Fire is on top: only a tie may cover it (chain); the
    companion draws the rock-paper-scissors (so that a seed loses it)."""
    return arrange({"seed": seed, "tie_break": "companion", **options},
                   hands=(["KUZ-UP-FIRE-1", "KUZ-LEFT-FIRE-1"], []),
                   grips=(("GRIP-MD-1", "GRIP-RG-1"), ("GRIP-MD-2", "GRIP-RG-2")),
                   pile=(("KUZ-DOWN-FIRE-1", SOUTH),))


def _losing_seed(**options: object) -> int:
    for seed in range(50):
        _, events = JUDO.apply(_fire_on_fire(seed, **options), {"type": "play", "seat": NORTH,
                                                                "card": "KUZ-UP-FIRE-1"})
        if events[0].key.startswith("rps_lost"):
            return seed
    raise AssertionError("no seed loses the tie")


def test_a_card_that_lost_its_tie_cannot_be_tried_again_in_the_same_turn() -> None:
    """TEXT: "Votre carte doit dominer l'élément de la carte du dessus de la pile. [...] En cas
    d'égalité d'élément, faites un pierre-feuille-ciseaux pour trancher." A lost tie is settled:
    trying the same card again at once would let any Fire card end up on the opponent's Fire."""
    m = match_from(_fire_on_fire(_losing_seed()))
    events = m.apply({"type": "play", "seat": NORTH, "card": "KUZ-UP-FIRE-1"})
    assert keys(events) == ["rps_lost"] and "KUZ-UP-FIRE-1" in m.state.hands[NORTH]
    before = m.state
    with pytest.raises(Rejected) as err:
        m.apply({"type": "play", "seat": NORTH, "card": "KUZ-UP-FIRE-1"})
    assert err.value.code == "tie_lost_this_turn" and m.state is before
    assert Phrasebook("fr", "judo").reason(err.value) == (
        "Déséquilibre arrière, feu a perdu son pierre-feuille-ciseaux ce tour : elle pourra être retentée "
        "au prochain tour.")
    plays = [a["card"] for a in JUDO.legal(m.state, NORTH) if a["type"] == "play"]
    assert plays == ["KUZ-LEFT-FIRE-1"]  # another Fire card may still try its own tie
    m.apply({"type": "discard", "seat": NORTH, "card": "KUZ-LEFT-FIRE-1"})  # nothing placed: discard
    pass_turn(m)  # South's turn
    draw_named(m, NORTH, [])
    assert m.state.tried == ()
    assert any(a.get("card") == "KUZ-UP-FIRE-1" for a in JUDO.legal(m.state, NORTH))  # next turn: again


@pytest.mark.parametrize(("retry", "same", "other"), [
    ("next_turn", False, True), ("no_more_ties", False, False), ("again", True, True)])
def test_tie_retry_readings(retry: str, same: bool, other: bool) -> None:
    state = _fire_on_fire(_losing_seed(tie_retry=retry), tie_retry=retry)
    after, events = JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "KUZ-UP-FIRE-1"})
    assert keys(events) == ["rps_lost"]
    for card, allowed in (("KUZ-UP-FIRE-1", same), ("KUZ-LEFT-FIRE-1", other)):
        try:
            JUDO.apply(after, {"type": "play", "seat": NORTH, "card": card})
            tried = True
        except Rejected as err:
            assert err.code in ("tie_lost_this_turn", "tie_lost_no_more")
            tried = False
        assert tried is allowed, card


def test_no_grip_after_ones_own_kuzushi_by_default_the_digests_any_order_as_an_option() -> None:
    """TEXT: "Poser autant de cartes que souhaité, tant qu'elles respectent les règles
    d'enchaînement: Prise du Kumikata, Déséquilibre, Projection": an order of steps."""
    hands = (["KUZ-DOWN-FIRE-1", "GRIP-MD-3", "THROW-ISN", "MS-T180-1", "MS-IPPON-1"], [])
    grips = (("GRIP-MG-1", "GRIP-RG-1"), (None, None))
    state = arrange(hands=hands, grips=grips)
    after, _ = JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"})
    with pytest.raises(Rejected) as err:
        JUDO.apply(after, {"type": "play", "seat": NORTH, "card": "GRIP-MD-3", "hand": "left"})
    assert err.value.code == "order_grip"
    assert throwable(after, NORTH) == []  # ISN needs mD now: too late for this turn
    free = arrange({"grip_after_kuzushi": True}, hands=hands, grips=grips)
    after, _ = JUDO.apply(free, {"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"})
    after, events = JUDO.apply(after, {"type": "play", "seat": NORTH, "card": "GRIP-MD-3", "hand": "left"})
    assert keys(events) == ["grip", "grip_replaced", "pile_reset"]  # a replacement still clears the pile
    assert after.pile == ()


def test_time_limit_is_off_by_default_and_a_decision_says_truthfully_why() -> None:
    """The text ends a combat on "IPPON : Victoire immédiate !" (its list of other endings is cut):
    no clock unless a table asks for one, and a decision by the flags is not called 'the more active'."""
    assert JUDO.resolve_options(2, None)["time_limit"] == 0
    fr = Phrasebook("fr", "judo", seat_keys=JUDO.seat_keys(2))
    said = {}
    for active in ((11, 11), (12, 9)):
        state = arrange({"time_limit": 5}, hands=(["GRIP-MD-1"], []))._replace(
            golden=True, turns=9, placed=1, active=active)
        _, events = JUDO.apply(state, {"type": "end_turn", "seat": NORTH})
        decision = next(e for e in events if e.key.startswith("hantei"))
        said[active] = fr.render(decision)
        assert events[keys(events).index("combat_won")].params["how"] == "hantei"
    assert said[(12, 9)] == "Décision des arbitres : Nord, le plus actif (12 cartes contre 9)."
    assert said[(11, 11)].startswith("Décision des arbitres : autant de cartes posées de part et d'autre "
                                     "(11 chacun), les drapeaux désignent ")


def test_the_tables_own_die_is_the_default_and_its_face_decides_the_throw() -> None:
    """Issue 27: the text's "Lancer le dé GAKE" is the players' roll: by default the throw carries
    the face their die showed (no face: refused, saying to roll); the companion rolls only when
    the table chooses die = companion."""
    assert JUDO.default_option("die", 2) == "table"
    m = Match.new(JUDO, 2, {"seed": 11})
    draw_named(m, NORTH, BERTRAND)
    for action in ({"type": "play", "seat": NORTH, "card": "GRIP-MD-1", "hand": "left"},
                   {"type": "play", "seat": NORTH, "card": "GRIP-RG-1", "hand": "right"},
                   {"type": "play", "seat": NORTH, "card": "KUZ-DOWN-FIRE-1"}):
        m.apply(action)
    with pytest.raises(Rejected) as err:
        m.apply({"type": "throw", "seat": NORTH, "cards": ISN_COMBO})
    assert err.value.code == "judo_die_face"
    assert Phrasebook("fr", "judo").reason(err.value) == (
        "Lancez le dé GAKE, puis dites sa face : « dé » et ÉCHEC, IPPON, WAZA-ARI ou YUKO.")
    throws = [a for a in JUDO.legal(m.state, NORTH) if a["type"] == "throw"]
    assert {a["die"] for a in throws} == {"ECHEC", "IPPON", "WAZA-ARI", "YUKO"}  # one per face
    events = m.apply({"type": "throw", "seat": NORTH, "cards": ISN_COMBO, "die": "ECHEC"})
    assert [e.params["face"] for e in events if e.key == "gake"] == ["ECHEC"]


def test_the_grip_hand_follows_the_text_by_default() -> None:
    """Issue 27: "mD = main gauche saisit la manche droite … rG = main droite saisit le revers
    gauche": by default rG goes to the right hand, mD to the left, without asking."""
    state = arrange({}, hands=(["GRIP-RG-1", "GRIP-MD-1"], []))
    after, _ = JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "GRIP-RG-1"})
    after, _ = JUDO.apply(after, {"type": "play", "seat": NORTH, "card": "GRIP-MD-1"})
    assert after.grips[NORTH] == ("GRIP-MD-1", "GRIP-RG-1")  # (left, right)
    with pytest.raises(Rejected):
        JUDO.apply(state, {"type": "play", "seat": NORTH, "card": "GRIP-RG-1", "hand": "left"})
