"""Phrasebooks: engine events and rejections turned into short sentences.

Phrases are data: `phrases/<lang>/common.toml` here (shared keys, rejection reasons) and
each game package's `phrases/<lang>.toml` (the game's keys, which win over common ones). Templates use
typed placeholders, `{field:kind}` or `{field:kind|singular|plural}`:

- `seat`, `seats`: seat names (configurable), `seats_or` as alternatives; `of_seat`, `to_seat`: a
  seat after "de" / "à" ("d'Est", "du Fantôme"); `card`, `cards`: card names in the language;
- `place`, `places`: places counted from 0 in actions (the places of a line of cards), said from 1;
- `either`: numbers as alternatives ("2, 3 ou 4");
- `count`: the length of a list, with its noun ("4 cartes"); `n`: a number, with its noun
  when given; `pl`: only the noun, chosen by the number or list length;
- `clan`, `clans`: a clan colour (singular or plural word); `clan_list`: colours in order;
  `slots`: the places of a line, each ``{"card", "down"}`` (a card on a colour); `factors`: "3" or "(1 + 3)";
- `numbered`: cards with the numbers a player types to pick one ("1 : a ; 2 : b");
- `cells`: a row of card places, None being the word `words.empty`; `term`, `terms`: a word
  (or a list of words) of the game's `[terms]` table (a disciple, a belt, an element, a die
  face, a unit), else the value as given;
- `events|SEP`: a list of events (or answers) each rendered, joined by SEP; `clauses|SEP`
  the same with each one's final full stop dropped; `list`: plain values joined by ", ";
- `short`: a card (or a list of cards) by its short name, for the brief forms: the game's
  `[short]` table gives a template per kind of card (`"spirit.power=1"`, a kind with one
  attribute's value, before `"spirit"`), filled with the card's attributes (none: its name);
- `sum|ATTR`: the arithmetic of a list of cards, "3 + 5 + 1", their deck attribute ATTR
  (zeros left out); `word|SECTION`: the value's word in the phrasebook's SECTION.

An `Event` is rendered from `[events]`, an `Answer` (what table rules say) from `[session]`.

A phrase is a template, or a table of forms by verbosity level (`verbosity.LEVELS`),
`{ brief = "...", normal = "...", detailed = "..." }`: each listener may choose how much they
hear. A phrase whose forms differ is rendered as a `verbosity.Phrase`: a ``str`` holding the
form of this phrasebook's own verbosity (normal by default), carrying every form, from which
the announcer says each listener's level. A level with no form of its own is said with the
normal template, its parts at that level (a trick's plays in their brief forms); a form its
parameters cannot fill is said in the normal form. A missing phrase is never read aloud as its raw key: the
listener hears the plain `words.no_phrase`; with `COMPANION_STRICT_PHRASES=1` (the test suite)
it is an error, and so is a form that cannot be filled or a form table's unknown level.
"""

from __future__ import annotations

import os
import re
import string
import threading
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import Deck, DeckError, load_deck
from companion.engine.discovery import get_package
from companion.engine.protocol import Event
from companion.language import LANGS
from companion.speech.verbosity import LEVELS, NORMAL, Phrase, choose, parse_level

PHRASES_DIR = Path(__file__).parent / "phrases"
DEFAULT_SEAT_KEYS = ("north", "east", "south", "west")
STRICT_ENV = "COMPANION_STRICT_PHRASES"  # "1": a missing or broken phrase raises MissingPhrase


# Not a CompanionError, on purpose: a missing phrase is a fault of the program, not of the
# user's files or devices. Outside the tests a phrasebook says the plain `words.no_phrase`
# instead; with COMPANION_STRICT_PHRASES=1 (the test suite) it must fail the test. Should one
# reach the last-resort guard, it is logged as the program's fault (exit 70), not said as a reason.
MAX_QUOTED = 40  # characters of a value quoted back in a reason (a screen reader reads them all)
WHERE_KEYS = ("path", "file", "folder")  # a file named in a reason is named whole: it is where to look


def quoted(value: Any) -> Any:
    """A value as a reason may quote it: a long text cut, with an ellipsis."""
    if isinstance(value, str) and len(value) > MAX_QUOTED:
        return value[:MAX_QUOTED - 1] + "…"
    return value


class MissingPhrase(KeyError):
    """A phrase a strict phrasebook does not have (or cannot fill): names language, section, key."""


@cache
def _by_level(template: str) -> bool:
    """Whether a template renders differently by level of itself: it holds other answers
    (`events`, `clauses`), each said at the level being rendered."""
    try:
        specs = [spec for _text, name, spec, _conv in string.Formatter().parse(template) if name]
    except ValueError:  # a broken template: rendered (and refused) at every level, as before
        return True
    return any((spec or "").split("|")[0] in ("events", "clauses") for spec in specs)


@cache
def _table(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _game_file(lang: str, game: str) -> Path | None:
    """The game package's phrase file for ``lang`` (None for a name no package has)."""
    try:
        return get_package(game).folder / "phrases" / f"{lang}.toml"
    except KeyError:
        return None


def _merged(lang: str, game: str | None) -> dict[str, dict[str, Any]]:
    files = [PHRASES_DIR / lang / "common.toml"]
    if game is not None and (found := _game_file(lang, game)) is not None:
        files.append(found if found.is_file() else PHRASES_DIR / lang / f"{game}.toml")
    out: dict[str, dict[str, Any]] = {}
    for path in files:
        for section, entries in _table(path).items():
            out.setdefault(section, {}).update(entries)
    return out


@cache
def _pieces(template: str) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """A template's literal texts and fields, parsed once (None: one `string.Formatter` fills
    itself: a nested or numbered field, or a broken template, refused there as before)."""
    try:
        pieces = tuple(string.Formatter().parse(template))
    except ValueError:
        return None
    for _literal, name, spec, _conversion in pieces:
        if name is not None and (not name or name[0].isdigit() or "{" in (spec or "")):
            return None
    return tuple((literal, name, spec or "", conversion) for literal, name, spec, conversion in pieces)


class _Formatter(string.Formatter):
    """Fills a template at one verbosity level: the events and phrases inside it at that level too."""

    def __init__(self, book: Phrasebook, level: str) -> None:
        self.book = book
        self.level = level

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        pieces = _pieces(format_string)
        if pieces is None:
            return super().vformat(format_string, args, kwargs)
        out = []
        for literal, name, spec, conversion in pieces:  # string.Formatter's steps, the parsing done once
            if literal:
                out.append(literal)
            if name is not None:
                value, _key = self.get_field(name, args, kwargs)
                out.append(self.format_field(self.convert_field(value, conversion), spec))
        return "".join(out)

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, *words = format_spec.split("|") if format_spec else ("",)
        book = self.book
        if isinstance(value, Phrase):  # a phrase rendered already (a reason): its form at this level
            value = choose(value, self.level)
        if kind == "seat":
            return book.seat_name(value)
        if kind == "seats":
            return book.join([book.seat_name(s) for s in value])
        if kind in ("of_seat", "to_seat"):  # "de Nord", "d'Est", "du Fantôme"; "à Est", "au Fantôme"
            return book.seat_with(value, kind)
        if kind == "seats_or":  # alternatives: "Nord, Sud ou Est"
            return book.join([book.seat_name(s) for s in value], or_word=True)
        if kind == "place":  # a place counted from 0 in actions, from 1 when said
            return str(int(value) + 1)
        if kind == "places":
            return book.join([str(int(v) + 1) for v in value])
        if kind == "card":
            return book.card_name(value)
        if kind == "cards":
            return book.join([book.card_name(c) for c in value], book.section("words").get("card_sep", ", "))
        if kind == "short":  # "short|play": the game's [short_play] names first (a card in front of a seat)
            style = words[0] if words else ""
            if isinstance(value, str) or value is None:
                return book.short_name(value, style)
            return book.join([book.short_name(c, style) for c in value],
                             book.section("words").get("card_sep", ", "))
        if kind == "sum":  # the arithmetic of a list of cards: "3 + 5 + 1"
            numbers = [book.card_attr(c, words[0] if words else "") for c in value]
            shown = [str(n) for n in numbers if n] or ["0"]
            return " + ".join(shown)
        if kind == "word":  # a word of a section ("belt": 1 -> "blanche")
            return str(book.section(words[0] if words else "").get(str(value), value))
        if kind == "numbered":  # a hand read with the numbers a player types to pick a card; a
            sep = book.section("words").get("card_sep", ", ")  # card not offered ("" or None) keeps
            colon = book.section("words").get("colon", ": ")  # its number ("1 : X" in French, "1: X")
            return sep.join(f"{i}{colon}{book.card_name(c)}" for i, c in enumerate(value, start=1) if c)
        if kind == "either":  # alternatives: "2, 3 ou 4"
            return book.join([str(v) for v in value], or_word=True)
        if kind == "cells":
            empty = book.section("words").get("empty", "-")
            return book.section("words").get("card_sep", ", ").join(
                empty if c is None else book.card_name(c) for c in value)
        if kind in ("count", "n", "pl"):
            number = len(value) if isinstance(value, Sequence) and not isinstance(value, str) else value
            noun = (words[0] if book.singular(number) else words[-1]) if words else ""
            if kind == "pl":
                return noun
            return f"{number} {noun}".strip()
        if kind in ("clan", "clans"):
            return str(book.section(kind).get(value, value))
        if kind == "clan_list":  # colours in order ("rouge, jaune, rouge")
            return ", ".join(str(book.section("clan").get(v, v)) for v in value)
        if kind == "slots":  # places of a line, each a card on a colour: "1 : X, sur rouge ; 2 : ..."
            sep = book.section("words").get("card_sep", ", ")
            on = book.section("words").get("on", "on")
            colour, colon = book.section("clan"), book.section("words").get("colon", ": ")
            return sep.join(f"{i}{colon}{book.card_name(s['card'])}, {on} {colour.get(s['down'], s['down'])}"
                            for i, s in enumerate(value, start=1))
        if kind in ("term", "terms", "terms_or"):  # words of the [terms] section (unknown ones as given)
            terms = book.section("terms")
            if kind == "term":
                return str(terms.get(str(value), value))
            return book.join([str(terms.get(str(v), v)) for v in value], or_word=kind == "terms_or")
        if kind in ("events", "clauses"):  # answers built of other answers, rendered here (this level)
            if getattr(book._inner, "single", None) is not None:  # one level asked for: its parts at it
                parts = [book.text_at(e.phrases, e.key, e.params, self.level) for e in value]
            else:
                parts = [choose(book.render_once(e), self.level) for e in value]
            if kind == "clauses":
                parts = [p.rstrip(".") for p in parts]
            return (words[0] if words else " ").join(parts)
        if kind == "list":
            return ", ".join(str(v) for v in value)
        if kind == "factors":
            parts = [str(f) for f in value]
            return parts[0] if len(parts) == 1 else "(" + " + ".join(parts) + ")"
        return format(value, format_spec)


# "de Archer" -> "d'Archer": a lone "de" (not "de-") before a word with a vowel first
ELIDE = re.compile(r"(^|[\s(«])de ([AEIOUÉÈÊÂÎÔÛaeiouéèêâîôû])")

class Phrasebook:
    """Sentences for one language and game; seat names may be replaced by the table's own."""

    def __init__(self, lang: str = "fr", game: str | None = None, seat_names: Sequence[str] | None = None,
                 seat_keys: Sequence[str] | None = None, *, verbosity: str = "normal",
                 strict: bool | None = None, extra: Sequence[str] = ()) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.verbosity = parse_level(verbosity)  # ValueError for a word that is no level
        self.strict = os.environ.get(STRICT_ENV) == "1" if strict is None else strict
        self.game = game
        self.tables = _merged(lang, game)
        for name in extra:  # a command's own phrase files (check.toml)
            for section, entries in _table(PHRASES_DIR / lang / f"{name}.toml").items():
                self.tables.setdefault(section, {}).update(entries)
        keys = list(seat_keys or DEFAULT_SEAT_KEYS)
        self.seat_keys = keys
        named = self.section("seats")
        self.seat_names = list(seat_names) if seat_names else [named.get(k, k) for k in keys]
        self.deck: Deck | None = None
        if game:
            try:
                self.deck = load_deck(game)
            except DeckError:
                self.deck = None
        self._formatters = {level: _Formatter(self, level) for level in LEVELS}
        # an answer's parts, rendered once for all its levels while the answer is (per thread)
        self._inner = threading.local()
        self._fields: dict[tuple[str, str], dict[str, frozenset[str]]] = {}  # a phrase's, as it never changes

    def section(self, name: str) -> dict[str, Any]:
        return self.tables.get(name, {})

    def seat_name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return str(seat)

    def seat_with(self, seat: Any, kind: str) -> str:
        """A seat's name after "de" or "à" (``kind`` "of_seat" or "to_seat"): the phrasebook's own
        form for the seat when it has one (`[of_seat]`, `[to_seat]`: "du Fantôme"), else the
        section `[words]` gives the word, elided before a vowel where the language does ("d'Est")."""
        name = self.seat_name(seat)
        key = self.seat_keys[seat] if isinstance(seat, int) and 0 <= seat < len(self.seat_keys) else None
        own_name = key is not None and name == self.section("seats").get(key)  # not a name the table chose
        custom = self.section(kind).get(key) if own_name else None
        if isinstance(custom, str):
            return custom
        words = self.section("words")
        word = str(words.get(kind, "of" if kind == "of_seat" else "to"))
        elided = words.get(f"{kind}_elided")
        if isinstance(elided, str) and name[:1].casefold() in "aeiouyéèêàâîôûh":
            return f"{elided}{name}"
        return f"{word} {name}"

    def card_name(self, card: Any) -> str:
        if card is None:  # a refused card shown to the table is never named aloud
            return str(self.section("words").get("this_card", "?"))
        if self.deck is not None and isinstance(card, str) and card in self.deck:
            return self.deck.card(card).name(self.lang)
        return str(card)

    def short_name(self, card: Any, style: str = "") -> str:
        """A card's short name, for the brief forms: the `[short]` template of its kind (a kind with
        one attribute's value first, "spirit.power=1"), filled with its attributes; else its name.
        A ``style`` ("play") looks in `[short_<style>]` first (what the place says need not be said)."""
        if self.deck is None or not isinstance(card, str) or card not in self.deck:
            return self.card_name(card)
        found = self.deck.card(card)
        keys = [f"{found.kind}.{attr}={value}" for attr, value in found.attrs.items()] + [found.kind]
        tables = [self.section(f"short_{style}")] if style else []
        tables.append(self.section("short"))
        template = next((t[k] for t in tables for k in keys if isinstance(t.get(k), str)), None)
        if template is None:
            return self.card_name(card)
        params = {**found.attrs, "name": found.name(self.lang)}
        try:
            return self._formatters[NORMAL].vformat(template, (), params)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as err:
            if self.strict:
                self._missing("short", found.kind, f"cannot fill it with {params} ({err!r})")
            return self.card_name(card)

    def card_attr(self, card: Any, attr: str) -> Any:
        """A deck attribute of a card (0 when the card or the attribute is unknown)."""
        if self.deck is None or not isinstance(card, str) or card not in self.deck:
            return 0
        return self.deck.card(card).get(attr, 0)

    def join(self, items: Sequence[str], sep: str = ", ", *, or_word: bool = False) -> str:
        """Items as a spoken list: "a, b and c" (card names, which hold commas, use "; ", and no
        "and" beside an item with a comma: "a; b, 5 points; c");
        with ``or_word``, alternatives: "a, b or c"."""
        if len(items) <= 1:
            return "".join(items)
        if sep.strip() not in ("", ",") and ("," in items[-1] or "," in items[-2]):
            # "et" only between two simple items: "a, 7 points et b" would read as one card
            return sep.join(items)
        last = self.section("words").get("or" if or_word else "and", "or" if or_word else "and")
        return sep.join(items[:-1]) + f" {last} " + items[-1]

    def singular(self, number: Any) -> bool:
        """French uses the singular for 0 and 1; English for 1 only."""
        if not isinstance(number, int):
            return False
        return abs(number) <= 1 if self.section("words").get("zero_is_singular", False) else abs(number) == 1

    def text(self, section: str, key: str, params: Mapping[str, Any]) -> str:
        """The sentence for `key` in this phrasebook's verbosity (a `Phrase` carrying every form
        when its forms differ: an entry with forms by level, or a template whose parts have them).
        A missing phrase, or one its parameters cannot fill, is the plain `words.no_phrase`
        (never a raw key, never a crash), or MissingPhrase when strict."""
        template = self.section(section).get(key)
        table = self._forms(section, key)
        if table is None:
            return self._missing(section, key, "no such phrase")
        if isinstance(template, Mapping):
            unknown = sorted(str(level) for level in table if level not in LEVELS)
            if unknown and self.strict:
                self._missing(section, key, f"unknown verbosity levels {unknown} (use {', '.join(LEVELS)})")
        forms: dict[str, str] = {}
        # a form that nothing in it changes by level is rendered once, whatever level asks for it
        by_level = any(isinstance(v, Phrase) for v in params.values())
        done: dict[str, str] = {}
        outermost = getattr(self._inner, "parts", None) is None
        if outermost:
            self._inner.parts = {}
        try:
            for level in LEVELS:
                form = table.get(level, table.get(NORMAL))  # none of its own: the normal one, at this level
                if not isinstance(form, str):
                    continue
                if form in done:
                    forms[level] = done[form]
                    continue
                try:
                    forms[level] = self._elide(self._formatters[level].vformat(form, (), dict(params)))
                except (KeyError, IndexError, ValueError, TypeError, AttributeError) as err:
                    if self.strict:  # a lenient book says the normal form instead
                        which = "" if isinstance(template, str) else f"its {level} form "
                        self._missing(section, key, f"cannot fill {which}with {dict(params)} ({err!r})")
                    continue
                if not by_level and not _by_level(form):
                    done[form] = forms[level]
        finally:
            if outermost:
                self._inner.parts = None
        if NORMAL not in forms:
            return self._missing(section, key, "no normal form it can fill")
        if len(set(forms.values())) == 1:
            return forms[NORMAL]
        return Phrase(forms, self.verbosity)

    def _forms(self, section: str, key: str) -> Mapping[str, Any] | None:
        """A phrase's templates by level (a lone template is the normal one); None: no phrase."""
        template = self.section(section).get(key)
        if isinstance(template, str):
            return {NORMAL: template}
        return template if isinstance(template, Mapping) else None

    def text_at(self, section: str, key: str, params: Mapping[str, Any], level: str | None = None) -> str:
        """The sentence for `key` at one level only (this book's own by default): what a plain
        listing says (`replay`), without the work of the other levels. As `text`, a form its
        parameters cannot fill is said in the normal form."""
        level = level or self.verbosity
        table = self._forms(section, key)
        if table is None:
            return self._missing(section, key, "no such phrase")
        outer = getattr(self._inner, "single", None)
        self._inner.single = level
        try:
            for which in dict.fromkeys((level, NORMAL)):
                form = table.get(which, table.get(NORMAL))
                if not isinstance(form, str):
                    continue
                try:
                    return self._elide(self._formatters[which].vformat(form, (), dict(params)))
                except (KeyError, IndexError, ValueError, TypeError, AttributeError) as err:
                    if self.strict:
                        why = f"cannot fill its {which} form with {dict(params)} ({err!r})"
                        self._missing(section, key, why)
            return self._missing(section, key, "no normal form it can fill")
        finally:
            self._inner.single = outer

    def _elide(self, text: str) -> str:
        """French elides "de" before a vowel a name begins with: "à portée d'Archer rouge 1"
        (the name is filled in, so the phrase cannot write it; "h" is left alone, often aspirate)."""
        if self.lang != "fr" or "de " not in text:
            return text
        return ELIDE.sub(r"\1d'\2", text)

    def _missing(self, section: str, key: str, why: str) -> str:
        if self.strict:
            where = f"{self.lang} phrasebook of {self.game or 'no game'}"
            raise MissingPhrase(f"{where}: [{section}] {key}: {why}")
        return str(self.section("words").get("no_phrase", "..."))

    def fields(self, event: Event) -> dict[str, frozenset[str]]:
        """The parameters an event's phrase says, each with how it is said in any of its forms
        ("card", "cards", "events"...: a placeholder's first format word; "" for none)."""
        where = (event.phrases, event.key)
        found = self._fields.get(where)
        if found is None:
            found = self._fields[where] = self._fields_of(*where)
        return found

    def _fields_of(self, section: str, key: str) -> dict[str, frozenset[str]]:
        template = self.section(section).get(key)
        forms = [template] if isinstance(template, str) else (
            [f for f in template.values() if isinstance(f, str)] if isinstance(template, Mapping) else [])
        said: dict[str, set[str]] = {}
        for form in forms:
            for _text, name, spec, _conversion in string.Formatter().parse(form):
                if name:
                    said.setdefault(name.split(".")[0].split("[")[0], set()).add((spec or "").split("|")[0])
        return {name: frozenset(kinds) for name, kinds in said.items()}

    def render(self, event: Event) -> str:
        """One event (or answer) as a sentence."""
        return self.text(event.phrases, event.key, event.params)

    def render_at(self, event: Event, level: str | None = None) -> str:
        """One event as a sentence at one level (this book's own by default): `render`'s text."""
        return self.text_at(event.phrases, event.key, event.params, level)

    def render_once(self, event: Event) -> str:
        """A part of an answer being rendered: once for all the answer's levels."""
        parts = getattr(self._inner, "parts", None)
        if parts is None:
            return self.render(event)
        found = parts.get(id(event))
        if found is None or found[0] is not event:
            found = parts[id(event)] = (event, self.render(event))
        return found[1]

    def line(self, events: Sequence[Event]) -> str:
        """Several events (an answer) said as one line (a `Phrase` if any of them has forms:
        each level's line joins each event's form at that level)."""
        parts = [self.render(e) for e in events]
        if not any(isinstance(p, Phrase) for p in parts):
            return " ".join(parts)
        forms = {level: " ".join(f for f in (choose(p, level) for p in parts) if f) for level in LEVELS}
        return Phrase(forms, self.verbosity)

    def reason(self, rejected: Any) -> str:
        """A rejection (anything with `.code` and `.params`) as a short reason: a value quoted
        in it (a card, a word from a broken record) is cut to a readable length."""
        params = {k: v if k in WHERE_KEYS else quoted(v) for k, v in rejected.params.items()}
        return self.text("reasons", rejected.code, params)

    def has(self, section: str, key: str) -> bool:
        return key in self.section(section)
