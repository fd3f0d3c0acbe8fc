"""Speech synthesis with pyttsx3 + espeak-ng, as WAV data only (never pyttsx3's own playback).

pyttsx3 2.99 pitfalls handled here (measured in the project's speech notes):
one engine per process, created and run in one dedicated thread; exactly one
``save_to_file`` per ``runAndWait``, behind a lock; its "Audio saved to ..."
print is dropped (that thread's writes only); voices are checked by us
(an unknown one is silently ignored by pyttsx3); rate and volume are set
from our own copy before every phrase. Every call has a timeout.

espeak-ng runs in its asynchronous "retrieval" mode: ``runAndWait`` returns about
10 ms after the synthesis has started, and the WAV is written later by espeak's
own thread. On an idle machine a phrase is done by then; on a loaded one it was
not, the WAV was missing and speech was given up for the rest of the game. So a
phrase is waited for until the driver says it has finished.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import os
import queue
import sys
import tempfile
import threading
import time
import wave
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TextIO

from companion.speech.audience import SpeechError
from companion.speech.voices import VoiceError, check_variant

SAMPLE_RATE = 22050  # pyttsx3 2.99 always writes mono 16-bit 22050 Hz
SYNTH_TIMEOUT_S = 8.0


class SynthError(SpeechError, RuntimeError):
    """The synthesizer failed or did not answer in time; the message is short and plain
    (messages.toml, area ``synth``)."""

    area = "synth"


@dataclass(frozen=True)
class VoiceInfo:
    id: str
    name: str
    languages: tuple[str, ...]


class _DropThreadWrites:
    """A stdout stand-in that drops what the engine writes and passes the rest through.

    The engine's writes come from its own thread and from espeak-ng's C thread
    (the synthesis callback), which Python sees as a "dummy" thread.
    """

    def __init__(self, inner: TextIO, thread_id: int) -> None:
        self._inner = inner
        self._thread_id = thread_id

    def _dropped(self) -> bool:
        return threading.get_ident() == self._thread_id or isinstance(
            threading.current_thread(), threading._DummyThread
        )

    def write(self, text: str) -> int:
        if self._dropped():
            return len(text)
        return self._inner.write(text)

    def flush(self) -> None:
        if not self._dropped():
            self._inner.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


def espeak_version() -> str:
    """espeak-ng's version from its library ("1.51"), or "unknown"."""
    try:
        lib = ctypes.CDLL("libespeak-ng.so.1")
        lib.espeak_Info.restype = ctypes.c_char_p
        lib.espeak_Info.argtypes = [ctypes.c_void_p]
        return (lib.espeak_Info(None) or b"unknown").decode()
    except (OSError, AttributeError):
        return "unknown"


def engine_version() -> str:
    """What the cache key needs to know about the synthesizer: pyttsx3 and espeak-ng versions."""
    try:
        py = metadata.version("pyttsx3")
    except metadata.PackageNotFoundError:
        py = "none"
    return f"pyttsx3-{py}+espeak-ng-{espeak_version()}"


class _EngineThread:
    """The one pyttsx3 engine of the process, owned by one daemon thread fed by a job queue."""

    _instance: _EngineThread | None = None
    _instance_lock = threading.Lock()

    def __init__(self) -> None:
        self._jobs: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._engine = None
        self._voices: dict[str, VoiceInfo] = {}
        self.broken: str | None = None  # why it is never used again: a SynthError key
        # a daemon thread (not a ThreadPoolExecutor): a stuck espeak call must not block exit
        threading.Thread(target=self._run, name="pyttsx3", daemon=True).start()

    @classmethod
    def get(cls) -> _EngineThread:
        with cls._instance_lock:
            if cls._instance is None:
                cls._instance = cls()
            return cls._instance

    def call(self, fn, timeout: float):  # type: ignore[no-untyped-def]
        if self.broken:
            raise SynthError(self.broken)
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._jobs.put((fn, future))
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            self.broken = "no_answer"  # the thread may be stuck in C: never use it again
            raise SynthError(self.broken) from None

    def _run(self) -> None:
        while True:
            fn, future = self._jobs.get()
            try:
                future.set_result(self._guarded(fn))
            except BaseException as err:  # handed to the caller, who decides
                future.set_exception(err)

    def _guarded(self, fn):  # type: ignore[no-untyped-def]
        saved = sys.stdout
        sys.stdout = _DropThreadWrites(saved, threading.get_ident())  # type: ignore[assignment]
        try:
            with self._lock:
                if self._engine is None:
                    self._start()
                return fn(self._engine)
        finally:
            if isinstance(sys.stdout, _DropThreadWrites):
                sys.stdout = saved

    def _start(self) -> None:
        try:
            import pyttsx3

            self._engine = pyttsx3.init("espeak")
            # runAndWait ends with driver.stop(), which calls espeak_Cancel whenever espeak
            # says it is busy: measured, that dropped the rate just set (about 1 phrase in 8)
            # and once left an empty file. We never interrupt a phrase, so stop does nothing.
            self._engine.proxy._driver.stop = lambda: None
            self._voices = {
                v.id: VoiceInfo(v.id, v.name or v.id, tuple(v.languages or ()))
                for v in self._engine.getProperty("voices")
            }
        except Exception as err:  # ImportError, OSError (no libespeak), RuntimeError
            # the library's own words are English: an OSError is said in words, else its kind
            detail = err if isinstance(err, OSError) else type(err).__name__
            raise SynthError("engine", detail=detail) from err

    def voices(self) -> dict[str, VoiceInfo]:
        return self._voices


class Synthesizer:
    """Makes a phrase's samples (int16, mono, 22050 Hz) with a given voice, rate and volume."""

    sample_rate = SAMPLE_RATE

    def __init__(self, timeout: float = SYNTH_TIMEOUT_S) -> None:
        self.timeout = timeout
        self._version: str | None = None

    @property
    def version(self) -> str:
        if self._version is None:
            self._version = engine_version()
        return self._version

    def voices(self) -> list[VoiceInfo]:
        engine = _EngineThread.get()
        engine.call(lambda _e: None, self.timeout)
        return sorted(engine.voices().values(), key=lambda v: v.id)

    def resolve_voice(self, voice: str) -> str:
        """A voice id ("roa/fr") from an id, a short id ("fr"), a language ("fr-fr") or a name;
        a variant after "+" ("roa/fr+f2") is kept, once checked (espeak-ng ignores unknown ones)."""
        base, plus, variant = voice.partition("+")
        if plus:
            try:
                check_variant(variant)
            except VoiceError as err:
                raise SynthError("voice", reason=err) from None
            return f"{self.resolve_voice(base)}+{variant}"
        known = {v.id: v for v in self.voices()}
        if voice in known:
            return voice
        want = voice.lower()
        for v in known.values():
            if want in (v.id.rsplit("/", 1)[-1].lower(), v.name.lower(), *(x.lower() for x in v.languages)):
                return v.id
        raise SynthError("unknown_voice", voice=voice)

    def synth(self, text: str, voice: str, rate: int, volume: float, pitch: int = 50) -> bytes:
        """Raw int16 little-endian mono samples at 22050 Hz; ``voice`` may carry a variant
        ("roa/fr+f2"); ``pitch`` is espeak-ng's 0-99."""
        voice_id = self.resolve_voice(voice)
        folder = Path(tempfile.mkdtemp(prefix="companion-synth-"))
        target = folder / "phrase.wav"

        def job(engine) -> bytes:  # type: ignore[no-untyped-def]
            engine.setProperty("voice", voice_id)
            engine.setProperty("rate", int(rate))
            engine.setProperty("volume", float(volume))
            engine.setProperty("pitch", int(pitch))  # set every time: it outlives the phrase
            engine.save_to_file(text, str(target))
            engine.runAndWait()
            _wait_for_phrase(engine, time.monotonic() + self.timeout)
            return _read_wav(target)

        try:
            data = _EngineThread.get().call(job, self.timeout)
        finally:
            with contextlib.suppress(OSError):
                target.unlink(missing_ok=True)
                os.rmdir(folder)
        if not data:
            raise SynthError("no_audio")
        return data


def _wait_for_phrase(engine, deadline: float) -> None:  # type: ignore[no-untyped-def]
    """Until espeak's thread has written the WAV (the driver's ``_speaking`` goes false just
    after), or the deadline; the caller's timeout is the last word either way."""
    driver = engine.proxy._driver
    while getattr(driver, "_speaking", False) and time.monotonic() < deadline:
        time.sleep(0.002)


def _read_wav(path: Path) -> bytes:
    try:
        with wave.open(str(path), "rb") as w:
            if w.getsampwidth() != 2 or w.getnchannels() != 1 or w.getframerate() != SAMPLE_RATE:
                raise SynthError("bad_wav")
            return w.readframes(w.getnframes())
    except OSError as err:  # said in words (messages.os_reason)
        raise SynthError("no_wav", reason=err) from err
    except (EOFError, wave.Error) as err:  # the wave module's words are English: a file that is no WAV
        raise SynthError("bad_wav") from err
