"""Labels at rest watched on a realism-kit video: said when the layout changes, and only then."""

from __future__ import annotations

import pytest

from card_codes import encode, load_deck
from companion.vision import CaptureSource, make_decoder, write_video
from companion.vision.watch import LayoutEvent, LayoutWatcher, watch_layout
from kit.realism import Hand, Laid, TableCamera, TableClip

PLACES = [(-110.0, 60.0), (0.0, 60.0), (110.0, 60.0), (-110.0, -60.0), (0.0, -60.0), (110.0, -60.0)]
CARDS = ["Y-P4-V1", "R-P2-V1", "Y-P3-V1", "R-P5-V1", "Y-X1", "R-F"]


def scene() -> list:
    out: list = [Laid(card, 0.0, at, angle=10.0 * k, slide=0.01,
                      until={1: 3.0, 5: 5.6}.get(k), taken_to="top")
                 for k, (card, at) in enumerate(zip(CARDS, PLACES, strict=True))]
    out.append(Laid(CARDS[1], 3.8, (200.0, 0.0), angle=30.0, edge="right", slide=0.5))  # put down elsewhere
    out.append(Hand(PLACES[3], 1.2, 2.2))  # a hand on a card for a second: nothing changes
    return out


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> list[LayoutEvent]:
    video = tmp_path_factory.mktemp("watch") / "layout.avi"
    clip = TableClip(load_deck("tatsu"), scene(), camera=TableCamera(600, 55), fps=15, duration=9.0, seed=2)
    write_video(clip, video)
    return list(watch_layout(CaptureSource(str(video)), make_decoder("tag")))


@pytest.mark.slow
def test_the_layout_is_said_once_then_at_each_change_only(events: list[LayoutEvent]) -> None:
    tatsu = load_deck("tatsu")
    text = {card: encode(tatsu, card) for card in CARDS}
    assert len(events) == 3, [(e.t, e.added, e.moved, e.removed) for e in events]
    first, move, gone = events
    assert sorted(first.texts) == sorted(text.values()) and first.t < 1.0
    assert move.moved == (text["R-P2-V1"],) and not move.added and not move.removed  # one event for the move
    assert 3.8 < move.t < 5.0
    assert gone.removed == (text["R-F"],) and gone.t > 5.6 + 1.5  # gone for good: after LOST_AFTER
    assert sorted(gone.texts) == sorted(t for c, t in text.items() if c != "R-F")


def test_a_moved_label_is_given_at_its_new_place(events: list[LayoutEvent]) -> None:
    first, move, _gone = events
    key = encode(load_deck("tatsu"), "R-P2-V1")
    before = next(d for d in first.labels if d.text == key).centre
    after = next(d for d in move.labels if d.text == key).centre
    assert after[0] - before[0] > 150  # 20 cm to the right, at 600 mm: well over a label's width


def test_a_label_flickering_in_place_or_a_hand_over_it_changes_nothing() -> None:
    from companion.vision.decoders import Detection

    quad = ((100.0, 100.0), (140.0, 100.0), (140.0, 130.0), (100.0, 130.0))
    watcher = LayoutWatcher()
    said = []
    for k in range(90):  # 3 s at 30 fps, read two frames in three, a pixel of jitter
        t = k / 30
        dets = [] if k % 3 == 2 or 30 <= k < 60 else [
            Detection("TA.YX1B", tuple((x + (k % 2), y) for x, y in quad), code="tag", tag=24)]  # type: ignore[arg-type]
        said += watcher.update(t, dets, k)
    assert len(said) == 1 and said[0].added == ("TA.YX1B",)
