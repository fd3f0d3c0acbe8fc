"""Decks as data: load and validate `decks/<game>.toml`.

A deck file declares its kinds of card, the attributes each kind must carry (with
their types and ranges), and the cards. A bad file is refused with a message that
names the file, the card and what is wrong.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DECKS_DIR = Path(__file__).parent / "decks"
LANGS = ("fr", "en")
_ID_RE = re.compile(r"^[A-Z0-9]+(?:-[A-Z0-9]+)*$")
_CODE_RE = re.compile(r"^[0-9A-Z]{1,6}$")
_GAME_CODE_RE = re.compile(r"^[A-Z]{2}$")
_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}


class DeckError(ValueError):
    """A deck file that cannot be used; the message names file, card and fault."""

    def __init__(self, file: Path | str, card: str | None, problem: str) -> None:
        self.file = str(file)
        self.card = card
        self.problem = problem
        where = f"{self.file}: card {card}" if card else self.file
        super().__init__(f"{where}: {problem}")


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
        return self._by_id[card_id]  # type: ignore[attr-defined]

    def by_code(self, code: str) -> Card | None:
        return self._by_code.get(code)  # type: ignore[attr-defined]

    def by_tag(self, tag: int) -> Card | None:
        return self._by_tag.get(tag)  # type: ignore[attr-defined]

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]


def available_games() -> list[str]:
    """Games with a deck file, in name order."""
    return sorted(p.stem for p in DECKS_DIR.glob("*.toml"))


_CACHE: dict[str, Deck] = {}


def load_deck(game: str) -> Deck:
    """The deck of a shipped game (cached); DeckError if missing or invalid."""
    if game not in _CACHE:
        path = DECKS_DIR / f"{game}.toml"
        if not path.is_file():
            raise DeckError(path, None, f"no deck for game {game!r}; known: {', '.join(available_games())}")
        _CACHE[game] = load_deck_file(path)
    return _CACHE[game]


def load_deck_file(path: Path | str) -> Deck:
    """Read and validate one deck file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DeckError(path, None, f"cannot read the file ({exc.strerror})") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DeckError(path, None, f"not valid TOML ({exc})") from exc
    return parse_deck(data, path)


def _need(cond: bool, path: Path, card: str | None, problem: str) -> None:
    if not cond:
        raise DeckError(path, card, problem)


def _check_names(names: Any, path: Path, card: str | None) -> dict[str, str]:
    _need(isinstance(names, dict), path, card, "name must be a table of languages")
    for lang in LANGS:
        value = names.get(lang)
        _need(isinstance(value, str) and value.strip() != "", path, card, f"missing {lang} name")
    return dict(names)


def _check_value(attr: str, value: Any, spec: dict[str, Any], path: Path, card: str) -> None:
    expected = _TYPES[spec["type"]]
    ok_type = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    _need(ok_type, path, card, f"{attr} must be {spec['type']}, got {value!r}")
    if "values" in spec:
        _need(value in spec["values"], path, card, f"{attr} {value!r} is not one of {spec['values']}")
    if "min" in spec:
        _need(value >= spec["min"], path, card, f"{attr} {value!r} is below {spec['min']}")
    if "max" in spec:
        _need(value <= spec["max"], path, card, f"{attr} {value!r} is above {spec['max']}")


def parse_deck(data: dict[str, Any], path: Path | str = "<deck>") -> Deck:
    """Validate a parsed deck table and build the Deck."""
    path = Path(path)
    game = data.get("game")
    _need(isinstance(game, str) and game.isidentifier(), path, None, "missing or bad 'game'")
    code = data.get("code")
    _need(isinstance(code, str) and bool(_GAME_CODE_RE.match(code)), path, None,
          "'code' must be two capital letters")
    names = _check_names(data.get("name"), path, None)
    kinds = data.get("kinds")
    _need(isinstance(kinds, dict) and bool(kinds), path, None, "missing [kinds]")
    attributes = data.get("attributes", {})
    for attr, spec in attributes.items():
        _need(isinstance(spec, dict) and spec.get("type") in _TYPES, path, None,
              f"attribute {attr}: type must be one of {sorted(_TYPES)}")
    for kind, spec in kinds.items():
        for attr in spec.get("attributes", []):
            _need(attr in attributes, path, None, f"kind {kind}: attribute {attr} is not declared")
    raw_cards = data.get("cards")
    _need(isinstance(raw_cards, list) and bool(raw_cards), path, None, "no [[cards]]")
    cards: list[Card] = []
    seen_ids: set[str] = set()
    seen_codes: dict[str, str] = {}
    seen_tags: dict[int, str] = {}
    for i, raw in enumerate(raw_cards, start=1):
        cid = raw.get("id")
        label = cid if isinstance(cid, str) else f"#{i}"
        _need(isinstance(cid, str) and bool(_ID_RE.match(cid)), path, label,
              "id must be capitals, digits and dashes")
        _need(cid not in seen_ids, path, cid, "duplicate id")
        seen_ids.add(cid)
        ccode = raw.get("code")
        _need(isinstance(ccode, str) and bool(_CODE_RE.match(ccode)), path, cid,
              "code must be 1 to 6 capitals or digits")
        _need(ccode not in seen_codes, path, cid, f"code {ccode} already used by {seen_codes.get(ccode)}")
        seen_codes[ccode] = cid
        tag = raw.get("tag")
        _need(tag is None or (isinstance(tag, int) and not isinstance(tag, bool) and tag >= 0), path, cid,
              f"tag must be a whole number, got {tag!r}")
        _need(tag is None or tag not in seen_tags, path, cid,
              f"tag {tag} already used by {seen_tags.get(tag)}")
        if tag is not None:
            seen_tags[tag] = cid
        kind = raw.get("kind")
        _need(kind in kinds, path, cid, f"unknown kind {kind!r}")
        card_names = _check_names(raw.get("name"), path, cid)
        attrs: dict[str, Any] = {}
        for attr in kinds[kind].get("attributes", []):
            _need(attr in raw, path, cid, f"missing attribute {attr}")
        for key, value in raw.items():
            if key in ("id", "code", "tag", "kind", "name", "assumed"):
                continue
            _need(key in attributes, path, cid, f"unknown attribute {key}")
            _check_value(key, value, attributes[key], path, cid)
            attrs[key] = value
        assumed = raw.get("assumed", [])
        _need(isinstance(assumed, list) and all(a in attrs for a in assumed), path, cid,
              "assumed must list attributes of the card")
        cards.append(Card(cid, ccode, kind, card_names, attrs, tuple(assumed), tag))
    players = tuple(data.get("players", ()))
    known = {"game", "code", "name", "kinds", "attributes", "cards", "players", "assumed"}
    extra = {k: v for k, v in data.items() if k not in known}
    return Deck(game, code, names, players, tuple(cards), tuple(data.get("assumed", ())),
                extra, str(path))
