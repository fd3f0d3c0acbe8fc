"""Braille: our translation against liblouis's own tool, and the dots as drawn, measured."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from card_codes import load_deck
from printables import braille, make_labels
from tests.printables.helpers import dark_blobs, rasterise

WORDS = ["Esprit jaune puissance 5", "jaune", "multiplicateur", "fusion", "x3", "12", "Été, élément à ça",
         "tigresse", "raton laveur", "karaté"]
DPI = 600
MM_PER_PX = 25.4 / DPI


def test_the_notes_reference_sentence() -> None:
    assert braille.translate("Esprit jaune puissance 5", "fr") == "⠨⠑⠎⠏⠗⠊⠞⠀⠚⠁⠥⠝⠑⠀⠏⠥⠊⠎⠎⠁⠝⠉⠑⠀⠠⠱"
    assert braille.translate("0123456789", "en") == "⠼⠚⠁⠃⠉⠙⠑⠋⠛⠓⠊"


@pytest.mark.skipif(shutil.which("lou_translate") is None, reason="needs liblouis-bin (make bootstrap)")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_words_match_lou_translate(lang: str) -> None:
    table = f"unicode.dis,{braille.table_for(lang)}"
    for word in WORDS:
        theirs = subprocess.run(["lou_translate", table], input=word, capture_output=True, text=True,
                                check=True).stdout.rstrip("\n")
        assert braille.translate(word, lang) == theirs, word


def test_labels_lowercase_and_translate_each_number_alone() -> None:
    assert braille.words("Jaune 5 1", "en") == ["⠚⠁⠥⠝⠑", "⠼⠑", "⠼⠁"]  # not one number ⠼⠑⠐⠁
    assert braille.words("JAUNE", "fr") == ["⠚⠁⠥⠝⠑"]  # no capital signs


def test_the_label_braille_is_the_name_when_it_fits_else_a_short_form() -> None:
    tatsu = load_deck("tatsu")
    assert braille.fit("tatsu", tatsu.card("Y-F"), "fr", 6, 1).text == "fusion"
    assert braille.fit("tatsu", tatsu.card("Y-P1-V3"), "fr", 30, 1).text == "esprit jaune 1, 3 points"
    assert braille.fit("tatsu", tatsu.card("Y-P1-V3"), "fr", 6, 1).lines == ("⠠⠡⠀⠠⠩",)
    with pytest.raises(braille.BrailleError, match="does not fit"):
        braille.fit("tatsu", tatsu.card("Y-P1-V3"), "fr", 3, 1)


def _braille_dots(image: np.ndarray) -> list[tuple[float, float]]:
    """Centres (mm) of blobs the size of a 1.5 mm Braille dot (sticker marks are larger)."""
    area = np.pi * (braille.DOT_DIAMETER / 2 / MM_PER_PX) ** 2
    return [(x * MM_PER_PX, y * MM_PER_PX) for x, y, a in dark_blobs(image) if 0.8 * area < a < 1.2 * area]


def _clusters(values: list[float], gap: float = 0.5) -> list[float]:
    """Distinct positions (means of values closer than ``gap``), relative to the first."""
    groups: list[list[float]] = []
    for v in sorted(values):
        if groups and v - groups[-1][-1] < gap:
            groups[-1].append(v)
        else:
            groups.append([v])
    means = [sum(g) / len(g) for g in groups]
    return [m - means[0] for m in means]


def test_drawn_dots_are_at_marburg_medium_pitch(tmp_path: Path) -> None:
    # "1 3" in French: ⠠⠡⠀⠠⠩ = dot 6 | dots 1 6 | blank | dot 6 | dots 1 4 6
    result = make_labels(load_deck("tatsu"), tmp_path / "one.pdf", card_ids=["Y-P1-V3"], legend=False,
                         tactile=True)
    page = rasterise(result.tactile, DPI)[0]
    dots = _braille_dots(page)
    assert len(dots) == 7
    # the sheet holds the label turned a quarter turn: the Braille line runs up the page
    expected = list(braille.dots("⠠⠡⠀⠠⠩", 0.0, 0.0))
    along = _clusters([-y for _, y in dots])
    across = _clusters([x for x, _ in dots])
    assert along == pytest.approx(_clusters([u for u, _ in expected]), abs=0.1)
    assert across == pytest.approx(_clusters([v for _, v in expected]), abs=0.1)
    assert along[1] - along[0] == pytest.approx(braille.CELL_PITCH - braille.DOT_PITCH, abs=0.1)
    assert along[4] - along[1] == pytest.approx(3 * braille.CELL_PITCH, abs=0.1)  # dot 1 of cells 2 and 5
    assert across[1] - across[0] == pytest.approx(2 * braille.DOT_PITCH, abs=0.1)
    diameters = [2 * np.sqrt(a / np.pi) * MM_PER_PX for *_, a in dark_blobs(page)]
    assert min(diameters) == pytest.approx(braille.DOT_DIAMETER, abs=0.1)
