"""What is printed on cards: decks, card identity, label payloads, sticker codes.

Standard library only, so every part of the program (and the printables) can use it.
"""

from card_codes.deck import Card, Deck, DeckError, available_games, load_deck, load_deck_file
from card_codes.payload import Label, LabelError, LabelErrorKind, decode, encode, tag_text, try_decode
from card_codes.sticker import StickerCode, load_sticker_code
from card_codes.tags import TagTable, TagTableError, tag_index, tag_of, tag_table

__all__ = [
    "Card",
    "Deck",
    "DeckError",
    "Label",
    "LabelError",
    "LabelErrorKind",
    "StickerCode",
    "TagTable",
    "TagTableError",
    "available_games",
    "decode",
    "encode",
    "load_deck",
    "load_deck_file",
    "load_sticker_code",
    "tag_index",
    "tag_of",
    "tag_table",
    "tag_text",
    "try_decode",
]
