"""Camera faults: a camera that fails to open, stops, or comes back is reported and retried."""

from __future__ import annotations

import numpy as np

from companion.vision import BACK, LOST, CameraEvent, CaptureSource, Frame, FrameSource, ResilientSource
from companion.vision.frames import SourceError


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, s: float) -> None:
        self.sleeps.append(s)
        self.now += s


class FlakyCamera(FrameSource):
    """Gives frames while ``plan`` says "frame", nothing while it says "stall"."""

    live = True

    def __init__(self, plan: list[str], clock: FakeClock) -> None:
        self.plan, self.clock = plan, clock
        self.closed = False

    def read(self) -> Frame | None:
        step = self.plan.pop(0) if self.plan else "stall"
        self.clock.now += 0.033
        return Frame(0, 0.0, np.zeros((4, 4, 3), np.uint8)) if step == "frame" else None

    def close(self) -> None:
        self.closed = True


def test_a_camera_that_fails_to_open_then_works_is_lost_then_back_with_growing_waits() -> None:
    clock = FakeClock()
    attempts = []

    def opener() -> FrameSource:
        attempts.append(clock.now)
        if len(attempts) <= 3:
            raise SourceError("no_camera", camera=0)
        return FlakyCamera(["frame"] * 5, clock)

    heard: list[CameraEvent] = []
    src = ResilientSource(opener, "camera 0", heard.append, clock=clock, sleep=clock.sleep)
    frames = [src.read() for _ in range(6)]
    assert frames[:3] == [None, None, None]
    assert all(f is not None for f in frames[3:])
    assert [(e.kind, e.reason) for e in heard] == [(LOST, "camera 0: cannot be opened"), (BACK, "")]
    assert clock.sleeps[:3] == [0.25, 0.5, 1.0]  # backoff grows
    assert [f.index for f in frames[3:]] == [0, 1, 2]


def test_a_camera_that_stops_delivering_is_lost_reopened_and_back() -> None:
    clock = FakeClock()
    cams: list[FlakyCamera] = []

    def opener() -> FrameSource:
        plan = ["frame"] * 3 + ["stall"] * 1000 if not cams else ["frame"] * 10
        cams.append(FlakyCamera(plan, clock))
        return cams[-1]

    src = ResilientSource(opener, "camera 1", clock=clock, sleep=clock.sleep, stall_after=2.0)
    got = []
    while sum(f is not None for f in got) < 13 and len(got) < 500:
        got.append(src.read())
    kinds = [e.kind for e in src.events]
    assert kinds == [LOST, BACK]
    lost_at = src.events[0].t
    assert 2.0 <= lost_at - 3 * 0.033 < 2.1  # after stall_after seconds without a frame
    assert src.events[0].reason == "no frames"
    assert cams[0].closed and len(cams) == 2
    assert sum(f is not None for f in got) == 13
    indices = [f.index for f in got if f is not None]
    assert indices == list(range(13))  # numbering goes on across the reconnection


def test_a_missing_real_device_gives_one_clean_lost_event_and_no_crash() -> None:
    clock = FakeClock()
    src = ResilientSource(lambda: CaptureSource(97), "camera 97", clock=clock, sleep=clock.sleep)
    assert [src.read() for _ in range(4)] == [None] * 4
    assert [e.kind for e in src.events] == [LOST]
    assert "camera 97" in src.events[0].reason
    src.close()
    assert src.read() is None


def test_a_missing_video_path_is_a_source_error_not_a_crash(tmp_path) -> None:
    clock = FakeClock()
    src = ResilientSource(
        lambda: CaptureSource(str(tmp_path / "gone.mp4")), "file", clock=clock, sleep=clock.sleep
    )
    assert src.read() is None
    assert [(e.kind, e.reason) for e in src.events] == [
        (LOST, f"{tmp_path / 'gone.mp4'}: no such video file")
    ]


def test_a_live_reader_on_a_missing_camera_reports_lost_and_stops_promptly() -> None:
    import time

    from companion.vision import open_live

    heard: list = []
    reader = open_live(97, heard.append, game="tatsu")
    deadline = time.monotonic() + 5
    while not heard and time.monotonic() < deadline:
        time.sleep(0.02)
    t0 = time.monotonic()
    reader.stop()
    assert time.monotonic() - t0 < 1.5  # the backoff wait is cut short
    assert [(type(e).__name__, e.kind) for e in heard] == [("CameraEvent", LOST)]
    assert reader.error is None
