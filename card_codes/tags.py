"""Camera tags: the global table of AprilTag ids (`tags.toml`) and what a tag id names.

A detector that reads tag N reports ``tag_text(N)``: the card's own label payload when N is
a card's tag (so a tag and a QR code of the same card are the same label downstream), else
``"tag:N"``, which `card_codes.decode` refuses with the same reasons as a foreign payload:
a free id in a shipped game's range is an unknown card of that game, an id reserved for a
game we do not ship is an unknown game, any other id is not ours.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from card_codes.deck import Card, available_games, load_deck

TAGS_FILE = Path(__file__).with_name("tags.toml")
TAG_PREFIX = "tag:"
_TAG_TEXT = re.compile(r"^tag:([0-9]{1,4})$")


class TagTableError(ValueError):
    """The tag table or a deck's tags do not hold together; the message says where."""


@dataclass(frozen=True)
class TagTable:
    """The family, its number of ids, and each game's range (first, last), inclusive."""

    family: str
    ids: int
    ranges: dict[str, tuple[int, int]]

    def game_of(self, tag: int) -> str | None:
        """The game whose range holds ``tag`` (shipped or only reserved), or None."""
        return next((g for g, (lo, hi) in self.ranges.items() if lo <= tag <= hi), None)


@functools.cache
def tag_table() -> TagTable:
    data = tomllib.loads(TAGS_FILE.read_text(encoding="utf-8"))
    ranges = {g: (int(r[0]), int(r[1])) for g, r in data["ranges"].items()}
    table = TagTable(str(data["family"]), int(data["ids"]), ranges)
    spans = sorted(ranges.values())
    for (lo, hi), (next_lo, _) in zip(spans, [*spans[1:], (table.ids, 0)], strict=True):
        if not 0 <= lo <= hi < next_lo:
            raise TagTableError(f"{TAGS_FILE}: range {lo}-{hi} overlaps another or leaves 0-{table.ids - 1}")
    return table


@functools.cache
def tag_index() -> dict[int, tuple[str, Card]]:
    """Every shipped card by its tag id; TagTableError if a tag is outside its game's range."""
    table = tag_table()
    out: dict[int, tuple[str, Card]] = {}
    for game in available_games():
        deck = load_deck(game)
        span = table.ranges.get(game)
        for card in deck:
            if card.tag is None:
                continue
            if span is None or not span[0] <= card.tag <= span[1]:
                raise TagTableError(f"{deck.source}: card {card.id}: tag {card.tag} is outside {game}'s "
                                    f"range in {TAGS_FILE.name} ({span})")
            out[card.tag] = (game, card)
    return out


def tag_text(tag: int) -> str:
    """What a detector reports for tag ``tag``: the card's payload, or ``tag:N``."""
    from card_codes.payload import encode

    found = tag_index().get(tag)
    if found is None:
        return f"{TAG_PREFIX}{tag}"
    game, card = found
    return encode(load_deck(game), card.id)


def parse_tag_text(text: str) -> int | None:
    """N for a text ``tag:N``, else None."""
    m = _TAG_TEXT.match(text)
    return int(m.group(1)) if m else None


def tag_of(game: str, card_id: str) -> int | None:
    """The tag id printed on a card, or None when the card has none."""
    return load_deck(game).card(card_id).tag
