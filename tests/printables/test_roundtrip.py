"""Every label of the Tatsu and Dojo decks reads back to its own card, on paper and through a webcam."""

from __future__ import annotations

from collections import Counter

import pytest

from card_codes import load_deck
from tests.printables.helpers import card_ids, read_codes, webcam_view


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
