"""Tatsu for 2 players: layouts, reveals, the face-down rule (T10), the alternating dealer (T11)."""

import random

import pytest

from companion.engine import Rejected, get_game
from companion.engine.match import Match
from companion.games.tatsu.state import Stack
from companion.speech.phrasebook import Phrasebook
from tests.games.tatsu.helpers import TATSU, first, keys, new, play

# North (yellow): 3 yellow + 4 red face up, 4 yellow + 3 red face down.
NORTH_UP = ["Y-P6-V1", "Y-P5-V1", "Y-P4-V1", "R-P6-V1", "R-P5-V1", "R-P4-V1", "R-P3-V1"]
NORTH_DOWN = ["Y", "Y", "Y", "Y", "R", "R", "R"]
# South (red): 4 yellow + 3 red face up, 3 yellow + 4 red face down.
SOUTH_UP = ["Y-P3-V1", "Y-P2-V1", "Y-X1", "Y-X2", "R-P2-V1", "R-X1", "R-X2"]
SOUTH_DOWN = ["Y", "Y", "Y", "R", "R", "R", "R"]


def laid_out(**options: object):
    m = new(2, **options)
    m.apply({"type": "layout", "seat": 0, "up": NORTH_UP, "down": NORTH_DOWN})
    m.apply({"type": "layout", "seat": 1, "up": SOUTH_UP, "down": SOUTH_DOWN})
    return m


def test_layouts_are_needed_before_play_and_checked() -> None:
    m = new(2)
    with pytest.raises(Rejected) as err:
        play(m, 0, "Y-P6-V1")
    assert err.value.code == "layout_missing"
    for up, down, code in ((NORTH_UP, ["Y"] * 7, "layout_colours"),
                           (NORTH_UP[:6], NORTH_DOWN[:6], "layout_size"),
                           (NORTH_UP, ["Y", "Y", "Y", "Y", "R", "R", "G"], "layout_colours")):
        with pytest.raises(Rejected) as err:
            m.apply({"type": "layout", "seat": 0, "up": up, "down": down})
        assert err.value.code == code
    m.apply({"type": "layout", "seat": 0, "up": NORTH_UP, "down": NORTH_DOWN})
    with pytest.raises(Rejected) as err:
        m.apply({"type": "layout", "seat": 1, "up": [*SOUTH_UP[:6], "Y-P6-V1"], "down": SOUTH_DOWN})
    assert err.value.code == "card_elsewhere"
    with pytest.raises(Rejected) as err:
        m.apply({"type": "hand", "seat": 1, "cards": SOUTH_UP})
    assert err.value.code == "no_hands"


def test_players_alternate_two_cards_each_and_a_played_card_turns_up_the_one_below() -> None:
    m = laid_out()
    events = play(m, 0, "Y-P6-V1")  # the card turned up is said once, when named (reveal), not here
    assert keys(events) == ["play"] and events[0].params["slot"] == 0
    assert m.state.tableaux[0][0] == Stack(None, "Y", None)  # a yellow card face up, not named yet
    play(m, 1, "R-X1")
    assert m.state.tableaux[1][5] == Stack(None, "R", None)
    events = play(m, 0, "Y-P3-V1")  # asked South to play one of his yellow cards in front of North
    assert events[0].key == "play_for" and events[0].params["from"] == 1
    events = play(m, 1, "R-P6-V1")  # from North's row
    won = first(events, "trick_won")
    assert won.params["seat"] == 0 and len(won.params["cards"]) == 4  # Y-P6 first of the two power-6 cards
    assert m.state.leader == 0 and m.state.sizes == (12, 12)


def test_a_turned_up_card_is_named_by_reveal_or_by_playing_it() -> None:
    m = laid_out()
    play(m, 0, "Y-P6-V1")
    with pytest.raises(Rejected) as err:
        m.apply({"type": "reveal", "seat": 0, "card": "R-P1-V3"})
    assert err.value.code == "nothing_to_reveal"
    with pytest.raises(Rejected) as err:
        m.apply({"type": "reveal", "seat": 0, "card": "Y-P5-V1"})
    assert err.value.code == "card_elsewhere"
    events = m.apply({"type": "reveal", "seat": 0, "card": "Y-P1-V7"})
    assert events[0].key == "reveal"
    assert TATSU.public_view(m.state)["tableaux"]["0"][0] == {"up": "Y-P1-V7", "clan": "Y", "down": None}
    play(m, 1, "R-X1")
    play(m, 0, "Y-P1-V7")  # the named card is now an ordinary face-up card
    assert m.state.tableaux[0][0].colour is None


def test_face_down_cards_only_when_that_row_shows_none_of_the_colour() -> None:
    m = laid_out()
    play(m, 0, "Y-P6-V1")
    play(m, 1, "R-X1")  # turns up the red card below it (place 5)
    play(m, 0, "Y-P5-V1")
    # South's row shows red cards (R-P2, R-X2, and the turned-up red): no face-down red from it.
    with pytest.raises(Rejected) as err:
        play(m, 1, "R-P1-V3", frm=1, slot=6)
    assert err.value.code == "face_up_first" and err.value.params == {"seat": 1, "clan": "R"}
    # Without a slot, an unnamed card of that colour is the turned-up one: accepted.
    play(m, 1, "R-P1-V3", frm=1)
    assert m.state.tableaux[1][5].colour is None and m.state.tableaux[1][6].down == "R"


def test_face_down_rule_per_source_or_neither() -> None:
    red_up = ["R-P6-V1", "R-P5-V1", "R-P4-V1", "R-P3-V1", "R-P2-V1", "R-X1", "R-X2"]
    yellow_up = ["Y-P6-V1", "Y-P5-V1", "Y-P4-V1", "Y-P3-V1", "Y-P2-V1", "Y-X1", "Y-X2"]
    results = {}
    for rule in ("per_source", "neither"):
        m = new(2, face_down=rule)
        m.apply({"type": "layout", "seat": 0, "up": red_up, "down": ["Y"] * 7})
        m.apply({"type": "layout", "seat": 1, "up": yellow_up, "down": ["R"] * 7})
        try:
            play(m, 0, "Y-P1-V3", frm=0, slot=0)  # North shows no yellow; South does
            results[rule] = "ok"
            assert m.state.tableaux[0][0].down is None and m.state.tableaux[0][0].up == "R-P6-V1"
        except Rejected as refused:
            results[rule] = refused.code
    assert results == {"per_source": "ok", "neither": "face_up_first"}


def _play_round(m, rng: random.Random) -> None:
    start = m.state.round
    while m.state.round == start and not TATSU.is_over(m.state):
        choices = [a for s in (0, 1) for a in TATSU.legal(m.state, s)]
        m.apply(rng.choice(choices))


def test_dealer_alternates_each_round_or_stays() -> None:
    for rule, dealer in (("alternate", 1), ("same", 0)):
        m = new(2, dealer_2p=rule, target=10_000)
        _play_round(m, random.Random(3))
        assert m.state.round == 2 and m.state.dealer == dealer == m.state.leader
        assert m.state.tableaux == (None, None)
        assert set(TATSU.scores(m.state)) == {0, 1}


def test_two_players_score_per_player() -> None:
    m = new(2, target=10_000)
    _play_round(m, random.Random(5))
    score = {e.params["clan"]: e.params["score"] for e in m.events if e.key.startswith("round_score")}
    assert TATSU.scores(m.state) == {0: score["Y"], 1: score["R"]}


def test_a_face_down_card_played_is_said_face_down_with_its_place() -> None:
    """A9 (issue 26): the opponent's face-down card is said to be one, and from which place."""
    game, book = get_game("tatsu"), Phrasebook("fr", "tatsu")
    for seed in range(20):
        rng, match = random.Random(seed), Match.new(game, 2, None)
        while not game.is_over(match.state):
            state = match.state
            table = list(game.table_actions(state, rng))
            legal = [a for s in game.seats_of(state) for a in game.legal(state, s)]
            action = table[0] if table else rng.choice(legal)
            for event in match.apply(action):
                if event.key == "play_down":
                    said = book.render(event)
                    place = event.params["slot"] + 1
                    who = book.seat_name(event.params["seat"])
                    assert said.startswith(f"{who} joue sa carte face cachée de la place {place} : "), said
                    return
    raise AssertionError("no face-down card played in 20 random games")
