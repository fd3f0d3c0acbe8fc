"""Camera tags on real photographs (tests/vision/apriltag_photos: other projects' test photos of
AprilTag 36h11, 57 tags listed), against the reference detector, AprilTag 3 (`pupil-apriltags`).

For each detector: the tags read of those listed, the share of what AprilTag 3 reads that it
reads too, wrong ids, extra tags (a listed id elsewhere: a real tag the list leaves out), and
the median CPU time per photo (one thread). The project's decoder is measured as a still image
reads it (`companion scan`) and as a camera's first frame (live: no frame before it); then
OpenCV's aruco with the parameters one would tune (corner refinement, adaptive threshold
windows, minimum perimeter, decimation); then what AprilTag 3 costs on one label's window, the
second look of the live decoder. Without pupil-apriltags the reference column is skipped.

Usage: bench_tag_photos.py
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision import make_decoder
from companion.vision.decoders import DecoderError
from companion.vision.frames import read_image
from companion.vision.tags import brightest_channel
from tests.vision.tag_photo_set import photo_set, read_tags, score

TARGET = 0.95  # of what AprilTag 3 reads (issue 29)
Found = list[tuple[int, tuple[float, float]]]


def reference(refine: bool = False) -> Callable[[Any], Found] | None:
    """AprilTag 3 at decimate 1, one thread; without edge refinement as the lists were made."""
    try:
        import pupil_apriltags
    except ImportError:
        return None
    det = pupil_apriltags.Detector(families="tag36h11", nthreads=1, quad_decimate=1.0, refine_edges=refine)
    return lambda img: [(int(d.tag_id), (float(d.center[0]), float(d.center[1])))
                        for d in det.detect(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))]


def ours(name: str, still: bool) -> Callable[[Any], Found]:
    def run(img: Any) -> Found:
        dec = make_decoder(name, still=still)  # a fresh decoder: the photo is the first frame it sees
        return [(d.tag, d.centre) for d in dec.decode_every(img)]  # type: ignore[attr-defined]
    return run


def aruco(decimate: float = 1.0, **params: Any) -> Callable[[Any], Found]:
    p = cv2.aruco.DetectorParameters()
    for key, value in params.items():
        setattr(p, key, value)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11), p)

    def run(img: Any) -> Found:
        g = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        if decimate != 1.0:
            g = cv2.resize(g, None, fx=1 / decimate, fy=1 / decimate, interpolation=cv2.INTER_AREA)
        corners, ids, _rejected = det.detectMarkers(g)
        if ids is None:
            return []
        return [(int(i), tuple(float(v) * decimate for v in np.asarray(q).reshape(4, 2).mean(axis=0)))
                for q, i in zip(corners, ids.ravel(), strict=True)]  # type: ignore[misc]
    return run


Row = tuple[int, int, int, int, str, float]  # read, listed, wrong, extra, share of the reference's, ms


def measure(run: Callable[[Any], Found], photos: list, ref_reads: list | None) -> Row:
    read = listed = wrong = extra = both = ref_n = 0
    ms = []
    for k, (img, expected) in enumerate(photos):
        c0 = time.thread_time()
        found = run(img)
        ms.append((time.thread_time() - c0) * 1000)
        s = score(found, expected)
        read, listed, wrong, extra = read + s.read, listed + s.expected, wrong + s.wrong, extra + s.extra
        if ref_reads is not None:
            mine = {id(e) for e in read_tags(found, expected)}
            both += sum(1 for e in ref_reads[k] if id(e) in mine)
            ref_n += len(ref_reads[k])
    share = f"{100 * both / ref_n:5.1f} %" if ref_reads is not None and ref_n else "   –   "
    return read, listed, wrong, extra, share, statistics.median(ms)


def window_cost(ref_available: bool) -> None:
    if not ref_available:
        return
    from companion.vision.tags import april_detector

    img = read_image(photo_set()[3][0])
    g = np.ascontiguousarray(brightest_channel(img)[190:250, 270:330])  # one tag of about 25 px
    roi = np.ascontiguousarray(cv2.resize(g, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC))
    det = april_detector()
    samples = []
    for _ in range(50):
        c0 = time.thread_time()
        det.detect(roi)
        samples.append((time.thread_time() - c0) * 1000)
    print(f"AprilTag 3 on one label's window (60 px doubled to 120 px): median "
          f"{statistics.median(samples):.2f} ms CPU (n=50), {len(det.detect(roi))} tag read")


def main() -> None:
    cv2.setNumThreads(1)
    photos = [(read_image(p), e) for p, e in photo_set()]
    ref = reference()
    print(f"-- real photographs: {len(photos)} photos, {sum(len(e) for _i, e in photos)} tags listed "
          "(tests/vision/apriltag_photos); CPU ms per photo, one thread, median")
    ref_reads = None
    if ref is None:
        print("AprilTag 3 (reference): skipped, pupil-apriltags is not installed "
              "(make bootstrap installs it)")
    else:
        ref_reads = [read_tags(ref(img), e) for img, e in photos]
    runs: list[tuple[str, Callable[[], Callable[[Any], Found]]]] = [
        ("AprilTag 3, decimate 1 (reference)", lambda: ref),  # type: ignore[list-item, return-value]
        ("AprilTag 3, decimate 1, edges refined", lambda: reference(refine=True)),  # type: ignore[list-item, return-value]
        ("tag, still image", lambda: ours("tag", True)),
        ("tag, camera's first frame", lambda: ours("tag", False)),
        ("tag-aruco, still image", lambda: ours("tag-aruco", True)),
        ("tag-aruco, camera's first frame", lambda: ours("tag-aruco", False)),
        ("aruco default", lambda: aruco()),
        ("aruco subpixel corners", lambda: aruco(cornerRefinementMethod=cv2.aruco.CORNER_REFINE_SUBPIX)),
        ("aruco AprilTag corners", lambda: aruco(cornerRefinementMethod=cv2.aruco.CORNER_REFINE_APRILTAG)),
        ("aruco windows 3-23/4, perim 0.01",
         lambda: aruco(adaptiveThreshWinSizeMin=3, adaptiveThreshWinSizeMax=23, adaptiveThreshWinSizeStep=4,
                       minMarkerPerimeterRate=0.01)),
        ("aruco perim 0.01, error corr 0.8",
         lambda: aruco(minMarkerPerimeterRate=0.01, errorCorrectionRate=0.8)),
        ("aruco perim 0.01, 8 px a cell",
         lambda: aruco(minMarkerPerimeterRate=0.01, perspectiveRemovePixelPerCell=8,
                       perspectiveRemoveIgnoredMarginPerCell=0.2)),
        ("aruco decimate 2", lambda: aruco(decimate=2.0)),
    ]
    print(f"{'detector':36s} {'read':>8s} {'of AprilTag 3':>13s} {'wrong':>6s} {'extra':>6s} {'ms':>7s}")
    for label, make in runs:
        try:
            run = make()
        except DecoderError as err:
            print(f"{label:36s} skipped: {err.text('en')}")
            continue
        if run is None:
            continue
        read, listed, wrong, extra, share, ms = measure(run, photos, ref_reads)
        mark = ""
        if label.startswith("tag,") and ref_reads is not None:
            mark = "  OK" if float(share.strip(" %")) >= 100 * TARGET else f"  under {100 * TARGET:g} %"
        print(f"{label:36s} {read:3d}/{listed:<4d} {share:>13s} {wrong:6d} {extra:6d} {ms:7.1f}{mark}",
              flush=True)
    window_cost(ref is not None)


if __name__ == "__main__":
    main()
