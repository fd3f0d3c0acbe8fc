"""`companion replay FILE`: rebuild a game from its record and print what was announced."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import Lang, app, echo, lang_or_exit, replayed_or_exit
from companion.engine import Event, Match
from companion.safe_text import json_text
from companion.speech.phrasebook import Phrasebook


def phrasebook_for(match: Match, lang: str) -> Phrasebook:
    """The phrasebook of the match's game, with its seat names."""
    return Phrasebook(lang, match.game.name, seat_keys=match.game.seat_keys(match.seats))


def event_line(book: Phrasebook, event: Event) -> str:
    """One plain line; a private event is marked with the seat it is for."""
    text = book.render(event)
    return text if event.audience == "all" else f"[{book.seat_name(event.audience)}] {text}"


def match_json(match: Match, book: Phrasebook) -> dict[str, Any]:
    """The object of DESIGN §5: game, seats, over, scores, winners, events with their text."""
    game, state = match.game, match.state
    return {
        "game": game.name,
        "seats": match.seats,
        "over": game.is_over(state),
        "scores": {str(s): v for s, v in game.scores(state).items()},
        "winners": game.winners(state),
        "events": [{**e.to_json(), "text": book.render(e)} for e in match.events],
    }


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON Lines).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of lines.")] = False,
    lang: Lang = None,
) -> None:
    """Rebuild a game from its record and print every announcement, one line each."""
    lang = lang_or_exit(lang)
    match = replayed_or_exit(file, lang)
    book = phrasebook_for(match, lang)
    if as_json:
        typer.echo(json_text(match_json(match, book), indent=1))
        return
    for event in match.events:
        echo(event_line(book, event))
