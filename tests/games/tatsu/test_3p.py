"""Tatsu for 3 players with the Ghost (T12, T13): seats, who acts, per-player scores, rotation."""


import pytest

from companion.engine import Rejected
from companion.games.tatsu.state import GHOST, actor, red_human, turn_seat
from tests.games.tatsu.helpers import ROUND_A, TATSU, first, new, play, trick

GHOST_HAND = ["Y-P6-V1", "Y-X1", "R-F", "R-P2-V1", "R-P3-V1", "Y-P1-V3", "R-X2"]


def test_round_one_seating_the_ghost_is_red_and_the_red_player_acts_for_it() -> None:
    m = new(3)
    s = m.state
    assert s.clans == ("Y", "R", "Y", "R") and red_human(s) == 1
    assert [e.key for e in m.events] == ["round_start", "ghost_partner"]
    play(m, 0, "Y-P2-V1")
    play(m, 1, "R-P2-V1")
    play(m, 2, "Y-P3-V1")
    assert turn_seat(m.state) == GHOST and actor(m.state) == 1
    assert TATSU.legal(m.state, GHOST) == [] and TATSU.legal(m.state, 0) == []
    plays = TATSU.legal(m.state, 1)
    assert plays and all(a["seat"] == GHOST and a["card"].startswith("R-") for a in plays)


def test_the_ghost_hand_is_open_by_default_or_seen_by_the_red_player_only() -> None:
    m = new(3)
    events = m.apply({"type": "hand", "seat": GHOST, "cards": GHOST_HAND})
    assert events[0].audience == "all" and TATSU.public_view(m.state)["ghost_hand"] == GHOST_HAND
    m = new(3, ghost_hand="red")
    events = m.apply({"type": "hand", "seat": GHOST, "cards": GHOST_HAND})
    assert events[0].audience == 1 and "ghost_hand" not in TATSU.public_view(m.state)
    assert TATSU.private_view(m.state, 1)["ghost_hand"] == GHOST_HAND
    assert "ghost_hand" not in TATSU.private_view(m.state, 0)


def test_yellow_may_ask_the_ghost_but_the_red_player_asked_plays_from_his_own_hand() -> None:
    m = new(3)
    m.apply({"type": "hand", "seat": GHOST, "cards": GHOST_HAND})
    m.apply({"type": "hand", "seat": 1, "cards": ["Y-P5-V1", "Y-X2", "Y-F", "R-P4-V1", "R-P5-V1", "Y-P1-V4",
                                                  "R-X3"]})
    with pytest.raises(Rejected) as err:
        play(m, 0, "Y-P6-V1", frm=1)  # asked the red player: not a Ghost card
    assert err.value.code == "not_in_hand"
    events = play(m, 0, "Y-P6-V1", frm=GHOST)  # asked the Ghost: the red player picks its card
    assert events[0].key == "play_for" and events[0].params["from"] == GHOST
    events = play(m, 1, "R-P2-V1")  # the red player asks the Ghost for himself; `from` inferred
    assert events[0].params["from"] == GHOST


def test_scores_are_per_player_and_the_humans_move_left_while_the_ghost_stays() -> None:
    m = new(3)
    for yellow, red in ROUND_A:
        events = trick(m, yellow, red)
    assert TATSU.scores(m.state) == {0: 56, 1: 0, 2: 56}
    s = m.state
    assert s.order == (2, 0, 1, GHOST)  # North's player moved to East's place, and so on
    assert s.clans == ("R", "Y", "Y", "R") and red_human(s) == 0
    assert first(events, "ghost_partner_moved").params == {"seat": 0, "yellow": [1, 2]}  # said so (A11)
    assert s.dealer == 1 and turn_seat(s) == 1


def test_three_players_end_at_500_highest_wins_exact_tie_plays_on() -> None:
    m = new(3)
    m.states[-1] = m.state._replace(totals=(480, 490, 470))
    for yellow, red in ROUND_A:
        events = trick(m, yellow, red)
    assert first(events, "game_over").params == {"seats": [0], "score": 536}
    m = new(3)
    m.states[-1] = m.state._replace(totals=(470, 490, 470))
    for yellow, red in ROUND_A:
        events = trick(m, yellow, red)
    assert not TATSU.is_over(m.state) and first(events, "tie_play_on").params == {"score": 526}


@pytest.mark.parametrize("yellow", [[0, 2], [2, 0], [1, 2], [2, 1], [0, 1], [1, 0]])
def test_the_dealer_card_passes_to_the_left_in_every_seating(yellow: list[int]) -> None:
    """TEXT: "Lors d'une nouvelle manche, la carte Donneur passera au voisin de gauche." and, with
    three players, "chaque joueur prend la place du joueur à sa gauche" (the Ghost stays). Listing
    the yellow pair either way changes nothing."""
    m = new(3, yellow=yellow)
    same = new(3, yellow=list(reversed(yellow)))
    assert m.state.order == same.state.order and m.state.clans == same.state.clans
    red = next(s for s in range(3) if s not in yellow)
    assert m.state.order[1] == red and m.state.order[3] == GHOST  # the red human faces the Ghost
    for _ in range(3):
        state = m.state
        humans = [s for s in state.order if s != GHOST]
        left = humans[(humans.index(state.dealer) + 1) % 3]  # the next human clockwise
        for yellow_card, red_card in ROUND_A:
            trick(m, yellow_card, red_card)
        assert m.state.dealer == left
        after = [s for s in m.state.order if s != GHOST]
        assert [after[(after.index(s) + 1) % 3] for s in after] == \
            [humans[(humans.index(s) + 1) % 3] for s in after]  # turn order kept: everyone moved left
