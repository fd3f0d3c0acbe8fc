"""A played trick, written to real video files and read back through cv2.VideoCapture."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from card_codes import encode
from companion.vision import (
    GONE,
    SEEN,
    CameraEvent,
    CaptureSource,
    CardEvent,
    LabelTracker,
    LiveReader,
    Shown,
    SyntheticTable,
    make_decoder,
    track_source,
)
from companion.vision.decoders import Detection
from tests.vision.conftest import SEAT_ZONES, TRICK, TRICK_FPS, trick_script


@pytest.mark.slow
def test_video_file_reads_back_every_frame_at_720p(trick_video: Path, tatsu) -> None:
    expected = SyntheticTable(tatsu, trick_script(), fps=TRICK_FPS).frame_count()
    with CaptureSource(str(trick_video)) as src:
        frames = list(src)
    assert len(frames) == expected
    assert frames[0].image.shape == (720, 1280, 3)
    assert [f.index for f in frames[:3]] == [0, 1, 2]
    assert abs(frames[10].t - 10 / TRICK_FPS) < 1e-6


def test_trick_video_gives_exactly_the_played_cards_in_order_then_gone(trick_video: Path) -> None:
    tracker = LabelTracker(game="tatsu", zones=SEAT_ZONES)
    events = [
        e for _, evs in track_source(CaptureSource(str(trick_video)), make_decoder(), tracker) for e in evs
    ]
    summary = [(e.kind, e.card, e.seat) for e in events]
    played = [(SEEN, card, seat) for seat, (card, *_rest) in enumerate(TRICK)]
    assert summary[:4] == played
    assert sorted(summary[4:]) == sorted((GONE, card, seat) for seat, (card, *_rest) in enumerate(TRICK))
    seen_times = [e.t for e in events[:4]]
    # each card is announced while it lands (it is in place at 0.8 + 1.2 k seconds)
    for k, t in enumerate(seen_times):
        assert 0.8 + 1.2 * k - 0.45 <= t <= 0.8 + 1.2 * k + 0.3
    assert all(e.t >= 6.0 for e in events[4:])


def test_same_video_gives_the_same_events_twice(trick_mp4: Path) -> None:
    def run() -> list[CardEvent]:
        tracker = LabelTracker(game="tatsu")
        return [e for _, evs in track_source(CaptureSource(str(trick_mp4)), tracker=tracker) for e in evs]

    first, second = run(), run()
    assert [(e.kind, e.card, e.frame) for e in first] == [(e.kind, e.card, e.frame) for e in second]


class SlowDecoder:
    """The real decoder, made slower than the frame rate, so frames must be dropped."""

    name = "slow"

    def __init__(self, delay: float) -> None:
        self.inner = make_decoder()
        self.delay = delay

    def decode(self, image) -> list[Detection]:
        time.sleep(self.delay)
        return self.inner.decode(image)


@pytest.mark.realtime  # frames arrive on the clock, faster than the decoder: some are dropped
def test_live_reader_drops_frames_never_queues_and_still_sees_the_trick(trick_mp4: Path, tatsu) -> None:
    events: list[CardEvent] = []
    reader = LiveReader(
        CaptureSource(str(trick_mp4)),
        events.append,
        decoder=SlowDecoder(0.06),
        tracker=LabelTracker(game="tatsu"),
        speed=4.0,  # 40 frames a second arrive; about 15 can be decoded
    )
    with reader:
        assert reader.wait(timeout=30)
    stats = reader.stats
    assert stats["grabbed"] == 75
    assert stats["dropped"] > 0
    assert stats["decoded"] + stats["dropped"] == stats["grabbed"]
    seen = [e.card for e in events if e.kind == SEEN]
    assert sorted(seen) == sorted(card for card, *_ in TRICK)
    assert sorted(e.card for e in events if e.kind == GONE) == sorted(seen)
    assert reader.error is None
    assert {encode(tatsu, c) for c in seen} == {e.text for e in events if e.kind == SEEN}


def test_every_frame_mode_reads_each_frame_once_and_says_when_the_file_ends(trick_mp4: Path, tatsu) -> None:
    """A recording checked for what it shows (`play --video F --fast`): no frame dropped, however
    slow the decoder, and the end of the file is an event of its own."""
    events: list = []
    reader = LiveReader(CaptureSource(str(trick_mp4)), events.append, decoder=SlowDecoder(0.02),
                        tracker=LabelTracker(game="tatsu"), pace=False)
    with reader:
        assert reader.wait(timeout=60)
    assert reader.stats == {"grabbed": 75, "decoded": 75, "dropped": 0}
    assert sorted(e.card for e in events if getattr(e, "kind", "") == SEEN) == sorted(c for c, *_ in TRICK)
    assert [e.kind for e in events if isinstance(e, CameraEvent)] == ["ended"]
    assert events[-1].kind == "ended"


def test_a_drawn_table_behind_a_slow_decoder_draws_each_frame_once_and_drops_none(tatsu) -> None:
    """The synthetic table spends no work on frames nobody looks at: behind a decoder slower than
    its frame rate, it draws each frame once the decoder is free for it, none dropped (its clock
    slows down instead, as a slow machine's demo does), and shows each card."""
    drawn: list[int] = []

    class CountedTable(SyntheticTable):
        def render(self, t, index=0, placed=None):  # type: ignore[no-untyped-def]
            drawn.append(index)
            return super().render(t, index, placed)

    script = [Shown("Y-F", 0.3, None, (0.4, 0.5)), Shown("R-X1", 1.0, None, (0.65, 0.5), enter="top")]
    table = CountedTable(tatsu, script, fps=15, seed=4, duration=3.0)
    events: list[CardEvent] = []
    reader = LiveReader(table, events.append, decoder=SlowDecoder(0.05), tracker=LabelTracker(game="tatsu"),
                        speed=2.0)  # 30 frames a second due, about 15 decoded
    start = time.monotonic()
    with reader:
        assert reader.wait(timeout=30)
    assert reader.stats == {"grabbed": table.frame_count(), "decoded": table.frame_count(), "dropped": 0}
    assert drawn == list(range(table.frame_count()))
    assert time.monotonic() - start > 0.05 * table.frame_count()  # the decoder's pace, not the clip's
    assert [e.card for e in events if e.kind == SEEN] == ["Y-F", "R-X1"]


def test_open_live_plays_the_synthetic_table_and_hears_the_cards(tatsu) -> None:
    from companion.vision import Shown, open_live

    script = [Shown("Y-F", 0.3, 1.2, (0.4, 0.5)), Shown("R-X1", 0.6, 1.2, (0.65, 0.5), enter="top")]
    events: list[CardEvent] = []
    reader = open_live(SyntheticTable(tatsu, script, fps=10, seed=4), events.append, game="tatsu", speed=4.0)
    assert reader.wait(timeout=20)
    reader.stop()
    assert [(e.kind, e.card) for e in events if e.kind == SEEN] == [(SEEN, "Y-F"), (SEEN, "R-X1")]
    assert sorted(e.card for e in events if e.kind == GONE) == ["R-X1", "Y-F"]
