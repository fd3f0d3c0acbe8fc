"""`companion say`, `companion voices`, `companion devices`: check speech and audio."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from card_codes.errors import CompanionError
from companion.cli.common import Lang, app, echo, fail, lang_or_exit
from companion.cli.common import say as cli_say
from companion.config import problem_line, read_config
from companion.messages import os_reason

Seat = Annotated[str | None, typer.Option("--to", help="A seat (north, 0, ...): speak privately to it.")]


def _config(path: Path | None, lang: str | None):  # type: ignore[no-untyped-def]
    """The speech settings of the user's configuration (or ``path``), each ignored setting said."""
    config, problems = read_config(path)
    said_in = lang_or_exit(lang, config)
    for problem in problems:
        echo(problem_line(problem, said_in), err=True)
    return config.speech(), said_in


@app.command()
def say(
    text: Annotated[str, typer.Argument(help="What to say.")],
    lang: Lang = None,
    voice: Annotated[str | None, typer.Option("--voice", help="An espeak-ng voice: roa/fr...")] = None,
    rate: Annotated[int | None, typer.Option("--rate", help="Words per minute (40-900).")] = None,
    to: Seat = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write a WAV file instead of playing.")] = None,
    text_only: Annotated[bool, typer.Option("--text", help="Print only; no built-in speech.")] = False,
    backend: Annotated[str | None, typer.Option("--backend", help="builtin, speechd or text.")] = None,
    config_file: Annotated[Path | None, typer.Option("--config", help="Another configuration file.")] = None,
) -> None:
    """Say TEXT as the companion would (printed, then spoken), or write it to a WAV file."""
    from companion.speech.audience import PUBLIC, Priority, message, parse_audience
    from companion.speech.config import RouteError

    config, lang = _config(config_file, lang)
    try:
        audience = parse_audience(to) if to is not None else PUBLIC
        if rate is not None or backend is not None:
            config = replace(config, backend=backend or config.backend, rate=rate or config.rate)
    except (ValueError, RouteError) as err:
        raise fail(f"{err.text(lang) if isinstance(err, CompanionError) else err}.") from None
    if voice:
        config.voices[lang] = voice
    if out is not None:
        _write_wav(text, lang, config, out)
        return
    from companion.speech.announcer import Announcer

    chosen = "text" if text_only else config.backend
    if voice and chosen == "builtin":
        _resolve_voice_or_exit(voice, lang)
    ann = Announcer.from_config(config, lang, backend=chosen)
    try:
        ann.announce(audience, text, Priority.URGENT)
        if audience != PUBLIC and ann.private_backlog(audience, clear=False):
            echo(message(lang, "kept", seat=ann.seat_label(int(audience))))
        ann.wait(30)
    finally:
        ann.close()


def _resolve_voice_or_exit(voice: str, lang: str) -> str:
    from companion.speech.synth import SynthError, Synthesizer

    try:
        return Synthesizer().resolve_voice(voice)
    except SynthError as err:
        raise fail(cli_say(lang, "see_voices", reason=err.text(lang))) from None


def _write_wav(text: str, lang: str, config, out: Path) -> None:  # type: ignore[no-untyped-def]
    from companion.speech.audience import message
    from companion.speech.cache import PhraseCache, write_wav
    from companion.speech.config import cache_dir
    from companion.speech.synth import SynthError, Synthesizer
    from companion.speech.text import clean

    phrase = clean(text)
    if not phrase:
        raise fail(cli_say(lang, "nothing_to_say"))
    synth = Synthesizer()
    voice = config.voices.get(lang) or str(message(lang, "default_voice"))
    voice = _resolve_voice_or_exit(voice, lang)
    cache = PhraseCache(cache_dir(), synth, config.rate, config.volume)
    try:
        samples = cache.build(phrase, voice)
        write_wav(out, samples, synth.sample_rate)
    except SynthError as err:
        raise fail(cli_say(lang, "synth_failed", reason=err.text(lang))) from None
    except OSError as err:
        raise fail(cli_say(lang, "cannot_write", path=out, reason=os_reason(err, lang))) from None
    echo(message(lang, "written", path=out, seconds=f"{len(samples) / synth.sample_rate:.2f}"))


@app.command()
def voices(
    lang: Annotated[str | None, typer.Option("--lang", help="Only this language's voices (fr, en).")] = None,
) -> None:
    """List the speech synthesizer's voices: id, name, languages, one a line."""
    from companion.speech.audience import message
    from companion.speech.synth import SynthError, Synthesizer

    said_in = lang_or_exit(lang if lang in ("fr", "en") else None)  # --lang here also filters voices
    try:
        found = Synthesizer().voices()
    except SynthError as err:
        raise fail(cli_say(said_in, "synth_unavailable", reason=err.text(said_in))) from None
    defaults = {str(message(lg, "default_voice")): lg for lg in ("fr", "en")}
    shown = 0
    for v in found:
        langs = ", ".join(v.languages)
        if lang and not any(x.split("-")[0] == lang for x in v.languages) and v.id.rsplit("/")[-1] != lang:
            continue
        mark = cli_say(said_in, "voice_default", lang=defaults[v.id]) if v.id in defaults else ""
        echo(f"{v.id}: {v.name}; {langs}{mark}")
        shown += 1
    echo(cli_say(said_in, "voice_count", n=shown))


@app.command()
def devices(lang: Lang = None) -> None:
    """List the audio outputs: number, name, channels, rate; the system default is marked."""
    from companion.speech.player import AudioError, list_outputs

    lang = lang_or_exit(lang)
    try:
        outputs = list_outputs()
    except AudioError as err:
        raise fail(cli_say(lang, "no_audio", reason=err.text(lang)), code=1) from None
    if not outputs:
        raise fail(cli_say(lang, "no_outputs"), code=1)
    for d in outputs:
        mark = cli_say(lang, "device_default") if d.is_default else ""
        echo(cli_say(lang, "device_line", index=d.index, name=d.name, channels=d.channels,
                 rate=f"{d.samplerate:g}", mark=mark))
    echo(cli_say(lang, "device_count", n=len(outputs)))
