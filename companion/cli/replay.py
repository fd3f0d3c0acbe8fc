"""`companion replay FILE`: rebuild a game from its record and print what was announced."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import Lang, app, fail
from companion.engine import Event, Match, Rejected, ReplayError, get_game, replay
from companion.journal import RecordError, open_record
from companion.speech.phrasebook import LANGS, Phrasebook


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
    lang: Lang = "fr",
) -> None:
    """Rebuild a game from its record and print every announcement, one line each."""
    if lang not in LANGS:
        raise fail(f"Unknown language {lang!r}: {', '.join(LANGS)}.")
    try:
        header, actions, warnings = open_record(file)
    except RecordError as err:
        raise fail(str(err), 1) from None
    for warning in warnings:
        typer.echo(warning, err=True)
    try:
        game = get_game(header.game)
    except KeyError as err:
        raise fail(f"{file}: {err.args[0]}", 1) from None
    book = Phrasebook(lang, game.name, seat_keys=game.seat_keys(header.seats))
    try:
        match = replay(game, header.seats, header.options, actions, rules=header.rules)
    except ReplayError as err:
        raise fail(f"{file}, line {err.line}: {book.reason(err.rejected)}", 1) from None
    except Rejected as rejected:
        raise fail(f"{file}, line 1: {book.reason(rejected)}", 1) from None
    if as_json:
        typer.echo(json.dumps(match_json(match, book), ensure_ascii=False, indent=1))
        return
    for event in match.events:
        typer.echo(event_line(book, event))
