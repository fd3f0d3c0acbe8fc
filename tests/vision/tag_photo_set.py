"""The real AprilTag photographs of apriltag_photos/ (see its README): images, expected tags, scores."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "apriltag_photos"
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")

Corners = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Expected:
    tag: int
    corners: Corners

    @property
    def centre(self) -> tuple[float, float]:
        return (sum(p[0] for p in self.corners) / 4, sum(p[1] for p in self.corners) / 4)

    @property
    def side(self) -> float:
        return sum(math.dist(self.corners[i], self.corners[(i + 1) % 4]) for i in range(4)) / 4


@dataclass(frozen=True)
class Score:
    expected: int
    read: int  # expected tags read at their place
    wrong: int  # detections of an id the photo does not hold
    extra: int  # detections of a held id elsewhere (a tag the list leaves out)


def photo_set(folder: Path = FOLDER) -> list[tuple[Path, list[Expected]]]:
    """(image, expected tags) for every photo with its .txt list."""
    out = []
    for img in sorted(folder.glob("*.jpg")):
        lines = img.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
        expected = []
        for line in lines:
            nums = [float(x) for x in _NUMBER.findall(line)]
            if len(nums) == 9:
                pts = tuple((nums[k], nums[k + 1]) for k in (1, 3, 5, 7))
                expected.append(Expected(int(nums[0]), pts))
        out.append((img, expected))
    return out


def read_tags(found: Iterable[tuple[int, tuple[float, float]]], expected: list[Expected]) -> list[Expected]:
    """The expected tags that ``found`` ((id, centre) of each detection) reads: a detection of the
    tag's id within 40 % of its side (4 px at least) of its centre; each detection counts once."""
    return _match(found, expected)[0]


def score(found: Iterable[tuple[int, tuple[float, float]]], expected: list[Expected]) -> Score:
    """How ``found`` ((id, centre) of each detection) reads the photo's expected tags."""
    read, wrong, extra = _match(found, expected)
    return Score(len(expected), len(read), wrong, extra)


def _match(found: Iterable[tuple[int, tuple[float, float]]],
           expected: list[Expected]) -> tuple[list[Expected], int, int]:
    ids = {e.tag for e in expected}
    left = list(expected)
    read: list[Expected] = []
    wrong = extra = 0
    for tag, centre in found:
        if tag not in ids:
            wrong += 1
            continue
        near = [e for e in left if e.tag == tag and math.dist(centre, e.centre) <= max(4.0, 0.4 * e.side)]
        if near:
            best = min(near, key=lambda e: math.dist(centre, e.centre))
            left.remove(best)
            read.append(best)
        else:
            extra += 1
    return read, wrong, extra
