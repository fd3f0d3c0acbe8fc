"""`companion labels`: outputs a user checks, bad input that leaves nothing behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest
from typer.testing import CliRunner

from card_codes import load_deck
from companion.cli import app
from printables.sheets import load_sheet
from tests.printables.helpers import card_ids, dark_blobs, rasterise, read_codes

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_list_sheets_shows_every_template_and_the_default() -> None:
    result = runner.invoke(app, ["labels", "--list-sheets"])
    assert result.exit_code == 0
    assert "avery-l7160" in result.output and "*" in result.output
    assert "avery-l7630" in result.output and "avery-5163" in result.output
    assert "\x1b[" not in result.output


def test_a_lost_card_printed_at_a_chosen_position(out_dir: Path) -> None:
    out = out_dir / "lost.pdf"
    args = ["labels", "tatsu", "--out", str(out), "--cards", "R-F,Y-P2-V1", "--start", "5"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "2" in result.output and str(out) in result.output
    pages = rasterise(out, 150)
    assert len(pages) == 2  # one sheet and the legend page
    codes = read_codes(pages[0])
    assert sorted(card_ids(pages[:1])) == ["R-F", "Y-P2-V1"]
    cells = load_sheet().cells()
    px = 150 / 25.4
    for text, (x, y) in codes:
        cell = cells[4] if "RF" in text else cells[5]  # positions 5 and 6, in the order asked
        assert cell.x * px < x < (cell.x + cell.width) * px and cell.y * px < y < (cell.y + cell.height) * px


def test_english_names_and_legend(out_dir: Path) -> None:
    out = out_dir / "en.pdf"
    args = ["labels", "tatsu", "-o", str(out), "--lang", "en", "--cards", "Y-X3"]
    assert runner.invoke(app, args).exit_code == 0
    text = _text(out)
    assert "Yellow multiplier times 3" in text and "Sticker code: Tatsu" in text
    assert "ring with a dot = 5" in text


def test_the_tactile_layer_has_raised_marks_and_braille_but_no_qr_and_no_text(out_dir: Path) -> None:
    out = out_dir / "deck.pdf"
    args = ["labels", "dojo", "-o", str(out), "--tactile", "--cards", "FOX-5-2,TROPHY-01"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    tactile = out_dir / "deck-tactile.pdf"
    ink_pages, tactile_pages = rasterise(out, 150), rasterise(tactile, 150)
    assert len(tactile_pages) == len(ink_pages) == 2
    assert card_ids(ink_pages) and not any(read_codes(p) for p in tactile_pages)
    assert _text(tactile).strip() == "" and "Renard" in _text(out)
    assert len(dark_blobs(tactile_pages[0])) > 10  # dots, marks and symbols
    # pure black on white: nothing grey for swell paper to half-raise (antialiased edges aside)
    page = tactile_pages[0]
    assert ((page > 60) & (page < 200)).sum() < 0.2 * (page < 200).sum()


def test_png_writes_one_decodable_image_per_card(out_dir: Path) -> None:
    ids = ["Y-P1-V7", "R-X2", "Y-F"]
    result = runner.invoke(app, ["labels", "tatsu", "-o", str(out_dir / "x.pdf"), "--cards", ",".join(ids),
                                 "--png", str(out_dir / "png")])
    assert result.exit_code == 0, result.output
    files = sorted((out_dir / "png").iterdir())
    assert [f.name for f in files] == sorted(f"{i}.png" for i in ids)
    for f in files:
        image = cv2.imread(str(f), cv2.IMREAD_GRAYSCALE)
        assert image.shape[1] == pytest.approx(38.1 / 25.4 * 300, abs=2)  # upright, 300 dpi
        assert card_ids([image]) == [f.stem]


BAD = [
    (["tatsu", "--sheet", "avery-9999"], "Planche inconnue : « avery-9999 »"),
    (["tatsu", "--sheet", "avery-l7651"], "trop petites pour un tag caméra"),
    (["tatsu", "--sheet", "avery-l7651", "--code", "qr"], "trop petites pour un code QR lisible"),
    (["tatsu", "--code", "both"], "ne tiennent pas ensemble"),
    (["tatsu", "--code", "aztec"], "Code inconnu"),
    (["tatsu", "--sheet", "avery-l7630"], "le braille ne tient pas"),
    (["tatsu", "--cards", "Y-P9-V9"], "Carte(s) inconnue(s) dans tatsu : Y-P9-V9"),
    (["tatsu", "--start", "22"], "--start doit être entre 1 et 21"),
    (["chess"], "Jeu inconnu"),
    (["tatsu", "--sheet", "avery-9999", "--lang", "en"], "Unknown sheet 'avery-9999'"),
    (["tatsu", "--sheet", "avery-l7630", "--lang", "en"], "Braille does not fit"),
]


@pytest.mark.parametrize(("args", "reason"), BAD, ids=[b[1] for b in BAD])
def test_bad_input_is_a_clear_reason_and_leaves_no_file(out_dir: Path, args: list[str], reason: str) -> None:
    result = runner.invoke(app, ["labels", *args, "--out", str(out_dir / "x.pdf"), "--tactile"])
    assert result.exit_code == 2
    assert reason in result.output and "Traceback" not in result.output
    assert list(out_dir.iterdir()) == []


def test_an_unwritable_folder_is_reported_and_nothing_is_left(out_dir: Path) -> None:
    locked = out_dir / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        result = runner.invoke(app, ["labels", "tatsu", "--out", str(locked / "x.pdf")])
        if os.geteuid() != 0:  # root writes anywhere; the missing folder below covers root too
            assert result.exit_code == 2 and "Impossible d'écrire" in result.output
            assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)
    result = runner.invoke(app, ["labels", "tatsu", "--out", str(out_dir / "missing" / "x.pdf")])
    assert result.exit_code == 2 and "Impossible d'écrire" in result.output and "missing" in result.output


def test_a_deck_with_a_bad_card_is_refused_and_nothing_is_written(out_dir: Path) -> None:
    source = (REPO / "card_codes" / "decks" / "tatsu.toml").read_text(encoding="utf-8")
    bad = out_dir / "bad.toml"
    bad.write_text(source.replace("power = 6\n", "power = 60\n", 1), encoding="utf-8")
    result = runner.invoke(app, ["labels", "--deck", str(bad), "--out", str(out_dir / "x.pdf")])
    assert result.exit_code == 2 and "Fichier de cartes invalide" in result.output
    assert "power" in result.output
    assert sorted(p.name for p in out_dir.iterdir()) == ["bad.toml"]


def test_a_real_process_prints_a_whole_deck_with_progress(out_dir: Path) -> None:
    out = out_dir / "dojo.pdf"
    command = [sys.executable, "-m", "companion", "labels", "dojo", "--out", str(out), "--no-legend"]
    proc = subprocess.run(command, capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "21/72" in proc.stderr and "72/72" in proc.stderr and "\x1b[" not in proc.stderr
    assert "72" in proc.stdout and out.is_file() and out.stat().st_size > 10_000
    assert len(rasterise(out, 20)) == 4  # 72 labels, 21 a sheet
    assert len(load_deck("dojo")) == 72


def test_offset_moves_every_label_and_no_guides_drops_the_outlines(out_dir: Path) -> None:
    base, moved = out_dir / "base.pdf", out_dir / "moved.pdf"
    common = ["labels", "tatsu", "--cards", "Y-P5-V1", "--no-legend"]
    assert runner.invoke(app, [*common, "-o", str(base)]).exit_code == 0
    assert runner.invoke(app, [*common, "-o", str(moved), "--offset", "2,-1", "--no-guides"]).exit_code == 0
    (_, (x0, y0)), = read_codes(rasterise(base, 150)[0])
    (_, (x1, y1)), = read_codes(rasterise(moved, 150)[0])
    px = 150 / 25.4
    assert (x1 - x0) / px == pytest.approx(2.0, abs=0.2) and (y1 - y0) / px == pytest.approx(-1.0, abs=0.2)
    grey = [((p > 150) & (p < 230)).sum() for p in (rasterise(base, 150)[0], rasterise(moved, 150)[0])]
    assert grey[1] < grey[0] / 2  # the light grey outlines of 21 labels are gone
    bad = runner.invoke(app, [*common, "-o", str(out_dir / "bad.pdf"), "--offset", "12,0"])
    assert bad.exit_code == 2 and "--offset" in bad.output and not (out_dir / "bad.pdf").exists()
