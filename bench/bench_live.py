"""Label coming into view -> first audio sample of its announcement (budget 150 ms median).

The whole live path on the synthetic table: a card slides in front of its seat, frames go
through the real decoder and tracker (a worker thread, newest frame only), the rules
accept it, the record is fsynced, and the announcer speaks through a persistent stream to
the PulseAudio null sink, whose monitor we record. "Into view" is the wall time at which the
first frame in which the whole card lies inside the image is delivered (its capture time,
or later if rendering it took longer); the tracker then needs the
label in 2 of its last 3 frames, so the camera's frame rate is part of the measure (15 fps).
Run twice: with the "label read" earcon (what a player hears first) and with speech alone.
"""

import io
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

if not os.environ.get("PULSE_SERVER"):
    sys.exit("bench_live: no audio server (run it through make bench / scripts/bench.sh)")

from audio_monitor import Monitor
from common import report

from card_codes import load_deck
from companion.session import Session, SessionOptions
from companion.session.synthetic import LiveTable
from companion.speech.announcer import Announcer
from companion.vision import open_live

PLAYS = 16
FPS = 15.0


class WatchedTable(LiveTable):
    """Notes the wall time at which each card first lies wholly inside a delivered frame."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.in_view: dict[str, float] = {}

    def read(self):  # type: ignore[no-untyped-def]
        if not hasattr(self, "_t0"):
            self._t0 = time.perf_counter()  # the live reader plays frame t at t0 + t
        frame = super().read()
        if frame is not None:
            w, h = self.camera.size
            # a camera delivers a frame at its time; a synthetic one rendered early waits for it
            now = max(time.perf_counter(), self._t0 + frame.t)
            for placed in self.placed_at(frame.t):
                quad = self.card_quad(placed)
                inside = (quad[:, 0].min() >= 0 and quad[:, 1].min() >= 0 and quad[:, 0].max() < w
                          and quad[:, 1].max() < h)
                if inside and placed.card not in self.in_view:
                    self.in_view[placed.card] = now
        return frame


def measure(with_earcon: bool) -> list[float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    deck = load_deck("tatsu")
    ann = Announcer("fr", {"all": "table"}, out=io.StringIO(), cache_folder=folder / "cache")
    if not with_earcon:
        ann.earcon = lambda *a, **k: None  # type: ignore[method-assign]
    table = WatchedTable(deck, 4, fps=FPS, seed=2)
    opts = SessionOptions(record=folder / "game.jsonl", bots=frozenset(range(4)), pace=1.0, setup=False,
                          seed=2)
    session = Session(opts, ann, table=table)
    session.open()
    ann.prebuild(session.fixed_phrases())  # as companion play does before the game
    announced: list[tuple[str, float]] = []
    plain_announce = ann.announce

    def announce(audience, text, priority=1, **kw):  # type: ignore[no-untyped-def]
        plain_announce(audience, text, priority, **kw)

    ann.announce = announce  # type: ignore[method-assign]
    monitor = Monitor()
    monitor.stream.start()
    reader = open_live(table, session.on_vision, game="tatsu")
    session.post("start")
    stop = threading.Event()
    worker = threading.Thread(target=lambda: session.run(idle=lambda: stop.is_set() and setattr(
        session, "quit", True)), daemon=True)
    worker.start()
    samples: list[float] = []
    deadline = time.monotonic() + 240
    while len(samples) < PLAYS and time.monotonic() < deadline:
        time.sleep(0.05)
        played = [e.params["card"] for e in session.match.events if e.key in ("play", "play_for")]
        for card in played:
            if card in table.in_view and card not in {c for c, _ in announced}:
                announced.append((card, table.in_view[card]))
                ann.wait(10)
                time.sleep(0.1)
                heard = monitor.first_audible_after(table.in_view[card])
                if heard is not None:
                    samples.append((heard - table.in_view[card]) * 1000)
    stop.set()
    worker.join(5)
    reader.stop()
    ann.close()
    monitor.stream.stop()
    monitor.stream.close()
    session.close()
    return samples


def main() -> None:
    for with_earcon, name in ((True, "label in view -> first sound (earcon 'label read')"),
                              (False, "label in view -> first sound of the spoken announcement")):
        samples = measure(with_earcon)
        if not samples:
            print(f"{name}: nothing measured")
            continue
        report(name, samples, 150)
        print(f"  (spread: p25 {statistics.quantiles(samples, n=4)[0]:.0f} ms, "
              f"p75 {statistics.quantiles(samples, n=4)[2]:.0f} ms, {FPS:g} fps camera)", flush=True)


if __name__ == "__main__":
    main()
