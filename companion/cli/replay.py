"""`companion replay FILE`: rebuild a game from its record and print what was announced."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from companion.cli.common import Lang, app, lang_or_exit, replayed_or_exit
from companion.engine import Event, Game, Match
from companion.safe_text import json_text, printable
from companion.speech.phrasebook import Phrasebook


def phrasebook_for(game: Game, seats: int, lang: str) -> Phrasebook:
    """The phrasebook of a game, with the seat names of its number of seats."""
    return Phrasebook(lang, game.name, seat_keys=game.seat_keys(seats))


def event_line(book: Phrasebook, event: Event) -> str:
    """One plain line; a private event is marked with the seat it is for."""
    text = book.render_at(event)
    return text if event.audience == "all" else f"[{book.seat_name(event.audience)}] {text}"


def event_json(book: Phrasebook, event: Event) -> dict[str, Any]:
    return {**event.to_json(), "text": book.render_at(event)}


def match_json(match: Match, book: Phrasebook) -> dict[str, Any]:
    """The object of DESIGN §5: game, seats, over, scores, winners, events with their text."""
    return {**match_summary(match), "events": [event_json(book, e) for e in match.events]}


def match_summary(match: Match) -> dict[str, Any]:
    """The object of DESIGN §5 but its events: game, seats, over, scores, winners."""
    game, state = match.game, match.state
    return {
        "game": game.name,
        "seats": match.seats,
        "over": game.is_over(state),
        "scores": {str(s): v for s, v in game.scores(state).items()},
        "winners": game.winners(state),
    }


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON Lines).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of lines.")] = False,
    lang: Lang = None,
) -> None:
    """Rebuild a game from its record and print every announcement, one line each."""
    lang = lang_or_exit(lang)
    listing = _Listing(lang, as_json, sys.stdout)
    match = replayed_or_exit(file, lang, listing.events)
    listing.end(match)


class _Listing:
    """Each action's events printed as the replay reaches them (the record already checked
    whole): a record of any size in bounded memory. With ``--json``, DESIGN §5's object, its
    events first, then what the game came to."""

    def __init__(self, lang: str, as_json: bool, out: TextIO) -> None:
        self.lang, self.as_json, self.out = lang, as_json, out
        self.book: Phrasebook | None = None
        self.count = 0

    def events(self, game: Game, seats: int, events: list[Event]) -> None:
        if self.book is None:
            self.book = phrasebook_for(game, seats, self.lang)
            if self.as_json:
                self.out.write('{"events": [')
        book = self.book
        if not self.as_json:  # plain lines, as `echo` prints them, without its cost a line
            self.out.write("".join(printable(event_line(book, e), fold=False) + "\n" for e in events))
            return
        for event in events:
            self.out.write(("\n  " if not self.count else ",\n  ") + json_text(event_json(book, event)))
            self.count += 1

    def end(self, match: Match) -> None:
        if not self.as_json:
            return
        if self.book is None:
            self.out.write('{"events": [')
        summary = json_text(match_summary(match))  # '{"game": ...}': its keys follow the events
        self.out.write(("\n ]" if self.count else "]") + ", " + summary[1:] + "\n")
        self.out.flush()
