"""Camera tags against QR codes on the realism kit (DESIGN.md §10): read rate of resting labels
by distance and elevation, detection cost per 720p frame with 12 labels on every surface,
and label at rest -> "seen" event on a pre-rendered 30 fps clip.

One core (cv2.setNumThreads(1)). Labels as printed: the tag in a 35.5 mm block (3.75 mm
cells), or the first labels' QR code (1.4 mm modules) for zxing-cpp and pyzbar.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from card_codes import encode, load_deck
from companion.vision import SEEN, CaptureSource, LabelTracker, make_decoder, write_video
from companion.vision.realism import SURFACES, Laid, TableCamera, TableClip

DISTANCES = (400, 550, 700, 800)
ELEVATIONS = (30, 45, 60)
TRIALS = 3
BUDGET_MEAN_MS, BUDGET_MAX_MS = 10.0, 50.0


def resting_scene(ids: list[str], rng: np.random.Generator, shift: int) -> list[Laid]:
    """12 cards at rest in a 4 x 3 layout around the point the camera looks at, turned at random."""
    return [Laid(ids[(i + shift) % len(ids)], 0.0, ((i % 4 - 1.5) * 85, (i // 4 - 1) * 105),
                 angle=float(rng.uniform(0, 360)), slide=0.01) for i in range(12)]


def read_rates(deck) -> None:
    print("-- resting labels read, per frame (12 labels, wood, 3 frames each of 3 layouts)")
    ids = deck.ids()
    names = {"tag": ("tag", "tag"), "QR zxing": ("zxing", "qr"), "QR pyzbar": ("pyzbar", "qr")}
    print("distance elevation " + " ".join(f"{n:>10s}" for n in names))
    for dist in DISTANCES:
        for elev in ELEVATIONS:
            rates = []
            for _name, (decoder, code) in names.items():
                hit = n = 0
                rng = np.random.default_rng(dist + elev)
                for trial in range(TRIALS):
                    scene = resting_scene(ids, rng, trial * 5)
                    clip = TableClip(deck, scene, camera=TableCamera(dist, elev), duration=0.3, seed=trial,
                                     code=code)
                    want = {deck.card(h.card).id for h in scene if clip.visible_at_rest(h)}
                    dec = make_decoder(decoder)  # live decoders, frames in order
                    for k in range(3):
                        got = {d.text for d in dec.decode(clip.render(0.1 + k / 30, k))}
                        hit += len({c for c in want if encode(deck, c) in got})
                        n += len(want)
                rates.append(100 * hit / max(n, 1))
            print(f"{dist / 10:6.0f} cm {elev:7d}° " + " ".join(f"{r:9.1f}%" for r in rates), flush=True)


def detection_cost(deck) -> None:
    print("-- tag detection of a 1280x720 frame with 12 labels, live decoder, one core, 30 frames")
    ids = deck.ids()
    for surf in SURFACES:
        for dist, elev in ((400, 45), (550, 30), (800, 30)):
            rng = np.random.default_rng(7)
            clip = TableClip(deck, resting_scene(ids, rng, 0), camera=TableCamera(dist, elev), surface=surf,
                             duration=1.2, seed=1)
            frames = [clip.render(k / 30, k) for k in range(10)]
            dec = make_decoder("tag")
            times = []
            for k in range(30):
                t0 = time.perf_counter()
                dec.decode(frames[k % len(frames)])
                times.append((time.perf_counter() - t0) * 1000)
            mean, worst = statistics.mean(times), max(times)
            verdict = "OK" if mean <= BUDGET_MEAN_MS and worst <= BUDGET_MAX_MS else "OVER"
            print(f"{surf:9s} {dist / 10:3.0f} cm {elev}°: mean {mean:5.1f} ms "
                  f"(ratio {mean / BUDGET_MEAN_MS:.2f}), median {statistics.median(times):5.1f}, "
                  f"max {worst:5.1f} ms (ratio {worst / BUDGET_MAX_MS:.2f}) "
                  f"{verdict}", flush=True)


def rest_to_seen(deck) -> None:
    print("-- label at rest -> seen event, pre-rendered 30 fps clip (MJPG), frame times")
    ids = deck.ids()
    scene = [Laid(ids[k], 0.8 + 0.9 * k, ((k % 4 - 1.5) * 85, (k // 4 - 0.5) * 105), angle=15 * k,
                  edge=("bottom", "left", "top", "right")[k % 4]) for k in range(8)]
    with tempfile.TemporaryDirectory() as tmp:
        video = Path(tmp) / "rest.avi"
        write_video(TableClip(deck, scene, camera=TableCamera(600, 40), fps=30, seed=3), video)
        rest = {h.card: h.t for h in scene}
        seen = {}
        dec = make_decoder("tag")
        t_decode = []
        tracker = LabelTracker(game=deck.game, laid=True)
        for frame in CaptureSource(str(video)):
            t0 = time.perf_counter()
            dets = dec.decode(frame.image)
            t_decode.append((time.perf_counter() - t0) * 1000)
            for e in tracker.update(frame.t, dets, (1280, 720), frame.index):
                if e.kind == SEEN and e.card not in seen:
                    seen[e.card] = e.t
    delays = [(seen[c] - rest[c]) * 1000 for c in rest if c in seen]
    decode_ms = statistics.median(t_decode)
    print(f"laid {len(seen)}/{len(rest)}; rest -> seen frame {statistics.median(delays):.0f} ms median "
          f"(min {min(delays):.0f}, max {max(delays):.0f}); + decode {decode_ms:.1f} ms median; "
          f"+ cached earcon/phrase to sound ~11-15 ms (bench_speech): "
          f"~{statistics.median(delays) + decode_ms + 13:.0f} ms against 80 ms")


def main() -> None:
    cv2.setNumThreads(1)
    deck = load_deck("tatsu")
    parts = sys.argv[1:] or ["cost", "rest", "rates"]
    if "cost" in parts:
        detection_cost(deck)
    if "rest" in parts:
        rest_to_seen(deck)
    if "rates" in parts:
        read_rates(deck)


if __name__ == "__main__":
    main()
