"""`companion demo`: show a newcomer what the companion does with what exists today."""

from __future__ import annotations

from typing import Annotated

import typer

from card_codes import decode, encode, load_sticker_code
from companion.cli.common import Lang, app, deck_or_exit


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="The game to show.")] = "tatsu",
    lang: Lang = "fr",
) -> None:
    """Walk through a game's deck: each card, its label payload read back, its sticker code."""
    deck = deck_or_exit(game)
    code = load_sticker_code()
    typer.echo(f"{deck.name(lang)}: {len(deck)} cards.")
    for card in deck:
        payload = encode(deck, card.id)
        read_back = decode(payload).card
        symbol = code.colour_symbol(game, card) or code.kind_symbol(game, card)
        numbers = ", ".join(
            f"{n.names.get(lang, n.names['fr'])} {n.value} = "
            + " + ".join(m.name(lang) for m in n.marks)
            for n in code.numbers(game, card)
        )
        typer.echo(
            f"{payload} -> {read_back.name(lang)}. "
            f"{symbol.name(lang) if symbol else '-'}; {numbers}."
        )
