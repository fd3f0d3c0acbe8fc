"""Vision benchmarks (DESIGN.md §10): decode time per 720p frame, smallest readable label, real photos.

On one core (cv2.setNumThreads(1)); frames come from the synthetic table at a 720p
webcam's scale at 50 cm (1.83 px/mm, so 1.4 mm modules are 2.56 px).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import report, time_ms
from card_codes import load_deck
from companion.vision import Camera, Look, Shown, SyntheticTable, grid_script
from companion.vision.decoders import PyzbarDecoder, ZxingDecoder
from companion.vision.frames import read_image
from companion.vision.synthetic import MODULE_MM

BUDGET_12_MS = 10.0
AT_50CM = 1.83  # px per mm, 720p webcam with a 70° field (notes/printables.md §4.1)
REPO = Path(__file__).resolve().parents[1]
DECODERS = {
    "zxing": lambda: ZxingDecoder(),  # live default: the 45° pass on every other frame
    "zxing-45-always": lambda: ZxingDecoder(diagonal="always"),
    "zxing-plain": lambda: ZxingDecoder(diagonal="never"),
    "zxing-no-upscale": lambda: ZxingDecoder(upscale=False, diagonal="never"),
    "zxing-fast": lambda: ZxingDecoder(upscale=False, fast=True, diagonal="never"),
    "pyzbar": lambda: PyzbarDecoder(),
}


def table_frames(deck, count: int, n: int = 6) -> list[np.ndarray]:
    """n frames of `count` labels: different seeds, camera turns and positions."""
    ids = [c.id for c in deck]
    frames = []
    for i in range(n):
        cam = Camera(px_per_mm=AT_50CM, roll=(i * 37) % 50 - 25, tilt=0.2)
        cards = ids[(i * 5) % 16 : (i * 5) % 16 + count]
        if count == 1:
            script = [Shown(cards[0], 0, None, (0.3 + 0.08 * i, 0.5), angle=i * 50, enter="none")]
        else:
            rows, cols = (1, 4) if count == 4 else (3, 4)
            script = grid_script(cards, rows, cols, camera=cam, pitch_mm=(68, 92), rotation=i * 7)
        frames.append(SyntheticTable(deck, script, camera=cam, seed=i).render(0.0, i))
    return frames


def bench_frames(deck) -> None:
    print("-- ms per 1280x720 frame, one core (rate = labels read / labels shown)")
    for count in (1, 4, 12):
        frames = table_frames(deck, count)
        for name, make in DECODERS.items():
            dec = make()
            read = 0
            for f in frames:  # "alternate" decoders: count the better of two calls on each frame
                read += max(len(dec.decode(f)), len(dec.decode(f)))
            it = iter(range(10**9))
            samples = time_ms(lambda d=dec, fr=frames, it=it: d.decode(fr[next(it) % len(fr)]), repeat=30)
            budget = BUDGET_12_MS if count == 12 else None
            report(f"{count:2d} labels {name:17s} rate {read}/{count * len(frames)}", samples, budget)
            if name == "zxing":  # plain and 45° frames alternate: the mean is the load per frame
                print(f"   {name} mean {statistics.mean(samples):.3f} ms per frame", flush=True)


def bench_module_size(deck) -> None:
    print("-- decode rate against pixels per module (one label, random turn, tilt, blur 0.7, noise 3)")
    sizes = (1.5, 1.75, 2.0, 2.25, 2.5, 3.0)
    trials = 24
    rng = np.random.default_rng(7)
    ids = [c.id for c in deck]
    names = ("zxing-45-always", "zxing-plain", "zxing-no-upscale", "pyzbar")
    decs = {n: DECODERS[n]() for n in names}
    print("px/module  " + "  ".join(f"{n:>16s}" for n in names))
    smallest: dict[str, float] = {}
    for ppm in sizes:
        hits = dict.fromkeys(names, 0)
        for k in range(trials):
            tilt, roll = float(rng.uniform(0.0, 0.4)), float(rng.uniform(-30, 30))
            angle = float(rng.uniform(0, 360))
            cam = Camera(px_per_mm=ppm / MODULE_MM, tilt=tilt, roll=roll)
            script = [Shown(ids[k % len(ids)], 0, None, (0.5, 0.5), angle=angle, enter="none")]
            img = SyntheticTable(deck, script, camera=cam, look=Look(jpeg=85), seed=k).render(0.0, k)
            for n in names:
                hits[n] += any(d.text for d in decs[n].decode(img))
        print(f"{ppm:9.2f}  " + "  ".join(f"{100 * hits[n] / trials:15.0f}%" for n in names), flush=True)
        for n in names:
            if hits[n] / trials >= 0.95 and n not in smallest:
                smallest[n] = ppm
    for n, ppm in smallest.items():
        module_mm = ppm / AT_50CM
        print(f"{n}: >=95 % from {ppm} px/module: at 50 cm a {module_mm:.2f} mm module, "
              f"a {21 * module_mm:.1f} mm symbol ({25 * module_mm:.1f} mm with a 2-module quiet zone)")


def bench_photos() -> None:
    from tests.vision.photos import photo_folder, photos, same_text

    folder = photo_folder(REPO)
    if not folder.is_dir():
        print(f"-- real photos: skipped, {folder} is absent")
        return
    cases = photos(folder)
    images = [(read_image(p), exp) for p, exp in cases]
    print(f"-- real photos ({len(cases)} images from {folder.name}/)")
    for name in ("zxing-45-always", "zxing-plain", "zxing-fast", "pyzbar"):
        dec = DECODERS[name]()
        right = wrong = 0
        times = []
        for img, exp in images:
            t0 = time.perf_counter()
            texts = [d.text for d in dec.decode(img)]
            times.append((time.perf_counter() - t0) * 1000)
            right += any(same_text(t, exp) for t in texts)
            wrong += bool(texts) and not any(same_text(t, exp) for t in texts)
        p95 = sorted(times)[math.ceil(0.95 * len(times)) - 1]
        rate = f"{right}/{len(cases)} ({100 * right / len(cases):.1f} %)"
        print(f"{name:11s} read {rate}, wrong texts {wrong}, "
              f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms", flush=True)


def main() -> None:
    cv2.setNumThreads(1)
    deck = load_deck("tatsu")
    parts = sys.argv[1:] or ["frames", "size", "photos"]
    if "frames" in parts:
        bench_frames(deck)
    if "size" in parts:
        bench_module_size(deck)
    if "photos" in parts:
        bench_photos()


if __name__ == "__main__":
    main()
