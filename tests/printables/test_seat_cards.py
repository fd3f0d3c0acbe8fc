"""Seat cards written, rasterised and read again: each card's QR code opens its own seat's link,
its name is in large print, and its Braille is the name's."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import cv2
import pytest
import zxingcpp

from printables import braille
from printables.seat_cards import write_seat_cards

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils: make bootstrap")

NOTE = "Ouvrez ce code avec l'appareil photo du téléphone : c'est votre place, à vous seul."
CARDS = [("Est", "http://192.168.1.20:8730/s/0pW21Hz1aJGtxygh_m2HYg", NOTE),
         ("Ouest", "http://192.168.1.20:8730/s/AjwPGoNpZeNc6Omb-mtCTA", NOTE),
         ("Nord-Est", "http://192.168.1.20:8730/s/NI3rxCwqUtn29U1RZ3afVw", NOTE),
         ("Vue de la table", "http://192.168.1.20:8730/t/qrkLf-pJf9G9IcYGCOjdjw", "Sur une télévision."),
         ("Sud", "http://192.168.1.20:8730/s/3s3OuFchqC0ZIsb23a8ojw", NOTE)]


def test_each_card_opens_its_own_seat_and_says_its_name(tmp_path: Path) -> None:
    pdf = write_seat_cards(CARDS, tmp_path / "places.pdf", "fr")
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) == 2  # four cards to a page
    read = [r.text for page in pages for r in zxingcpp.read_barcodes(cv2.imread(str(page)))]
    assert sorted(read) == sorted(url for _, url, _note in CARDS)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    for name, _url, _note in CARDS:
        assert name in text
    assert "à vous seul." in text  # the note fits its card (wrapped)


def test_each_cards_braille_is_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    monkeypatch.setattr("printables.seat_cards.draw_dots", lambda c, centres: drawn.append(len(centres)))
    write_seat_cards(CARDS[:2], tmp_path / "places.pdf", "fr")
    expected = [sum(bin(ord(ch) - 0x2800).count("1") for ch in "".join(braille.words(name, "fr")))
                for name, _url, _note in CARDS[:2]]
    assert drawn == expected and all(expected)


def test_a_card_file_is_whole_or_absent(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        write_seat_cards(CARDS, tmp_path / "missing" / "places.pdf")
    assert list(tmp_path.iterdir()) == []
