"""`companion say`, `companion voices`, `companion devices`: check speech and audio."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion.cli.common import Lang, app, fail

Seat = Annotated[str | None, typer.Option("--to", help="A seat (north, 0, ...): speak privately to it.")]


def _config(path: Path | None):  # type: ignore[no-untyped-def]
    from companion.speech.config import ConfigError, SpeechConfig

    try:
        return SpeechConfig.load(path)
    except ConfigError as err:
        raise fail(f"Bad speech configuration: {err}") from err


def _check_lang(lang: str) -> None:
    if lang not in ("fr", "en"):
        raise fail(f"Unknown language {lang!r}: use fr or en.")


@app.command()
def say(
    text: Annotated[str, typer.Argument(help="What to say.")],
    lang: Lang = "fr",
    voice: Annotated[str | None, typer.Option("--voice", help="An espeak-ng voice: roa/fr...")] = None,
    rate: Annotated[int | None, typer.Option("--rate", help="Words per minute (40-600).")] = None,
    to: Seat = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write a WAV file instead of playing.")] = None,
    text_only: Annotated[bool, typer.Option("--text", help="Print only; no built-in speech.")] = False,
    backend: Annotated[str | None, typer.Option("--backend", help="builtin, speechd or text.")] = None,
    config_file: Annotated[Path | None, typer.Option("--config", help="Another configuration file.")] = None,
) -> None:
    """Say TEXT as the companion would (printed, then spoken), or write it to a WAV file."""
    from companion.speech.audience import PUBLIC, Priority, message, parse_audience
    from companion.speech.config import ConfigError, SpeechConfig

    _check_lang(lang)
    config = _config(config_file)
    try:
        audience = parse_audience(to) if to is not None else PUBLIC
        if rate is not None or backend is not None:
            config = SpeechConfig(backend=backend or config.backend, rate=rate or config.rate,
                                  volume=config.volume, voices=config.voices, routes=config.routes,
                                  latency=config.latency)
    except (ValueError, ConfigError) as err:
        raise fail(f"{err}.") from err
    if voice:
        config.voices[lang] = voice
    if out is not None:
        _write_wav(text, lang, config, out)
        return
    from companion.speech.announcer import Announcer

    chosen = "text" if text_only else config.backend
    if voice and chosen == "builtin":
        _resolve_voice_or_exit(voice)
    ann = Announcer.from_config(config, lang, backend=chosen)
    try:
        ann.announce(audience, text, Priority.URGENT)
        if audience != PUBLIC and ann.private_backlog(audience, clear=False):
            typer.echo(message(lang, "kept", seat=ann.seat_label(int(audience))))
        ann.wait(30)
    finally:
        ann.close()


def _resolve_voice_or_exit(voice: str) -> str:
    from companion.speech.synth import SynthError, Synthesizer

    try:
        return Synthesizer().resolve_voice(voice)
    except SynthError as err:
        raise fail(f"{err}. See: companion voices.") from err


def _write_wav(text: str, lang: str, config, out: Path) -> None:  # type: ignore[no-untyped-def]
    from companion.speech.audience import message
    from companion.speech.cache import PhraseCache, write_wav
    from companion.speech.config import cache_dir
    from companion.speech.synth import SynthError, Synthesizer
    from companion.speech.text import clean

    phrase = clean(text)
    if not phrase:
        raise fail("Nothing to say.")
    synth = Synthesizer()
    voice = config.voices.get(lang) or str(message(lang, "default_voice"))
    voice = _resolve_voice_or_exit(voice)
    cache = PhraseCache(cache_dir(), synth, config.rate, config.volume)
    try:
        samples = cache.build(phrase, voice)
        write_wav(out, samples, synth.sample_rate)
    except SynthError as err:
        raise fail(f"Speech synthesis failed: {err}.") from err
    except OSError as err:
        raise fail(f"Cannot write {out}: {err.strerror or err}.") from err
    typer.echo(message(lang, "written", path=out, seconds=f"{len(samples) / synth.sample_rate:.2f}"))


@app.command()
def voices(
    lang: Annotated[str | None, typer.Option("--lang", help="Only this language's voices (fr, en).")] = None,
) -> None:
    """List the speech synthesizer's voices: id, name, languages, one a line."""
    from companion.speech.audience import message
    from companion.speech.synth import SynthError, Synthesizer

    try:
        found = Synthesizer().voices()
    except SynthError as err:
        raise fail(f"Speech synthesis is not available: {err}.") from err
    defaults = {str(message(lg, "default_voice")): lg for lg in ("fr", "en")}
    shown = 0
    for v in found:
        langs = ", ".join(v.languages)
        if lang and not any(x.split("-")[0] == lang for x in v.languages) and v.id.rsplit("/")[-1] != lang:
            continue
        mark = f" (default for {defaults[v.id]})" if v.id in defaults else ""
        typer.echo(f"{v.id}: {v.name}; {langs}{mark}")
        shown += 1
    typer.echo(f"{shown} voices.")


@app.command()
def devices() -> None:
    """List the audio outputs: number, name, channels, rate; the system default is marked."""
    from companion.speech.player import AudioError, list_outputs

    try:
        outputs = list_outputs()
    except AudioError as err:
        raise fail(f"No audio: {err}.", code=1) from err
    if not outputs:
        raise fail("No audio output device found.", code=1)
    for d in outputs:
        mark = " (default)" if d.is_default else ""
        typer.echo(f"{d.index}: {d.name}; {d.channels} channels, {d.samplerate:g} Hz{mark}")
    typer.echo(f"{len(outputs)} outputs.")
