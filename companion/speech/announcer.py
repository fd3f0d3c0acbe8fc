"""The façade the live session uses: text always, then speech and earcons where routed."""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
import time
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from card_codes.errors import CompanionError
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
from companion.speech.outputs import SeatOutput
from companion.speech.text import TextOut, clean
from companion.speech.verbosity import BRIEF, DETAILED, NORMAL, choose, parse_level
from companion.speech.voices import SeatVoice, TableVoices, Voice, next_rate, rate_bounds

if TYPE_CHECKING:
    from companion.braille import BrailleChannel, BrailleConfig, BrailleLink
    from companion.speech.cache import PhraseCache, Synth
    from companion.speech.player import DevicePlayer
    from companion.speech.speechd import SpeechdSpeaker

_STOP = object()
RETRY_AFTER_S = 3.0  # a missing or lost device is tried again, at most this often, when there is news
WARM_POLL_S = 0.05  # while phrases wait to be made at a new rate, the worker looks for news this often
PrebuildItem = str | tuple[str, int | None]  # a phrase, or (phrase, the seat it is about)


@dataclass(frozen=True)
class _Job:
    audience: Audience
    text: str
    priority: int
    speaker: int | None
    generation: int  # a job of an older generation was silenced by stop() before it played
    keep_if_unheard: bool = True  # a private message not heard goes to the backlog


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
        seats: int | None = None,
        keyboard_seat: int | None = None,
        voice_per_seat: bool = True,
        seat_voices: Mapping[int, SeatVoice] | None = None,
        pan: float = 0.0,
        verbosity: Mapping[Audience | str, str] | None = None,
        braille: BrailleConfig | None = None,
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
        self.keyboard_seat = keyboard_seat  # one screen, one seat: None shows every seat's lines (a demo)
        self.table_voices = TableVoices(self.voices, voice_per_seat, dict(seat_voices or {}), float(pan),
                                        seats or (len(seat_names) if seat_names else 4))
        self.verbosity: dict[Audience, str] = {parse_audience(k): parse_level(v)
                                               for k, v in (verbosity or {}).items()}
        self.rate = int(rate)
        self._generation = 0
        self._silence_lock = threading.Lock()  # stop() and handing a phrase to a device exclude each other
        self._prebuilt: list[tuple[str, Voice]] = []  # made again in the background at a new rate
        self._warm: deque[tuple[str, Voice, int]] = deque()
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
        self.outputs: list[SeatOutput] = []  # the seats' own devices (attach)
        self.private_elsewhere: frozenset[int] = frozenset()
        self.braille: BrailleChannel | None = None
        self._braille_link: BrailleLink | None = None
        if braille is not None and braille.mode != "off":
            self._start_braille(braille)
        self._worker = threading.Thread(target=self._work, name="announcer", daemon=True)
        self._worker.start()

    @classmethod
    def from_config(cls, config: SpeechConfig, lang: str = "fr", out: TextIO | None = None,
                    **kwargs: Any) -> Announcer:
        kwargs.setdefault("backend", config.backend)
        return cls(lang, config.routes, out=out, rate=config.rate, volume=config.volume,
                   voices=config.voices, latency=config.latency, voice_per_seat=config.voice_per_seat,
                   seat_voices=config.seat_voices, pan=config.pan, verbosity=config.verbosity, **kwargs)

    # -- public API ------------------------------------------------------------------------------

    def announce(self, audience: Audience | str, text: str, priority: int = Priority.NORMAL, *,
                 speaker: int | None = None, urgent: bool = False) -> None:
        """Print the line now (public lines, and the keyboard seat's own: one screen, one seat);
        speak it where its audience is routed; keep the keyboard seat's unrouted private ones.
        Another seat's private line goes to that seat's route, or nowhere: never on this screen.

        ``text`` may be a `verbosity.Phrase`: the audience's level picks its form. ``speaker``:
        the seat a public line is about, said in that seat's voice (and place, when panned).
        Every attached seat output (a phone's page) is handed the line too; ``urgent``: for its
        seat, to be read at once (its turn, a question for it)."""
        if self._closed:
            return
        audience = parse_audience(audience)
        text = clean(choose(text, self.verbosity_for(audience)))
        if not text:
            return
        for output in list(self.outputs):
            output.deliver(audience, text, urgent=urgent, speaker=speaker)
        if self.on_screen(audience):
            self.text.announce(audience, text, own=self.keyboard_seat)
        self._retry_missing()
        if audience != PUBLIC and not self._can_speak(audience):
            if self.on_screen(audience):
                self._keep(int(audience), text)
            return
        if self.backend != "text":
            self._jobs.put(_Job(audience, text, int(priority), speaker, self._generation))

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

    def on_screen(self, audience: Audience) -> bool:
        """One screen, one seat: the public lines and the keyboard seat's own (every line when
        nobody sits at the keyboard, as in a demo)."""
        if audience in self.private_elsewhere:  # a seat with its own screen (a phone): never here
            return False
        return audience == PUBLIC or self.keyboard_seat is None or audience == self.keyboard_seat

    def set_private_elsewhere(self, seats: Iterable[int]) -> None:
        """Seats whose private lines go to their own device only (a phone's page), even when
        nobody sits at the keyboard (a demo's screen shows every other seat's)."""
        self.private_elsewhere = frozenset(seats)
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

    def stop(self, seat: int | None = None) -> None:
        """Silence at once what the keyboard's player hears (the table and ``seat``'s route,
        default the keyboard seat): the sentence playing stops within one audio buffer and
        what is queued is dropped. Later announcements are spoken as usual. Any thread."""
        seat = self.keyboard_seat if seat is None else seat
        with self._silence_lock:
            self._generation += 1
        held_stop = False
        while True:  # what the worker has not taken yet
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            held_stop = held_stop or job is _STOP
            self._jobs.task_done()
        if held_stop:
            self._jobs.put(_STOP)
        channels: dict[str | None, set[str] | None] = {}
        for audience in (PUBLIC, seat):
            route = self.routes.get(audience) if audience is not None else None
            if route is None or route.is_speechd:
                continue
            whole = route.channel == "both" and audience != PUBLIC  # a seat's own earpiece
            known = channels.get(route.device, set())
            channels[route.device] = None if whole or known is None else known | {route.channel}
        with self._silence_lock:
            for device, chosen in channels.items():
                player = self._players.get(device)
                if player is not None:
                    player.stop(chosen)
        if self._speechd is not None:
            threading.Thread(target=self._speechd.cancel, name="speechd-cancel", daemon=True).start()

    def set_rate(self, rate: int) -> int:
        """Speak at ``rate`` words a minute from now on (within the bounds); the fixed phrases
        are made again at that rate in the background, so they stay cached. The rate set."""
        low, high = rate_bounds()
        self.rate = max(low, min(high, int(rate)))
        if self._cache is not None:
            self._warm = deque((text, voice, self.rate) for text, voice in self._prebuilt)
        return self.rate

    def faster(self) -> int:
        """One step faster ("plus vite"), said at the new rate to the keyboard's player."""
        return self._change_rate(faster=True)

    def slower(self) -> int:
        return self._change_rate(faster=False)

    def verbosity_for(self, audience: Audience) -> str:
        """brief, normal or detailed: the audience's own level, else the table's, else normal."""
        return self.verbosity.get(audience, self.verbosity.get(PUBLIC, NORMAL))

    def set_verbosity(self, audience: Audience | str, level: str) -> str:
        chosen = parse_level(level)
        self.verbosity[parse_audience(audience)] = chosen
        return chosen

    def choose_verbosity(self, level: str) -> str:
        """The keyboard's player says "bref" / "normal" / "détaillé": their lines and the
        table's (the table speaker is their channel for public facts) at that level; said."""
        chosen = self.set_verbosity(PUBLIC, level)
        if self.keyboard_seat is not None:
            self.set_verbosity(self.keyboard_seat, chosen)
        names = {BRIEF: "verbosity_brief", NORMAL: "verbosity_normal", DETAILED: "verbosity_detailed"}
        self._confirm(message(self.lang, names[chosen]))
        return chosen

    def attach(self, output: SeatOutput) -> None:
        """A seat output (a phone's page, the table view) gets every line from now on."""
        self.outputs.append(output)

    def set_keyboard_seat(self, seat: int | None) -> None:
        """The seat at the keyboard and screen (its braille display's owner, the one ``stop``
        serves); None: nobody sits there (a demo), the screen shows every seat's lines."""
        self.keyboard_seat = seat
        if self.braille is not None and seat is not None:
            self.braille.owner = seat

    def voice_for(self, lang: str | None = None) -> str:
        return self.voices[lang or self.lang]

    def prebuild(self, phrases: Iterable[PrebuildItem], lang: str | None = None) -> int:
        """Synthesize fixed phrases ahead (card and seat names; "(phrase, seat)" for a public
        line in that seat's voice); progress on stderr if slow. They are made again in the
        background when the rate changes.

        Returns how many were made (0 when all were cached or speech is off)."""
        if self._cache is None or self._synth_failed:
            return 0
        if not self._players:  # no sound device: nothing is heard, so nothing is said of voices
            return 0
        from companion.speech.synth import SynthError

        label_lang = lang or self.lang
        items = []
        for item in phrases:
            text, speaker = (item, None) if isinstance(item, str) else item
            if clean(text):
                public = speaker is not None
                items.append((clean(text), self.table_voices.voice(label_lang, public, speaker)))
        self._prebuilt = list(dict.fromkeys(self._prebuilt + items))
        try:
            return self._cache.prebuild(
                items, progress=self._err, rate=self.rate,
                label=lambda done, total: message(label_lang, "progress", done=done, total=total),
            )
        except SynthError as err:
            self._synth_failure(err.text(self.lang))
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
        if self._braille_link is not None:
            self._braille_link.close()

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

    def _start_braille(self, config: BrailleConfig) -> None:
        from companion.braille import BrailleChannel, BrailleLink

        self.braille = BrailleChannel(self.keyboard_seat, on_repeat=self._say_again)
        self.text.listener = self.braille.offer
        self._braille_link = BrailleLink(self.braille, config, self._braille_notice, lang=self.lang)
        self._braille_link.start()

    def _braille_notice(self, key: str, detail: str) -> None:
        self._notice(key, reason=detail, device="braille", cells=detail)

    def _open(self, device: str | None, quiet: bool = False) -> bool:
        from companion.speech.player import AudioError, DevicePlayer

        label = self._device_label(device)
        try:
            player = DevicePlayer(device, self._samplerate, on_lost=self._device_lost, latency=self._latency)
        except Exception as err:  # AudioError, PortAudioError or anything else from the C layer
            # one language a line: PortAudio's own (English) words are never said, a phrase is
            reason = err.text(self.lang) if isinstance(err, AudioError) \
                else message(self.lang, "no_sound_device")
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
            try:  # while phrases wait to be made at a new rate, make one whenever nothing is to be said
                job = self._jobs.get(timeout=WARM_POLL_S if self._warm else None)
            except queue.Empty:
                self._warm_one()
                continue
            try:
                if job is _STOP:
                    return
                self._speak(job)
            except Exception as err:  # never let one message stop the voice (said in words, never English)
                self._synth_failure(err.text(self.lang) if isinstance(err, CompanionError)
                                    else message(self.lang, "unexpected_reason", kind=type(err).__name__))
            finally:
                self._jobs.task_done()

    def _speak(self, job: _Job) -> None:
        route = self.routes.get(job.audience)
        private = job.audience != PUBLIC
        if route is None:
            return
        unheard = private and job.keep_if_unheard
        if route.is_speechd:
            if not (self._speechd and self._speechd.say(job.text, job.priority)) and unheard:
                self._keep(int(job.audience), job.text)
            return
        player = self._players.get(route.device)
        voice = self.table_voices.voice(self.lang, not private, job.speaker)
        samples = self._samples(job.text, voice) if player is not None and not player.lost else None
        gains = self.table_voices.gains(not private, job.speaker)
        with self._silence_lock:
            if job.generation != self._generation:
                return  # silenced by stop() while it was being made
            delivered = bool(player and samples is not None
                             and player.play(samples, route.channel, job.priority, gains=gains))
        if not delivered and unheard:
            self._keep(int(job.audience), job.text)

    def _samples(self, text: str, voice: Voice) -> Any:
        if self._cache is None:
            return None
        rate = self.rate
        found = self._cache.get(text, voice, rate)
        if found is not None or self._synth_failed:
            return found
        from companion.speech.synth import SynthError

        try:
            return self._cache.build(text, voice, rate)
        except SynthError as err:
            self._synth_failure(err.text(self.lang))
            return None

    def _warm_one(self) -> None:
        """Make one fixed phrase at the current rate (after "plus vite"), if it is still needed."""
        try:
            text, voice, rate = self._warm.popleft()
        except IndexError:
            return
        if rate != self.rate or self._cache is None or self._synth_failed:
            return
        if self._cache.get(text, voice, rate) is None:
            self._samples(text, voice)

    def _say_again(self, audience: Audience, text: str) -> None:
        """Speak a line once more without printing it (the braille display's "repeat")."""
        if self._closed or self.backend == "text" or not self._can_speak(audience):
            return
        self._jobs.put(_Job(audience, text, int(Priority.URGENT), None, self._generation, False))

    def _change_rate(self, faster: bool) -> int:
        before = self.rate
        rate = self.set_rate(next_rate(before, faster))
        key = "rate_now" if rate != before else ("rate_fastest" if faster else "rate_slowest")
        self._confirm(message(self.lang, key, rate=rate))
        return rate

    def _confirm(self, text: str) -> None:
        """A reply to the keyboard's player about the speech itself: in their earpiece when they
        have one, else at the table (it is no secret, and they must hear the change)."""
        seat = self.keyboard_seat
        audience: Audience = seat if seat is not None and self._can_speak(seat) else PUBLIC
        self.announce(audience, text, Priority.URGENT)

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

    def _notice(self, key: str, reason: str = "", device: str = "", **params: object) -> None:
        """A problem, said once (per device) as a plain line; the game goes on in text."""
        with contextlib.suppress(Exception):
            if (key, device) in self._noticed:
                return
            self._noticed.add((key, device))
            self.text.line(message(self.lang, key, reason=reason, device=device, **params))

    def seat_label(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.seat_names)
