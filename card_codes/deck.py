"""Decks as data: load and validate `decks/<game>.toml`.

A deck file declares the game it is for, its kinds of card (each with the number of
its cards and the attributes it must carry, with their types and ranges), and the
cards. One schema checks every deck on every path that loads one: types, counts,
unique ids and codes, the game named. A bad file is refused with a message that names
the file, the card and what is wrong, so a deck that cannot deal never reaches a game.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from card_codes.errors import CompanionError
from card_codes.files import InputFileError, MiB, file_message, read_limited
from card_codes.messages import message

DECKS_DIR = Path(__file__).parent / "decks"
TAGS_FILE = Path(__file__).with_name("tags.toml")  # the camera tag family's size (tags.py reads the rest)
LANGS = ("fr", "en")
_ID_RE = re.compile(r"[A-Z0-9]+(?:-[A-Z0-9]+)*")
_CODE_RE = re.compile(r"[0-9A-Z]{1,6}")
_GAME_CODE_RE = re.compile(r"[A-Z]{2}")
_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
MAX_DECK_BYTES = 4 * MiB  # the largest shipped deck is about 60 KB
MAX_NAME = 120  # characters of a card or deck name (it is printed on a label)
MAX_SEATS = 12
CAMERA_PLAYS = ("laid", "seen")  # [camera] plays: a card put down (tracker laid mode), or a card read


class DeckError(CompanionError, ValueError):
    """A deck file that cannot be used; the message names file, card and fault.

    ``key`` and ``params`` say what is wrong (messages.toml); ``str()`` is English,
    ``text(lang)`` the same reason in the user's language.
    """

    def __init__(self, file: Path | str, card: str | None, key: str, **params: Any) -> None:
        self.file = str(file)
        self.card = card
        self.key = key if "." in key else f"deck.{key}"
        self.params = params
        self.problem = self._problem("en")
        super().__init__(self.text("en"))

    def _problem(self, lang: str) -> str:
        if self.key.startswith("file."):
            return file_message(lang, self.key[5:], self.params)
        return message(lang, self.key, **self.params)

    def text(self, lang: str = "fr") -> str:
        """The reason in ``lang``, with the file (and card) it is about."""
        where = "deck.where_card" if self.card else "deck.where"
        return message(lang, where, file=self.file, card=self.card, problem=self._problem(lang))


@dataclass(frozen=True)
class Card:
    """One physical card (or token) of a deck."""

    id: str
    code: str
    kind: str
    names: dict[str, str]
    attrs: dict[str, Any]
    assumed: tuple[str, ...] = ()
    tag: int | None = None  # the camera tag's id (card_codes/tags.toml gives each game a range)

    def name(self, lang: str = "fr") -> str:
        return self.names.get(lang) or self.names["fr"]

    def __getitem__(self, attr: str) -> Any:
        return self.attrs[attr]

    def get(self, attr: str, default: Any = None) -> Any:
        return self.attrs.get(attr, default)


@dataclass(frozen=True)
class Deck:
    """A game's cards, in file order, with the facts about the deck itself."""

    game: str
    code: str
    names: dict[str, str]
    players: tuple[int, ...]
    cards: tuple[Card, ...]
    assumed: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    tag_range: tuple[int, int] | None = None  # the game's camera tag ids, first and last (card_codes/tags.py)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})
        object.__setattr__(self, "_by_code", {c.code: c for c in self.cards})
        object.__setattr__(self, "_by_tag", {c.tag: c for c in self.cards if c.tag is not None})

    def name(self, lang: str = "fr") -> str:
        return self.names.get(lang) or self.names["fr"]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id  # type: ignore[attr-defined]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, card_id: str) -> Card:
        """The card with this id; KeyError if the deck has none."""
        found: Card = self._by_id[card_id]  # type: ignore[attr-defined]
        return found

    def by_code(self, code: str) -> Card | None:
        found: Card | None = self._by_code.get(code)  # type: ignore[attr-defined]
        return found

    def by_tag(self, tag: int) -> Card | None:
        found: Card | None = self._by_tag.get(tag)  # type: ignore[attr-defined]
        return found

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]


def available_games() -> list[str]:
    """Games with a deck file, in name order."""
    return sorted(p.stem for p in DECKS_DIR.glob("*.toml"))


_CACHE: dict[str, Deck] = {}


def load_deck(game: str) -> Deck:
    """The deck of a shipped game (cached); DeckError if missing, invalid or another game's."""
    if game not in _CACHE:
        path = DECKS_DIR / f"{game}.toml"
        if not path.exists():
            raise DeckError(path, None, "no_deck", game=game, known=", ".join(available_games()))
        deck = load_deck_file(path)
        _need(deck.game == game, path, None, "other_game", found=deck.game, expected=game)
        _check_against_the_others(deck, path)
        _CACHE[game] = deck
    return _CACHE[game]


def _headers() -> dict[str, tuple[Any, Any]]:
    """Every shipped deck's game code and tag range, read without checking the rest (a broken
    neighbour is its own game's problem)."""
    out: dict[str, tuple[Any, Any]] = {}
    for other in DECKS_DIR.glob("*.toml"):
        try:
            data = tomllib.loads(read_limited(other, MAX_DECK_BYTES).decode("utf-8"))
        except (InputFileError, tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError):
            continue
        out[other.stem] = (data.get("code"), data.get("tags"))
    return out


def _check_against_the_others(deck: Deck, path: Path) -> None:
    """What one deck cannot know alone: its tag range inside the family and apart from every
    other game's, its game code its own, a tag on every card once the game has a range (a
    card without one could never be seen by the camera)."""
    family_ids = int(tomllib.loads(TAGS_FILE.read_text(encoding="utf-8"))["ids"])
    if deck.tag_range is not None:
        first, last = deck.tag_range
        _need(last < family_ids, path, None, "tag_range_past_family", first=first, last=last,
              most=family_ids - 1)
        for card in deck.cards:
            _need(card.tag is not None, path, card.id, "card_without_tag")
    for other, (code, tags) in sorted(_headers().items()):
        if other == deck.game:
            continue
        _need(code != deck.code, path, None, "code_taken", code=deck.code, other=other)
        if deck.tag_range is not None and isinstance(tags, list) and len(tags) == 2 \
                and all(isinstance(n, int) for n in tags):
            first, last = deck.tag_range
            _need(last < tags[0] or first > tags[1], path, None, "tag_range_overlap", first=first, last=last,
                  other=other, other_first=tags[0], other_last=tags[1])


def load_deck_file(path: Path | str) -> Deck:
    """Read and validate one deck file (a regular file of at most MAX_DECK_BYTES)."""
    path = Path(path)
    try:
        data = tomllib.loads(read_limited(path, MAX_DECK_BYTES).decode("utf-8"))
    except InputFileError as exc:
        raise DeckError(path, None, f"file.{exc.code}", **exc.params) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DeckError(path, None, "not_toml", detail=str(exc)) from None
    except RecursionError:
        raise DeckError(path, None, "too_deep") from None
    return parse_deck(data, path)


def _need(cond: bool, path: Path, card: str | None, key: str, **params: Any) -> None:
    if not cond:
        raise DeckError(path, card, key, **params)


def _plain_text(value: Any, limit: int = MAX_NAME) -> bool:
    """Text as it may be printed and spoken: a string, not empty, short, no control characters."""
    return (isinstance(value, str) and value.strip() != "" and len(value) <= limit
            and not _CONTROL_RE.search(value))


def _check_names(names: Any, path: Path, card: str | None) -> dict[str, str]:
    _need(isinstance(names, dict), path, card, "names_not_table")
    for lang in LANGS:
        value = names.get(lang)
        _need(isinstance(value, str) and value.strip() != "", path, card, "missing_name", lang=lang)
    for lang, value in names.items():
        _need(_plain_text(value), path, card, "bad_text", what=f"name.{lang}")
    return dict(names)


def _check_value(attr: str, value: Any, spec: dict[str, Any], path: Path, card: str) -> None:
    expected = _TYPES[spec["type"]]
    ok_type = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    _need(ok_type, path, card, "wrong_type", attr=attr, type=spec["type"], value=value)
    if "values" in spec:
        _need(value in spec["values"], path, card, "not_allowed", attr=attr, value=value,
              values=spec["values"])
    if "min" in spec:
        _need(value >= spec["min"], path, card, "below", attr=attr, value=value, min=spec["min"])
    if "max" in spec:
        _need(value <= spec["max"], path, card, "above", attr=attr, value=value, max=spec["max"])
    if isinstance(value, str):
        _need(len(value) <= MAX_NAME and not _CONTROL_RE.search(value), path, card, "bad_text", what=attr)


def _check_attribute_spec(attr: Any, spec: Any, path: Path) -> None:
    types = sorted(_TYPES)
    _need(isinstance(spec, dict) and spec.get("type") in _TYPES, path, None, "attribute_spec",
          attr=attr, types=types)
    bounds_ok = all(isinstance(spec.get(k, 0), int | float) and not isinstance(spec.get(k, 0), bool)
                    for k in ("min", "max"))
    _need(bounds_ok and isinstance(spec.get("values", []), list), path, None, "attribute_spec",
          attr=attr, types=types)


def _check_kinds(kinds: Any, attributes: dict[str, Any], path: Path) -> dict[str, Any]:
    _need(isinstance(kinds, dict) and bool(kinds), path, None, "no_kinds")
    for kind, spec in kinds.items():
        _need(isinstance(spec, dict) and isinstance(spec.get("attributes", []), list), path, None,
              "kind_not_table", kind=kind)
        count = spec.get("count")
        _need(isinstance(count, int) and not isinstance(count, bool) and count >= 0, path, None,
              "bad_count", kind=kind)
        for attr in spec.get("attributes", []):
            _need(isinstance(attr, str) and attr in attributes, path, None, "undeclared_attribute",
                  kind=kind, attr=attr)
    checked: dict[str, Any] = kinds
    return checked


def _check_players(players: Any, path: Path) -> tuple[int, ...]:
    ok = isinstance(players, list) and bool(players) and all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_SEATS for n in players)
    _need(ok and len(set(players)) == len(players), path, None, "bad_players")
    return tuple(players)


def _parse_card(raw: Any, i: int, kinds: dict[str, Any], attributes: dict[str, Any], path: Path,
                tag_range: tuple[int, int] | None) -> Card:
    _need(isinstance(raw, dict), path, None, "card_not_table", n=i)
    cid = raw.get("id")
    label = cid if isinstance(cid, str) and _plain_text(cid) else f"#{i}"
    _need(isinstance(cid, str) and bool(_ID_RE.fullmatch(cid)), path, label, "bad_id")
    ccode = raw.get("code")
    _need(isinstance(ccode, str) and bool(_CODE_RE.fullmatch(ccode)), path, cid, "bad_card_code")
    kind = raw.get("kind")
    _need(isinstance(kind, str) and kind in kinds, path, cid, "unknown_kind", kind=kind)
    card_names = _check_names(raw.get("name"), path, cid)
    for attr in kinds[kind].get("attributes", []):
        _need(attr in raw, path, cid, "missing_attribute", attr=attr)
    attrs: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("id", "code", "tag", "kind", "name", "assumed"):
            continue
        _need(key in attributes, path, cid, "unknown_attribute", attr=key)
        _check_value(key, value, attributes[key], path, cid)
        attrs[key] = value
    assumed = raw.get("assumed", [])
    _need(isinstance(assumed, list) and all(isinstance(a, str) and a in attrs for a in assumed), path, cid,
          "bad_assumed")
    tag = raw.get("tag")
    if tag is not None:
        _need(tag_range is not None, path, cid, "tag_without_range")
        assert tag_range is not None
        _need(isinstance(tag, int) and not isinstance(tag, bool) and tag_range[0] <= tag <= tag_range[1],
              path, cid, "bad_tag", tag=tag, first=tag_range[0], last=tag_range[1])
    return Card(cid, ccode, kind, card_names, attrs, tuple(assumed), tag)


def _check_tag_range(value: Any, path: Path) -> tuple[int, int] | None:
    """The deck's ``tags = [first, last]``: its range in the global table of camera tag ids."""
    if value is None:
        return None
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value)
          and value[0] <= value[1])
    _need(ok, path, None, "bad_tag_range")
    return int(value[0]), int(value[1])


def parse_deck(data: dict[str, Any], path: Path | str = "<deck>") -> Deck:
    """Validate a parsed deck table and build the Deck."""
    path = Path(path)
    game: Any = data.get("game")
    _need(isinstance(game, str) and game.isidentifier() and len(game) <= 40, path, None, "bad_game")
    code: Any = data.get("code")
    _need(isinstance(code, str) and bool(_GAME_CODE_RE.fullmatch(code)), path, None, "bad_code")
    names = _check_names(data.get("name"), path, None)
    attributes = data.get("attributes", {})
    _need(isinstance(attributes, dict), path, None, "attribute_spec", attr="*", types=sorted(_TYPES))
    for attr, spec in attributes.items():
        _check_attribute_spec(attr, spec, path)
    kinds = _check_kinds(data.get("kinds"), attributes, path)
    tag_range = _check_tag_range(data.get("tags"), path)
    raw_cards: Any = data.get("cards")
    _need(isinstance(raw_cards, list) and bool(raw_cards), path, None, "no_cards")
    cards: list[Card] = []
    seen_ids: set[str] = set()
    seen_codes: dict[str, str] = {}
    seen_tags: dict[int, str] = {}
    for i, raw in enumerate(raw_cards, start=1):
        card = _parse_card(raw, i, kinds, attributes, path, tag_range)
        _need(card.id not in seen_ids, path, card.id, "duplicate_id")
        seen_ids.add(card.id)
        _need(card.code not in seen_codes, path, card.id, "duplicate_code", code=card.code,
              other=seen_codes.get(card.code))
        seen_codes[card.code] = card.id
        _need(card.tag is None or card.tag not in seen_tags, path, card.id, "duplicate_tag", tag=card.tag,
              other=seen_tags.get(card.tag) if card.tag is not None else None)
        if card.tag is not None:
            seen_tags[card.tag] = card.id
        cards.append(card)
    for kind, spec in kinds.items():  # a deck missing a card would leave a deal waiting for ever
        found = sum(1 for c in cards if c.kind == kind)
        _need(found == spec["count"], path, None, "count_mismatch", kind=kind, declared=spec["count"],
              found=found)
    players = _check_players(data["players"], path) if "players" in data else ()
    assumed = data.get("assumed", [])
    _need(isinstance(assumed, list) and all(_plain_text(a, limit=2000) for a in assumed), path, None,
          "bad_deck_assumed")
    camera = data.get("camera", {})
    _need(isinstance(camera, dict) and set(camera) <= {"plays"}
          and camera.get("plays", "seen") in CAMERA_PLAYS, path, None, "bad_camera")
    known = {"game", "code", "name", "kinds", "attributes", "cards", "players", "assumed", "tags"}
    extra = {k: v for k, v in data.items() if k not in known}
    return Deck(game, code, names, players, tuple(cards), tuple(assumed), extra, str(path), tag_range)
