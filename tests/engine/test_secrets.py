"""One source of secrets: what a seat may know is its private view, and nothing else it is told
depends on anything more. The test makes its own hidden variants, for every game: every card is
swapped with another card of its kind, throughout the state (another hand, a face-down card, the
pile); a swap that leaves the seat's private view as it was is a state the seat cannot tell from
the real one, so every answer the companion gives that seat, the cards in its sight, and its
bot's choice must be the same in both."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from card_codes import load_deck
from companion.engine import Match, Rejected, games, get_game, get_package
from companion.engine.bots import bot_of
from companion.engine.table import Ask, TableRules
from companion.speech.phrasebook import Phrasebook
from tests.engine.test_conformance import random_game


def swapped(value: Any, a: str, b: str) -> Any:
    """``value`` with the card ids ``a`` and ``b`` exchanged everywhere (keys included)."""
    if isinstance(value, str):
        return b if value == a else a if value == b else value
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple state
        return type(value)._make(swapped(v, a, b) for v in value)
    if isinstance(value, tuple | list | set | frozenset):
        return type(value)(swapped(v, a, b) for v in value)
    if isinstance(value, dict):
        return type(value)((swapped(k, a, b), swapped(v, a, b)) for k, v in value.items())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: swapped(getattr(value, f.name), a, b) for f in dataclasses.fields(value) if f.init}
        return dataclasses.replace(value, **fields)
    return value


def variants(game: Any, state: Any, seat: int, kinds: dict[str, str], rng: random.Random,
             tries: int = 12) -> Iterator[Any]:
    """For every card, a swap with another card of its kind (tried in a random order) that
    leaves the seat's private view as it was: the states the seat cannot tell from ``state``.
    (A card of another kind would make a state no table can reach: a trophy in a dojo.)"""
    seen = game.private_view(state, seat)
    of_kind: dict[str, list[str]] = {}
    for card, kind in kinds.items():
        of_kind.setdefault(kind, []).append(card)
    for card, kind in kinds.items():
        others = [c for c in of_kind[kind] if c != card]
        rng.shuffle(others)
        for other in others[:tries]:
            variant = swapped(state, card, other)
            if variant != state and game.private_view(variant, seat) == seen:
                yield variant
                break


def names(value: Any, ids: list[str]) -> set[str]:
    """The card ids a JSON-like value names."""
    text = json.dumps(value)
    return {c for c in ids if f'"{c}"' in text}


def said(book: Phrasebook, rules: TableRules[Any], name: str, state: Any, seat: int) -> str:
    """The answer called ``name`` to ``seat``, as the seat would hear it (or why it is refused)."""
    try:
        return book.line(rules.answer(name, Ask(state, seat)))
    except Rejected as rejected:
        return f"refused: {book.reason(rejected)}"


@pytest.mark.slow
@pytest.mark.parametrize("name", games())
def test_nothing_said_to_a_seat_depends_on_what_it_cannot_know(name: str) -> None:
    package = get_package(name)
    game = package.rules
    rng = random.Random(11)
    deck = load_deck(name)
    ids = [card.id for card in deck]
    kinds = {card.id: card.kind for card in deck}
    bot = bot_of(package)
    checked = 0
    for seats in game.seat_counts:
        book = Phrasebook("fr", name, seat_keys=game.seat_keys(seats))
        names_said = [book.seat_name(s) for s in range(len(game.seat_keys(seats)))]
        rules = (package.table or TableRules)(game, names_said)
        # a table that does its own part first, and one whose players sometimes go on before it
        states = [*random_game(name, seats, seed=seats, every=5)[1][:8],
                  *random_game(name, seats, seed=seats, every=5, skips=0.4)[1][:8]]
        for state in states:
            for seat in game.seats_of(state):
                answers = {q: said(book, rules, q, state, seat) for q in rules.answers()}
                sight = rules.in_sight(state, seat)
                # a bot plays a seat that has a move to make; a card the seat cannot see, in that
                # move, is the table's chance (a card drawn, dealt): not held to the same card
                choice = bot_move(bot, game, seats, state, seat)
                chance = choice is None or bool(names(choice, ids) - sight)
                for variant in variants(game, state, seat, kinds, rng):
                    where = f"{name}, {seats} seats, seat {seat}"
                    for q, line in answers.items():
                        assert said(book, rules, q, variant, seat) == line, (
                            f"{where}: «{q}» tells a hidden card")
                    assert rules.in_sight(variant, seat) == sight, f"{where}: it sees by hidden cards"
                    assert chance or bot_move(bot, game, seats, variant, seat) == choice, (
                        f"{where}: the bot plays from hidden cards")
                    checked += 1
    assert checked > 0 or not game.hides_cards, f"{name} hides cards, yet no hidden variant was found"


def bot_move(bot: Any, game: Any, seats: int, state: Any, seat: int) -> Any:
    """The bot's move for ``seat`` (None: the seat has no move of its own to make)."""
    if not game.legal(state, seat):
        return None
    return bot.choose(Match(game, seats, {}, [state], []), seat, random.Random(3))


def test_a_swap_reaches_every_part_of_a_state() -> None:
    game = get_game("tatsu")
    state = game.new_state(4, {})
    a, b = "Y-P1-V3", "R-P1-V3"
    dealt = state._replace(hands=((a, "Y-P2-V1"), (b,), None, None))
    flipped = swapped(dealt, a, b)
    assert flipped.hands[0][0] == b and flipped.hands[1] == (a,)
    assert swapped(flipped, a, b) == dealt
