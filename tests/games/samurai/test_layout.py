"""The samurai board watched during play (SamuraiLayout), on label centres placed by hand on a
square-on 900 px picture: nothing is said while the board agrees or is not wholly in view, a unit
seen elsewhere is said, and proposed as the move when it is the only difference and a legal move;
a unit not seen is not said. (tests/e2e/test_play_layout_watch.py: the same through a clip.)"""

from __future__ import annotations

import pytest

from card_codes import encode, load_deck
from companion.engine import get_package
from companion.games.samurai.photo import SamuraiLayout
from companion.speech.phrasebook import Phrasebook
from tests.games.samurai.helpers import placed_match
from tests.games.samurai.test_camera import Seen

CORNERS = {"NW": (0, 0), "NE": (900, 0), "SE": (900, 900), "SW": (0, 900)}


def board(units: dict[str, str], corners: tuple[str, ...] = tuple(CORNERS)) -> list[Seen]:
    deck = load_deck("samurai")
    seen = [Seen(encode(deck, f"CORNER-{c}"), CORNERS[c]) for c in corners]
    return seen + [Seen(encode(deck, uid), ((ord(sq[0]) - ord("A") + 0.5) * 100, (int(sq[1:]) - 0.5) * 100))
                   for uid, sq in units.items()]


def test_a_board_as_the_game_has_it_says_nothing() -> None:
    state = placed_match(2).state
    news = SamuraiLayout().compare(board({u.id: u.square for u in state.units.values()}), state)
    assert news.differences == () and news.proposal is None


def test_a_legal_move_seen_is_said_and_proposed_and_an_unseen_unit_is_not_said() -> None:
    state = placed_match(2).state
    move = next(a for a in get_package("samurai").rules.legal(state, state.seat) if a["type"] == "move")
    units = {u.id: u.square for u in state.units.values()}
    units[move["unit"]] = move["to"]
    del units[next(uid for uid in units if uid != move["unit"])]  # hidden by a hand: not said
    news = SamuraiLayout().compare(board(units), state)
    assert [(e.key, e.params["unit"], e.params["seen"]) for e in news.differences] == [
        ("live_moved", move["unit"], move["to"])]
    assert news.proposal == move and news.question is not None and news.question.key == "live_confirm"


def test_two_differences_are_said_and_nothing_is_proposed() -> None:
    state = placed_match(2).state
    units = {u.id: u.square for u in state.units.values()}
    moves = [a for a in get_package("samurai").rules.legal(state, state.seat) if a["type"] == "move"]
    first = moves[0]
    second = next(a for a in moves if a["unit"] != first["unit"] and a["to"] != first["to"])
    units[first["unit"]], units[second["unit"]] = first["to"], second["to"]
    news = SamuraiLayout().compare(board(units), state)
    assert len(news.differences) == 2 and news.proposal is None


def test_a_board_missing_a_corner_contradicts_nothing() -> None:
    state = placed_match(2).state
    news = SamuraiLayout().compare(board({"KATANA-Y-1": "E5"}, corners=("NW", "NE", "SE")), state)
    assert news.differences == () and news.proposal is None


def test_corners_and_units_are_the_boards_not_plays() -> None:
    state = placed_match(2).state
    assert SamuraiLayout().claims("CORNER-NW", state) and SamuraiLayout().claims("KATANA-Y-1", state)
    assert not SamuraiLayout().claims("E3", state)  # an event card is still played by showing it


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("game", "section", "keys"), [
    ("samurai", "board", ("live_moved", "live_unknown", "live_confirm", "live_confirm_place")),
    ("dojo", "dojo_live", ("elsewhere", "confirm_place")),
])
def test_every_line_of_a_watched_layout_has_a_phrase(lang: str, game: str, section: str,
                                                     keys: tuple[str, ...]) -> None:
    book = Phrasebook(lang, game)
    assert [k for k in keys if not book.has(section, k)] == []
