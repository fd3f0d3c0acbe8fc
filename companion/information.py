"""Equal information: the table setting that keeps the companion from being a memory aid.

In "equal" (the default) an answer to a player's question names only the cards a sighted
player at that seat could see at that moment: the game's table rules declare them
(`TableRules.in_sight`: what is face up, and the seat's own hand). A part of an answer that
names any other card (a trick turned face down, a discard under the top one, the cards not
played yet) is left out, and the answer says so in one short phrase. In "aid", the table
agreed that the companion also remembers the past: answers are said whole.

What an answer names is read from its phrases: a parameter its phrase says as a card (by its
name, its short name, or the sum of cards' points) names that card; one said as a list of
answers is made of parts, each read the same way. Other parameters (a square, a count) name
no card, whatever their value.

Announcements are not answers: a card played is said as it is played, when every sighted
player sees it too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from companion.engine import Answer, Event, Seat

EQUAL = "equal"
AID = "aid"
INFORMATION = (EQUAL, AID)
SAID_AT_START = {EQUAL: "information_equal", AID: "information_aid"}  # the phrase naming each setting

CARD_FORMATS = frozenset({"card", "cards", "short", "sum", "numbered", "cells"})  # said as cards
PART_FORMATS = frozenset({"events", "clauses"})  # said as a list of answers

Kinds = Mapping[str, frozenset[str]]  # event key -> its parameters that name a kind of card


class Phrases(Protocol):
    """What equal information needs of a phrasebook: how an event's phrase says each parameter."""

    def fields(self, event: Event) -> dict[str, frozenset[str]]: ...


def cards_in(event: Event, book: Phrases, kinds: Kinds) -> Iterator[str]:
    """Every card an answer names, its parts' included; an event's ``kinds`` parameters name a
    kind of card, no card (the table rules' `kind_params`)."""
    for name, formats in book.fields(event).items():
        if name in kinds.get(event.key, frozenset()):
            continue
        value = event.params.get(name)
        if formats & CARD_FORMATS:
            yield from _ids(value)
        if formats & PART_FORMATS and isinstance(value, list):
            for part in value:
                if isinstance(part, Event):
                    yield from cards_in(part, book, kinds)


def _ids(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        yield from (item for item in value if isinstance(item, str))


def within_sight(events: Sequence[Event], sight: frozenset[str], viewer: Seat, book: Phrases,
                 kinds: Kinds) -> list[Event]:
    """The events of an answer that name only cards in ``sight`` (an answer made of parts, such
    as a list of plays, keeps the parts in sight); when something is left out, the phrase saying
    so ends the answer (once)."""
    kept = [e for e in (_seen(e, sight, book, kinds) for e in events) if e is not None]
    if kept != list(events):
        kept.append(Answer(viewer, "equal_unseen"))
    return kept


def _seen(event: Event, sight: frozenset[str], book: Phrases, kinds: Kinds) -> Event | None:
    """``event`` with its parts out of sight left out; None if it names such a card itself, or
    if none of its parts is left."""
    params = dict(event.params)
    for name, formats in book.fields(event).items():
        value = event.params.get(name)
        if formats & PART_FORMATS and isinstance(value, list) and value:
            parts = [p for p in (_seen(p, sight, book, kinds) if isinstance(p, Event) else p for p in value)
                     if p is not None]
            if not parts:
                return None
            params[name] = parts
        elif (formats & CARD_FORMATS and name not in kinds.get(event.key, frozenset())
              and any(card not in sight for card in _ids(value))):
            return None
    return event if params == event.params else type(event)(event.audience, event.key, params)
