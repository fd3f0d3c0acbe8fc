"""The real QR photos of ../shared/data/qr-photos (ZXing's blackbox sets), with expected texts."""

from __future__ import annotations

import os
from pathlib import Path

from companion.vision.frames import IMAGE_SUFFIXES


def photo_folder(repo_root: Path) -> Path:
    """``../shared`` beside the repo (as CI lays it out), or COMPANION_SHARED for a worktree."""
    shared = Path(os.environ.get("COMPANION_SHARED") or repo_root.parent / "shared")
    return shared / "data" / "qr-photos"


def photos(folder: Path) -> list[tuple[Path, str]]:
    """(image, expected text) for every photo that has its .txt next to it."""
    out = []
    for img in sorted(folder.rglob("*")):
        txt = img.with_suffix(".txt")
        if img.suffix.lower() in IMAGE_SUFFIXES and txt.is_file():
            out.append((img, txt.read_text(encoding="utf-8")))
    return out


def same_text(decoded: str, expected: str) -> bool:
    """Equal once line ends and trailing spaces (which the .txt files drop or keep) agree."""

    def norm(s: str) -> str:
        return "\n".join(line.rstrip() for line in s.replace("\r\n", "\n").strip().split("\n"))

    return norm(decoded) == norm(expected)
