"""Where the samurai pieces stand, read from overhead photos: the four corner labels give
the grid, every token label lands on its square, and the photo is compared with the game."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from card_codes import encode, load_deck
from companion.engine import replay
from companion.games.samurai.board import data
from companion.games.samurai.camera import BoardReading, Difference, differences, read_board, square_at
from companion.games.samurai.rules import GAME
from companion.journal import open_record
from companion.vision import Camera, make_decoder
from tests.games.samurai.board_helpers import CAMERA, SETUP, render_board, write_setup_record
from tests.games.samurai.helpers import placed_match

# Tokens two columns and three rows apart: no token's card hides another's label.
SPREAD = {"KATANA-Y-1": "B2", "ARCHER-R-2": "D5", "CAVALRY-Y-3": "F8", "NAGINATA-R-1": "H2",
          "ARCHER-Y-1": "F2", "KATANA-R-2": "B8", "NAGINATA-Y-4": "H5"}


class Seen(NamedTuple):
    """A detection as the decoders give it (text and label centre), for the pure tests."""

    text: str
    centre: tuple[float, float]


def _payload(card: str, game: str = "samurai") -> str:
    return encode(load_deck(game), card)


def _read(image: object) -> BoardReading:
    return read_board(make_decoder("tag+zxing", still=True).decode(image), data().board)


@pytest.mark.parametrize(("board_angle", "camera"), [
    (0.0, CAMERA),
    (-6.0, Camera(size=(1920, 1080), roll=180.0)),       # camera mounted upside down
    (4.0, Camera(size=(1920, 1080), roll=90.0, tilt=0.3)),  # turned a quarter, steeper view
    (8.0, Camera(size=(1920, 1080), roll=-7.0)),
])
def test_every_token_is_read_on_its_true_square(board_angle: float, camera: Camera) -> None:
    reading = _read(render_board(SPREAD, board_angle=board_angle, camera=camera))
    assert reading.missing_corners == ()
    assert reading.squares == SPREAD
    assert reading.off_board == () and reading.not_ours == ()


def test_a_missing_corner_is_the_reason_and_no_square_is_guessed() -> None:
    reading = _read(render_board(SPREAD, missing=["SE"], board_angle=3.0))
    assert not reading.ok
    assert reading.missing_corners == ("SE",)
    assert reading.squares == {}


def test_a_moved_token_an_unseen_unit_and_an_unknown_token_are_the_differences(tmp_path: Path) -> None:
    header, actions, _ = open_record(write_setup_record(tmp_path / "game.jsonl"))
    state = replay(GAME, header.seats, header.options, actions).state
    shown = {**SETUP[0], **SETUP[1]}
    shown["ARCHER-Y-1"] = "F4"       # moved without telling the companion
    del shown["CAVALRY-R-1"]          # not on the board any more
    shown["KATANA-Y-2"] = "D5"        # a token the game does not have on the board
    reading = _read(render_board(shown, board_angle=-3.0))
    assert reading.squares == shown
    assert differences(state, reading) == [
        Difference("moved", "ARCHER-Y-1", "F1", "F4"),
        Difference("unseen", "CAVALRY-R-1", "H9", None),
        Difference("unknown", "KATANA-Y-2", None, "D5"),
    ]


def test_the_board_as_the_game_has_it_gives_no_difference() -> None:
    state = placed_match(2).state
    reading = read_board([Seen(_payload(f"CORNER-{c}"), xy) for c, xy in
                          {"NW": (0, 0), "NE": (900, 0), "SE": (900, 900), "SW": (0, 900)}.items()]
                         + [Seen(_payload(u.id), _centre_px(u.square)) for u in state.units.values()],
                         data().board)
    assert reading.squares == {u.id: u.square for u in state.units.values()}
    assert differences(state, reading) == []


def _centre_px(square: str) -> tuple[float, float]:
    """The pixel centre of a square on a 900 px, square-on photo."""
    return (ord(square[0]) - ord("A") + 0.5) * 100, (int(square[1:]) - 0.5) * 100


def test_labels_off_the_board_of_other_games_and_not_tokens_are_reported() -> None:
    corners = [Seen(_payload(f"CORNER-{c}"), xy) for c, xy in
               {"NW": (100, 50), "NE": (1000, 50), "SE": (1000, 950), "SW": (100, 950)}.items()]
    seen = [*corners,
            Seen(_payload("ARCHER-R-3"), (150, 100)),       # A1
            Seen(_payload("KATANA-R-3"), (990, 940)),       # I9, by its outer corner
            Seen(_payload("CAVALRY-Y-2"), (1050, 500)),     # beside the board
            Seen(_payload("E3"), (500, 500)),                # an event card put down
            Seen(_payload("Y-P1-V3", "tatsu"), (400, 400)),  # another game's card
            Seen("HELLO", (300, 300))]
    reading = read_board(seen, data().board)
    assert reading.squares == {"ARCHER-R-3": "A1", "KATANA-R-3": "I9"}
    assert reading.off_board == ("CAVALRY-Y-2",)
    assert reading.other_cards == ("E3",)
    assert set(reading.not_ours) == {_payload("Y-P1-V3", "tatsu"), "HELLO"}


def test_three_corners_are_not_enough() -> None:
    seen = [Seen(_payload(f"CORNER-{c}"), (0, 0)) for c in ("NW", "NE", "SW")]
    reading = read_board([*seen, Seen(_payload("ARCHER-R-3"), (150, 100))], data().board)
    assert reading.missing_corners == ("SE",) and reading.squares == {}


@pytest.mark.parametrize(("x", "y", "square"), [(0.0, 0.0, "A1"), (8.99, 8.99, "I9"), (2.5, 3.2, "C4"),
                                                 (-0.01, 4.0, None), (9.0, 1.0, None), (4.0, 9.0, None)])
def test_board_points_name_their_square_row_1_north(x: float, y: float, square: str | None) -> None:
    assert square_at(x, y, 9, 9) == square
