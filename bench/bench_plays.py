"""Plays right / missed / false / wrong over many realism-kit clips (DESIGN.md §10: zero false
plays, zero wrong cards), today's labels (camera tags) and the first QR-only ones side by side.

Each clip is one trick at a table (bench/kit_scenes.py): four cards slid in and left at rest, a
fan held by a player, a hand reading a laid card's tactile code, another game's card, a bar's
coaster, glare, and, by kind, strong glare, the lamp switched on, a fan held close over the trick,
or a second trick after the first is swept up. 20 clips per label kind cycle through the five
surfaces, four distances (40-80 cm) and three elevations (30-60°). Each is written as a 30 fps
MJPG video, read back through cv2.VideoCapture, decoded and tracked in laid mode (a play is a
card put down) as `companion play` does, frame by frame, none dropped.

- right: a card put down (its code wholly in view at rest), seen once;
- missed: a card put down, never seen;
- false: a play of a card that was not put down (held, covered and uncovered, swept up) or a
  second play of one;
- wrong: a play of a card that is nowhere on the table (a misread);
- extra: a card put down whose code the ground truth never finds wholly clear (partly out of the
  picture, a corner under a fan), seen anyway: a real play the ground truth does not demand.
Also: rest -> "seen" delay (frames of the clip, not wall time) and the decoder's cost per frame
(CPU time of the decoding thread, one OpenCV thread).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))

from kit_scenes import KINDS, Trick, scene_end, trick_scene

from card_codes import load_deck
from companion.vision import SEEN, UNKNOWN, CaptureSource, LabelTracker, make_decoder, write_video
from kit.realism import SURFACES, Laid, TableCamera, TableClip

CLIPS = 20
DISTANCES = (400, 550, 700, 800)
ELEVATIONS = (30, 45, 60)
FPS = 30
RUNS = (("tag", "auto"), ("qr", "auto"), ("qr", "pyzbar"))  # (labels, decoder)


def tricks(deck) -> list[Trick]:
    """Tricks of the deck's cards: four laid, three held, another game's card, a second trick."""
    ids = deck.ids()
    rng = np.random.default_rng(17)
    out = []
    for _ in range(CLIPS):
        pick = [str(c) for c in rng.permutation(ids)[:11]]
        out.append(Trick(tuple(pick[:4]), tuple(pick[4:7]), ("dojo", "FOX-2-1"), tuple(pick[7:11])))  # type: ignore[arg-type]
    return out


def judge(clip: TableClip, events: list) -> dict[str, list]:
    """Sort a clip's play events against its ground truth."""
    truth = clip.truth()
    want = {card: t for card, t, _seat in truth.plays}
    laid = {h.card for h in clip.scene if isinstance(h, Laid) and h.game is None}
    present = laid | set(truth.held)
    out: dict[str, list] = defaultdict(list)
    seen: set[str] = set()
    for e in events:
        if e.kind == UNKNOWN:
            out["refused"].append(e.text)
            continue
        if e.kind != SEEN or e.card is None:
            continue
        if e.card not in present:
            out["wrong"].append(e.card)
        elif e.card in seen or (e.card not in laid):
            out["false"].append(e.card)
        elif e.card in want:
            out["right"].append(e.card)
            out["delay"].append((e.t - want[e.card]) * 1000)
        else:
            out["extra"].append(e.card)
        seen.add(e.card)
    out["missed"] = [c for c in want if c not in seen]
    out["wanted"] = list(want)
    out["foreign"] = truth.foreign
    return out


def run_clip(video: Path, game: str, decoder_name: str) -> tuple[list, list[float]]:
    decoder = make_decoder(decoder_name)
    tracker = LabelTracker(game=game, laid=True)
    events, cost = [], []
    last = None
    for frame in CaptureSource(str(video)):
        c0 = time.thread_time()
        dets = decoder.decode(frame.image)
        cost.append((time.thread_time() - c0) * 1000)
        h, w = frame.image.shape[:2]
        events.extend(tracker.update(frame.t, dets, (w, h), frame.index))
        last = frame
    if last is not None:
        events.extend(tracker.finish(last.t, last.index))
    return events, cost


def main() -> None:
    global CLIPS
    if sys.argv[1:]:
        CLIPS = int(sys.argv[1])  # fewer clips for a quick look
    cv2.setNumThreads(1)
    deck = load_deck("tatsu")
    totals: dict[tuple[str, str], dict[str, list]] = {run: defaultdict(list) for run in RUNS}
    by: dict[tuple[str, str, str, object], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    costs: dict[tuple[str, str], list[float]] = defaultdict(list)
    worst: dict[tuple[str, str], list[float]] = defaultdict(list)
    print(f"-- {CLIPS} clips a label kind, {FPS} fps, 1280x720; surfaces, distances, elevations and kinds "
          "cycled", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for i, trick in enumerate(tricks(deck)):
            surface, distance = SURFACES[i % len(SURFACES)], DISTANCES[i % len(DISTANCES)]
            elevation, kind = ELEVATIONS[i % len(ELEVATIONS)], KINDS[i % len(KINDS)]
            scene = trick_scene(trick, kind, distance, np.random.default_rng(i))
            for code in ("tag", "qr"):
                clip = TableClip(deck, scene, camera=TableCamera(distance, elevation), surface=surface,
                                 fps=FPS, duration=scene_end(scene), seed=i, code=code)
                video = Path(tmp) / f"clip{i}-{code}.avi"
                write_video(clip, video)
                for run in [r for r in RUNS if r[0] == code]:
                    events, cost = run_clip(video, deck.game, run[1])
                    result = judge(clip, events)
                    for key, values in result.items():
                        totals[run][key].extend(values)
                    for split in (("kind", kind), ("distance", distance), ("surface", surface),
                                  ("elevation", elevation)):
                        cell = by[(run[0], run[1], split[0], split[1])]
                        for key in ("right", "missed", "false", "wrong", "wanted"):
                            cell[key] += len(result[key])
                    costs[run].extend(cost)
                    worst[run].append(max(cost))
                    print(f"clip {i:2d} {kind:10s} {surface:8s} {distance / 10:.0f} cm {elevation}° "
                          f"{code:3s} {run[1]:6s}: right {len(result['right'])}/{len(result['wanted'])}, "
                          f"missed {result['missed']}, false {result['false']}, wrong {result['wrong']}, "
                          f"extra {len(result['extra'])}, refused {len(result['refused'])} "
                          f"(foreign {len(result['foreign'])})", flush=True)
                video.unlink()
    print("\n-- totals (labels, decoder): right / missed / false / wrong; rest -> seen; decode per frame")
    for run in RUNS:
        t = totals[run]
        delays = t["delay"]
        d = (f"rest -> seen median {statistics.median(delays):.0f} ms, p90 "
             f"{np.percentile(delays, 90):.0f} ms" if delays else "no plays seen")
        print(f"{run[0]:3s} {run[1]:6s}: right {len(t['right'])}/{len(t['wanted'])} "
              f"({100 * len(t['right']) / max(len(t['wanted']), 1):.1f} %), missed {len(t['missed'])}, "
              f"false {len(t['false'])}, wrong {len(t['wrong'])}, extra {len(t['extra'])}, foreign refused "
              f"{len(t['refused'])} of {len(t['foreign'])} items; {d}; decode mean "
              f"{statistics.mean(costs[run]):.1f} ms, worst {max(costs[run]):.1f} ms", flush=True)
    for split in ("kind", "distance", "surface", "elevation"):
        print(f"\n-- by {split}: right/put down (false, wrong)")
        values = sorted({k[3] for k in by if k[2] == split}, key=str)
        print(f"{'':14s}" + "".join(f"{v!s:>16s}" for v in values))
        for run in RUNS:
            row = ""
            for v in values:
                c = by[(run[0], run[1], split, v)]
                row += f"{c['right']:>6d}/{c['wanted']:<3d}({c['false']},{c['wrong']})".rjust(16)
            print(f"{run[0] + ' ' + run[1]:14s}{row}")


if __name__ == "__main__":
    main()
