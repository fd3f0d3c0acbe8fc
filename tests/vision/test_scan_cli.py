"""`companion scan` on generated images and videos, through CliRunner and one real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import pytest
from typer.testing import CliRunner

from card_codes import encode
from companion.cli import app
from companion.vision import Camera, Shown, SyntheticTable, grid_script, write_video

runner = CliRunner()
CAMERA = Camera(px_per_mm=1.9)
FOUR = ["Y-P1-V3", "R-P6-V1", "Y-X3", "R-F"]
KEYS = {"source", "frame", "text", "game", "card", "quad", "code", "tag"}


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory, tatsu) -> Path:
    folder = tmp_path_factory.mktemp("scan")
    table = SyntheticTable(tatsu, grid_script(FOUR, 2, 2, camera=CAMERA), camera=CAMERA, seed=5, code="qr")
    cv2.imwrite(str(folder / "four.png"), table.render(0.0))
    cv2.imwrite(str(folder / "four.jpg"), table.render(0.0, 1), [cv2.IMWRITE_JPEG_QUALITY, 80])
    cv2.imwrite(str(folder / "empty.png"), SyntheticTable(tatsu, [], seed=5).render(0.0))
    (folder / "notes.png").write_text("not an image")
    return folder


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_scan_json_gives_one_object_per_label_with_card_and_quad(images: Path, tatsu) -> None:
    result = runner.invoke(app, ["scan", str(images / "four.png"), "--json"])
    assert result.exit_code == 0, result.output
    recs = json_lines(result.output)
    assert all(set(r) == KEYS for r in recs)
    assert sorted(r["card"] for r in recs) == sorted(FOUR)
    for r in recs:
        assert r["text"] == encode(tatsu, r["card"]) and r["game"] == "tatsu" and r["frame"] == 0
        assert len(r["quad"]) == 4
        assert all(0 <= x < 1280 and 0 <= y < 720 for x, y in r["quad"])


def test_scan_with_another_game_gives_card_null_but_keeps_the_text(images: Path) -> None:
    result = runner.invoke(app, ["scan", str(images / "four.jpg"), "--json", "--game", "dojo"])
    assert result.exit_code == 0, result.output
    recs = json_lines(result.output)
    assert len(recs) == 4
    assert all(r["card"] is None and r["text"].startswith("TA.") for r in recs)


def test_scan_plain_lines_name_the_cards_in_french_or_english(images: Path) -> None:
    fr = runner.invoke(app, ["scan", str(images / "four.png")])
    en = runner.invoke(app, ["scan", str(images / "four.png"), "--lang", "en", "--decoder", "pyzbar"])
    assert fr.exit_code == en.exit_code == 0
    assert len(fr.output.splitlines()) == 4 and "Esprit jaune 1, 3 points" in fr.output
    assert "Red fusion" in en.output or "fusion" in en.output.lower()
    assert "\x1b[" not in fr.output + en.output
    empty = runner.invoke(app, ["scan", str(images / "empty.png")])
    assert empty.exit_code == 0 and "aucune étiquette" in empty.output


def test_unreadable_files_get_a_short_reason_and_a_failing_exit(images: Path) -> None:
    result = runner.invoke(app, ["scan", str(images / "notes.png"), str(images / "missing.mp4")])
    assert result.exit_code == 1
    assert "Lecture impossible" in result.output and "Traceback" not in result.output
    assert "missing.mp4 (fichier introuvable)" in result.output
    bad = runner.invoke(app, ["scan", str(images / "four.png"), "--decoder", "opencv"])
    assert bad.exit_code == 2 and "Décodeur inconnu" in bad.output


def test_scan_a_folder_reads_its_images_and_reports_the_broken_one(images: Path) -> None:
    result = runner.invoke(app, ["scan", str(images), "--json"])
    assert result.exit_code == 1  # notes.png is not an image
    recs = json_lines(result.stdout)
    assert {Path(r["source"]).name for r in recs} == {"four.png", "four.jpg"}
    assert len(recs) == 8


@pytest.mark.slow
def test_scan_a_video_as_a_real_process(tmp_path: Path, tatsu) -> None:
    video = tmp_path / "play.avi"
    script = [Shown("Y-X2", 0.5, None, (0.5, 0.5)), Shown("R-P1-V7", 1.0, None, (0.25, 0.5), enter="left")]
    write_video(SyntheticTable(tatsu, script, fps=8, duration=2.0, seed=2), video)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "scan", str(video), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    recs = json_lines(proc.stdout)
    assert {r["card"] for r in recs} == {"Y-X2", "R-P1-V7"}
    assert all(set(r) == KEYS for r in recs)
    first = {c: min(r["frame"] for r in recs if r["card"] == c) for c in ("Y-X2", "R-P1-V7")}
    assert first["Y-X2"] < first["R-P1-V7"]  # the second card came later
    plain = subprocess.run(
        [sys.executable, "-m", "companion", "scan", str(video), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert plain.returncode == 0
    assert len(plain.stdout.splitlines()) == 2  # in a video each label is listed once
