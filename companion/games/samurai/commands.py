"""Short board commands for the samurai game: "archer de Nord en C4", "katana 2 attaque C5",
"recrute archer en D1", "fin du tour" (and in English: "North's archer to C4").

Pure: a line of text becomes an engine action or a `Query`, or `Rejected` with a speakable
reason (a phrasebook key). Two steps: `parse` understands the words (no game needed), and
`resolve` finds the units and the acting seat in a game state. The words are data
(`words.toml`); accents and case do not matter, and a word one or two letters off
("archr", "attaque" typed "attque") is taken for the nearest known word.

A unit is named by its type, optionally its token number and its owner ("katana 2",
"archer de Nord"), or by the square it stands on ("C3 en C4"). Without an owner, the
speaker's own units come first, then the speaker's team.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import load_deck
from companion.engine import Rejected
from companion.games.samurai.board import TEAMS, data
from companion.games.samurai.state import SETUP, SamuraiState, Unit, free_tokens, occupant, team_of
from companion.language import fold as fold_text

WORDS_FILE = Path(__file__).parent / "words.toml"
QUERIES = ("where", "what", "units", "reach", "threats", "score", "hand")
_SQUARE_RE = re.compile(r"^([a-z])(\d{1,2})$")
_ACCEPT = 0.8  # a typo this close to a known word is read as that word
_SUGGEST = 0.6  # this close: named in the reason as a suggestion


@dataclass(frozen=True)
class UnitRef:
    """A unit as named in a command: type, token number and owner, any of them missing."""

    kind: str | None = None
    number: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Parsed:
    """The words of a command, understood but not yet looked up in a game."""

    verb: str | None
    units: tuple[UnitRef, ...] = ()
    squares: tuple[str, ...] = ()
    card: str | None = None
    seat: int | None = None  # a seat named on its own ("pioche E3 pour Nord")
    number: int | None = None  # a number with no unit type before it ("événement 3")


@dataclass(frozen=True)
class Query:
    """A question for the query functions (`queries`), asked by `seat`."""

    name: str
    seat: int
    unit: str | None = None
    square: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def fold(text: str) -> str:
    """Lower case, no accents, apostrophes and dashes as spaces."""
    return re.sub(r"[’'\-,.;:!?]", " ", fold_text(text))


@cache
def _table() -> dict[str, Any]:
    return tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))


@cache
def _vocabulary() -> dict[str, tuple[str, Any]]:
    """Every known word -> (class, value)."""
    table = _table()
    out: dict[str, tuple[str, Any]] = {}
    for word in table["filler"]["words"]:
        out[word] = ("filler", None)
    for word, n in table["numbers"].items():
        out[word] = ("num", n)
    for kind, words in table["types"].items():
        out.update({w: ("type", kind) for w in words})
    for verb, words in table["verbs"].items():
        out.update({w: ("verb", verb) for w in words})
    return out


def _seat_tokens(seat_names: Sequence[str]) -> list[tuple[list[str], int]]:
    named = [(fold(name).split(), seat) for seat, name in enumerate(seat_names)]
    return sorted((n for n in named if n[0]), key=lambda n: -len(n[0]))


def _classify(tokens: list[str], seat_names: Sequence[str]) -> list[tuple[str, Any]]:
    vocab = _vocabulary()
    seats = _seat_tokens(seat_names)
    seat_words = {w: s for ws, s in seats if len(ws) == 1 for w in ws}
    items: list[tuple[str, Any]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        seat = next(((len(ws), s) for ws, s in seats if tokens[i:i + len(ws)] == ws), None)
        if seat is not None:
            items.append(("seat", seat[1]))
            i += seat[0]
            continue
        if len(tok) == 1 and tok.isalpha() and i + 1 < len(tokens) and tokens[i + 1].isdigit():
            items.append(("square", f"{tok.upper()}{int(tokens[i + 1])}"))  # "c 4"
            i += 2
            continue
        i += 1
        match = _SQUARE_RE.match(tok)
        if match:
            items.append(("square", f"{match[1].upper()}{int(match[2])}"))
        elif tok.isdigit():
            items.append(("num", int(tok)))
        elif tok in vocab:
            if vocab[tok][0] != "filler":
                items.append(vocab[tok])
        elif tok in seat_words:
            items.append(("seat", seat_words[tok]))
        else:
            items.append(_nearest(tok, vocab, seat_words))
    return items


def _nearest(tok: str, vocab: dict[str, tuple[str, Any]], seat_words: dict[str, int]) -> tuple[str, Any]:
    """A typo read as the nearest known word, or Rejected naming the word (and a suggestion)."""
    known = [w for w in (*vocab, *seat_words) if len(w) > 2]
    if len(tok) > 3:
        close = difflib.get_close_matches(tok, known, n=1, cutoff=_ACCEPT)
        if close:
            word = close[0]
            if word in seat_words:
                return ("seat", seat_words[word])
            return vocab[word] if vocab[word][0] != "filler" else ("filler", None)
    hint = difflib.get_close_matches(tok, known, n=1, cutoff=_SUGGEST)
    if hint:
        raise Rejected("cmd_unknown_word_hint", word=tok, suggestion=hint[0])
    raise Rejected("cmd_unknown_word", word=tok)


@cache
def _card_names() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Every event card's name as words, longest first, with its id: (("pluie", "de", "fleches"), "E6"),
    and each name's first word alone (("pluie",), "E6"). Names in every language of the deck."""
    names: dict[tuple[str, ...], str] = {}
    for card in load_deck("samurai"):
        if card.id in data().events:
            for lang in ("fr", "en"):
                words = tuple(fold(card.name(lang).split("(")[0]).split())
                names.setdefault(words, card.id)
                names.setdefault(words[:1], card.id)
    return tuple(sorted(names.items(), key=lambda item: -len(item[0])))


def _cards_by_name(tokens: list[str]) -> list[str]:
    """An event card named in a line that plays or draws one ("joue sabotage en D4") becomes its id:
    cards are said by name, since their ids ("E4") are also squares."""
    verbs = _table()["verbs"]
    if not any(tok in verbs["event"] or tok in verbs["draw"] for tok in tokens):
        return tokens
    out: list[str] = []
    i = 0
    while i < len(tokens):
        found = next(((words, card) for words, card in _card_names()
                      if tuple(tokens[i:i + len(words)]) == words), None)
        if found is None or tokens[i] in verbs["event"] or tokens[i] in verbs["draw"]:
            out.append(tokens[i])
            i += 1
        else:
            out.append(found[1].lower())
            i += len(found[0])
    return out


def parse(line: str, seat_names: Sequence[str]) -> Parsed:
    """The words of one command line; Rejected (cmd_*) when a word is not understood."""
    tokens = _cards_by_name(fold(line).split())
    if not tokens:
        raise Rejected("cmd_empty")
    items = [it for it in _classify(tokens, seat_names) if it[0] != "filler"]
    verb: str | None = None
    units: list[UnitRef] = []
    squares: list[str] = []
    lone_seat: int | None = None
    pending_seat: int | None = None
    lone_number: int | None = None
    last_was_ref = False
    for i, (kind, value) in enumerate(items):
        owner_first = kind == "seat" and i + 1 < len(items) and items[i + 1][0] == "type"
        if owner_first:  # "North's archer": the owner comes first
            pending_seat = value
        elif kind == "verb":
            verb = verb or value
            last_was_ref = False
        elif kind == "type":
            units.append(UnitRef(value, None, pending_seat))
            pending_seat, last_was_ref = None, True
        elif kind == "num":
            if last_was_ref and units[-1].number is None:
                units[-1] = UnitRef(units[-1].kind, value, units[-1].seat)
            else:
                lone_number = value
        elif kind == "seat":
            if last_was_ref and units[-1].seat is None:
                units[-1] = UnitRef(units[-1].kind, units[-1].number, value)
                last_was_ref = False
            else:
                lone_seat = value
        elif kind == "square":
            squares.append(value)
            last_was_ref = False
    card = None
    if verb in ("event", "draw"):
        events = data().events
        card_sq = next((sq for sq in squares if sq in events), None)
        if card_sq is not None:
            card = card_sq
            squares.remove(card_sq)
        elif lone_number is not None and f"E{lone_number}" in events:
            card = f"E{lone_number}"
    return Parsed(verb, tuple(units), tuple(squares), card, lone_seat, lone_number)


# ---------------------------------------------------------------------- resolve
def resolve(parsed: Parsed, state: SamuraiState, seat: int) -> dict[str, Any] | Query:
    """The engine action (or query) a parsed command means, said by `seat`."""
    verb = parsed.verb
    if verb is None:
        if parsed.units and parsed.squares:
            verb = "place" if state.phase == SETUP else "move"
        elif len(parsed.squares) == 2:
            verb = "move"
        else:
            raise Rejected("cmd_no_verb")
    speaker = parsed.seat if parsed.seat is not None else seat
    if verb in QUERIES:
        return _query(verb, parsed, state, speaker)
    if verb == "end_turn":
        return {"type": "end_turn", "seat": speaker}
    if verb in ("event", "draw"):
        if parsed.card is None:
            raise Rejected("cmd_need_card")
        action: dict[str, Any] = {"type": verb, "seat": speaker, "card": parsed.card}
        if verb == "event" and parsed.squares:
            action["at"] = parsed.squares[-1]
        return action
    if verb == "mark":
        square = _need_square(parsed)
        return {"type": "mark", "seat": speaker, "at": square}
    if verb in ("place", "recruit"):
        ref = _need_ref(parsed)
        owner = ref.seat if ref.seat is not None else speaker
        return {"type": verb, "seat": owner, "unit": _token(state, owner, ref), "at": _need_square(parsed)}
    if verb == "remove":
        unit = _named_unit(state, parsed, seat, 0)
        return {"type": "remove", "seat": unit.owner, "unit": unit.id}
    if verb == "move":
        unit = _named_unit(state, parsed, seat, 0)
        target = parsed.squares[-1] if parsed.squares and (parsed.units or len(parsed.squares) > 1) else None
        if target is None:
            raise Rejected("cmd_need_square")
        return {"type": "move", "seat": unit.owner, "unit": unit.id, "to": target}
    assert verb == "attack"
    unit = _named_unit(state, parsed, seat, 0)
    enemy = 1 - team_of(state, unit.owner)
    if len(parsed.units) > 1:
        victim = _find(state, parsed.units[1], unit.owner, enemy)
    elif parsed.squares and (parsed.units or len(parsed.squares) > 1):
        victim = _on(state, parsed.squares[-1])
    else:
        raise Rejected("cmd_need_target")
    return {"type": "attack", "seat": unit.owner, "unit": unit.id, "target": victim.id}


def command(line: str, state: SamuraiState, seat: int, seat_names: Sequence[str]) -> dict[str, Any] | Query:
    """Parse and resolve one line said by `seat`."""
    return resolve(parse(line, seat_names), state, seat)


def _query(verb: str, parsed: Parsed, state: SamuraiState, speaker: int) -> Query:
    if verb == "what":
        return Query("what", speaker, square=_need_square(parsed))
    if verb in ("where", "reach"):
        if parsed.squares and not parsed.units:
            return Query(verb, speaker, unit=_on(state, parsed.squares[0]).id)
        return Query(verb, speaker, unit=_find(state, _need_ref(parsed), speaker, None).id)
    if verb == "threats" and parsed.number is not None:  # "menaces 2": the second level, every square
        return Query(verb, speaker, extra={"squares": True})
    return Query(verb, speaker)


def _need_square(parsed: Parsed) -> str:
    if not parsed.squares:
        raise Rejected("cmd_need_square")
    square = parsed.squares[-1]
    if not data().board.on_board(square):
        raise Rejected("bad_square", square=square)
    return square


def _need_ref(parsed: Parsed) -> UnitRef:
    if not parsed.units or parsed.units[0].kind is None:
        raise Rejected("cmd_need_unit")
    return parsed.units[0]


def _on(state: SamuraiState, square: str) -> Unit:
    if not data().board.on_board(square):
        raise Rejected("bad_square", square=square)
    unit = occupant(state, square)
    if unit is None:
        raise Rejected("cmd_no_unit_on", square=square)
    return unit


def _named_unit(state: SamuraiState, parsed: Parsed, speaker: int, index: int) -> Unit:
    if len(parsed.units) > index:
        return _find(state, parsed.units[index], speaker, None)
    if parsed.squares and (len(parsed.squares) > 1 or parsed.verb == "remove"):
        return _on(state, parsed.squares[0])
    raise Rejected("cmd_need_unit")


def _find(state: SamuraiState, ref: UnitRef, speaker: int, team: int | None) -> Unit:
    """The one unit a reference names: the speaker's own first, then his team, then any."""
    tokens = data().tokens
    found = [u for u in state.units.values()
             if (ref.kind is None or u.type == ref.kind)
             and (ref.number is None or tokens[u.id][2] == ref.number)
             and (ref.seat is None or u.owner == ref.seat)
             and (team is None or team_of(state, u.owner) == team)]
    if ref.seat is None and team is None:
        mine = [u for u in found if u.owner == speaker]
        ours = [u for u in found if team_of(state, u.owner) == team_of(state, speaker)]
        found = mine or ours or found
    if not found:
        raise Rejected("cmd_no_such_unit", kind=ref.kind or "unit")
    if len(found) > 1:
        raise Rejected("cmd_ambiguous_unit", units=sorted(u.id for u in found))
    return found[0]


def _token(state: SamuraiState, owner: int, ref: UnitRef) -> str:
    """The token a new unit uses: the numbered one, else the lowest free of the team."""
    if not 0 <= owner < state.players:
        raise Rejected("bad_seat", value=str(owner))
    team = TEAMS[team_of(state, owner)]
    assert ref.kind is not None
    if ref.number is not None:
        return f"{ref.kind.upper()}-{team}-{ref.number}"
    free = free_tokens(state, team_of(state, owner), ref.kind)
    if not free:
        raise Rejected("cmd_no_free_token", kind=ref.kind)
    return free[0]
