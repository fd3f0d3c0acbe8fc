"""A Dojo laid card by card, watched on a realism-kit video: each change of the grid is given once,
and the grid reader finds the finished dojo's 12 cards in their rows and columns."""

from __future__ import annotations

import itertools

import pytest

from card_codes import load_deck
from companion.vision import CaptureSource, make_decoder, read_grid, write_video
from companion.vision.watch import LayoutEvent, watch_layout
from kit.realism import Laid, TableCamera, TableClip

CARDS = ["FOX-1-1", "CRANE-2-1", "BEAR-3-2", "MONKEY-5-1", "TIGRESS-1-2", "RACCOON-4-1",
         "FOX-3-2", "CRANE-5-2", "BEAR-2-1", "MONKEY-4-2", "TIGRESS-3-1", "RACCOON-2-2"]


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> list[LayoutEvent]:
    scene = [Laid(card, 0.6 + 0.9 * k, ((k % 4 - 1.5) * 72.0, (1 - k // 4) * 100.0), edge="bottom", slide=0.4)
             for k, card in enumerate(CARDS)]
    video = tmp_path_factory.mktemp("dojo") / "dojo.avi"
    clip = TableClip(load_deck("dojo"), scene, camera=TableCamera(600, 55), fps=15, duration=12.5, seed=7)
    write_video(clip, video)
    return list(watch_layout(CaptureSource(str(video)), make_decoder("tag")))


@pytest.mark.slow
def test_each_card_laid_changes_the_layout_once_and_the_last_one_is_the_whole_dojo(
        events: list[LayoutEvent]) -> None:
    deck = load_deck("dojo")
    by_text = {deck.card(c).tag: c for c in CARDS}
    assert 6 <= len(events) <= 12  # a card laid while the last one settles may share its event
    for before, after in itertools.pairwise(events):
        assert set(before.texts) < set(after.texts) and not after.removed and not after.moved
    grid = read_grid(events[-1].labels)
    assert (grid.rows, grid.cols) == (3, 4)
    names = [[by_text[d.tag] if d else None for d in grid.row(r)] for r in range(3)]
    assert names == [CARDS[0:4], CARDS[4:8], CARDS[8:12]]
