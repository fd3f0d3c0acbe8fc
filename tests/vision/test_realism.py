"""The realism kit's ground truth: what a perfect companion could read, and nothing more."""

from __future__ import annotations

import numpy as np
import pytest

from card_codes import encode, load_deck
from companion.vision import make_decoder
from kit.realism import Fan, Hand, Laid, Look, TableCamera, TableClip


@pytest.fixture(scope="module")
def tatsu():
    return load_deck("tatsu")


def test_a_label_under_a_card_laid_after_it_is_not_counted_as_readable(tatsu) -> None:
    # Y-P4-V1 lies first; Y-P3-V1, laid after it and turned across it, hides half its tag
    under = Laid("Y-P4-V1", 0.0, (0.0, 0.0), angle=0, slide=0.01)
    over = Laid("Y-P3-V1", 0.0, (40.0, 20.0), angle=90, slide=0.01)
    clip = TableClip(tatsu, [under, over], camera=TableCamera(550, 45), duration=0.3)
    assert not clip.visible_at_rest(under)
    assert clip.visible_at_rest(over)
    assert [p[0] for p in clip.truth().plays] == ["Y-P3-V1"]
    got = {d.text for d in make_decoder("tag", still=True).decode(clip.render(0.1))}
    assert encode(tatsu, "Y-P3-V1") in got and encode(tatsu, "Y-P4-V1") not in got


def test_a_card_half_out_of_the_picture_counts_when_its_code_is_wholly_in(tatsu) -> None:
    camera = TableCamera(550, 45)
    probe = TableClip(tatsu, [], camera=camera, duration=0.3)
    y = 0.0  # move the card towards the camera until its bottom edge leaves the picture
    while probe.to_image([(0.0, y - 44.0)])[0][1] < camera.size[1]:
        y -= 5.0
    h = Laid("Y-P4-V1", 0.0, (0.0, y), slide=0.01)  # angle 0: its code, near its top, stays in view
    clip = TableClip(tatsu, [h], camera=camera, duration=0.3)
    assert clip.to_image(clip.card_corners_mm(h.at, h.angle))[:, 1].max() > camera.size[1]
    assert clip.visible_at_rest(h)
    got = {d.text for d in make_decoder("tag", still=True).decode(clip.render(0.1))}
    assert encode(tatsu, "Y-P4-V1") in got


def test_labels_shrink_with_distance_and_flatten_with_elevation(tatsu) -> None:
    h = Laid("Y-P4-V1", 0.0, (0.0, 0.0), slide=0.01)
    sizes = {(d, e): TableClip(tatsu, [h], camera=TableCamera(d, e), duration=0.3).label_px_per_cell(h)
             for d in (400, 800) for e in (30, 60)}
    assert sizes[(400, 30)] == pytest.approx(2 * sizes[(800, 30)], rel=0.1)
    assert sizes[(400, 60)] == pytest.approx(sizes[(400, 30)] * np.sin(np.radians(60)) / 0.5, rel=0.1)


def test_a_dim_room_darkens_the_picture(tatsu) -> None:
    h = [Laid("Y-P4-V1", 0.0, (0.0, 0.0), slide=0.01)]
    bright = TableClip(tatsu, h, duration=0.3).render(0.1)
    dim = TableClip(tatsu, h, duration=0.3, look=Look(gain=0.35)).render(0.1)
    assert float(dim.mean()) == pytest.approx(0.35 * float(bright.mean()), rel=0.15)


def test_a_card_under_a_fan_all_along_is_no_play_and_one_under_a_hand_is_read_when_it_leaves(tatsu) -> None:
    camera = TableCamera(550, 45)
    fanned = Laid("Y-P4-V1", 0.5, (60.0, -20.0), slide=0.3)
    read_later = Laid("R-P2-V1", 0.5, (-120.0, 40.0), slide=0.3)
    scene = [fanned, read_later, Fan(("R-P1-V3", "R-P1-V4", "Y-X1"), 0.0, 3.0, (60.0, -60.0), lift=1.3),
             Hand((-120.0, 40.0), 0.3, 1.5)]
    clip = TableClip(tatsu, scene, camera=camera, duration=3.0)
    truth = clip.truth()
    assert [p[0] for p in truth.plays] == ["R-P2-V1"]
    assert 1.5 < truth.readable["R-P2-V1"] < 2.0  # the hand is gone by then (it leaves in 0.4 s)
    dec = make_decoder("tag")
    under_hand = {d.text for d in dec.decode(clip.render(1.0))}
    after = {d.text for d in make_decoder("tag").decode(clip.render(2.2))}
    assert encode(tatsu, "R-P2-V1") not in under_hand and encode(tatsu, "R-P2-V1") in after
    assert encode(tatsu, "Y-P4-V1") not in after


def test_an_independent_cameras_lens_bends_the_picture_inwards_and_its_labels_are_still_read(tatsu) -> None:
    from kit.realism import INDEPENDENT

    corner = Laid("Y-P4-V1", 0.0, (-230.0, 110.0), angle=10, slide=0.01)  # far left: near a corner
    middle = Laid("R-P2-V1", 0.0, (0.0, 0.0), angle=-20, slide=0.01)
    scene = [corner, middle]
    plain = TableClip(tatsu, scene, camera=TableCamera(550, 45), duration=0.3, look=Look(noise=0, jpeg=None))
    bent = TableClip(tatsu, scene, camera=TableCamera(550, 45), duration=0.3,
                     look=Look(noise=0, jpeg=None, distortion=INDEPENDENT.distortion))

    def centre_of(clip: TableClip, card: str) -> np.ndarray:
        found = make_decoder("tag", still=True).decode(clip.render(0.1))
        return np.array(next(d.centre for d in found if d.text == encode(tatsu, card)))

    mid = np.array(plain.camera.size) / 2
    # barrel distortion: the corner card's label is drawn nearer the middle; the middle one stays
    far_plain, far_bent = centre_of(plain, "Y-P4-V1") - mid, centre_of(bent, "Y-P4-V1") - mid
    assert np.linalg.norm(far_bent) < np.linalg.norm(far_plain) - 5
    assert np.linalg.norm(centre_of(bent, "R-P2-V1") - centre_of(plain, "R-P2-V1")) < 3
    # the whole independent camera (defocus, its noise reduction, sharpening, MJPG): both still read
    got = {d.text for d in make_decoder("tag").decode(
        TableClip(tatsu, scene, camera=TableCamera(550, 45), duration=0.3, look=INDEPENDENT).render(0.1))}
    assert got == {encode(tatsu, "Y-P4-V1"), encode(tatsu, "R-P2-V1")}


def test_the_independent_cameras_processing_is_off_by_default(tatsu) -> None:
    scene = [Laid("Y-P4-V1", 0.0, (0.0, 0.0), slide=0.01)]
    before = TableClip(tatsu, scene, duration=0.3).render(0.1)
    spelled = TableClip(tatsu, scene, duration=0.3,
                        look=Look(distortion=0.0, defocus=0.0, denoise=0.0, sharpen=0.0)).render(0.1)
    assert np.array_equal(before, spelled)
