"""`companion demo`: a whole seeded random game played through the engine, as a transcript.

A later issue replaces this with the live demo on the synthetic table.
"""

from __future__ import annotations

import random
from typing import Annotated, Any

import typer

from card_codes import load_deck
from companion.cli.common import Lang, app, fail
from companion.cli.replay import event_line, phrasebook_for
from companion.engine import Match, games, get_game
from companion.speech.phrasebook import LANGS


def random_match(game_name: str, seats: int, seed: int, max_actions: int = 20_000) -> Match:
    """Play a whole game with random legal actions; 3-4 players: hands dealt and registered."""
    rng = random.Random(seed)
    game = get_game(game_name)
    match = Match.new(game, seats, {"seed": seed})
    dealt_round = 0
    for _ in range(max_actions):
        state = match.state
        if game.is_over(state):
            break
        if game_name == "tatsu" and seats > 2 and state.round != dealt_round:
            dealt_round = state.round
            for action in deal_tatsu(rng):
                match.apply(action)
            continue
        choices: list[dict[str, Any]] = [a for s in game.seats_of(state) for a in game.legal(state, s)]
        match.apply(rng.choice(choices))
    return match


def deal_tatsu(rng: random.Random) -> list[dict[str, Any]]:
    """Shuffle the 28 Tatsu cards and register 7 per seat (the Ghost is seat 3 with 3 players)."""
    ids = load_deck("tatsu").ids()
    rng.shuffle(ids)
    return [{"type": "hand", "seat": s, "cards": ids[7 * s: 7 * s + 7]} for s in range(4)]


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="The game to play.")] = "tatsu",
    lang: Lang = "fr",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random game.")] = 1,
    players: Annotated[int, typer.Option("--players", help="Number of players.")] = 4,
) -> None:
    """Play a whole random game through the rules engine and print what would be announced."""
    if lang not in LANGS:
        raise fail(f"Unknown language {lang!r}: {', '.join(LANGS)}.")
    if game not in games():
        raise fail(f"Unknown game {game!r}. Games: {', '.join(games())}.")
    if players not in get_game(game).seat_counts:
        raise fail(f"{game}: {players} players is not possible.")
    match = random_match(game, players, seed)
    book = phrasebook_for(match, lang)
    for event in match.events:
        typer.echo(event_line(book, event))
