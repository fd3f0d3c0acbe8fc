"""Which rules the bots' demos show: for each game, every kind of action, of card played and of
event, with the first demo (seat count, seed) and record line (the action's `seq`) showing it.

    .venv/bin/python -m tests.games.rule_coverage [GAME ...] [--seeds 1-10] [--seats N]

A demo here is `companion demo GAME --seats N --seed S` without the camera: the game's own bots
at every seat, the game's dice seeded by the seed, the synthetic table's dice as the demo's
(`autoplay`). A kind is the action's type, refined by what the card (or unit, or notion) it names
is: its kind and, where the deck gives one, its power or effect (Shodan's notions and light green
cards, Tatsu's spirits) or its own name (samurai's events). The tests of `test_rule_coverage.py`
hold the demos to showing every kind; this module prints the table the issue notes quote.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from card_codes.deck import Deck, load_deck
from companion.engine import Event, Match, State, get_game, get_package
from companion.engine.bots import autoplay, bot_of, table_options
from tests.games.bot_helpers import actor_of

REFINE = ("power", "effect")  # the attributes that make a card a rule of its own


@cache
def deck(name: str) -> Deck:
    return load_deck(name)


def card_label(name: str, card_id: Any) -> str | None:
    """What kind of card (or unit) this is, as a rule: ``kind`` or ``kind:POWER``."""
    cards = deck(name)
    if not isinstance(card_id, str) or card_id not in cards:
        return None
    card = cards.card(card_id)
    for attr in REFINE:
        if card.get(attr) is not None:
            return f"{card.kind}:{card[attr]}"
    if card.kind == "event":  # samurai's event cards: each its own rule
        return f"{card.kind}:{card.id}"
    return card.kind


def action_kinds(name: str, action: Mapping[str, Any]) -> list[str]:
    """The kinds an action shows: its type, and its type with what its card is."""
    kind = str(action["type"])
    out = [kind]
    for key in ("notion", "unit", "card"):
        label = card_label(name, action.get(key))
        if label is not None:
            out.append(f"{kind} {label}")
            break
    cards = action.get("cards")
    if isinstance(cards, list):  # several cards at once (judo's throw and its MS cards, a draw)
        out += sorted({f"{kind} {label}" for label in (card_label(name, c) for c in cards) if label})
    if action.get("face_up") is True:
        out.append(f"{kind} face_up")
    return out


@dataclass
class Seen:
    """Where each kind was first seen (seats, seed, seq), and how often in all."""

    first: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    count: Counter[str] = field(default_factory=Counter)

    def note(self, kind: str, where: tuple[int, int, int]) -> None:
        self.first.setdefault(kind, where)
        self.count[kind] += 1


def demo(name: str, seats: int, seed: int, seen: Seen | None = None) -> Match:
    """The demo of this seed (its game's dice seeded by it, as `companion demo --seed` does),
    noting each action's and event's kinds in `seen`."""
    package = get_package(name)
    game = package.rules
    options: dict[str, Any] = dict(table_options(game, bot_of(package)))
    if game.seed_option is not None:
        options.setdefault(game.seed_option, seed)
    seq = 0

    def hear(before: State, action: Mapping[str, Any], events: list[Event]) -> None:
        nonlocal seq
        seq += 1
        if seen is None:
            return
        for kind in action_kinds(name, action):
            seen.note(kind, (seats, seed, seq))
        for event in events:
            seen.note(f"event {event.key}", (seats, seed, seq))

    return autoplay(game, seats, seed, options=options, actor=actor_of(name, seats), on_action=hear)


def coverage(name: str, seeds: Iterable[int], seat_counts: Iterable[int] | None = None) -> Seen:
    """Every kind the demos of these seeds show (at these seat counts: the game's default)."""
    seen = Seen()
    counts = list(seat_counts) if seat_counts is not None else [get_game(name).default_seats]
    for seats in counts:
        for seed in seeds:
            demo(name, seats, seed, seen)
    return seen


def action_types(name: str) -> set[str]:
    """The action types a game's records may hold (its actions module's TypedDicts)."""
    import importlib
    import typing

    module = importlib.import_module(f"companion.games.{name}.actions")
    out = set()
    for value in vars(module).values():
        hints = getattr(value, "__annotations__", None)
        if isinstance(value, type) and hints and "type" in hints:
            for arg in typing.get_args(typing.get_type_hints(value).get("type")):
                out.add(str(arg))
    return out


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> None:
    from companion.engine import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("--seeds", default="1-10", help="seeds, e.g. 1-10")
    parser.add_argument("--seats", type=int, action="append", help="seat counts (default: the game's)")
    args = parser.parse_args(argv)
    for name in args.games or games():
        seen = coverage(name, _seeds(args.seeds), args.seats)
        print(f"## {name} (seeds {args.seeds})")
        print("| rule | first demo (seats, seed) | record line (seq) | times |")
        print("|---|---|---|---|")
        for kind in sorted(seen.first):
            seats, seed, seq = seen.first[kind]
            print(f"| {kind} | {seats} seats, seed {seed} | {seq} | {seen.count[kind]} |")
        try:
            missing = sorted(action_types(name) - {k for k in seen.first if " " not in k})
        except ModuleNotFoundError:
            missing = []
        if missing:
            print(f"never: {', '.join(missing)}")
        print()


if __name__ == "__main__":
    main()
