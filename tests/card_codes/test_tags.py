"""Camera tags: one global id table, each deck inside its range, foreign ids refused like payloads."""

from itertools import pairwise
from pathlib import Path

import pytest

from card_codes import (
    DeckError,
    LabelErrorKind,
    available_games,
    load_deck,
    load_deck_file,
    tag_index,
    tag_table,
    tag_text,
    try_decode,
)
from card_codes.deck import DECKS_DIR


def test_every_card_of_every_deck_has_a_tag_inside_its_games_range_and_no_id_is_used_twice() -> None:
    table = tag_table()
    seen: dict[int, str] = {}
    for game in available_games():
        lo, hi = table.ranges[game]
        for card in load_deck(game):
            assert card.tag is not None, f"{game} {card.id} has no tag"
            assert lo <= card.tag <= hi, f"{game} {card.id}: tag {card.tag} outside {lo}-{hi}"
            assert card.tag not in seen, f"tag {card.tag} used by {seen.get(card.tag)} and {card.id}"
            seen[card.tag] = card.id
    assert len(tag_index()) == len(seen) == sum(len(load_deck(g)) for g in available_games())


def test_the_games_ranges_are_disjoint_and_inside_the_family_however_many_games() -> None:
    table = tag_table()
    assert table.family == "36h11" and table.ids == 587
    assert table.ranges["bataille"] == (432, 463)  # the sixth game's range, reserved before it shipped
    spans = sorted(table.ranges.values())
    assert all(lo <= hi for lo, hi in spans) and spans[0][0] >= 0 and spans[-1][1] < table.ids
    assert all(a_hi < b_lo for (_, a_hi), (b_lo, _) in pairwise(spans)), spans


def test_a_tag_reads_as_its_cards_payload_so_tag_and_qr_are_one_label() -> None:
    deck = load_deck("tatsu")
    card = deck.card("Y-P1-V3")
    label = try_decode(tag_text(card.tag), "tatsu")
    assert label.card.id == "Y-P1-V3"
    assert try_decode(f"tag:{card.tag}", "tatsu").card.id == "Y-P1-V3"


@pytest.mark.parametrize(("tag", "kind"), [
    (30, LabelErrorKind.UNKNOWN_CARD),    # free id in Tatsu's range
    (455, LabelErrorKind.UNKNOWN_CARD),   # free id in the range of the sixth game
    (440, LabelErrorKind.OTHER_GAME),     # a card of the sixth game while Tatsu is played
    (None, LabelErrorKind.NOT_OURS),      # in no game's range (the first free id, or past the family)
    (40, LabelErrorKind.OTHER_GAME),      # a Dojo card while Tatsu is played
])
def test_a_tag_that_names_no_card_of_the_game_is_refused_like_a_foreign_payload(tag: int | None,
                                                                               kind) -> None:
    if tag is None:
        table = tag_table()
        tag = next((t for t in range(table.ids)
                    if not any(lo <= t <= hi for lo, hi in table.ranges.values())), table.ids)
    text = tag_text(tag)
    result = try_decode(text, "tatsu")
    assert getattr(result, "kind", None) is kind


@pytest.mark.parametrize(("line", "reason"), [
    ("tag = 0\n", "card Y-P1-V4: tag 0 is already used by Y-P1-V3"),
    ('tag = "1"\n', "tag 1 must be a whole number from 0 to 31"),
    ("tag = 40\n", "card Y-P1-V4: tag 40 must be a whole number from 0 to 31"),
])
def test_a_bad_tag_is_refused_by_name(tmp_path: Path, line: str, reason: str) -> None:
    """Two cards on one tag, a tag that is no number, a tag outside the game's range."""
    text = (DECKS_DIR / "tatsu.toml").read_text(encoding="utf-8").replace("tag = 1\n", line, 1)
    path = tmp_path / "tatsu.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as err:
        load_deck_file(path)
    assert reason in str(err.value)


def test_a_card_with_a_tag_in_a_deck_without_a_range_is_refused(tmp_path: Path) -> None:
    text = (DECKS_DIR / "tatsu.toml").read_text(encoding="utf-8")
    text = "\n".join(line for line in text.split("\n") if not line.startswith("tags = "))
    path = tmp_path / "tatsu.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match="declares no 'tags' range"):
        load_deck_file(path)
