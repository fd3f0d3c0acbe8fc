"""Equal information: the table setting that keeps the companion from being a memory aid.

In "equal" (the default) an answer to a player's question names only the cards a sighted
player at that seat could see at that moment: the game's table rules declare them
(`TableRules.in_sight`: what is face up, and the seat's own hand). A part of an answer that
names any other card (a trick turned face down, a discard under the top one, the cards not
played yet) is left out, and the answer says so in one short phrase. In "aid", the table
agreed that the companion also remembers the past: answers are said whole.

Announcements are not answers: a card played is said as it is played, when every sighted
player sees it too.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence
from typing import Any

from companion.engine import Answer, Event, Seat

EQUAL = "equal"
AID = "aid"
INFORMATION = (EQUAL, AID)
SAID_AT_START = {EQUAL: "information_equal", AID: "information_aid"}  # the phrase naming each setting


Kinds = Mapping[str, frozenset[str]]  # event key -> its parameters that name a kind of card


def cards_in(value: Any, deck: Container[str], kinds: Kinds) -> Iterator[str]:
    """Every card an answer's parameter names: a card id, in lists, mappings and the events
    an answer is made of (its parts), at any depth; an event's ``kinds`` parameters name a kind
    of card, no card (the table rules' `kind_params`)."""
    if isinstance(value, str):
        if value in deck:
            yield value
    elif isinstance(value, Event):
        kind_words = kinds.get(value.key, frozenset())
        for name, item in value.params.items():
            if name not in kind_words:
                yield from cards_in(item, deck, kinds)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from cards_in(item, deck, kinds)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from cards_in(item, deck, kinds)


def within_sight(events: Sequence[Event], sight: frozenset[str], viewer: Seat,
                 deck: Container[str], kinds: Kinds) -> list[Event]:
    """The events of an answer that name only cards in ``sight`` (an answer made of parts, such
    as a list of plays, keeps the parts in sight); when something is left out, the phrase saying
    so ends the answer (once)."""
    kept = [e for e in (_seen(e, sight, deck, kinds) for e in events) if e is not None]
    if kept != list(events):
        kept.append(Answer(viewer, "equal_unseen"))
    return kept


def _seen(event: Event, sight: frozenset[str], deck: Container[str], kinds: Kinds) -> Event | None:
    """``event`` with its parts out of sight left out; None if it names such a card itself, or
    if none of its parts is left."""
    params: dict[str, Any] = {}
    for name, value in event.params.items():
        if isinstance(value, list) and value and all(isinstance(v, Event) for v in value):
            params[name] = [p for p in (_seen(p, sight, deck, kinds) for p in value) if p is not None]
            if not params[name]:
                return None
        elif name in kinds.get(event.key, frozenset()):
            params[name] = value
        elif any(card not in sight for card in cards_in(value, deck, kinds)):
            return None
        else:
            params[name] = value
    return event if params == event.params else type(event)(event.audience, event.key, params)
