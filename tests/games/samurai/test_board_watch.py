"""The samurai board watched on a realism-kit video (a camera above and beside the table): the
layout watcher gives the labels at rest whenever they change, and the game's own board reader
places them: a unit moved by a hand is one event, and read_board finds it on its new square."""

from __future__ import annotations

import pytest

from card_codes import load_deck
from companion.games.samurai.board import data
from companion.games.samurai.camera import read_board
from companion.vision import CaptureSource, make_decoder, write_video
from companion.vision.watch import LayoutEvent, watch_layout
from kit.realism import Hand, Laid, TableCamera, TableClip

SQUARE_MM = 40.0
TAG_ABOVE_CENTRE_MM = 20.25  # the tag's centre, from the card's centre towards its top (printed labels)
CORNERS = {"NW": (0, 0, 180.0), "NE": (9, 0, 180.0), "SE": (9, 9, 0.0), "SW": (0, 9, 0.0)}


def on_board(card: str, x: float, y: float, angle: float, t: float = 0.0, **kw) -> Laid:  # type: ignore[no-untyped-def]
    """A card whose tag centre lies on board point (x, y) (squares from the north-west corner;
    north is the far side of the table)."""
    import math

    px, py = (x - 4.5) * SQUARE_MM, (4.5 - y) * SQUARE_MM
    a = math.radians(angle)
    centre = (px - TAG_ABOVE_CENTRE_MM * math.sin(a), py - TAG_ABOVE_CENTRE_MM * math.cos(a))
    return Laid(card, t, centre, angle=angle, **kw)


def square(name: str) -> tuple[float, float]:
    return ord(name[0]) - ord("A") + 0.5, int(name[1:]) - 0.5


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> list[LayoutEvent]:
    scene: list = [on_board(f"CORNER-{c}", x, y, a, slide=0.01) for c, (x, y, a) in CORNERS.items()]
    scene += [on_board("KATANA-Y-1", *square("B2"), 0.0, slide=0.01),
              on_board("ARCHER-Y-1", *square("F2"), 0.0, slide=0.01, until=2.5, taken_to="right"),
              on_board("CAVALRY-R-1", *square("D8"), 0.0, slide=0.01),
              on_board("ARCHER-Y-1", *square("F5"), 0.0, t=3.2, edge="right", slide=0.5),  # the move
              Hand((-120.0, 100.0), 1.0, 1.8)]  # a hand resting on the board: no change
    video = tmp_path_factory.mktemp("board") / "board.avi"
    clip = TableClip(load_deck("samurai"), scene, camera=TableCamera(750, 65), fps=15, duration=6.0, seed=5)
    write_video(clip, video)
    return list(watch_layout(CaptureSource(str(video)), make_decoder("tag")))


@pytest.mark.slow
def test_a_unit_moved_on_the_board_is_one_change_read_on_its_new_square(events: list[LayoutEvent]) -> None:
    assert len(events) == 2, [(e.t, e.added, e.moved, e.removed) for e in events]
    board = data().board
    first, moved = read_board(events[0].labels, board), read_board(events[1].labels, board)
    assert first.ok and first.squares == {"KATANA-Y-1": "B2", "ARCHER-Y-1": "F2", "CAVALRY-R-1": "D8"}
    assert moved.ok and moved.squares == {"KATANA-Y-1": "B2", "ARCHER-Y-1": "F5", "CAVALRY-R-1": "D8"}
    assert len(events[1].moved) == 1 and not events[1].added and not events[1].removed
