"""The golden records every game package keeps in `records/`: a hand-written record and its
checked transcripts (`NAME.fr.txt`, `NAME.en.txt`)."""

from __future__ import annotations

from pathlib import Path

from companion.engine import games, get_package

LEGACY = Path(__file__).parent / "data"  # records not moved into their package yet


def golden_records() -> list[Path]:
    """Every golden record of every game, in game order."""
    found = [p for name in games() for p in get_package(name).records()]
    found += sorted(LEGACY.glob("*.jsonl"))
    return [p for p in found if transcript(p, "fr").exists()]


def record(game: str, name: str) -> Path:
    """One game's golden record by its name (``round`` for ``records/round.jsonl``)."""
    path = get_package(game).folder / "records" / f"{name}.jsonl"
    return path if path.exists() else LEGACY / f"{game}_{name}.jsonl"


def transcript(path: Path, lang: str) -> Path:
    """The checked transcript of a record in ``lang``."""
    return path.with_name(f"{path.stem}.{lang}.txt")
