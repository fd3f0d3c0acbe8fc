"""Floods and contradictions (issue 28, finding 5), through a real `companion play --images`.

Before: 300 labels in one frame were 300 lines (272 "Carte d'un autre jeu", 27 refused cards)
and a card played from the flood; a label whose tag and QR code named two cards played one.
Now a flood is one line and plays nothing; a frame's refused labels are one line; a label that
contradicts itself is said to, once, and neither of its cards is played.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.journal import open_record
from companion.speech.text import LINE_MAX

from .labels import cards_with_tags, contradicting_label, image_folder, others, play_images, sheet_of_labels

pytestmark = pytest.mark.slow


def played_cards(record: Path | None) -> list[str]:
    assert record is not None and record.exists()
    return [action["card"] for _, action in open_record(record)[1] if "card" in action]


def common_checks(lines: list[str], err: str) -> None:
    assert "Traceback" not in err, err
    assert all(len(ln) <= LINE_MAX for ln in lines), max(lines, key=len)
    assert lines[-1] == "Au revoir. La partie est enregistrée.", lines[-3:]


def test_a_frame_of_300_labels_is_one_line_and_plays_nothing(home: Path, tmp_path: Path) -> None:
    ours = cards_with_tags("tatsu")  # the whole deck, 28 cards, and 272 labels of other games
    sheet = sheet_of_labels([*ours, *others("tatsu")][:300])
    done = play_images(home, "tatsu", image_folder(tmp_path / "frames", sheet))
    assert done.code == 0, done.err
    common_checks(done.lines, done.err)
    flood = [ln for ln in done.lines if ln.startswith("Trop d'étiquettes")]
    assert flood == ["Trop d'étiquettes à la fois : 300 (28 de ce jeu, 272 d'autres jeux). "
                     "Rien n'est joué : retirez celles qui ne sont pas de la partie."], done.lines
    assert not [ln for ln in done.lines if "autre jeu" in ln and ln not in flood]
    assert not [ln for ln in done.lines if ln.startswith("Carte refusée")]
    assert played_cards(done.record) == [], "nothing is played from a flood"
    assert len(done.lines) < 15, done.lines


def test_a_frame_of_many_refused_labels_is_one_line(home: Path, tmp_path: Path) -> None:
    sheet = sheet_of_labels(others("tatsu")[:27], px_per_mm=2.0, columns=9)  # fewer than a deck: no flood
    done = play_images(home, "tatsu", image_folder(tmp_path / "frames", sheet))
    assert done.code == 0, done.err
    common_checks(done.lines, done.err)
    assert [ln for ln in done.lines if "autre" in ln] == ["27 étiquettes d'autres jeux."], done.lines


def test_the_same_in_english(home: Path, tmp_path: Path) -> None:
    sheet = sheet_of_labels([*cards_with_tags("tatsu"), *others("tatsu")][:40])
    done = play_images(home, "tatsu", image_folder(tmp_path / "frames", sheet), "--lang", "en",
                       until="End of the images")
    assert done.code == 0, done.err
    assert [ln for ln in done.lines if ln.startswith("Too many")] == [
        "Too many labels at once: 40 (28 of this game, 12 of other games). "
        "Nothing is played: take away those that are not part of the game."], done.lines


def test_a_label_whose_tag_and_qr_code_disagree_is_refused_as_such(home: Path, tmp_path: Path) -> None:
    frame = contradicting_label(tmp_path, "tatsu", "Y-P1-V6", "Y-X1")
    done = play_images(home, "tatsu", image_folder(tmp_path / "frames", frame))
    assert done.code == 0, done.err
    common_checks(done.lines, done.err)
    said = [ln for ln in done.lines if "contredit" in ln]
    assert said == ["Cette étiquette se contredit : son code caméra et son QR code nomment deux cartes "
                    "différentes. Aucune n'est jouée ; réimprimez-la."], done.lines
    assert not [ln for ln in done.lines if ln.startswith(("Carte refusée", "Nord :"))], done.lines
    assert played_cards(done.record) == []
