"""What `companion check` measures on a label: its pixels per cell, distance and the camera's
elevation, against the realism kit's own geometry."""

from __future__ import annotations

import pytest

from card_codes import load_deck
from companion.vision import make_decoder
from companion.vision.check import code_geometry
from kit.realism import Laid, TableCamera, TableClip


@pytest.mark.parametrize(("distance", "elevation"), [(450, 55), (550, 45), (800, 30)])
def test_a_label_tells_its_size_distance_and_the_view_it_is_seen_from(distance: int, elevation: int) -> None:
    h = Laid("Y-P4-V1", 0.0, (0.0, 0.0), angle=20, slide=0.01)
    clip = TableClip(load_deck("tatsu"), [h], camera=TableCamera(distance, elevation), duration=0.3)
    (det,) = make_decoder("tag").decode(clip.render(0.1))
    cell, mm, degrees = code_geometry(det, 1280)
    assert cell == pytest.approx(clip.label_px_per_cell(h), rel=0.15)
    assert mm == pytest.approx(distance, rel=0.1)
    assert degrees == pytest.approx(elevation, abs=5)
