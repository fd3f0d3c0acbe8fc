"""Shared test helpers: rasterise PDFs with pdftoppm and read QR codes with the vision decoder."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

from card_codes import decode
from companion.vision import make_decoder
from printables.label import TAG_CELL

MM_PER_INCH = 25.4


def rasterise(pdf: Path, dpi: int) -> list[np.ndarray]:
    """Every page of ``pdf`` as a grey image at ``dpi``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), f"{tmp}/p"], check=True)
        pages = sorted(Path(tmp).glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[-1]))
        return [cv2.imread(str(p), cv2.IMREAD_GRAYSCALE) for p in pages]


def read_codes(image: np.ndarray) -> list[tuple[str, tuple[float, float]]]:
    """(text, centre in px) of every code (camera tag or QR) the companion's own decoders find."""
    return [(d.text, d.centre) for d in _decoder().decode(image)]


_DECODER = None


def _decoder():  # type: ignore[no-untyped-def]
    global _DECODER
    if _DECODER is None:
        _DECODER = make_decoder("tag+zxing", still=True)
    return _DECODER


def card_ids(images: list[np.ndarray]) -> list[str]:
    """The card id of every code found, decoded through card_codes (a bad check raises)."""
    return [decode(text).card.id for image in images for text, _ in read_codes(image)]


def webcam_view(page: np.ndarray, dpi: int, module_mm: float = TAG_CELL, px_per_module: float = 2.4
                ) -> np.ndarray:
    """The page as a 720p webcam sees it: by default a tag cell of 2.4 px (80 cm, 30°), a QR
    module of 2.5 px (``module_mm=1.4``: about 50 cm); slight blur.

    Then a 2x cubic upscale, as the vision decoders do on small codes.
    """
    scale = px_per_module / (module_mm / MM_PER_INCH * dpi)
    small = cv2.resize(page, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.6)
    return cv2.resize(small, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)


def dark_blobs(image: np.ndarray) -> list[tuple[float, float, int]]:
    """(x, y, area in px) of every dark connected blob."""
    _, binary = cv2.threshold(image, 128, 255, cv2.THRESH_BINARY_INV)
    n, _, stats, centroids = cv2.connectedComponentsWithStats(binary)
    areas = stats[:, cv2.CC_STAT_AREA]
    return [(float(centroids[i][0]), float(centroids[i][1]), int(areas[i])) for i in range(1, n)]
