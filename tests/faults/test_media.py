"""Corrupt, empty, special and huge media: one line each, nothing decoded that should not be.

An image is measured from its header before it is decoded: a 124 KB PNG of 32000 × 32000
pixels (6.4 GB once decoded) and a 65535 × 65535 one (an OpenCV error) are refused by size.
"""

from __future__ import annotations

import os
import resource
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision.image_check import MAX_SIDE, image_size

from .conftest import clean


def png(path: Path, width: int, height: int, rows: int | None = None) -> Path:
    """A real 1-bit grey PNG (all black), compressed as a bomb is: tiny file, huge picture."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    packer = zlib.compressobj(9)
    row = b"\0" * ((width + 7) // 8 + 1)
    body = b"".join(packer.compress(row) for _ in range(height if rows is None else rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunks)
    return path


def jpeg_claiming(path: Path, width: int, height: int) -> Path:
    """A real small JPEG whose frame header is rewritten to claim another size."""
    ok, data = cv2.imencode(".jpg", np.zeros((16, 16, 3), np.uint8))
    assert ok
    raw = bytearray(data.tobytes())
    sof = raw.index(b"\xff\xc0")
    raw[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    path.write_bytes(bytes(raw))
    return path


@pytest.fixture
def bombs(tmp_path: Path) -> list[Path]:
    return [png(tmp_path / "bomb.png", 32000, 32000), png(tmp_path / "huge.png", 65535, 65535, rows=8),
            png(tmp_path / "wide.png", MAX_SIDE + 1, 1), jpeg_claiming(tmp_path / "big.jpg", 9000, 9000)]


def test_image_bombs_are_refused_by_size_before_decoding(cli, bombs: list[Path]) -> None:
    assert bombs[0].stat().st_size < 200_000, "a small file claiming a huge picture"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    done = cli("scan", *map(str, bombs))
    assert done.code == 1 and "Traceback" not in done.text
    assert done.err.splitlines() == [
        f"Image refusée : {bombs[0]} fait 32000 × 32000 pixels ; au plus 8000 × 8000.",
        f"Image refusée : {bombs[1]} fait 65535 × 65535 pixels ; au plus 8000 × 8000.",
        f"Image refusée : {bombs[2]} fait 8001 × 1 pixels ; au plus 8000 × 8000.",
        f"Image refusée : {bombs[3]} fait 9000 × 9000 pixels ; au plus 8000 × 8000.",
    ]
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 200, f"memory grew by {grown_mb:.0f} MB"


@pytest.mark.parametrize("command", [["photo", "dojo"], ["photo", "samurai"]])
def test_photo_commands_refuse_a_bomb_in_one_line(cli, bombs: list[Path], command: list[str]) -> None:
    done = cli(*command, str(bombs[0]))
    assert done.code == 1 and done.one_line().startswith("Image refusée : ")


def test_the_image_size_is_read_from_every_header() -> None:
    picture = np.zeros((123, 457, 3), np.uint8)
    for suffix in (".png", ".jpg", ".bmp", ".webp", ".tif"):
        ok, data = cv2.imencode(suffix, picture)
        assert ok and image_size(data.tobytes()) == (457, 123), suffix
    assert image_size(b"GIF89a" + struct.pack("<HH", 457, 123)) == (457, 123)
    assert image_size(b"not an image at all") is None


def _special(tmp_path: Path, kind: str, suffix: str) -> Path:
    path = tmp_path / f"{kind}{suffix}"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "corrupt":
        path.write_bytes(os.urandom(5000))
    elif kind == "truncated":
        data = cv2.imencode(".png", np.zeros((64, 64, 3), np.uint8))[1]
        path.write_bytes(data.tobytes()[:40])
    elif kind == "fifo":
        os.mkfifo(path)
    return path


@pytest.mark.parametrize("kind", ["empty", "corrupt", "fifo"])
def test_a_video_that_cannot_be_read_is_one_line_for_play_and_scan(cli, tmp_path: Path, kind: str) -> None:
    video = _special(tmp_path, kind, ".mp4")
    played = cli("play", "tatsu", "--video", str(video), "--text")
    assert played.code == 1 and "Traceback" not in played.text
    assert played.one_line() == f"{video} : vidéo ou images illisibles (fichier vide ou abîmé ?)."
    scanned = cli("scan", str(video))
    reason = "ce n'est pas un fichier ordinaire" if kind == "fifo" else "ce n'est pas une vidéo lisible"
    assert scanned.code == 1 and scanned.one_line() == f"Lecture impossible : {video} ({reason})."


@pytest.mark.parametrize("kind", ["empty", "corrupt", "truncated", "fifo"])
def test_an_image_that_cannot_be_read_is_one_line(cli, tmp_path: Path, kind: str) -> None:
    image = _special(tmp_path, kind, ".png")
    done = cli("scan", str(image))
    reason = "ce n'est pas un fichier ordinaire" if kind == "fifo" else "ce n'est pas une image"
    assert done.code == 1 and done.one_line() == f"Lecture impossible : {image} ({reason})."


def test_a_device_given_to_scan_is_refused_without_reading_it(cli) -> None:
    done = cli("scan", "/dev/zero")
    assert done.code == 1
    assert done.one_line() == "Lecture impossible : /dev/zero (ce n'est pas un fichier ordinaire)."


def test_a_label_sheet_never_replaces_a_file_nor_makes_folders(cli, record: Path, tmp_path: Path) -> None:
    before = record.read_bytes()
    done = cli("labels", "tatsu", "--out", str(record))
    assert done.code == 1 and done.one_line().startswith(f"{record} existe déjà : il n'est jamais remplacé.")
    assert record.read_bytes() == before, "a game record is never overwritten by labels"
    (tmp_path / "x-tactile.pdf").write_bytes(b"mine")
    done = cli("labels", "tatsu", "--out", str(tmp_path / "x.pdf"), "--tactile")
    assert done.code == 1 and "x-tactile.pdf existe déjà" in done.one_line()
    deep = tmp_path / "a" / "b" / "png"
    done = cli("labels", "tatsu", "--out", str(tmp_path / "y.pdf"), "--png", str(deep))
    assert done.code == 1 and done.one_line() == f"{tmp_path / 'a' / 'b'} : dossier introuvable."
    assert not (tmp_path / "a").exists() and not (tmp_path / "x.pdf").exists()
    assert clean(done.text)
