"""Label PDFs rendered once per test session (they are the slow part)."""

from __future__ import annotations

from pathlib import Path

import pytest

from card_codes import load_deck
from printables import LabelsResult, make_labels
from tests.printables.helpers import rasterise


@pytest.fixture(scope="session")
def deck_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, LabelsResult]:
    folder = tmp_path_factory.mktemp("labels")
    games = ("tatsu", "dojo")
    return {g: make_labels(load_deck(g), folder / f"{g}.pdf", tactile=True) for g in games}


@pytest.fixture(scope="session")
def pages_150(deck_pdfs: dict[str, LabelsResult]) -> dict[str, list]:
    return {game: rasterise(result.pdf, 150) for game, result in deck_pdfs.items()}


@pytest.fixture()
def out_dir(tmp_path: Path) -> Path:
    return tmp_path
