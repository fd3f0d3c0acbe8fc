"""Every label of the Tatsu and Dojo decks reads back to its own card, on paper and through a webcam."""

from __future__ import annotations

from collections import Counter

import pytest

from card_codes import decode, load_deck
from companion.vision import make_decoder
from printables import make_labels
from tests.printables.helpers import card_ids, rasterise, read_codes, webcam_view


@pytest.mark.parametrize("game", ["tatsu", "dojo"])
def test_every_label_decodes_to_its_card_at_150_dpi(game: str, pages_150: dict, deck_pdfs: dict) -> None:
    deck = load_deck(game)
    found = Counter(card_ids(pages_150[game]))
    assert found == Counter(deck.ids())  # each card once, no stranger
    assert deck_pdfs[game].pages == len(pages_150[game])


@pytest.mark.parametrize("game", ["tatsu", "dojo"])
def test_every_label_decodes_at_webcam_resolution(game: str, pages_150: dict) -> None:
    views = [webcam_view(page, 150) for page in pages_150[game]]
    assert Counter(card_ids(views)) == Counter(load_deck(game).ids())


def test_the_legend_page_has_no_code(pages_150: dict) -> None:
    assert read_codes(pages_150["tatsu"][-1]) == []


@pytest.mark.parametrize(("code", "sheet", "kinds"),
                         [("qr", None, {"qr"}), ("both", "avery-l7163", {"qr", "tag"})])
def test_qr_labels_and_labels_with_both_codes_read_back_by_each_code(tmp_path, code, sheet, kinds) -> None:

    deck = load_deck("tatsu")
    ids = ["Y-P1-V3", "R-X3", "Y-F", "R-P6-V1"]
    result = make_labels(deck, tmp_path / "l.pdf", sheet, card_ids=ids, legend=False, code=code)
    page = rasterise(result.pdf, 150)[0]
    read = make_decoder("tag+zxing", still=True).decode(page)
    for kind in ("qr", "tag"):
        cards = sorted(decode(d.text).card.id for d in read if d.code == kind)
        assert cards == (sorted(ids) if kind in kinds else []), kind
    assert all(d.tag == deck.card(decode(d.text).card.id).tag for d in read if d.code == "tag")
