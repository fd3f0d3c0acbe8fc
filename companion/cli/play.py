"""`companion play GAME` (the live companion) and `companion demo [GAME]` (the synthetic table)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli.common import app, fail, seats_or_exit
from companion.config import ConfigError, load_config


def _announcer(lang: str, text_only: bool, seat_names: list[str] | None = None) -> Any:
    """The announcer from the user's configuration; text only when asked or when speech fails."""
    from companion.speech import Announcer, SpeechConfig

    try:
        config = SpeechConfig.load()
    except Exception as err:  # a broken file must not stop the game: say it, go on in text
        typer.echo(f"Configuration: {err}", err=True)
        config = SpeechConfig()
    backend = "text" if text_only else config.backend
    try:
        return Announcer.from_config(config, lang=lang, backend=backend, seat_names=seat_names)
    except Exception as err:  # the announcer says device trouble itself; this is the last resort
        typer.echo(f"Speech unavailable ({err}); text only.", err=True)
        return Announcer(lang, backend="text", seat_names=seat_names)


def _check_record(record: Path | None) -> None:
    """A new record never overwrites a game: refuse an existing file before anything starts."""
    if record is not None and record.exists():
        raise fail(f"{record}: this file already exists. To continue that game: --resume {record}", 1)
    if record is not None and not record.parent.is_dir():
        raise fail(f"{record.parent}: no such folder.", 1)


def _run(opts: Any, source: Any, *, synthetic: bool, text_only: bool, decoder: str, speed: float,
         interactive: bool, zones: Any = ()) -> None:
    from card_codes import load_deck
    from companion.engine import Rejected, ReplayError, get_game
    from companion.journal import RecordError
    from companion.session import Session
    from companion.session.synthetic import LiveTable
    from companion.speech.phrasebook import Phrasebook
    from companion.vision import open_live

    game = get_game(opts.game)
    book = Phrasebook(opts.lang, opts.game, seat_names=opts.seat_names, seat_keys=game.seat_keys(opts.seats))
    ann = _announcer(opts.lang, text_only, [book.seat_name(s) for s in range(max(opts.seats, 4))])
    table = LiveTable(load_deck(opts.game), opts.seats, fps=10.0, seed=opts.seed, lang=opts.lang) \
        if synthetic else None
    session = Session(opts, ann, table=table)
    reader = None
    try:
        try:
            session.open()
        except (RecordError, ReplayError, OSError) as err:
            raise fail(f"{err}", 1) from None
        except Rejected as rejected:
            raise fail(session.book.reason(rejected), 2) from None
        with contextlib.suppress(Exception):  # the cache only speeds up: phrases are made when needed
            ann.prebuild(session.fixed_phrases())
        reader = open_live(table if table is not None else source, session.on_vision, game=opts.game,
                           decoder=decoder, speed=speed, zones=zones)
        if interactive:
            session.read_lines(sys.stdin)
        if not session.started:  # a resumed game has started already
            if opts.setup and interactive:
                session.say(opts.me, session.setup_text())
                session.tell("setup_accept")
            else:
                session.post("start")
        session.run()
    except KeyboardInterrupt:
        session.tell("quit")
    finally:
        if reader is not None:
            reader.stop()
        session.close()
        ann.close()


def _decoder_or_exit(name: str) -> str:
    """--decoder checked before anything starts: an unknown name is one line and exit 2."""
    from companion.vision.decoders import DECODERS

    if name not in DECODERS:
        raise fail(f"Unknown decoder {name!r}. Decoders: {', '.join(DECODERS)}.")
    return name


def _seat_names(game_name: str | None, seats: int) -> dict[str, int]:
    """Every seat's name in French and English (North, East... without a game), to its number."""
    from companion.engine import get_game
    from companion.speech.phrasebook import Phrasebook

    keys = get_game(game_name).seat_keys(seats) if game_name else None
    names: dict[str, int] = {}
    for language in ("fr", "en"):
        book = Phrasebook(language, game_name, seat_keys=keys)
        names.update({book.seat_name(seat): seat for seat in range(seats)})
    return names


def _zones_or_exit(text: str | None, game: str | None, seats: int) -> Any:
    """The seat zones of --zones, or one clear line and exit 2."""
    if text is None:
        return ()
    from companion.vision.zones import ZoneError, parse_zones

    try:
        return parse_zones(text, seats, _seat_names(game, seats))
    except ZoneError as err:
        raise fail(str(err)) from None


def _seat_number(session_game: str, seats: int, word: str | None, lang: str) -> int:
    if word is None:
        return 0
    if word.isdigit():
        return int(word) - 1
    folded = {name.casefold(): seat for name, seat in _seat_names(session_game, seats).items()}
    if word.casefold() in folded:
        return folded[word.casefold()]
    raise fail(f"Unknown seat {word!r}.")


Seats = Annotated[int | None, typer.Option("--seats", help="Number of players (default: the game's "
                                           "usual count).")]
LangOpt = Annotated[str | None, typer.Option("--lang", help="fr or en (default: your configuration).")]
TextOpt = Annotated[bool, typer.Option("--text", help="Print only: no built-in speech.")]
RecordOpt = Annotated[Path | None, typer.Option("--record", help="Write the game record here "
                                                "(default: a new file in your data folder).")]
DecoderOpt = Annotated[str, typer.Option("--decoder", help="What the camera reads: auto (camera tags, and QR "
                                          "codes when there are some), tag, zxing, pyzbar, tag+zxing.")]


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game: tatsu, dojo, ...")] = "tatsu",
    camera: Annotated[int | None, typer.Option("--camera", help="Webcam number (0 is the first).")] = None,
    url: Annotated[str | None, typer.Option("--url", help="A network camera stream (a phone).")] = None,
    video: Annotated[Path | None, typer.Option("--video", help="Read the table from a video file.")] = None,
    images: Annotated[Path | None, typer.Option("--images", help="Read the table from a folder of "
                                                "images.")] = None,
    synthetic: Annotated[bool, typer.Option("--synthetic", help="No camera: a synthetic table plays the "
                                            "other seats; you name the cards you play.")] = False,
    seats: Seats = None,
    me: Annotated[str | None, typer.Option("--me", help="Your seat: a name or a number (default: the "
                                           "first).")] = None,
    lang: LangOpt = None,
    text: TextOpt = False,
    record: RecordOpt = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue the game of this record.")] = None,
    target: Annotated[int | None, typer.Option("--target", help="Points that end the game.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the synthetic table.")] = 1,
    decoder: DecoderOpt = "auto",
    zones: Annotated[str | None, typer.Option("--zones", help="Where each seat's cards lie in the image, "
                                              "e.g. 1@0.5,0.9;2@0.1,0.5 (companion check --calibrate "
                                              "prints it).")] = None,
) -> None:
    """Play at the table: cards seen by the camera are checked, recorded and announced.

    Type short commands at any time (aide / help lists them): main, pli, score, tour,
    répète, annule... Private facts go only to your seat.
    """
    from companion.session import SessionOptions

    try:
        config = load_config()
    except ConfigError as err:
        raise fail(f"Configuration: {err}") from None
    lang = lang or config.lang
    if resume is not None:
        from companion.journal import RecordError, open_record

        try:
            header, _actions, _warnings = open_record(resume)
        except RecordError as err:
            raise fail(str(err), 1) from None
        game, seats = header.game, header.seats
    seats = seats_or_exit(game, seats, lang)
    sources = [x for x in (camera, url, video, images) if x is not None]
    if len(sources) + synthetic > 1:
        raise fail("Choose one of --camera, --url, --video, --images or --synthetic.")
    source: Any = sources[0] if sources else (0 if not synthetic else None)
    if isinstance(source, Path) and not source.exists():
        raise fail(f"{source}: no such file or folder.", 1)
    if resume is None:
        _check_record(record)
    my_seat = _seat_number(game, seats, me, lang)
    zone_map = _zones_or_exit(zones, game, seats)
    options: dict[str, Any] = {}
    if target is not None:
        options["target"] = target
    opts = SessionOptions(
        game=game, seats=seats, options=options, me=my_seat, lang=lang,
        seat_names=config.seat_names.get(lang), record=record, resume=resume,
        bots=frozenset(set(range(seats)) - {my_seat}) if synthetic else frozenset(),
        pace=0.3 if synthetic else 0.0, seed=seed, setup=resume is None,
    )
    _run(opts, str(source) if isinstance(source, Path) else source, synthetic=synthetic, text_only=text,
         decoder=_decoder_or_exit(decoder), speed=1.0, interactive=True, zones=zone_map)


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="The game to show.")] = "tatsu",
    seats: Seats = None,
    lang: LangOpt = None,
    text: TextOpt = False,
    fast: Annotated[bool, typer.Option("--fast", help="No pauses between moves.")] = False,
    record: RecordOpt = None,
    target: Annotated[int | None, typer.Option("--target", help="Points that end the game "
                                               "(default: the game's own).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the synthetic table.")] = 1,
    decoder: DecoderOpt = "auto",
) -> None:
    """Watch and hear a whole game on the synthetic table: frames go through the real decoder,
    tracker, rules and speech, and the game is recorded as it goes."""
    from companion.session import SessionOptions

    try:
        config = load_config()
    except ConfigError as err:
        raise fail(f"Configuration: {err}") from None
    lang = lang or config.lang
    seats = seats_or_exit(game, seats, lang)
    _check_record(record)
    from companion.engine import get_game

    options: dict[str, Any] = dict(get_game(game).simulation_options)  # random players must finish
    if target is not None:
        options["target"] = target
    opts = SessionOptions(
        game=game, seats=seats, options=options, me=0, lang=lang,
        seat_names=config.seat_names.get(lang), record=record,
        bots=frozenset(range(seats)), pace=0.0 if fast else 0.8, seed=seed, setup=False,
        stop_when_over=True,
    )
    _run(opts, None, synthetic=True, text_only=text, decoder=_decoder_or_exit(decoder),
         speed=4.0 if fast else 1.0, interactive=sys.stdin.isatty())
