"""`companion play --video` on realism-kit clips written as real video files (MJPG, MPEG-4) and
read back through cv2.VideoCapture (issue 29, part 3): a fan held close to the camera, turned
towards it, swaying then still for a second, is never a play, before any card is laid and after
(held still three seconds over the table); a lamp's glare hiding each card's code for 0.6 s
delays its play, never loses it; a far camera in a dim room still sees the trick."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from card_codes import load_deck
from companion.vision import write_video
from kit.realism import Look, TableCamera, TableClip
from kit.table_scenes import far_dim_scene, glare_scene, held_fan_scene
from tests.e2e.test_play_table_clips import play as play_clip

COMPANION = str(Path(sys.executable).with_name("companion"))
PLAYS = ["Nord : Esprit jaune 4.", "Est : Esprit rouge 2.", "Sud : Esprit jaune 3.",
         "Ouest : Esprit rouge 5."]
HELD = ("Esprit rouge 1", "Multiplicateur", "Esprit jaune 6")  # the fan's cards' names


def play(video: Path, tmp_path: Path) -> tuple[list[str], Path]:
    """The clip read frame by frame (`--fast`), then `quitte` once the images have ended."""
    return play_clip(video, tmp_path, None, wait_s=180)


def plays_of(lines: list[str]) -> list[str]:
    return [line for line in lines if line.split(" : ")[0] in ("Nord", "Est", "Sud", "Ouest")]


def clip(folder: Path, name: str, table: TableClip, frames: int) -> Path:
    video = folder / name
    assert write_video(table, video) == frames + 1  # both ends
    return video


@pytest.mark.parametrize(("camera", "mm", "tilt"), [(TableCamera(550, 45), 300, 30),
                                                    (TableCamera(700, 35), 380, 40)])
def test_a_fan_held_close_even_still_is_never_played(tmp_path: Path, camera: TableCamera, mm: float,
                                                       tilt: float) -> None:
    table = TableClip(load_deck("tatsu"), held_fan_scene(camera, mm, tilt), camera=camera, fps=15,
                      duration=12.0, seed=5)
    lines, record = play(clip(tmp_path, "fan.avi", table, 180), tmp_path)
    out = "\n".join(lines)
    assert plays_of(lines) == PLAYS, out  # the trick, in order; nothing from the fan
    assert not any(name in out for name in HELD), out
    assert "Ouest remporte le pli" in out
    assert len(record.read_text(encoding="utf-8").splitlines()) == 5  # header + the 4 plays


def test_glare_hiding_each_code_for_a_while_delays_its_play_never_loses_it(tmp_path: Path) -> None:
    camera = TableCamera(550, 45)
    table = TableClip(load_deck("tatsu"), glare_scene(camera), camera=camera, fps=15, duration=7.0, seed=6)
    lines, record = play(clip(tmp_path, "glare.mp4", table, 105), tmp_path)
    assert plays_of(lines) == PLAYS, lines
    assert "Ouest remporte le pli" in "\n".join(lines)
    assert len(record.read_text(encoding="utf-8").splitlines()) == 5


def test_a_far_camera_in_a_dim_room_sees_the_whole_trick(tmp_path: Path) -> None:
    camera = TableCamera(1000, 40)
    table = TableClip(load_deck("tatsu"), far_dim_scene(camera), camera=camera, fps=15, duration=7.0, seed=7,
                      look=Look(gain=0.45, noise=4.0, light=0.5), surface="dark")
    lines, _record = play(clip(tmp_path, "far.avi", table, 105), tmp_path)
    assert plays_of(lines) == PLAYS, lines
