"""`companion play GAME` (the live companion) and `companion demo [GAME]` (the synthetic table)."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from card_codes import load_deck
from card_codes.errors import CompanionError
from companion.cli.common import (
    GameArg,
    OptionOpt,
    PresetOpt,
    app,
    camera_or_exit,
    deck_or_exit,
    echo,
    fail,
    house_rules_or_exit,
    lang_or_exit,
    package_or_exit,
    recorded_game_or_exit,
    replay_refusal,
    say,
    seats_or_exit,
    url_or_exit,
    user_config,
)
from companion.cli.web import open_pages
from companion.config import Config, data_dir
from companion.engine import GamePackage, Rejected, ReplayError, get_game
from companion.engine.bots import bot_of, table_options
from companion.information import INFORMATION
from companion.journal import RecordError
from companion.messages import os_reason, text
from companion.session import Session, SessionOptions
from companion.session.pipeline import WRITE_FAILURES_BEFORE_STOP
from companion.session.synthetic import LiveTable
from companion.speech.config import STOP_KEYS, SpeechConfig
from companion.speech.phrasebook import Phrasebook
from companion.typed_input import StopKeyTerminal
from companion.vision import open_live
from companion.vision.decoders import DECODERS
from companion.vision.frames import SourceError
from companion.vision.zones import SeatMap, ZoneError, parse_zones


def _announcer(config: Config, lang: str, text_only: bool, seat_names: list[str] | None = None, *,
               seats: int | None = None, me: int | None = None) -> tuple[Any, str]:
    """The announcer from the user's (already read) configuration, with the braille display if
    there is one; text only when asked or when speech fails. And the stop key's character
    ("" for none)."""
    from companion.braille import BrailleConfig
    from companion.speech import Announcer

    try:
        speech, braille = config.speech(), config.braille_display()
    except ValueError:  # the configuration is checked already; this is the last resort
        speech, braille = SpeechConfig(), BrailleConfig()
    backend = "text" if text_only else speech.backend
    table: dict[str, Any] = {"seat_names": seat_names, "seats": seats, "keyboard_seat": me,
                             "braille": braille}
    stop_key = STOP_KEYS[speech.stop_key]
    try:
        return Announcer.from_config(speech, lang=lang, backend=backend, **table), stop_key
    except Exception as err:  # the announcer says device trouble itself; this is the last resort
        reason = err.text(lang) if isinstance(err, CompanionError) else err
        echo(say(lang, "speech_unavailable", reason=reason), err=True)
        return Announcer(lang, backend="text", **table), stop_key


def _check_record(record: Path | None, lang: str) -> None:
    """A new record never overwrites a game and goes where it can be written: refuse a file
    that exists, a folder, a missing or unwritable folder before anything starts."""
    if record is None:
        folder = data_dir() / "records"  # where the record of a game goes by default
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise fail(say(lang, "folder_unwritable", path=folder, reason=os_reason(err, lang)), 1) from None
    elif record.is_dir():
        raise fail(say(lang, "record_is_folder", path=record), 1)
    elif record.exists() or record.is_symlink():
        raise fail(say(lang, "record_exists", path=record), 1)
    else:
        folder = record.parent
        if not folder.is_dir():
            raise fail(say(lang, "no_folder", path=folder), 1)
    if not os.access(folder, os.W_OK | os.X_OK):
        read_only = os.statvfs(folder).f_flag & os.ST_RDONLY
        reason = text(lang, "errno.read_only" if read_only else "errno.denied")
        raise fail(say(lang, "folder_unwritable", path=folder, reason=reason), 1)


def _run(opts: Any, config: Config, source: Any, *, synthetic: bool, text_only: bool, decoder: str,
         speed: float, interactive: bool, zones: SeatMap | None = None, every_frame: bool = False,
         web: tuple[bool, int] | None = None, seat_cards: Path | None = None) -> None:
    game = get_game(opts.game)
    lang = opts.lang
    book = Phrasebook(opts.lang, opts.game, seat_names=opts.seat_names, seat_keys=game.seat_keys(opts.seats))
    seat_names = [book.seat_name(s) for s in range(max(opts.seats, 4))]
    ann, stop_key = _announcer(config, lang, text_only, seat_names, seats=opts.seats, me=opts.me)
    table = LiveTable(load_deck(opts.game), opts.seats, fps=10.0, seed=opts.seed, lang=opts.lang) \
        if synthetic else None
    session = Session(opts, ann, table=table)
    reader = None
    server: Any = None
    terminal = StopKeyTerminal(sys.stdin, stop_key if interactive else "")
    try:
        terminal.open()
        if web is not None:  # first: a resumed game tells each phone where it stands
            server = open_pages(session, ann, lan=web[0], port=web[1], cards=seat_cards)
        try:
            session.open()
        except RecordError as err:
            raise fail(err.text(lang), 1) from None
        except ReplayError as err:
            raise fail(replay_refusal(opts.resume, err.line, err.rejected, session.book), 1) from None
        except Rejected as rejected:  # the record's header (line 1: options, rules), or the command line's
            if opts.resume is not None:
                raise fail(replay_refusal(opts.resume, 1, rejected, session.book), 1) from None
            raise fail(session.book.reason(rejected), 2) from None
        with contextlib.suppress(Exception):  # the cache only speeds up: phrases are made when needed
            ann.prebuild(session.fixed_phrases())
        try:
            reader = open_live(table if table is not None else source, session.on_vision, game=opts.game,
                               decoder=decoder, speed=speed, zones=zones or (),
                               watch=opts.watch_layout, every_frame=every_frame,
                               laid=False if table is not None else None)  # no hands on a drawn table
        except SourceError:
            raise fail(say(lang, "bad_source", path=source), 1) from None
        session.seen_memory = reader.tracker
        if interactive:
            session.read_lines(sys.stdin)
        if not session.started:  # a resumed game has started already
            if opts.setup and interactive:
                session.say(opts.me, session.setup_text())
                session.tell("setup_accept")
            else:
                session.post("start")
        try:
            session.run()
        except RecordError as err:  # the record could not be created when the game began
            raise fail(err.text(lang), 1) from None
        except OSError as err:  # its folder could not be made
            raise fail(say(lang, "cannot_write", path=err.filename or "", reason=os_reason(err, lang)),
                       1) from None
        if session.journal is not None and session.journal.failures >= WRITE_FAILURES_BEFORE_STOP:
            raise typer.Exit(1)  # the disk stayed full: the game stopped (said), its record whole
    except KeyboardInterrupt:
        session.tell("quit" if session.started else "quit_setup")
    finally:
        terminal.close()
        if reader is not None:
            reader.stop()
        if server is not None:
            server.stop()
        session.close()
        ann.close()


def _seat_number(session_game: str, seats: int, word: str | None, lang: str, key: str = "bad_me") -> int:
    """The seat of ``--me`` (or ``--phone``): a number from 1 to the seat count, or a seat name
    in either language."""
    if word is None:
        return 0
    game = get_game(session_game)
    if word.isdigit() and 1 <= int(word) <= seats:
        return int(word) - 1
    for language in ("fr", "en"):
        book = Phrasebook(language, session_game, seat_keys=game.seat_keys(seats))
        for seat in range(seats):
            if book.seat_name(seat).casefold() == word.strip().casefold():
                return seat
    names = Phrasebook(lang, session_game, seat_keys=game.seat_keys(seats))
    raise fail(say(lang, key, word=word, seats=seats,
                   names=", ".join(names.seat_name(s) for s in range(seats))))


def _phones_or_exit(game: str, seats: int, words: list[str] | None, me: int | None, web: bool,
                    lang: str) -> frozenset[int] | None:
    """The seats of ``--phone``; None when none was named."""
    if not words:
        return None
    if not web:
        raise fail(say(lang, "phone_needs_web"))
    phones = set()
    for word in words:
        seat = _seat_number(game, seats, word, lang, key="bad_phone")
        if seat == me:
            raise fail(say(lang, "phone_is_me", word=word))
        phones.add(seat)
    return frozenset(phones)


def _zones_or_exit(value: str | None, game: str | None, seats: int, lang: str) -> SeatMap | None:
    """The seat zones of --zones (seats by number or by name, in either language), or one line, exit 2."""
    if value is None:
        return None
    keys = get_game(game).seat_keys(seats) if game else None
    names = {Phrasebook(language, game, seat_keys=keys).seat_name(seat): seat
             for language in ("fr", "en") for seat in range(seats)}
    try:
        return parse_zones(value, seats, names)
    except ZoneError as err:
        raise fail(err.text(lang)) from None


FAST_SPEED = 4.0  # demo --fast: the synthetic table's camera runs this many times faster than the clock
# play --fast: twice, since a person types between the table's moves (and the camera would turn
# four times as many frames meanwhile)
PLAY_FAST_SPEED = 2.0


def _check_decoder(decoder: str, lang: str) -> None:
    if decoder not in DECODERS:
        raise fail(say(lang, "unknown_decoder", name=decoder, decoders=", ".join(DECODERS)))


SeedOpt = Annotated[int | None, typer.Option("--seed", help="Seed of everything random: the synthetic "
                                            "table and the game's own dice (default: a new one each game, "
                                            "written in the record).")]


def fresh_seed() -> int:
    """A seed drawn for one game (written in its record, so its replay is exact)."""
    return secrets.randbelow(1_000_000)


def _seeded(package: GamePackage, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The game's own dice seeded too (a house rule setting the seed wins)."""
    if package.rules.seed_option is not None:
        options.setdefault(package.rules.seed_option, seed)
    return options


def _recorded_seed(package: GamePackage, options: dict[str, Any]) -> int:
    """A resumed game's synthetic table goes on with the game's own seed (1 for a game without)."""
    seed = options.get(package.rules.seed_option or "", 1)
    return seed if isinstance(seed, int) else 1


def _with_target(package: GamePackage, options: dict[str, Any], target: int | None) -> dict[str, Any]:
    """The options with ``--target`` set, in the game's own option; a game without one refuses it
    (the rules say so, with the reason a player reads)."""
    if target is not None:
        options[package.rules.target_option or "target"] = target
    return options


Seats = Annotated[int | None, typer.Option("--seats", help="Number of players (default: the game's "
                                           "usual count).")]
LangOpt = Annotated[str | None, typer.Option("--lang", help="fr or en (default: your configuration).")]
TextOpt = Annotated[bool, typer.Option("--text", help="Print only: no built-in speech.")]
RecordOpt = Annotated[Path | None, typer.Option("--record", help="Write the game record here "
                                                "(default: a new file in your data folder).")]
WebOpt = Annotated[bool, typer.Option("--web", help="Also serve the table to the players' phones: a private "
                                      "page per seat and a public table view, on this computer only "
                                      "(\"--web lan\": on the local network too).")]
LanOpt = Annotated[bool, typer.Option("--lan", help="With --web: open the pages to the local network "
                                      "(a phone on the same Wi-Fi), not only to this computer.")]
WebPortOpt = Annotated[int, typer.Option("--web-port", min=0, max=65535,
                                         help="With --web: the port of the pages (0: any free port).")]
CardsOpt = Annotated[Path | None, typer.Option("--seat-cards", help="With --web: also write the seat "
                                                "cards here (a PDF: each phone seat's name in large "
                                                "print and Braille, and its link's QR code).")]
PhoneOpt = Annotated[list[str] | None, typer.Option("--phone", help="With --web: a seat played from its own "
                                                    "phone, by a person (a name or a number; repeat it). "
                                                    "Default at a real table: every seat but yours.")]
DecoderOpt = Annotated[str, typer.Option("--decoder", help="What the camera reads: auto (camera tags, and QR "
                                          "codes when there are some), tag, tag-aruco (camera tags "
                                          "by OpenCV alone), zxing, pyzbar, tag+zxing.")]


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help=GameArg + " Default: the featured game.")] = None,
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
    option: OptionOpt = None,
    preset: PresetOpt = None,
    seed: SeedOpt = None,
    decoder: DecoderOpt = "auto",
    information: Annotated[str | None, typer.Option(
        "--information", help="What answers may name: equal (what a sighted player sees now) or aid "
        "(the cards already played too). Default: your configuration (equal). A resumed game keeps "
        "its record's.")] = None,
    zones: Annotated[str | None, typer.Option("--zones", help="Where each seat's cards lie in the image, "
                                              "e.g. 1@0.5,0.9;2@0.1,0.5 (companion check --calibrate "
                                              "prints it).")] = None,
    pace: Annotated[float, typer.Option("--pace", min=0.0, max=60.0, help="With --synthetic: seconds the "
                                        "table's players wait after a move before their own.")] = 0.3,
    fast: Annotated[bool, typer.Option("--fast", help="No waiting on the clock: the synthetic table plays "
                                       "its moves at once, and a video or a folder of images is read "
                                       "frame by frame as fast as it decodes, none dropped (to check "
                                       "what a recording shows).")] = False,
    web: WebOpt = False,
    lan: LanOpt = False,
    web_port: WebPortOpt = 8730,
    phone: PhoneOpt = None,
    seat_cards: CardsOpt = None,
) -> None:
    """Play at the table: cards seen by the camera are checked, recorded and announced.

    Type short commands at any time (aide / help lists those of the game): main, table,
    score, tour, répète, annule... Private facts go only to your seat.
    """
    config = user_config(lang)
    lang = lang_or_exit(lang, config)
    remembered = None  # the seat the record says was at the keyboard: --resume needs no --me
    recorded: dict[str, Any] = {}  # a resumed game's options (its seed: the synthetic table goes on with it)
    if resume is not None:
        header, _actions = recorded_game_or_exit(resume, lang)
        game, seats, remembered, recorded = header.game, header.seats, header.keyboard, header.options
        # a game the synthetic table played goes on with it, unless a camera or a file is named
        named = any(x is not None for x in (camera, url, video, images))
        synthetic = synthetic or (header.synthetic and not named)
    package = package_or_exit(game, lang)
    game = package.name
    seats = seats_or_exit(game, seats, lang)
    deck_or_exit(game, lang)  # a deck that cannot deal would keep the table waiting for ever
    sources = [x for x in (camera, url, video, images) if x is not None]
    if len(sources) + synthetic > 1:
        raise fail(say(lang, "one_source"))
    source: Any = sources[0] if sources else (0 if not synthetic else None)
    if isinstance(source, Path) and not source.exists():
        raise fail(say(lang, "no_source", path=source), 1)
    if url is not None:
        url_or_exit(url, lang)
    if camera is not None:  # named: it must be there (camera 0 by default may come later: a keyboard game)
        camera_or_exit(camera, lang)
    _check_decoder(decoder, lang)
    if information is not None and information not in INFORMATION:
        raise fail(say(lang, "unknown_information", value=information, choices=", ".join(INFORMATION)))
    if resume is None:
        _check_record(record, lang)
    elif option or preset:
        raise fail(say(lang, "options_on_resume"))
    house = house_rules_or_exit(package, config, preset, option, lang) if resume is None else {}
    my_seat = _seat_number(game, seats, me, lang) if me is not None or remembered is None else remembered
    zone_map = _zones_or_exit(zones, game, seats, lang)
    web = web or lan
    phones = _phones_or_exit(game, seats, phone, my_seat, web, lang)
    if phones is None:  # at a real table every other seat may join; the synthetic table plays its own
        phones = frozenset(set(range(seats)) - {my_seat}) if web and not synthetic else frozenset()
    if seed is None:
        seed = _recorded_seed(package, recorded) if resume is not None else fresh_seed()
    options = _seeded(package, _with_target(package, house, target), seed)
    opts = SessionOptions(
        game=game, seats=seats, options=options, me=my_seat, lang=lang,
        seat_names=config.seat_names.get(lang), record=record, resume=resume,
        bots=frozenset(set(range(seats)) - {my_seat} - phones) if synthetic else frozenset(),
        pace=0.0 if fast or not synthetic else pace, seed=seed, setup=resume is None,
        information=information or config.information,
        watch_layout=not synthetic and package.layout is not None, phones=phones,
    )
    _run(opts, config, str(source) if isinstance(source, Path) else source, synthetic=synthetic,
         text_only=text, decoder=decoder, speed=PLAY_FAST_SPEED if fast and synthetic else 1.0,
         interactive=True, zones=zone_map, every_frame=fast and (video is not None or images is not None),
         web=(lan, web_port) if web else None, seat_cards=seat_cards)


@app.command()
def demo(
    game: Annotated[str | None, typer.Argument(help=GameArg + " Default: the featured game.")] = None,
    seats: Seats = None,
    lang: LangOpt = None,
    text: TextOpt = False,
    fast: Annotated[bool, typer.Option("--fast", help="No pauses between moves.")] = False,
    record: RecordOpt = None,
    target: Annotated[int | None, typer.Option("--target", help="Points that end the game "
                                               "(default: the game's own).")] = None,
    option: OptionOpt = None,
    preset: PresetOpt = None,
    seed: SeedOpt = None,
    decoder: DecoderOpt = "auto",
    web: WebOpt = False,
    lan: LanOpt = False,
    web_port: WebPortOpt = 8730,
    phone: PhoneOpt = None,
    seat_cards: CardsOpt = None,
) -> None:
    """Watch and hear a whole game on the synthetic table: frames go through the real decoder,
    tracker, rules and speech, and the game is recorded as it goes."""
    config = user_config(lang)
    lang = lang_or_exit(lang, config)
    package = package_or_exit(game, lang)
    game = package.name
    seats = seats_or_exit(game, seats, lang)
    deck_or_exit(game, lang)  # a deck that cannot deal would keep the table waiting for ever
    _check_decoder(decoder, lang)
    _check_record(record, lang)
    house = house_rules_or_exit(package, config, preset, option, lang)
    seed = seed if seed is not None else fresh_seed()
    # the bots' table (what random players need to finish), then the table's house rules
    bots_table = {**table_options(package.rules, bot_of(package)), **house}
    options = _seeded(package, _with_target(package, bots_table, target), seed)
    web = web or lan
    phones = _phones_or_exit(game, seats, phone, None, web, lang) or frozenset()
    spectator = min(set(range(seats)) - phones, default=0)  # the screen's seat: the synthetic table's
    opts = SessionOptions(
        game=game, seats=seats, options=options, me=spectator, lang=lang,
        seat_names=config.seat_names.get(lang), record=record,
        bots=frozenset(set(range(seats)) - phones), pace=0.0 if fast else 0.8, seed=seed, setup=False,
        stop_when_over=True, phones=phones,
    )
    _run(opts, config, None, synthetic=True, text_only=text, decoder=decoder,
         speed=FAST_SPEED if fast else 1.0, interactive=sys.stdin.isatty(),
         web=(lan, web_port) if web else None, seat_cards=seat_cards)
