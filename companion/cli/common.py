"""The typer app and the helpers every command shares.

Every line a command prints goes through `echo` or `fail`, which make it plain text
(`companion.safe_text`): file names, deck names, record contents and seat names come
from outside. Messages are said in the language asked (`--lang`), else the configured
one (`lang_or_exit`), from `companion/messages.toml`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from card_codes import Deck, DeckError, load_deck
from companion import __version__
from companion.config import Config, problem_line, read_config
from companion.engine import (
    Event,
    Game,
    GamePackage,
    GameSetupError,
    Match,
    Rejected,
    ReplayError,
    featured_game,
    games,
    get_package,
    replay,
)
from companion.house_rules import shown, table_choice
from companion.journal import Header, RecordError, open_record, undos_of
from companion.language import LANGS
from companion.messages import text
from companion.safe_text import printable
from companion.speech.phrasebook import Phrasebook

app = typer.Typer(
    help="A talking companion for blind players of physical card and board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

Lang = Annotated[str | None, typer.Option("--lang", help="Language of names and messages: fr or en "
                                          "(default: your configuration).")]


OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="A house rule, NAME=VALUE (repeat it): companion rules GAME lists each with its "
    "choices. Default: the text's reading, or your configuration's (config --set options.GAME.NAME=VALUE).")]
PresetOpt = Annotated[str | None, typer.Option(
    "--preset", help="A named set of house rules from your configuration "
    "(config --set \"presets.NAME=GAME.OPTION=VALUE; ...\").")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"companion {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """A talking companion for blind players of physical card and board games."""


def echo(line: Any, err: bool = False) -> None:
    """Print one plain line (stdout, or stderr with ``err``)."""
    typer.echo(printable(line, fold=False), err=err)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a short reason on stderr; raise the returned Exit."""
    echo(message, err=True)
    return typer.Exit(code)


def say(lang: str, key: str, /, **params: Any) -> str:
    """A message of the command line (``cli.<key>``) in ``lang``."""
    return text(lang, f"cli.{key}", **params)


def user_config(lang: str | None = None) -> Config:
    """The user's configuration; each setting it ignores is said in one line (on stderr)."""
    config, problems = read_config()
    for problem in problems:
        said_in = lang if lang in LANGS else config.lang
        echo(problem_line(problem, said_in), err=True)
    return config


def lang_or_exit(lang: str | None, config: Config | None = None) -> str:
    """The language to speak: the one asked, else the configured one; an unknown one is refused."""
    if lang is None:
        return (config or user_config()).lang
    if lang not in LANGS:
        said_in = (config or read_config()[0]).lang
        raise fail(say(said_in, "unknown_lang", lang=lang, langs=", ".join(LANGS)))
    return lang


GameArg = "The game's name (an unknown name lists the games)."


def house_rules_or_exit(package: GamePackage, config: Config, preset: str | None, given: list[str] | None,
                        lang: str) -> dict[str, Any]:
    """The house rules a table plays with (configuration, preset, command line); a name or a
    value the game does not know is refused in one line, with the choices."""
    if preset is not None and preset not in config.presets:
        raise fail(say(lang, "unknown_preset", name=shown(preset),
                       presets=", ".join(config.presets) or say(lang, "no_presets")))
    try:
        return table_choice(package.rules, config.options, config.presets.get(preset or ""), given or [])
    except Rejected as rejected:
        raise fail(Phrasebook(lang, package.name).reason(rejected)) from None


def package_or_exit(game: str | None, lang: str, code: int = 2) -> GamePackage:
    """The game package called ``game`` (None: the featured game); an unknown game, or a game
    missing its deck file or its package, is one clear line and exit ``code``."""
    try:
        name = featured_game() if game is None else game
        if name not in games():
            raise fail(say(lang, "unknown_game", game=name, games=", ".join(games())), code)
        return get_package(name)
    except GameSetupError as err:
        raise fail(say(lang, "game_setup", reason=err.text(lang)), code) from None


def seats_or_exit(game: str, seats: int | None, lang: str) -> int:
    """The seat count to play ``game`` with: the game's own default when none is given; a
    count the game does not allow, or an unknown game, is one clear line and exit code 2."""
    engine = package_or_exit(game, lang).rules
    if seats is None:
        return engine.default_seats
    if seats not in engine.seat_counts:
        rejected = Rejected("bad_seat_count", n=seats, allowed=list(engine.seat_counts))
        raise fail(f"{game}: {Phrasebook(lang).reason(rejected)}")
    return seats


def deck_or_exit(game: str, lang: str, code: int = 2) -> Deck:
    """The game's deck, checked whole (a deck that cannot deal never reaches a game), or a
    clear message and exit ``code``."""
    package_or_exit(game, lang, code)
    try:
        return load_deck(game)
    except DeckError as err:
        raise fail(say(lang, "bad_deck", reason=err.text(lang)), code) from None


def record_or_exit(path: Path, lang: str) -> tuple[Header, list[tuple[int, dict[str, Any]]]]:
    """A record's header and numbered actions, its warnings said; a broken one is one line, exit 1."""
    try:
        header, actions, warnings = open_record(path)
    except RecordError as err:
        raise fail(err.text(lang), 1) from None
    for warning in warnings:
        echo(warning.text(lang), err=True)
    return header, actions


def replay_refusal(path: Path | str, line: int, rejected: Any, book: Any) -> str:
    """"FILE, line N: reason" for an action of a record the rules refuse, in words."""
    return text(book.lang, "record.where_line", path=str(path), line=line, problem=book.reason(rejected))


def recorded_game_or_exit(path: Path, lang: str) -> tuple[Header, list[tuple[int, dict[str, Any]]]]:
    """A record whose header names a known game, a seat count it allows and a sound deck; else
    one line naming the file and its first line, exit 1."""
    header, actions = record_or_exit(path, lang)
    try:
        known = games()
    except GameSetupError as err:
        raise fail(say(lang, "game_setup", reason=err.text(lang)), 1) from None
    if header.game not in known:
        raise fail(text(lang, "record.where_line", path=str(path), line=1,
                        problem=text(lang, "record.unknown_game", game=header.game)), 1)
    allowed = get_package(header.game).rules.seat_counts
    if header.seats not in allowed:
        rejected = Rejected("bad_seat_count", n=header.seats, allowed=list(allowed))
        raise fail(replay_refusal(path, 1, rejected, Phrasebook(lang, header.game)), 1)
    deck_or_exit(header.game, lang, code=1)
    return header, actions


def replayed_or_exit(path: Path, lang: str,
                     on_events: Callable[[Game, int, list[Event]], None] | None = None) -> Match:
    """The match a record rebuilds; a broken record, an unknown game, a broken deck, a record made
    under other rules of the game or an action the rules refuse is one line naming the file (and
    line), exit 1. With ``on_events``, each action's events go there as the replay reaches them
    (the game's opening events first) and the match keeps no events and only its last state:
    a record of any size is listed in bounded memory."""
    header, actions = recorded_game_or_exit(path, lang)
    game = get_package(header.game).rules
    book = Phrasebook(lang, game.name, seat_keys=game.seat_keys(header.seats))
    try:
        if on_events is None:
            return replay(game, header.seats, header.options, actions, rules=header.rules)
        if header.rules != game.rules_version:  # refused before its opening is printed
            raise Rejected("rules_version", game=game.name, record=header.rules, ours=game.rules_version)
        on_events(game, header.seats, game.start_events(game.new_state(header.seats, header.options)))
        return replay(game, header.seats, header.options, actions, rules=header.rules,
                      on_action=lambda _before, _action, events: on_events(game, header.seats, events),
                      keep_events=False, keep_last=1, undos=undos_of(actions))
    except ReplayError as err:
        raise fail(replay_refusal(path, err.line, err.rejected, book), 1) from None
    except Rejected as rejected:  # the header's options, or its rules version
        raise fail(replay_refusal(path, 1, rejected, book), 1) from None


def image_reason(path: Path, lang: str) -> str:
    """Why an image could not be read, in words (too large, not a file, not an image)."""
    from companion.vision.image_check import image_problem

    problem = image_problem(path)
    key, params = problem if problem is not None else ("not_image", {})
    return say(lang, f"image_{key}", path=path, **params)


def image_refusal(path: Path, lang: str) -> str | None:
    """Why an image was refused before decoding (too large, not a file), or None: a missing
    file or one that is no image is for the caller to say."""
    from companion.vision.image_check import image_problem

    problem = image_problem(path)
    return image_reason(path, lang) if problem is not None and problem[0] != "missing" else None


STREAM_SCHEMES = ("http", "https", "rtsp", "rtsps", "rtmp")  # what --url takes: a network camera's stream
QUOTED_MOST = 80  # characters of a value quoted back in a refusal


def quoted_value(value: Any) -> str:
    """A value as a refusal quotes it: printable, and cut to a readable length."""
    from companion.safe_text import printable

    shown = printable(str(value))
    return shown if len(shown) <= QUOTED_MOST else shown[:QUOTED_MOST - 1] + "…"


def url_or_exit(url: str, lang: str) -> str:
    """A network camera's address (http://, https://, rtsp://...), else one line and exit 2: a file
    (file:///etc/passwd), a device or anything else is not a camera stream."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.lower() not in STREAM_SCHEMES or not rest.strip():
        raise fail(say(lang, "bad_url", url=quoted_value(url),
                       schemes=", ".join(f"{s}://" for s in STREAM_SCHEMES[:3])))
    return url


def cameras_plugged() -> list[int]:
    """The webcams' numbers the system lists (/dev/video*)."""
    import glob
    import re

    found = (re.fullmatch(r"/dev/video(\d+)", path) for path in glob.glob("/dev/video*"))
    return sorted(int(m.group(1)) for m in found if m)


def camera_or_exit(camera: int, lang: str) -> None:
    """A webcam named by its number must give a picture now: else one line (what was tried, the
    cameras there are, what else to play with) and exit 1."""
    from companion.vision.frames import CaptureSource, SourceError

    try:
        CaptureSource(camera).close()
    except SourceError:
        plugged = cameras_plugged()
        present = say(lang, "cameras_present", cameras=", ".join(map(str, plugged))) if plugged \
            else say(lang, "cameras_none")
        raise fail(say(lang, "no_camera_play", camera=camera, present=present), 1) from None
