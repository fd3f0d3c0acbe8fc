"""The grid reader: a finished Dojo (3 rows of 4) read from one frame, whatever the camera's turn."""

from __future__ import annotations

import pytest

from card_codes import encode
from companion.vision import Camera, SyntheticTable, grid_script, make_decoder, read_grid

CAMERA = Camera(px_per_mm=1.9)


@pytest.mark.parametrize("rotation", [0, 90, 180, 30, -150])
def test_cards_come_back_by_the_owners_rows_and_columns(dojo, rotation: float) -> None:
    ids = [c.id for c in dojo][10:22]  # FOX, TIGRESS...: twelve different tatami
    table = SyntheticTable(dojo, grid_script(ids, 3, 4, rotation=rotation, camera=CAMERA), camera=CAMERA)
    grid = read_grid(make_decoder().decode(table.render(0.0)))
    expected = [[encode(dojo, ids[r * 4 + c]) for c in range(4)] for r in range(3)]
    assert (grid.rows, grid.cols) == (3, 4)
    assert grid.texts() == expected
    off = (grid.up - rotation) % 360
    assert min(off, 360 - off) < 8  # the owner's up is the way the cards were laid


def test_a_missing_label_leaves_its_cell_empty(dojo) -> None:
    ids = [c.id for c in dojo][:12]
    table = SyntheticTable(dojo, grid_script(ids, 3, 4, rotation=90, camera=CAMERA), camera=CAMERA)
    dets = [d for d in make_decoder().decode(table.render(0.0)) if d.text != encode(dojo, ids[5])]
    grid = read_grid(dets)
    assert grid.cells.get((1, 1)) is None
    assert grid.cells[(1, 2)].text == encode(dojo, ids[6])
    assert grid.cells[(2, 3)].text == encode(dojo, ids[11])


def test_no_labels_is_an_empty_grid() -> None:
    grid = read_grid([])
    assert (grid.rows, grid.cols, grid.cells) == (0, 0, {})


def test_at_50_cm_a_grid_turned_45_degrees_reads_whole_with_the_turned_pass(tatsu) -> None:
    camera = Camera(px_per_mm=1.83, roll=20)  # a 720p webcam at 50 cm, turned 20° more
    ids = [c.id for c in tatsu][:12]
    script = grid_script(ids, 3, 4, rotation=25, camera=camera, pitch_mm=(68, 92))
    image = SyntheticTable(tatsu, script, camera=camera, seed=5).render(0.0, 5)
    dets = make_decoder(still=True).decode(image)
    grid = read_grid(dets)
    assert grid.texts() == [[encode(tatsu, ids[r * 4 + c]) for c in range(4)] for r in range(3)]
    assert all(0 <= x < 1280 and 0 <= y < 720 for d in dets for x, y in d.quad)
