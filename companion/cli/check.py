"""`companion check`: point your camera at your own cards and hear what it makes of them."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from card_codes.deck import MAX_SEATS
from companion.cli.common import (
    app,
    fail,
    lang_or_exit,
    package_or_exit,
    say,
    seats_or_exit,
    url_or_exit,
    user_config,
)
from companion.cli.play import LangOpt, TextOpt, _announcer, _check_decoder, _zones_or_exit
from companion.engine import get_game
from companion.speech.announcer import PUBLIC
from companion.speech.phrasebook import Phrasebook
from companion.vision import (
    SEEN,
    DecoderError,
    LabelTracker,
    ZoneError,
    calibrate,
    format_zones,
    make_decoder,
)
from companion.vision.frames import IMAGE_SUFFIXES, CaptureSource, ImageFolderSource, SourceError

CALIBRATE_SECONDS = 60.0  # a camera waits this long, at most, for one card in front of each seat
ONE_AFTER_ANOTHER = 0.3   # seconds between two calibration cards coming to rest, at least
SEATS_WITHOUT_GAME = 4
SAY_TIMEOUT = 30.0  # seconds the last sentences may take to be made and heard (as `companion say`)


def _source(camera: int | None, url: str | None, video: Path | None, images: Path | None, lang: str) -> Any:
    """The frame source asked for (camera 0 by default); one line and exit 1 when it fails."""
    chosen = [x for x in (camera, url, video, images) if x is not None]
    if len(chosen) > 1:
        raise fail(say(lang, "check_one_source"))
    spec: Any = chosen[0] if chosen else 0
    if isinstance(spec, Path) and not spec.exists():
        raise fail(say(lang, "no_source", path=spec), 1)
    if url is not None:
        url_or_exit(url, lang)
    try:
        if isinstance(spec, Path) and spec.is_dir():
            return ImageFolderSource(spec)
        if isinstance(spec, Path) and spec.suffix.lower() in IMAGE_SUFFIXES:
            return ImageFolderSource([spec])
        return CaptureSource(str(spec) if isinstance(spec, Path) else spec)
    except SourceError:
        if isinstance(spec, int):
            raise fail(say(lang, "no_camera", camera=spec), 1) from None
        raise fail(say(lang, "bad_source", path=spec), 1) from None


def _seats(game: str | None, seats: int | None, lang: str) -> int:
    """The seat count: the game's (checked by it), else as given, four by default."""
    if game is not None:
        return seats_or_exit(game, seats, lang)
    if seats is None:
        return SEATS_WITHOUT_GAME
    if not 1 <= seats <= MAX_SEATS:
        raise fail(say(lang, "check_seats", n=seats, most=MAX_SEATS))
    return seats


@app.command()
def check(
    camera: Annotated[int | None, typer.Option("--camera", help="Webcam number (0 is the first).")] = None,
    url: Annotated[str | None, typer.Option("--url", help="A network camera stream (a phone).")] = None,
    video: Annotated[Path | None, typer.Option("--video", help="A video of the table.")] = None,
    images: Annotated[Path | None, typer.Option("--images", help="Pictures of the table (a folder).")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="How long to look (seconds of frames).")] = 4.0,
    lang: LangOpt = None,
    text: TextOpt = False,
    zones: Annotated[str | None, typer.Option("--zones", help="Where each seat's cards lie, as for play: "
                                              "a reflection is then said on whose cards it is.")] = None,
    seats: Annotated[int | None, typer.Option("--seats", help="Number of seats (zones, calibration; "
                                              "default: the game's usual count, else 4).")] = None,
    game: Annotated[str | None, typer.Option("--game", help="The game, for its seat names.")] = None,
    calibrate: Annotated[bool, typer.Option("--calibrate", help="Put one card in front of each seat, one "
                                            "after the other: prints the --zones value for play.")] = False,
    decoder: Annotated[str, typer.Option("--decoder", help="What the camera reads (as for play).")] = "auto",
) -> None:
    """Check the camera before a game: how many labels it reads, how steadily, from how far, the
    light, reflections, the delay from a card put down to its sound, and one advice."""
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
    config = user_config(lang)
    lang = lang_or_exit(lang, config)
    if game is not None:
        game = package_or_exit(game, lang).name
    seats = _seats(game, seats, lang)
    keys = get_game(game).seat_keys(seats) if game else None
    book = Phrasebook(lang, game, seat_names=config.seat_names.get(lang), seat_keys=keys, extra=("check",))

    def spoken(key: str, **params: Any) -> str:
        return book.text("check", key, params)

    _check_decoder(decoder, lang)
    seat_map = _zones_or_exit(zones, game, seats, lang)
    source = _source(camera, url, video, images, lang)
    try:
        reader = make_decoder(decoder)
    except DecoderError as err:
        source.close()
        raise fail(say(lang, "no_decoder", reason=err.text(lang)), 1) from None
    ann, _stop_key = _announcer(config, lang, text, [book.seat_name(s) for s in range(max(seats, 4))],
                                seats=seats)
    try:
        if calibrate:
            _calibrate(source, reader, seats, ann, spoken, camera is not None or url is not None)
            return
        from companion.vision.check import advise, look

        pictures = isinstance(source, ImageFolderSource)  # no frame rate: a webcam's 30 fps is assumed
        found = look(source, reader, seconds, interval=1 / 30 if pictures else None)
        latency = ann.output_latency()
        found.audio_ms = 0.0 if latency is None else latency * 1000
        for advice in advise(found, seat_map.seat_at if seat_map else None):
            ann.announce(PUBLIC, spoken(advice.key, **advice.params))
        ann.wait(SAY_TIMEOUT)  # both sentences heard whole, however slow the synthesis, before the exit
    finally:
        source.close()
        ann.close()


def _calibrate(source: Any, reader: Any, seats: int, ann: Any, spoken: Any, live: bool) -> None:
    """Anchors from one card laid in front of each seat, in seat order; says the --zones value."""
    ann.announce(PUBLIC, spoken("calibrate", seats=list(range(seats))))
    tracker = LabelTracker(laid=True, wait_for_table=False)  # one card at a time: no hands to tell apart
    laid: list[Any] = []
    size = (1280, 720)
    for frame in source:
        h, w = frame.image.shape[:2]
        size = (w, h)
        for event in tracker.update(frame.t, reader.decode(frame.image), size, frame.index):
            if event.kind == SEEN and event.text not in {e.text for e in laid}:
                laid.append(event)
        if len(laid) >= seats or (live and frame.t > CALIBRATE_SECONDS):
            break
    together = any(b.t - a.t < ONE_AFTER_ANOTHER for a, b in itertools.pairwise(laid[:seats]))
    try:
        if together:  # which card is whose cannot be told
            raise ZoneError("same_place")
        zones = calibrate(laid, seats, size)
    except ZoneError:
        ann.announce(PUBLIC, spoken("calibrate_failed", seen=len(laid), seats=seats))
        ann.wait(SAY_TIMEOUT)
        raise typer.Exit(1) from None
    ann.announce(PUBLIC, spoken("calibrated", zones=format_zones(zones)))
    ann.wait(SAY_TIMEOUT)
