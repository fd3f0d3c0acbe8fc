"""Shared scenes: a played Tatsu trick on the synthetic table, written as real video files."""

from __future__ import annotations

from pathlib import Path

import pytest

from card_codes import Deck, load_deck
from companion.vision import Shown, SyntheticTable, Zone, write_video

REPO_ROOT = Path(__file__).resolve().parents[2]
PHOTOS = REPO_ROOT.parent / "shared" / "data" / "qr-photos"

# Four seats round an overhead camera: south (bottom), west, north (top), east.
SEAT_ZONES = (
    Zone(0, (0.33, 0.5, 0.67, 1.0)),
    Zone(1, (0.0, 0.0, 0.33, 1.0)),
    Zone(2, (0.33, 0.0, 0.67, 0.5)),
    Zone(3, (0.67, 0.0, 1.0, 1.0)),
)
# (card, where it lands, the edge it comes from, its turn): each seat plays towards the middle
TRICK = (
    ("Y-P1-V3", (0.5, 0.72), "bottom", 0),
    ("R-P2-V1", (0.2, 0.5), "left", 90),
    ("Y-X2", (0.5, 0.28), "top", 180),
    ("R-F", (0.8, 0.5), "right", 270),
)
TRICK_FPS = 10
COLLECTED_AT = 6.0  # the trick's winner picks the four cards up


def trick_script() -> list[Shown]:
    return [
        Shown(c, 0.8 + 1.2 * k, COLLECTED_AT, at, angle=a, enter=e) for k, (c, at, e, a) in enumerate(TRICK)
    ]


@pytest.fixture(scope="session")
def tatsu() -> Deck:
    return load_deck("tatsu")


@pytest.fixture(scope="session")
def dojo() -> Deck:
    return load_deck("dojo")


def _write_trick(folder: Path, suffix: str) -> Path:
    path = folder / f"trick.{suffix}"
    write_video(SyntheticTable(load_deck("tatsu"), trick_script(), fps=TRICK_FPS, seed=3), path)
    return path


@pytest.fixture(scope="session")
def trick_mp4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The trick written by cv2.VideoWriter as mp4v in .mp4."""
    return _write_trick(tmp_path_factory.mktemp("video"), "mp4")


@pytest.fixture(scope="session", params=["mp4", "avi"])
def trick_video(
    request: pytest.FixtureRequest, trick_mp4: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The trick as mp4v in .mp4 and as MJPG in .avi."""
    if request.param == "mp4":
        return trick_mp4
    return _write_trick(tmp_path_factory.mktemp("video"), "avi")
