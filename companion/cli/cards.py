"""`companion cards GAME`: the deck, its names and its label payloads."""

from __future__ import annotations

from typing import Annotated

import typer

from card_codes import encode
from companion.cli.common import GameArg, Lang, app, deck_or_exit, echo, lang_or_exit, say
from companion.safe_text import json_text


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help=GameArg)],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of card objects.")] = False,
    lang: Lang = None,
) -> None:
    """List a game's deck: card id, name and label payload, one card a line."""
    lang = lang_or_exit(lang)
    deck = deck_or_exit(game, lang)
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
        typer.echo(json_text(out, indent=1))
        return
    for card in deck:
        mark = say(lang, "card_assumed", attrs=", ".join(card.assumed)) if card.assumed else ""
        echo(f"{card.id}  {card.name(lang)}  {encode(deck, card.id)}{mark}")
    echo(say(lang, "card_count", n=len(deck)))
    for note in deck.assumed:
        echo(say(lang, "deck_assumed", note=note))
