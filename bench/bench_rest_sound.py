"""A label coming to rest -> the first audio sample of what the table hears (DESIGN.md §10:
<= 80 ms median), on pre-rendered 30 fps clips, through the real null-sink device.

Each clip (the realism kit: a camera beside the table, MJPG) is one Tatsu trick: four cards slid
in by four seats, 2.2 s apart, left at rest. It is written to a video file, then played back at
30 fps as a camera would deliver it (each frame handed over at its own time; the wall time of
each delivery is noted) into the live path of `companion play`: the live reader (newest frame
only), the default decoder, the tracker in laid mode, the session (rules, record fsynced), the
announcer and its persistent stream on the table sink, whose monitor is recorded. The delay of a
card is from the delivery of the first frame in which it lies at rest to the first audible sample
after it. Run with the "label read" earcon (what a player hears first) and with speech alone.
Also said: where the time goes (rest -> seen event, seen -> announced, announced -> sound).
`bench_rest_sound.py 60` films the same clips at 60 fps (a faster webcam).
"""

from __future__ import annotations

import io
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))

if not os.environ.get("PULSE_SERVER"):
    sys.exit("bench_rest_sound: no audio server (run it through make bench / scripts/bench.sh)")

import numpy as np
from audio_monitor import Monitor
from common import report

from card_codes import load_deck
from companion.session import Session, SessionOptions
from companion.speech.announcer import Announcer
from companion.vision import SEEN, CaptureSource, FrameSource, open_live, write_video
from kit.realism import Laid, TableCamera, TableClip

FPS = 30
BUDGET_MS = 80.0
TRICK = ("Y-P4-V1", "R-P2-V1", "Y-P3-V1", "R-P5-V1")  # Nord, Est, Sud, Ouest: a legal first trick
SEATS = (((0, 70), "top"), ((100, 0), "right"), ((0, -70), "bottom"), ((-100, 0), "left"))
SETUPS = (("wood", 550, 45), ("felt", 650, 35), ("laminate", 450, 55), ("gingham", 700, 40),
          ("dark", 600, 50))


class PacedVideo(FrameSource):
    """A video file delivered as a camera would: frame t at t after the first; notes when."""

    live = True

    def __init__(self, path: Path) -> None:
        self._cap = CaptureSource(str(path))
        self.name = str(path)
        self.delivered: dict[int, float] = {}
        self._t0: float | None = None
        self.done = False

    def read(self):  # type: ignore[no-untyped-def]
        if self.done:
            time.sleep(0.01)
            return None
        frame = self._cap.read()
        if frame is None:
            self.done = True
            return None
        if self._t0 is None:
            self._t0 = time.perf_counter()
        wait = self._t0 + frame.t - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        self.delivered[frame.index] = time.perf_counter()
        return frame

    def close(self) -> None:
        self._cap.close()


def clip_for(deck, setup: tuple[str, int, int], k: int) -> TableClip:
    surface, distance, elevation = setup
    rng = np.random.default_rng(k)
    scene = [Laid(card, 1.2 + 2.2 * i, SEATS[i][0], angle=float(90 * i + rng.uniform(-20, 20)),
                  edge=SEATS[i][1], slide=float(rng.uniform(0.35, 0.6)), seat=i)
             for i, card in enumerate(TRICK)]
    return TableClip(deck, scene, camera=TableCamera(distance, elevation), surface=surface, fps=FPS,
                     duration=scene[-1].t + 2.5, seed=k)


def measure(video: Path, clip: TableClip, folder: Path, with_earcon: bool) -> list[dict[str, float]]:
    ann = Announcer("fr", {"all": "table"}, out=io.StringIO(), cache_folder=folder / "cache")
    if not with_earcon:
        ann.earcon = lambda *a, **k: None  # type: ignore[method-assign]
    record = folder / f"game-{time.monotonic_ns()}.jsonl"
    opts = SessionOptions(record=record, pace=0.0, setup=False, seed=1)
    session = Session(opts, ann)
    session.open()
    ann.prebuild(session.fixed_phrases())  # as companion play does before the game
    names = {card: load_deck("tatsu").card(card).name("fr") for card in TRICK}
    seen_at: dict[str, float] = {}
    announced_at: dict[str, float] = {}
    plain_on_vision, plain_announce = session.on_vision, ann.announce

    def on_vision(event) -> None:  # type: ignore[no-untyped-def]
        if getattr(event, "kind", None) == SEEN and event.card not in seen_at:
            seen_at[event.card] = time.perf_counter()
        plain_on_vision(event)

    def announce(audience, text, priority=1, **kw) -> None:  # type: ignore[no-untyped-def]
        for card, name in names.items():
            if card not in announced_at and name in text:
                announced_at[card] = time.perf_counter()
        plain_announce(audience, text, priority, **kw)  # the seat it is about (its voice), as given

    ann.announce = announce  # type: ignore[method-assign]
    session.begin()  # the game starts before the first card comes (as after the set-up's Enter)
    ann.wait(15)  # its opening lines are said before the clip rolls
    monitor = Monitor()
    monitor.stream.start()
    time.sleep(0.3)
    source = PacedVideo(video)
    reader = open_live(source, on_vision, game="tatsu")
    worker = threading.Thread(target=session.run, daemon=True)
    worker.start()
    while not source.done:
        time.sleep(0.05)
    time.sleep(1.5)
    session.quit = True
    worker.join(5)
    reader.stop()
    ann.wait(5)
    monitor.stream.stop()
    monitor.stream.close()
    ann.close()
    session.close()
    out = []
    for h in clip.scene:
        rest_frame = math.ceil(h.t * FPS - 1e-9)
        at = source.delivered.get(rest_frame)
        heard = monitor.first_audible_after(at) if at is not None else None
        if at is None or heard is None or h.card not in seen_at:
            out.append({"card": h.card})
            continue
        out.append({"card": h.card, "sound": (heard - at) * 1000, "seen": (seen_at[h.card] - at) * 1000,
                    "announced": (announced_at.get(h.card, seen_at[h.card]) - at) * 1000})
    return out


def main() -> None:
    import cv2

    global FPS
    if sys.argv[1:]:
        FPS = int(sys.argv[1])
    cv2.setNumThreads(1)
    deck = load_deck("tatsu")
    print(f"-- {len(SETUPS)} clips of 4 cards, {FPS} fps, MJPG", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        clips = []
        for k, setup in enumerate(SETUPS):
            clip = clip_for(deck, setup, k)
            video = folder / f"trick{k}.avi"
            write_video(clip, video)
            clips.append((setup, clip, video))
        for with_earcon, name in ((True, "label at rest -> first sound (earcon 'label read')"),
                                  (False, "label at rest -> first sound of the spoken announcement")):
            rows = []
            for setup, clip, video in clips:
                got = measure(video, clip, folder, with_earcon)
                rows += got
                said = ", ".join(f"{r['sound']:.0f}" if "sound" in r else "-" for r in got)
                print(f"  {setup[0]:8s} {setup[1] / 10:.0f} cm {setup[2]}°: {said} ms", flush=True)
            sounds = [r["sound"] for r in rows if "sound" in r]
            print(f"{len(sounds)} of {len(rows)} cards heard")
            if not sounds:
                continue
            report(name, sounds, BUDGET_MS)
            parts = {k: statistics.median([r[k] for r in rows if k in r]) for k in ("seen", "announced")}
            print(f"  where it goes (medians): rest -> seen event {parts['seen']:.0f} ms, -> announced "
                  f"{parts['announced']:.0f} ms, -> first sample {statistics.median(sounds):.0f} ms; "
                  f"p25 {np.percentile(sounds, 25):.0f}, p75 {np.percentile(sounds, 75):.0f} ms", flush=True)


if __name__ == "__main__":
    main()
