"""`companion cards GAME`: the deck, its names and its label payloads."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from card_codes import encode
from companion.cli.common import Lang, app, deck_or_exit


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="The game: tatsu, dojo, ...")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of card objects.")] = False,
    lang: Lang = "fr",
) -> None:
    """List a game's deck: card id, name and label payload, one card a line."""
    deck = deck_or_exit(game)
    if as_json:
        out = [
            {
                "id": card.id,
                "name": card.name(lang),
                "names": card.names,
                "payload": encode(deck, card.id),
                "tag": card.tag,
                "kind": card.kind,
                **card.attrs,
                "assumed": list(card.assumed),
            }
            for card in deck
        ]
        typer.echo(json.dumps(out, ensure_ascii=False, indent=1))
        return
    for card in deck:
        mark = " (assumed: " + ", ".join(card.assumed) + ")" if card.assumed else ""
        typer.echo(f"{card.id}  {card.name(lang)}  {encode(deck, card.id)}{mark}")
    typer.echo(f"{len(deck)} cards.")
    for note in deck.assumed:
        typer.echo(f"Assumed: {note}")
