"""Each dojo watched during play (DojoLayout), on labels placed by hand in image pixels: a dojo is
compared only when all its tatamis are in view; one seen elsewhere is said with both places; the
tatami its owner holds, laid on a place the rules allow, is proposed as the placing, and on a
place they do not allow it is not. (tests/e2e/test_play_layout_watch.py: the same through a clip.)"""

from __future__ import annotations

from card_codes import encode, load_deck
from companion.engine import Match, get_game
from companion.games.dojo.photo import DojoLayout
from companion.vision.detection import Detection

RULES = get_game("dojo")
PITCH = (120.0, 160.0)  # pixels between two columns, two rows


def label(card: str, row: int, col: int) -> Detection:
    """An upright label (its top towards the image top) at (row, col) of a dojo."""
    x, y = 400 + col * PITCH[0], 300 + row * PITCH[1]
    return Detection(encode(load_deck("dojo"), card), ((x - 20, y - 20), (x + 20, y - 20), (x + 20, y + 20),
                                                       (x - 20, y + 20)))


def state_with_a_dojo():  # type: ignore[no-untyped-def]
    """Nord holds a tatami and has two laid, at (0, 0) and (0, 1)."""
    state = Match.new(RULES, 3, {}).state
    dojos = ((0, 0, "TIGRESS-2-2"), (0, 1, "MONKEY-5-2")), (), ()
    return state._replace(phase="training", dojos=dojos, pending=("BEAR-2-1", None, None),
                          used=frozenset({"TIGRESS-2-2", "MONKEY-5-2", "BEAR-2-1"}))


def test_the_tatami_held_laid_on_an_allowed_place_is_proposed() -> None:
    state = state_with_a_dojo()
    news = DojoLayout().compare([label("TIGRESS-2-2", 2, 3), label("MONKEY-5-2", 2, 4),
                                 label("BEAR-2-1", 3, 4)], state)  # the table's own rows: shifted
    assert news.differences == ()
    assert news.proposal == {"type": "place", "seat": 0, "row": 1, "col": 1}
    assert news.proposal in RULES.legal(state, 0)
    assert news.question is not None and news.question.params["card"] == "BEAR-2-1"
    # said as the player would type it: row 2, column 2 of a dojo whose top left is its first tatami
    assert (news.question.params["row"], news.question.params["col"]) == (2, 2)


def test_a_tatami_elsewhere_is_said_with_both_places() -> None:
    state = state_with_a_dojo()
    news = DojoLayout().compare([label("TIGRESS-2-2", 0, 0), label("MONKEY-5-2", 1, 0)], state)
    assert news.proposal is None
    assert [(e.key, e.params["row"], e.params["col"], e.params["game_row"], e.params["game_col"])
            for e in news.differences] in ([("elsewhere", 2, 1, 1, 2)], [("elsewhere", 0, 1, 1, 1)])


def test_a_dojo_not_wholly_in_view_is_not_compared() -> None:
    state = state_with_a_dojo()
    news = DojoLayout().compare([label("MONKEY-5-2", 0, 0), label("BEAR-2-1", 5, 5)], state)
    assert news.differences == () and news.proposal is None


def test_the_tatami_held_on_a_place_the_rules_refuse_is_not_proposed() -> None:
    state = state_with_a_dojo()
    news = DojoLayout().compare([label("TIGRESS-2-2", 0, 0), label("MONKEY-5-2", 0, 1),
                                 label("BEAR-2-1", 1, 3)], state)  # two columns off: not beside the dojo
    assert news.proposal is None


def test_the_dojos_tatamis_and_the_ones_held_are_the_layouts_not_plays() -> None:
    state = state_with_a_dojo()
    assert DojoLayout().claims("TIGRESS-2-2", state) and DojoLayout().claims("BEAR-2-1", state)
    assert not DojoLayout().claims("FOX-2-1", state)
