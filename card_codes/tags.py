"""Camera tags: the global table of AprilTag ids and what a tag id names.

The family and its number of ids are in `tags.toml`; each game's range is in its deck file
(``tags = [first, last]``), and this module checks that no two ranges overlap. A detector that
reads tag N reports ``tag_text(N)``: the card's own label payload when N is a card's tag (so a
tag and a QR code of the same card are the same label downstream), else ``"tag:N"``, which
`card_codes.decode` refuses with the same reasons as a foreign payload: a free id in a shipped
game's range is an unknown card of that game, any other id is not ours.
"""
from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from card_codes.deck import Card, available_games, load_deck
from card_codes.errors import KeyedError

TAGS_FILE = Path(__file__).with_name("tags.toml")
TAG_PREFIX = "tag:"
_TAG_TEXT = re.compile(r"tag:([0-9]{1,4})")


class TagTableError(KeyedError, ValueError):
    """The tag table or a deck's tags do not hold together; the message says where
    (messages.toml, area ``tags``)."""

    area = "tags"


@dataclass(frozen=True)
class TagTable:
    """The family, its number of ids, and each shipped game's range (first, last), inclusive."""

    family: str
    ids: int
    ranges: dict[str, tuple[int, int]]

    def game_of(self, tag: int) -> str | None:
        """The game whose range holds ``tag``, or None."""
        return next((g for g, (lo, hi) in self.ranges.items() if lo <= tag <= hi), None)


@functools.cache
def tag_table() -> TagTable:
    """The table from tags.toml and the decks' ranges; TagTableError if two ranges overlap."""
    data = tomllib.loads(TAGS_FILE.read_text(encoding="utf-8"))
    ranges = {game: span for game in available_games() if (span := load_deck(game).tag_range) is not None}
    table = TagTable(str(data["family"]), int(data["ids"]), ranges)
    by_start = sorted(ranges.items(), key=lambda item: item[1])
    for (game, (lo, hi)), (_, (next_lo, _)) in zip(by_start, [*by_start[1:], ("", (table.ids, 0))],
                                                   strict=True):
        if not hi < next_lo:
            raise TagTableError("overlap", file=load_deck(game).source, first=lo, last=hi, most=table.ids - 1)
    return table


@functools.cache
def tag_index() -> dict[int, tuple[str, Card]]:
    """Every shipped card by its tag id (each deck checked its own cards' tags against its range)."""
    tag_table()  # the ranges are checked before any card is named by its tag
    return {card.tag: (game, card) for game in available_games() for card in load_deck(game)
            if card.tag is not None}


def parse_tag_text(text: str) -> int | None:
    """N for a text ``tag:N``, else None."""
    m = _TAG_TEXT.fullmatch(text)
    return int(m.group(1)) if m else None


def tag_of(game: str, card_id: str) -> int | None:
    """The tag id printed on a card, or None when the card has none."""
    return load_deck(game).card(card_id).tag
