"""The sticker code: numbers as tactile marks, colour symbols from data."""

from card_codes import load_deck, load_sticker_code


def test_a_ring_with_a_dot_is_five_as_the_tatsu_adaptation_says() -> None:
    code = load_sticker_code()
    assert [m.shape for m in code.marks_for(5)] == ["ring_dot"]
    assert [m.shape for m in code.marks_for(7)] == ["ring_dot", "dot", "dot"]
    assert [m.shape for m in code.marks_for(3)] == ["dot", "dot", "dot"]
    assert [m.shape for m in code.marks_for(0)] == ["bar"]
    for n in range(0, 31):
        assert sum(m.value for m in code.marks_for(n)) == n


def test_every_card_of_tatsu_and_dojo_has_a_symbol_and_its_numbers() -> None:
    code = load_sticker_code()
    for game in ("tatsu", "dojo"):
        for card in load_deck(game):
            symbol = code.colour_symbol(game, card) or code.kind_symbol(game, card)
            assert symbol is not None, card.id
            assert code.numbers(game, card), card.id
    tatsu = load_deck("tatsu")
    assert code.colour_symbol("tatsu", tatsu.card("Y-P1-V3")).shape == "moon"
    numbers = {n.attribute: n.value for n in code.numbers("tatsu", tatsu.card("R-P1-V7"))}
    assert numbers == {"power": 1, "points": 7}
