"""The façade the live session uses: text always, then speech and earcons where routed."""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.speech.audience import (
    PUBLIC,
    Audience,
    Priority,
    message,
    messages,
    parse_audience,
    seat_name,
)
from companion.speech.config import BACKENDS, DEFAULT_RATE, DEFAULT_VOLUME, Route, SpeechConfig, cache_dir
from companion.speech.text import TextOut, clean

if TYPE_CHECKING:
    from companion.speech.cache import PhraseCache, Synth
    from companion.speech.player import DevicePlayer
    from companion.speech.speechd import SpeechdSpeaker

_STOP = object()
RETRY_AFTER_S = 3.0  # a missing or lost device is tried again, at most this often, when there is news


class Announcer:
    """Announce sentences to the table or to one seat; see the package docstring."""

    def __init__(
        self,
        lang: str = "fr",
        routes: Mapping[Audience | str, Route | str] | None = None,
        backend: str = "builtin",
        out: TextIO | None = None,
        *,
        rate: int = DEFAULT_RATE,
        volume: float = DEFAULT_VOLUME,
        voices: Mapping[str, str] | None = None,
        latency: str | float = "low",
        seat_names: list[str] | None = None,
        cache_folder: Path | None = None,
        synth: Synth | None = None,
        err: TextIO | None = None,
    ) -> None:
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}: use {', '.join(BACKENDS)}")
        messages(lang)  # raises ValueError for an unknown language
        self.lang = lang
        self.backend = backend
        self.seat_names = seat_names
        self.text = TextOut(out if out is not None else sys.stdout, lang, seat_names)
        self._err = err if err is not None else sys.stderr
        self.routes: dict[Audience, Route] = {
            parse_audience(k): (v if isinstance(v, Route) else Route.parse(v))
            for k, v in (routes if routes is not None else {PUBLIC: Route(None)}).items()
        }
        if backend == "speechd":  # there, the default output is speech-dispatcher's own
            self.routes = {a: Route("speechd") if r.device is None else r for a, r in self.routes.items()}
        self.voices = {lg: str(message(lg, "default_voice")) for lg in ("fr", "en")} | dict(voices or {})
        self._backlog: dict[int, list[str]] = defaultdict(list)
        self._backlog_lock = threading.Lock()
        self._noticed: set[tuple[str, str]] = set()
        self._players: dict[str | None, DevicePlayer] = {}
        self._missing: dict[str | None, float] = {}  # device -> when it was last tried
        self._retrying = False
        self._samplerate = 22050
        self._speechd: SpeechdSpeaker | None = None
        self._cache: PhraseCache | None = None
        self._synth_failed = False
        self._jobs: queue.Queue = queue.Queue()
        self._closed = False
        self._latency = latency
        if backend != "text":
            self._start_audio(rate, volume, cache_folder, synth)
        self._worker = threading.Thread(target=self._work, name="announcer", daemon=True)
        self._worker.start()

    @classmethod
    def from_config(cls, config: SpeechConfig, lang: str = "fr", out: TextIO | None = None,
                    **kwargs: Any) -> Announcer:
        kwargs.setdefault("backend", config.backend)
        return cls(lang, config.routes, out=out, rate=config.rate, volume=config.volume,
                   voices=config.voices, latency=config.latency, **kwargs)

    # -- public API ------------------------------------------------------------------------------

    def announce(self, audience: Audience | str, text: str, priority: int = Priority.NORMAL) -> None:
        """Print the line now; speak it where its audience is routed; keep unrouted private ones."""
        if self._closed:
            return
        audience = parse_audience(audience)
        text = clean(text)
        if not text:
            return
        self.text.announce(audience, text)
        self._retry_missing()
        if audience != PUBLIC and not self._can_speak(audience):
            self._keep(int(audience), text)
            return
        if self.backend != "text":
            self._jobs.put((audience, text, int(priority)))

    def earcon(self, name: str, audience: Audience | str = PUBLIC) -> None:
        """Play a short sound (see ``earcons.names()``) where the audience is routed; never in text."""
        from companion.speech import earcons

        if name not in earcons.definitions():
            raise ValueError(f"unknown earcon {name!r}: {', '.join(earcons.names())}")
        self._retry_missing()
        route = self.routes.get(parse_audience(audience))
        player = self._players.get(route.device) if route else None
        if player is None or player.lost or self._closed:
            return
        player.play(earcons.render(name, player.source_rate), route.channel, Priority.URGENT, kind="earcon")

    def output_latency(self, audience: Audience | str = PUBLIC) -> float | None:
        """Seconds the audience's device takes to sound what it is handed; None without sound."""
        route = self.routes.get(parse_audience(audience))
        player = self._players.get(route.device) if route else None
        if player is None or player.lost or self._closed:
            return None
        return player.output_latency()

    def private_backlog(self, seat: int | str, clear: bool = True) -> list[str]:
        """The seat's private messages that were not heard, oldest first (emptied unless clear=False)."""
        seat_no = int(parse_audience(seat))
        with self._backlog_lock:
            kept = list(self._backlog.get(seat_no, []))
            if clear:
                self._backlog.pop(seat_no, None)
        return kept

    def voice_for(self, lang: str | None = None) -> str:
        return self.voices[lang or self.lang]

    def prebuild(self, phrases: Iterable[str], lang: str | None = None) -> int:
        """Synthesize fixed phrases ahead (card and seat names); progress on stderr if slow.

        Returns how many were made (0 when all were cached or speech is off)."""
        if self._cache is None or self._synth_failed:
            return 0
        from companion.speech.synth import SynthError

        voice = self.voice_for(lang)
        label_lang = lang or self.lang
        try:
            return self._cache.prebuild(
                ((clean(p), voice) for p in phrases if clean(p)), progress=self._err,
                label=lambda done, total: message(label_lang, "progress", done=done, total=total),
            )
        except SynthError as err:
            self._synth_failure(str(err))
            return 0

    def wait(self, timeout: float = 10.0) -> bool:
        """Block until everything announced so far has been played (or dropped). For tools and tests."""
        deadline = time.monotonic() + timeout
        while self._jobs.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return all(p.drain(max(0.0, deadline - time.monotonic())) for p in list(self._players.values()))

    def close(self, timeout: float = 5.0) -> None:
        """Let queued audio finish (up to ``timeout``), then release the devices. Safe to call twice."""
        if self._closed:
            return
        self.wait(timeout)
        self._closed = True
        self._jobs.put(_STOP)
        for player in list(self._players.values()):
            player.close()
        self._players.clear()

    def __enter__(self) -> Announcer:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- set-up --------------------------------------------------------------------------------

    def _start_audio(self, rate: int, volume: float, cache_folder: Path | None, synth: Synth | None) -> None:
        from companion.speech.cache import PhraseCache
        from companion.speech.synth import SAMPLE_RATE, Synthesizer

        synth = synth or Synthesizer()
        if self.backend == "builtin":
            self._cache = PhraseCache(cache_folder or cache_dir(), synth, rate, volume)
        else:
            from companion.speech.speechd import SpeechdSpeaker

            self._speechd = SpeechdSpeaker(self.lang, lambda reason: self._notice("speechd_failed", reason))
        self._samplerate = getattr(synth, "sample_rate", SAMPLE_RATE)
        devices = dict.fromkeys(r.device for r in self.routes.values() if not r.is_speechd)
        for device in devices:
            self._open(device)

    def _open(self, device: str | None, quiet: bool = False) -> bool:
        from companion.speech.player import AudioError, DevicePlayer

        label = self._device_label(device)
        try:
            player = DevicePlayer(device, self._samplerate, on_lost=self._device_lost, latency=self._latency)
        except Exception as err:  # AudioError, PortAudioError or anything else from the C layer
            reason = str(err) if isinstance(err, AudioError) else f"{type(err).__name__}: {err}"
            self._missing[device] = time.monotonic()
            if not quiet:  # a retry that fails again says nothing new
                self._notice("no_audio", reason, device=label)
            return False
        if self._closed:
            player.close(0.5)
            return False
        old = self._players.get(device)
        self._players[device] = player
        if old is not None:
            old.close(0.5)
        self._missing.pop(device, None)
        return True

    def _retry_missing(self) -> None:
        """Try missing or lost devices again in the background (never blocks the caller)."""
        now = time.monotonic()
        due = [d for d, tried in self._missing.items() if now - tried >= RETRY_AFTER_S]
        if not due or self._retrying or self._closed:
            return
        self._retrying = True
        for device in due:
            self._missing[device] = now

        def retry() -> None:
            try:
                for device in due:
                    if self._open(device, quiet=True):
                        label = self._device_label(device)
                        self._noticed.discard(("audio_lost", label))
                        self._noticed.discard(("no_audio", label))
                        self._notice("audio_back", device=label)
                        self._noticed.discard(("audio_back", label))
            finally:
                self._retrying = False

        threading.Thread(target=retry, name="audio-retry", daemon=True).start()

    # -- the worker ------------------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                if job is _STOP:
                    return
                self._speak(*job)
            except Exception as err:  # never let one message stop the voice
                self._synth_failure(f"{type(err).__name__}: {err}")
            finally:
                self._jobs.task_done()

    def _speak(self, audience: Audience, text: str, priority: int) -> None:
        route = self.routes.get(audience)
        private = audience != PUBLIC
        if route is None:
            return
        if route.is_speechd:
            if not (self._speechd and self._speechd.say(text, priority)) and private:
                self._keep(int(audience), text)
            return
        player = self._players.get(route.device)
        samples = self._samples(text) if player is not None and not player.lost else None
        delivered = bool(player and samples is not None and player.play(samples, route.channel, priority))
        if not delivered and private:
            self._keep(int(audience), text)

    def _samples(self, text: str) -> Any:
        if self._cache is None:
            return None
        voice = self.voice_for()
        found = self._cache.get(text, voice)
        if found is not None or self._synth_failed:
            return found
        from companion.speech.synth import SynthError

        try:
            return self._cache.build(text, voice)
        except SynthError as err:
            self._synth_failure(str(err))
            return None

    # -- routing state ----------------------------------------------------------------------------

    def _can_speak(self, seat: Audience) -> bool:
        if self.backend == "text":
            return False
        route = self.routes.get(seat)
        if route is None:
            return False
        if route.is_speechd:
            return self._speechd is not None and not self._speechd.failed
        player = self._players.get(route.device)
        return player is not None and not player.lost

    def _keep(self, seat: int, text: str) -> None:
        with self._backlog_lock:
            self._backlog[seat].append(text)

    def _device_label(self, device: str | None) -> str:
        return device if device else str(message(self.lang, "default_device"))

    def _device_lost(self, device: str) -> None:
        key = None if device == "default" else device
        self._missing.setdefault(key, time.monotonic())
        self._notice("audio_lost", device=self._device_label(key))

    def _synth_failure(self, reason: str) -> None:
        self._synth_failed = True
        self._notice("synth_failed", reason)

    def _notice(self, key: str, reason: str = "", device: str = "") -> None:
        """A problem, said once (per device) as a plain line; the game goes on in text."""
        with contextlib.suppress(Exception):
            if (key, device) in self._noticed:
                return
            self._noticed.add((key, device))
            self.text.line(message(self.lang, key, reason=reason, device=device))

    def seat_label(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.seat_names)
