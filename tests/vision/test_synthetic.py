"""The synthetic table: real payloads, camera-like images, seeded, and a script that plays."""

from __future__ import annotations

import numpy as np
import pytest

from card_codes import encode
from companion.vision import Camera, Look, Shown, SyntheticTable, make_decoder
from companion.vision.decoders import DecoderError
from companion.vision.grid import label_up


def test_frames_are_seeded_and_look_like_a_camera_not_a_clean_png(tatsu) -> None:
    script = [Shown("Y-P1-V3", 0.0, None, (0.5, 0.5), enter="none")]
    a = SyntheticTable(tatsu, script, seed=1).render(0.0, 0)
    again = SyntheticTable(tatsu, script, seed=1).render(0.0, 0)
    other = SyntheticTable(tatsu, script, seed=2).render(0.0, 0)
    next_frame = SyntheticTable(tatsu, script, seed=1).render(0.0, 1)
    assert a.shape == (720, 1280, 3)
    assert np.array_equal(a, again)
    assert not np.array_equal(a, other)
    assert np.abs(a.astype(int) - next_frame.astype(int)).mean() > 1  # sensor noise changes per frame
    # no pure black or white QR modules survive blur, light and noise
    h, w = a.shape[:2]
    centre = a[h // 2 - 90 : h // 2 + 90, w // 2 - 70 : w // 2 + 70]
    assert centre.min() > 0 and (centre == 255).mean() < 0.05
    # uneven light: the same table, brighter on one side than the other
    left, right = a[:, :200].mean(), a[:, -200:].mean()
    assert abs(left - right) > 5


def test_a_still_table_drawn_once_gives_the_frames_drawn_anew(tatsu) -> None:
    """While nothing moves, a frame reuses the last picture and adds its own noise: every pixel
    is the one a table drawn from nothing gives, sliding cards and their coming to rest included."""
    script = [Shown("Y-P1-V3", 0.2, None, (0.4, 0.5), enter="left", slide=0.3),
              Shown("Y-P2-V1", 0.0, None, (0.6, 0.5), enter="none")]
    running = SyntheticTable(tatsu, script, seed=4)
    for i in range(12):  # still, sliding in, then at rest
        frame = running.render(i / 15, i)
        drawn_anew = SyntheticTable(tatsu, script, seed=4).render(i / 15, i)
        assert np.array_equal(frame, drawn_anew), i


def test_labels_carry_the_real_payloads_and_read_back(tatsu) -> None:
    ids = ["Y-P1-V3", "R-X3", "Y-F"]
    script = [
        Shown(c, 0.0, None, (0.25 + 0.25 * i, 0.5), angle=20 * i, enter="none") for i, c in enumerate(ids)
    ]
    img = SyntheticTable(tatsu, script, camera=Camera(px_per_mm=2.0), code="qr").render(0.0)
    for name in ("zxing", "pyzbar"):
        assert sorted(d.text for d in make_decoder(name).decode(img)) == sorted(encode(tatsu, c) for c in ids)


def test_a_card_slides_in_stays_and_leaves(tatsu) -> None:
    table = SyntheticTable(tatsu, [Shown("R-F", 1.0, 2.0, (0.5, 0.5), enter="right", slide=0.4)], fps=10)
    dec = make_decoder()
    read = {t: [d.text for d in dec.decode(table.render(t))] for t in (0.0, 0.7, 1.0, 1.5, 2.0, 2.5)}
    assert read[0.0] == [] and read[2.5] == []
    assert read[1.0] == read[1.5] == read[2.0] == [encode(tatsu, "R-F")]
    assert table.frame_count() == 35  # until the card has left, plus one second


def test_the_quad_tells_which_way_the_label_faces(tatsu) -> None:
    for angle, up in ((0, (0, -1)), (180, (0, 1)), (90, (1, 0))):
        img = SyntheticTable(tatsu, [Shown("Y-X1", 0, None, (0.5, 0.5), angle=angle, enter="none")]).render(0)
        (d,) = make_decoder().decode(img)
        assert np.dot(label_up(d), up) > 0.9, angle


def test_blur_beyond_what_a_webcam_gives_stops_the_reads(tatsu) -> None:
    script = [Shown("Y-X1", 0, None, (0.5, 0.5), enter="none")]
    camera = Camera(px_per_mm=1.6)
    sharp = SyntheticTable(tatsu, script, camera=camera).render(0)
    blurred = SyntheticTable(tatsu, script, camera=camera, look=Look(blur=4.5)).render(0)  # 3: read now
    assert len(make_decoder().decode(sharp)) == 1
    assert make_decoder().decode(blurred) == []


def test_bad_scripts_and_decoders_are_refused(tatsu) -> None:
    with pytest.raises(KeyError):
        SyntheticTable(tatsu, [Shown("NOPE", 0.0)])
    with pytest.raises(ValueError):
        Shown("Y-X1", 0.0, enter="sideways")
    with pytest.raises(DecoderError):
        make_decoder("opencv")


def test_importing_the_vision_package_loads_no_heavy_library() -> None:
    import subprocess
    import sys

    code = (
        "import sys, companion.vision, companion.cli.scan\n"
        "print(sorted({'cv2', 'zxingcpp', 'pyzbar', 'segno', 'numpy'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
