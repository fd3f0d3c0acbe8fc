"""Label payloads: the text inside a card's QR code (grammar in SPEC.md).

    payload = GAME "." CODE CHECK      e.g. "TA.Y13S"

GAME is the deck's two-letter code, CODE the card's code (1-6 of 0-9A-Z), CHECK the
ISO 7064 MOD 37-36 check character of GAME+CODE. Every payload is at most 10
characters of the QR alphanumeric set, so it fits a version 1 symbol at level H.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass

from card_codes.check import check_char, is_valid
from card_codes.deck import Card, Deck, DeckError, available_games, load_deck
from card_codes.errors import KeyedError
from card_codes.tags import TAG_PREFIX, parse_tag_text, tag_index, tag_table

MAX_LENGTH = 10
_GRAMMAR = re.compile(r"^([A-Z]{2})\.([0-9A-Z]{1,6})([0-9A-Z])$")


class LabelErrorKind(enum.Enum):
    """Why a text is not one of our cards."""

    NOT_OURS = "not_ours"          # not a companion payload at all (a URL, noise...)
    BAD_CHECK = "bad_check"        # our grammar, but the check character is wrong
    UNKNOWN_GAME = "unknown_game"  # well formed, for a game we do not have
    UNKNOWN_CARD = "unknown_card"  # a game we have, but no such card
    OTHER_GAME = "other_game"      # a real card, of another game than the one played


class LabelError(KeyedError, ValueError):
    """A text that does not name one of our cards, with the reason as a kind (its message:
    messages.toml, area ``label``); ``read`` is the text read, ``game`` the game it names."""

    area = "label"

    def __init__(self, kind: LabelErrorKind, read: str, game: str | None = None) -> None:
        self.kind = kind
        self.read = read
        self.game = game
        super().__init__(kind.value, read=read[:40], game=game)


@dataclass(frozen=True)
class Label:
    """A decoded payload: the game and the card it names."""

    game: str
    card: Card


def encode(deck: Deck, card_id: str) -> str:
    """The payload printed on the card ``card_id`` of ``deck``."""
    card = deck.card(card_id)
    body = deck.code + card.code
    return f"{deck.code}.{card.code}{check_char(body)}"


@functools.cache
def _decks_by_code() -> dict[str, Deck]:
    decks: dict[str, Deck] = {}
    for game in available_games():
        try:
            deck = load_deck(game)
        except DeckError:  # another game's broken deck must not stop this one: its labels are unknown
            continue
        decks.setdefault(deck.code, deck)
    return decks


def decode(text: str, expect_game: str | None = None) -> Label:
    """The card a payload names; LabelError (never a guess) when it names none.

    With ``expect_game``, a real card of another game is refused as OTHER_GAME.
    """
    if not isinstance(text, str):
        raise LabelError(LabelErrorKind.NOT_OURS, repr(text))
    tag = parse_tag_text(text)
    if tag is not None:
        return _decode_tag(tag, text, expect_game)
    m = _GRAMMAR.fullmatch(text) if len(text) <= MAX_LENGTH else None  # "$" would let a final "\n" in
    if m is None:
        raise LabelError(LabelErrorKind.NOT_OURS, text)
    game_code, code, check = m.groups()
    if not is_valid(game_code + code + check):
        raise LabelError(LabelErrorKind.BAD_CHECK, text)
    deck = _decks_by_code().get(game_code)
    if deck is None:
        raise LabelError(LabelErrorKind.UNKNOWN_GAME, text)
    card = deck.by_code(code)
    if card is None:
        raise LabelError(LabelErrorKind.UNKNOWN_CARD, text, deck.game)
    if expect_game is not None and deck.game != expect_game:
        raise LabelError(LabelErrorKind.OTHER_GAME, text, deck.game)
    return Label(deck.game, card)


def _decode_tag(tag: int, text: str, expect_game: str | None) -> Label:
    """A camera tag id: its card, or the same refusals as a payload."""
    found = tag_index().get(tag)
    if found is None:
        game = tag_table().game_of(tag)
        if game is None:
            raise LabelError(LabelErrorKind.NOT_OURS, text)
        raise LabelError(LabelErrorKind.UNKNOWN_CARD, text, game)
    game, card = found
    if expect_game is not None and game != expect_game:
        raise LabelError(LabelErrorKind.OTHER_GAME, text, game)
    return Label(game, card)


def tag_text(tag: int) -> str:
    """What a detector reports for tag ``tag``: the card's payload, or ``tag:N``."""
    found = tag_index().get(tag)
    if found is None:
        return f"{TAG_PREFIX}{tag}"
    game, card = found
    return encode(load_deck(game), card.id)


def try_decode(text: str, expect_game: str | None = None) -> Label | LabelError:
    """Like decode, but returns the error instead of raising it."""
    try:
        return decode(text, expect_game)
    except LabelError as err:
        return err
