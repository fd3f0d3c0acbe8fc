"""Camera tags against QR codes on the realism kit (DESIGN.md §10).

- rates: resting labels read per frame, by distance x elevation x surface, for today's labels
  (the camera tag, 3.75 mm cells in a 35.5 mm block, `tag` decoder) and for the first labels'
  QR code (1.4 mm modules) with zxing-cpp and with pyzbar; then the camera tag under harder
  looks (a dim room, a soft lens with strong MJPG coding, a lamp's glare on three cards).
  12 cards at rest, turned at random, no card over another's code (bench/kit_scenes.py); a
  label counts when its code lies wholly in the picture (the kit's ground truth). Each layout is
  read on two frames by a fresh live decoder (no memory of earlier frames).
- cost: the decoders' time on a 1280x720 frame with 12 labels, on each surface, frames in
  order as live: the tag decoder (CPU time of the decoding thread: what one core spends; and
  wall time), with one OpenCV thread and with two; `auto` (tags, and QR one frame in four);
  zxing-cpp on the first labels' frames, and `auto` there once settled (QR on every frame, the
  tag pass one frame in four). Medians over 3 repeats of each mean and worst frame.
- independent: the camera tag at 80 and 100 cm on the kit extended with what a camera nobody here
  tuned to does (kit.realism.INDEPENDENT: barrel distortion, defocus, its own noise reduction and
  sharpening, stronger MJPG coding), by both tag readers ("tag": aruco's pass and AprilTag 3's
  second looks; "tag-aruco": aruco alone), with the wrong reads (a card not on the table), against
  issue 29's targets (99 % at 80 cm, 95 % at 100 cm, 0 wrong).

Usage: bench_tags.py [rates] [looks] [cost] [independent]   (all by default)
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))

from card_codes import encode, load_deck
from companion.vision import make_decoder
from companion.vision.decoders import TAG_IDLE
from kit.realism import INDEPENDENT, SURFACES, Glare, Look, TableCamera, TableClip
from kit.table_scenes import resting_scene

DISTANCES = (400, 550, 700, 800)
ELEVATIONS = (30, 45, 60)
LAYOUTS = 3
FRAMES = 2
TARGET = {400: 99.0, 550: 99.0, 700: 99.0, 800: 95.0}  # DESIGN.md §10, per distance
BUDGET_MEAN_MS, BUDGET_MAX_MS, QR_BUDGET_MS = 10.0, 50.0, 10.0
RUNS = (("tag, 1 thread", "tag", "tag", 1), ("tag, 2 threads", "tag", "tag", 2), ("auto", "tag", "auto", 1),
        ("zxing on QR", "qr", "zxing", 1), ("auto on QR", "qr", "auto", 1))  # label, labels, decoder, threads
LOOKS = {"plain": Look(), "dim room": Look(gain=0.35, noise=5.0), "soft lens": Look(blur=1.3, jpeg=60),
         "glare": Look(), "independent": INDEPENDENT}
FAR = {800: 99.0, 1000: 95.0}  # issue 29: labels at rest on the extended kit, 30-60°, per distance
TAG_READERS = ("tag", "tag-aruco")


def scene_for(deck, surface: str, distance: int, elevation: int, layout: int, look: str = "plain") -> list:
    rng = np.random.default_rng([distance, elevation, layout, SURFACES.index(surface)])
    scene = resting_scene(deck.ids(), rng, int(rng.integers(len(deck.ids()))))
    if look == "glare":
        scene += [Glare(scene[k].at, radius=15, strength=0.7) for k in (1, 6, 10)]
    return scene


def read_counts(deck, code: str, decoders: list[str], surface: str, distance: int, elevation: int,
                layout: int, look: str = "plain",
                wrong: dict[str, int] | None = None) -> dict[str, tuple[int, int]]:
    """(labels read, labels readable) over FRAMES frames of one layout, per decoder; ``wrong``
    counts, per decoder, the texts read that are no card on the table."""
    scene = scene_for(deck, surface, distance, elevation, layout, look)
    clip = TableClip(deck, scene, camera=TableCamera(distance, elevation), surface=surface, duration=0.3,
                     seed=layout, code=code, look=LOOKS[look])
    want = {encode(deck, h.card) for h in scene if getattr(h, "card", None) and clip.visible_at_rest(h)}
    laid = {encode(deck, h.card) for h in scene if getattr(h, "card", None)}
    frames = [clip.render(0.1 + k / 30, k) for k in range(FRAMES)]
    out = {}
    for name in decoders:
        dec = make_decoder(name)
        texts = [{d.text for d in dec.decode(f)} for f in frames]
        out[name] = (sum(len(want & t) for t in texts), len(want) * FRAMES)
        if wrong is not None:
            wrong[name] = wrong.get(name, 0) + sum(len(t - laid) for t in texts)
    return out


def rate_tables(deck) -> None:
    runs = (("tag", ["tag"], "camera tag (tag decoder)"),
            ("qr", ["zxing", "pyzbar"], None))
    totals: dict[str, dict] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for code, decoders, _title in runs:
        for surface in SURFACES:
            for distance in DISTANCES:
                for elevation in ELEVATIONS:
                    for layout in range(LAYOUTS):
                        got = read_counts(deck, code, decoders, surface, distance, elevation, layout)
                        for name, (hit, n) in got.items():
                            for key in ((distance, elevation, surface), (distance, elevation, "all"),
                                        (distance, "30-60", "all")):
                                totals[name][key][0] += hit
                                totals[name][key][1] += n
            print(f"  ({code} labels, {surface} done)", flush=True)
    titles = {"tag": "camera tag, 3.75 mm cells (tag decoder)", "zxing": "QR, 1.4 mm modules, zxing-cpp",
              "pyzbar": "QR, 1.4 mm modules, pyzbar"}
    for name, title in titles.items():
        t = totals[name]
        print(f"\n-- resting labels read, {title}: % of labels whose code is in view, per frame")
        print(f"{'':12s}" + "".join(f"{s:>10s}" for s in (*SURFACES, "all")))
        for distance in DISTANCES:
            for elevation in ELEVATIONS:
                cells = [t[(distance, elevation, s)] for s in (*SURFACES, "all")]
                row = "".join(f"{100 * h / n:9.1f}%" if n else f"{'':10s}" for h, n in cells)
                print(f"{distance / 10:3.0f} cm {elevation:4d}° {row}", flush=True)
            h, n = t[(distance, "30-60", "all")]
            share = 100 * h / max(n, 1)
            mark = "OK" if share >= TARGET[distance] else f"under {TARGET[distance]:g} %"
            print(f"{distance / 10:3.0f} cm 30-60° {'':50s}{share:9.1f}%  {mark}", flush=True)
        n = sum(v[1] for k, v in t.items() if k[2] != "all")
        print(f"({n} label readings)")


def look_table(deck) -> None:
    print("\n-- camera tag under harder looks (all surfaces, 1 layout each): % read per frame")
    looks = list(LOOKS)
    print(f"{'':12s}" + "".join(f"{k:>11s}" for k in looks))
    for distance in DISTANCES:
        for elevation in ELEVATIONS:
            row = ""
            for look in looks:
                hit = n = 0
                for surface in SURFACES:
                    h, m = read_counts(deck, "tag", ["tag"], surface, distance, elevation, 0, look)["tag"]
                    hit, n = hit + h, n + m
                row += f"{100 * hit / max(n, 1):10.1f}%"
            print(f"{distance / 10:3.0f} cm {elevation:4d}° {row}", flush=True)


def far_table(deck) -> None:
    print("\n-- camera tag on the kit extended with an independent camera (kit.realism.INDEPENDENT): "
          "% of labels in view read per frame, all surfaces")
    print(f"{'':12s}" + "".join(f"{n:>11s}" for n in TAG_READERS))
    wrong: dict[str, int] = {}
    for distance, target in FAR.items():
        totals = {n: [0, 0] for n in TAG_READERS}
        for elevation in ELEVATIONS:
            cells = {n: [0, 0] for n in TAG_READERS}
            for surface in SURFACES:
                for layout in range(LAYOUTS):
                    got = read_counts(deck, "tag", list(TAG_READERS), surface, distance, elevation, layout,
                                      "independent", wrong)
                    for name, (hit, n) in got.items():
                        cells[name][0] += hit
                        cells[name][1] += n
                        totals[name][0] += hit
                        totals[name][1] += n
            row = "".join(f"{100 * h / max(n, 1):10.1f}%" for h, n in cells.values())
            print(f"{distance / 10:3.0f} cm {elevation:4d}° {row}", flush=True)
        row = "".join(f"{100 * h / max(n, 1):10.1f}%" for h, n in totals.values())
        marks = ", ".join(f"{n} {'OK' if 100 * h / max(m, 1) >= target else f'under {target:g} %'}"
                          for n, (h, m) in totals.items())
        print(f"{distance / 10:3.0f} cm 30-60° {row}  ({marks})", flush=True)
    print("wrong reads (a card not on the table): "
          + ", ".join(f"{n} {wrong.get(n, 0)}" for n in TAG_READERS))


def timed(dec, frames: list, repeats: int = 3, warm: int = 1) -> tuple[float, float, float, float]:
    """Medians over repeats of (CPU mean, CPU worst, wall mean, wall worst), ms per frame, each
    with a new decoder that has first decoded ``warm`` frames (its detectors built, its state
    settled)."""
    runs = []
    for _ in range(repeats):
        d = dec()
        for k in range(warm):
            d.decode(frames[k % len(frames)])
        cpu, wall = [], []
        for f in frames:
            c0, w0 = time.thread_time(), time.perf_counter()
            d.decode(f)
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
        runs.append((statistics.mean(cpu), max(cpu), statistics.mean(wall), max(wall)))
    return tuple(statistics.median(r[i] for r in runs) for i in range(4))  # type: ignore[return-value]


def cost(deck) -> None:
    print("\n-- detection of a 1280x720 frame with 12 labels, frames in order (60 a run: 10 frames, 6 times)")
    print("decoder          surface   view       CPU mean  worst | wall mean  worst   (budget 10 / 50 ms)")
    worst_mean = worst_max = 0.0
    for surface in SURFACES:
        for distance, elevation in ((550, 45), (700, 60), (800, 30)):
            scene = scene_for(deck, surface, distance, elevation, 0)
            frames = {}
            for code in ("tag", "qr"):
                clip = TableClip(deck, scene, camera=TableCamera(distance, elevation), surface=surface,
                                 duration=1.0, seed=1, code=code)
                frames[code] = [clip.render(k / 30, k) for k in range(10)] * 6
            for label, code, name, threads in RUNS:
                cv2.setNumThreads(threads)
                warm = TAG_IDLE + 2 if (name, code) == ("auto", "qr") else 1  # steady: the tag pass probes
                cm, cw, wm, ww = timed(lambda name=name: make_decoder(name), frames[code], warm=warm)
                cv2.setNumThreads(1)
                verdict = ""
                if name == "tag" and threads == 1:
                    worst_mean, worst_max = max(worst_mean, cm), max(worst_max, cw)
                    verdict = "OK" if cm <= BUDGET_MEAN_MS and cw <= BUDGET_MAX_MS else "OVER"
                print(f"{label:16s} {surface:9s} {distance / 10:.0f} cm {elevation}°  {cm:7.1f} {cw:6.1f} | "
                      f"{wm:8.1f} {ww:6.1f}  {verdict}", flush=True)
    print(f"tag decoder, one core, every surface: worst mean {worst_mean:.1f} ms (ratio "
          f"{worst_mean / BUDGET_MEAN_MS:.2f}), worst frame {worst_max:.1f} ms "
          f"(ratio {worst_max / BUDGET_MAX_MS:.2f})")


def main() -> None:
    cv2.setNumThreads(1)
    deck = load_deck("tatsu")
    parts = sys.argv[1:] or ["rates", "looks", "cost", "independent"]
    if "rates" in parts:
        rate_tables(deck)
    if "looks" in parts:
        look_table(deck)
    if "cost" in parts:
        cost(deck)
    if "independent" in parts:
        far_table(deck)


if __name__ == "__main__":
    main()
