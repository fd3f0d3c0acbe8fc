"""`companion scan PATH...`: read the labels in images, image folders and video files."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from card_codes import DeckError, Label, available_games, load_deck, try_decode
from companion.cli.common import Lang, app, echo, fail, image_reason, lang_or_exit, package_or_exit, say
from companion.safe_text import json_text

PROGRESS_EVERY = 100  # video frames between two progress lines on stderr


def _detection_record(
    source: str, frame: int, text: str, quad: Any, game: str | None, code: str = "qr", tag: int | None = None
) -> tuple[dict[str, Any], str | None]:
    """The JSON object of one detection (DESIGN.md §9) and why it is not ours (None if it is)."""
    result = try_decode(text, game)
    ours = isinstance(result, Label)
    return {
        "source": source,
        "frame": frame,
        "text": text,
        "game": result.game,
        "card": result.card.id if ours else None,
        "quad": [[round(x, 1), round(y, 1)] for x, y in quad],
        "code": code,
        "tag": tag,
    }, (None if ours else result.kind.value)


def _plain(rec: dict[str, Any], error: str | None, lang: str, where: str) -> str:
    if rec["card"]:
        name = load_deck(rec["game"]).card(rec["card"]).name(lang)
        code = f"tag {rec['tag']}" if rec.get("code") == "tag" else rec["text"]
        return f"{where}: {rec['card']} ({rec['game']}) {name} [{code}]"
    shown = f"tag {rec['tag']}" if rec.get("code") == "tag" else rec["text"][:60]
    return say(lang, "scan_unknown", where=where, kind=error, text=repr(shown))


def _frames(path: Path) -> tuple[Any, bool]:
    """A frame source for a path and whether it is a video; raises SourceError."""
    from companion.vision.frames import IMAGE_SUFFIXES, CaptureSource, ImageFolderSource, SourceError

    if path.is_dir():
        return ImageFolderSource(path), False
    if not path.is_file():
        raise SourceError("not_file", path=path)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageFolderSource([path]), False
    return CaptureSource(str(path)), True


@app.command()
def scan(
    paths: Annotated[list[Path], typer.Argument(help="Images, folders of images, or video files.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per detection per line.")] = False,
    decoder: Annotated[str, typer.Option("--decoder", help="tag+zxing (default: camera tags and QR "
                                         "codes), tag, tag-aruco, zxing or pyzbar.")] = "tag+zxing",
    game: Annotated[
        str | None, typer.Option("--game", help="The game played: cards of other games are unknown labels.")
    ] = None,
    lang: Lang = None,
) -> None:
    """Read the card labels in images and videos: one line per label found."""
    lang = lang_or_exit(lang)
    # FFmpeg's own complaints about a broken file would come before our one-line reason
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
    from companion.vision.decoders import DECODERS, DecoderError, make_decoder
    from companion.vision.frames import ImageFolderSource, SourceError

    if game is not None:
        package_or_exit(game, lang)
    for name in [game] if game is not None else available_games():
        try:
            load_deck(name)  # a broken deck is one line before any image is read
        except DeckError as err:
            if name == game:
                raise fail(say(lang, "bad_deck", reason=err.text(lang))) from None
            echo(say(lang, "bad_deck", reason=err.text(lang)), err=True)
    try:
        dec = make_decoder(decoder, still=True)
    except DecoderError:
        raise fail(say(lang, "unknown_decoder", name=decoder, decoders=", ".join(DECODERS))) from None
    bad = 0
    for path in paths:
        try:
            source, is_video = _frames(path)
        except SourceError:
            why = "not_video" if path.is_file() else ("not_regular" if path.exists() else "no_file")
            echo(say(lang, "cannot_read", path=path, reason=say(lang, why)), err=True)
            bad += 1
            continue
        total = source.frame_count() if is_video else None
        shown: set[tuple[str, str]] = set()
        frames = found = 0
        with source:
            for frame in source:
                frames += 1
                where_path = source.current_path if not is_video else path
                if is_video and total and frames % PROGRESS_EVERY == 0:
                    echo(f"{path}: {frames}/{total}", err=True)
                for d in dec.decode(frame.image):
                    found += 1
                    index = frame.index if is_video else 0
                    rec, error = _detection_record(str(where_path), index, d.text, d.quad, game,
                                                   d.code, d.tag)
                    if as_json:
                        typer.echo(json_text(rec))
                    elif not is_video or (d.text, d.code) not in shown:  # a video: each label once
                        shown.add((d.text, d.code))  # (its QR code and its tag apart)
                        where = (say(lang, "scan_frame", path=path, n=frame.index) if is_video
                                 else str(where_path))
                        echo(_plain(rec, error, lang, where))
            unreadable = source.unreadable if isinstance(source, ImageFolderSource) else []
        for p in unreadable:
            echo(image_reason(p, lang), err=True)
            bad += 1
        if frames == 0 and not unreadable:
            echo(say(lang, "cannot_read", path=path, reason=say(lang, "no_frame")), err=True)
            bad += 1
        elif found == 0 and not as_json and frames:
            echo(say(lang, "no_label", path=path))
    if bad:
        raise typer.Exit(1)
