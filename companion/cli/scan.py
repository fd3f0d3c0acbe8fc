"""`companion scan PATH...`: read the labels in images, image folders and video files."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from card_codes import Label, available_games, try_decode
from companion.cli.common import Lang, app, fail

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
        from card_codes import load_deck

        name = load_deck(rec["game"]).card(rec["card"]).name(lang)
        code = f"tag {rec['tag']}" if rec.get("code") == "tag" else rec["text"]
        return f"{where}: {rec['card']} ({rec['game']}) {name} [{code}]"
    why = {"fr": "étiquette inconnue", "en": "unknown label"}.get(lang, "unknown label")
    shown = f"tag {rec['tag']}" if rec.get("code") == "tag" else rec["text"][:60]
    return f"{where}: {why} ({error}): {shown!r}"


def _frames(path: Path) -> tuple[Any, bool]:
    """A frame source for a path and whether it is a video; raises SourceError."""
    from companion.vision.frames import IMAGE_SUFFIXES, CaptureSource, ImageFolderSource, SourceError

    if path.is_dir():
        return ImageFolderSource(path), False
    if not path.is_file():
        raise SourceError(f"{path}: no such file")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageFolderSource([path]), False
    return CaptureSource(str(path)), True


@app.command()
def scan(
    paths: Annotated[list[Path], typer.Argument(help="Images, folders of images, or video files.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per detection per line.")] = False,
    decoder: Annotated[str, typer.Option("--decoder", help="tag+zxing (default: camera tags and QR "
                                         "codes), tag, zxing or pyzbar.")] = "tag+zxing",
    game: Annotated[
        str | None, typer.Option("--game", help="The game played: cards of other games are unknown labels.")
    ] = None,
    lang: Lang = "fr",
) -> None:
    """Read the card labels in images and videos: one line per label found."""
    # FFmpeg's own complaints about a broken file would come before our one-line reason
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
    from companion.vision.decoders import DecoderError, make_decoder
    from companion.vision.frames import SourceError

    if game is not None and game not in available_games():
        raise fail(f"Unknown game {game!r}. Games: {', '.join(available_games())}.")
    try:
        dec = make_decoder(decoder, still=True)
    except DecoderError as err:
        raise fail(str(err)) from err
    bad = 0
    for path in paths:
        try:
            source, is_video = _frames(path)
        except SourceError as err:
            typer.echo(f"Cannot read {err}.", err=True)
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
                    print(f"{path}: {frames}/{total}", file=sys.stderr, flush=True)
                for d in dec.decode(frame.image):
                    found += 1
                    index = frame.index if is_video else 0
                    rec, error = _detection_record(str(where_path), index, d.text, d.quad, game,
                                                   d.code, d.tag)
                    if as_json:
                        typer.echo(json.dumps(rec, ensure_ascii=False))
                    elif (d.text, d.code) not in shown:  # each label once (QR and tag apart)
                        shown.add((d.text, d.code))
                        where = f"{path} frame {frame.index}" if is_video else str(where_path)
                        typer.echo(_plain(rec, error, lang, where))
            unreadable = getattr(source, "unreadable", [])
        for p in unreadable:
            typer.echo(f"Cannot read {p}: not an image.", err=True)
            bad += 1
        if frames == 0 and not unreadable:
            typer.echo(f"Cannot read {path}: no frame in it.", err=True)
            bad += 1
        elif found == 0 and not as_json and frames:
            nothing = {"fr": "aucune étiquette", "en": "no label"}.get(lang, "no label")
            typer.echo(f"{path}: {nothing}.")
    if bad:
        raise typer.Exit(1)
