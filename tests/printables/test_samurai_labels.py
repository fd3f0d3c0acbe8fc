"""Samurai labels: every unit token and event card gets a label that reads back, with its
team symbol, type shape, number and Braille short form."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from card_codes import load_deck, load_sticker_code
from companion.cli import app
from printables import plan_labels
from printables.sheets import load_sheet
from tests.printables.helpers import card_ids, rasterise

runner = CliRunner()


def test_every_token_and_event_label_reads_back(tmp_path: Path) -> None:
    out = tmp_path / "samurai.pdf"
    result = runner.invoke(app, ["labels", "samurai", "-o", str(out)])
    assert result.exit_code == 0, result.output
    deck = load_deck("samurai")
    assert sorted(card_ids(rasterise(out, 150))) == sorted(deck.ids())


def test_symbols_numbers_and_braille_say_team_type_and_number() -> None:
    deck = load_deck("samurai")
    code = load_sticker_code()
    katana = deck.card("KATANA-R-3")
    assert code.colour_symbol("samurai", katana).shape == "heart"
    assert code.kind_symbol("samurai", katana).shape == "cross"
    assert [n.value for n in code.numbers("samurai", katana)] == [3]
    event = deck.card("E5")
    assert code.colour_symbol("samurai", event) is None
    assert code.kind_symbol("samurai", event).shape == "square"
    plans = plan_labels(deck, load_sheet(), "fr", True, ["KATANA-R-3", "CAVALRY-Y-6", "E5"])
    assert [p.braille.text for p in plans] == ["kat 3", "cav 6", "ev 5"]
    shapes = {code.kind_symbol("samurai", c).shape for c in deck}
    assert len(shapes) == 6  # each unit type, the events and the board corners have their own shape


def test_board_corner_labels_say_which_corner() -> None:
    deck = load_deck("samurai")
    code = load_sticker_code()
    corner = deck.card("CORNER-SW")
    assert code.colour_symbol("samurai", corner) is None
    assert code.kind_symbol("samurai", corner).shape == "circle"
    plans = plan_labels(deck, load_sheet(), "fr", True, ["CORNER-NW", "CORNER-SW"])
    assert [p.braille.text for p in plans] == ["no", "so"]
