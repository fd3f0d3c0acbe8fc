"""Overhead photos of a samurai board, rendered by the synthetic table: the four corner
labels on the board's outer corners and unit tokens on chosen squares."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from card_codes import load_deck
from companion.engine import get_game
from companion.journal import Journal
from companion.vision.synthetic import (
    CARD_MM,
    LABEL_MARGIN_MM,
    LABEL_TOP_MM,
    MODULE_MM,
    QUIET_MODULES,
    Camera,
    Look,
    Shown,
    SyntheticTable,
)

SQUARE_MM = 40.0  # a 36 cm board: it fits a 1080p view at 2.2 px/mm
CAMERA = Camera(size=(1920, 1080))
LOOK = Look()  # the synthetic table's default blur, noise and uneven light
LABEL_MM = (21 + 2 * QUIET_MODULES) * MODULE_MM + 2 * LABEL_MARGIN_MM  # a version 1 QR's label
QR_BELOW_CENTRE_MM = LABEL_TOP_MM + LABEL_MM / 2 - CARD_MM[1] / 2     # QR centre, card frame
# Corner label: board point (columns, rows units) and turn; the north ones face outwards so
# their card body lies off the board.
CORNER_SPOTS = {"NW": (0, 0, 180.0), "NE": (9, 0, 180.0), "SE": (9, 9, 0.0), "SW": (0, 9, 0.0)}
# Two seats set up on spaced squares, so no token's card hides another's label.
SETUP = {
    0: {"KATANA-Y-1": "B1", "NAGINATA-Y-1": "D1", "ARCHER-Y-1": "F1", "CAVALRY-Y-1": "H1"},
    1: {"KATANA-R-1": "B9", "NAGINATA-R-1": "D9", "ARCHER-R-1": "F9", "CAVALRY-R-1": "H9"},
}


def render_board(tokens: Mapping[str, str], *, board_angle: float = 0.0, camera: Camera = CAMERA,
                 missing: Iterable[str] = (), seed: int = 0, look: Look = LOOK) -> Any:
    """The camera image (BGR) of the board turned by board_angle on the table, with the
    tokens (id -> square) and every corner label except the missing ones."""
    deck = load_deck("samurai")
    geometry = SyntheticTable(deck, [], camera=camera, seed=seed)
    b = math.radians(board_angle)
    cos_b, sin_b = math.cos(b), math.sin(b)

    def shown(card: str, x: float, y: float, angle: float) -> Shown:
        # the label's QR centre lands on board point (x, y) (units: squares, from NW)
        mx, my = (x - 4.5) * SQUARE_MM, (y - 4.5) * SQUARE_MM
        qr = (mx * cos_b - my * sin_b, mx * sin_b + my * cos_b)
        a = math.radians(angle)
        centre = (qr[0] + QR_BELOW_CENTRE_MM * math.sin(a), qr[1] - QR_BELOW_CENTRE_MM * math.cos(a))
        px = geometry.to_image([centre])[0]
        w, h = camera.size
        return Shown(card, 0.0, at=(float(px[0]) / w, float(px[1]) / h), angle=angle, enter="none")

    script = [shown(f"CORNER-{c}", x, y, board_angle + turn)
              for c, (x, y, turn) in CORNER_SPOTS.items() if c not in set(missing)]
    for token, square in tokens.items():
        col, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
        script.append(shown(token, col + 0.5, row + 0.5, board_angle))
    return SyntheticTable(deck, script, camera=camera, seed=seed, look=look).render(0.5)


def write_image(path: Path, image: Any) -> Path:
    import cv2

    assert cv2.imwrite(str(path), image)
    return path


def write_setup_record(path: Path) -> Path:
    """A 2-seat samurai record whose setup places the SETUP units."""
    with Journal.create(path, "samurai", 2, {}, sync=False,
                        rules=get_game("samurai").rules_version) as journal:
        for seat, units in SETUP.items():
            for unit, square in units.items():
                journal.append({"type": "place", "seat": seat, "unit": unit, "at": square})
    return path
