"""Real photographs of AprilTag 36h11 (tests/vision/apriltag_photos): the camera tag decoder reads
what the reference detector (AprilTag 3) reads there, and never a wrong id."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from companion.vision import make_decoder
from companion.vision.decoders import DecoderError
from companion.vision.frames import read_image
from tests.vision.tag_photo_set import photo_set, score

# measured (bench/bench_tag_photos.py), of 57 tags listed: a still image 57 ("tag") and 48
# ("tag-aruco"); a camera's first frame 55 and 47 (before AprilTag 3: 41 and 39)
FLOOR = {("tag", True): 0.95, ("tag", False): 0.90, ("tag-aruco", True): 0.65, ("tag-aruco", False): 0.60}


def read_rate(name: str, still: bool) -> tuple[int, int, int]:
    """(tags read, tags listed, wrong ids) over the photos, each the first image a fresh decoder sees."""
    read = listed = wrong = 0
    for path, expected in photo_set():
        decoder = make_decoder(name, still=still)
        found = decoder.decode_every(read_image(path))  # type: ignore[attr-defined]
        s = score([(d.tag, d.centre) for d in found], expected)
        read, listed, wrong = read + s.read, listed + s.expected, wrong + s.wrong
    return read, listed, wrong


def test_the_photo_set_is_there() -> None:
    photos = photo_set()
    assert len(photos) == 5
    assert sum(len(e) for _p, e in photos) == 57


@pytest.mark.parametrize(("name", "still"), list(FLOOR))
def test_real_photos_read_as_the_reference_reads_them_and_no_wrong_id(name: str, still: bool) -> None:
    read, listed, wrong = read_rate(name, still)
    assert wrong == 0
    assert read / listed >= FLOOR[(name, still)], f"{read} of {listed}"


def test_without_apriltag_the_tag_decoder_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.vision import tags

    monkeypatch.setitem(sys.modules, "pupil_apriltags", None)  # as if not installed
    monkeypatch.setattr(tags, "_APRIL", threading.local())
    with pytest.raises(DecoderError) as err:
        make_decoder("tag")
    for lang in ("fr", "en"):
        line = err.value.text(lang)
        assert "pupil-apriltags" in line and "tag-aruco" in line and len(line) <= 200
    assert make_decoder("tag-aruco").decode_every(read_image(photo_set()[0][0]))  # type: ignore[attr-defined]


@pytest.mark.slow  # 300 detectors built (each builds its id table): 1-3 minutes of one core
def test_a_process_that_drops_many_apriltag_detectors_ends_cleanly() -> None:
    # pupil-apriltags 1.0.4's own detector crashed this process (exit -11; 60 drops did not yet)
    code = (
        "import gc, threading\n"
        "import cv2\n"
        "from companion.vision.tags import april_detector, new_april_detector\n"
        "from tests.vision.tag_photo_set import photo_set\n"
        "g = cv2.imread(str(photo_set()[3][0]), cv2.IMREAD_GRAYSCALE)[:250, :350].copy()\n"
        "for _ in range(300):\n"
        "    d = new_april_detector(); d.detect(g); del d; gc.collect()\n"
        "for _ in range(10):\n"
        "    t = threading.Thread(target=lambda: april_detector().detect(g)); t.start(); t.join()\n"
        "print(len(april_detector().detect(g)))\n"
    )
    from tests.vision.conftest import REPO_ROOT

    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=REPO_ROOT)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert proc.stdout.strip() == "2"
