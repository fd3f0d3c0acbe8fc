"""A disk cache of synthesized phrases, trimmed for a fast start.

Key: text, voice (with its variant and pitch), rate, volume and the engine version
(pyttsx3 + espeak-ng). The rate may be given per phrase, so one cache serves every rate
"plus vite" / "moins vite" reach.
Stored as int16 mono WAV (the synthesizer's own format); kept in memory as
float32 once read. Leading silence is cut to a few ms (the first audible
sample is what a listener waits for) and espeak's ~250 ms end pause is
shortened, so queued phrases follow each other briskly.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

from companion.speech.voices import Voice

if TYPE_CHECKING:
    import numpy as np

SILENCE_LEVEL = 0.002  # |x| below this (about -54 dBFS) counts as silence; espeak's own is exact 0
KEEP_BEFORE_S = 0.002
KEEP_AFTER_S = 0.100  # at the default rate; faster speech gets a shorter pause (see keep_after)
KEEP_AFTER_MIN_S = 0.040
PROGRESS_AFTER_S = 0.5  # progress lines only when building takes longer than this


class Synth(Protocol):
    sample_rate: int

    @property
    def version(self) -> str: ...

    def synth(self, text: str, voice: str, rate: int, volume: float, pitch: int = 50) -> bytes: ...


def keep_after(words_per_minute: int) -> float:
    """Seconds of pause kept after a phrase: 100 ms at 200 words a minute, shorter when the
    listener asked for faster speech (the gap between phrases shrinks with the words)."""
    return max(KEEP_AFTER_MIN_S, min(KEEP_AFTER_S, KEEP_AFTER_S * 200 / max(1, words_per_minute)))


def trim(samples: np.ndarray, rate: int, after_s: float = KEEP_AFTER_S) -> np.ndarray:
    """Cut leading silence to ``KEEP_BEFORE_S`` and trailing silence to ``after_s``."""
    import numpy as np

    loud = np.flatnonzero(np.abs(samples) >= SILENCE_LEVEL)
    if loud.size == 0:
        return samples[:0]
    start = max(0, int(loud[0]) - int(KEEP_BEFORE_S * rate))
    end = min(len(samples), int(loud[-1]) + 1 + int(after_s * rate))
    return samples[start:end]


def write_wav(path: Path, samples: np.ndarray, rate: int) -> None:
    """float32 mono -> int16 WAV, written atomically (temp file + rename)."""
    import numpy as np

    data = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as raw, wave.open(raw, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(rate)
            w.writeframes(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """A 16-bit WAV as float32 mono (channels averaged) and its rate."""
    import numpy as np

    with wave.open(str(path), "rb") as w:
        if w.getsampwidth() != 2:
            raise ValueError(f"{path}: not a 16-bit WAV")
        channels, rate = w.getnchannels(), w.getframerate()
        data = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float32) / 32768.0
    if channels > 1:
        data = data.reshape(-1, channels).mean(axis=1)
    return data, rate


def _voice(voice: Voice | str) -> Voice:
    return voice if isinstance(voice, Voice) else Voice(voice)


class PhraseCache:
    """Phrases by (text, voice, rate): from memory, else disk, else made by the synthesizer and
    stored. ``rate`` is the default; ``get``/``build`` take another one per phrase."""

    def __init__(self, folder: Path, synth: Synth, rate: int, volume: float) -> None:
        self.folder = folder / "speech"
        self.synth = synth
        self.rate = int(rate)
        self.volume = float(volume)
        self._memory: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    @property
    def sample_rate(self) -> int:
        return self.synth.sample_rate

    def key(self, text: str, voice: Voice | str, rate: int | None = None) -> str:
        spoken = _voice(voice)
        parts = [text, spoken.id, str(self.rate if rate is None else int(rate)), f"{self.volume:.3f}",
                 self.synth.version]
        if spoken.pitch != 50:  # the neutral pitch keeps the keys of caches made before pitches
            parts.append(f"pitch={spoken.pitch}")
        return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]

    def path(self, text: str, voice: Voice | str, rate: int | None = None) -> Path:
        return self.folder / f"{self.key(text, voice, rate)}.wav"

    def get(self, text: str, voice: Voice | str, rate: int | None = None) -> np.ndarray | None:
        """The cached phrase, or None (never synthesizes)."""
        key = self.key(text, voice, rate)
        with self._lock:
            found = self._memory.get(key)
        if found is not None:
            return found
        path = self.folder / f"{key}.wav"
        try:
            samples, _ = read_wav(path)
        except (OSError, EOFError, ValueError, wave.Error):
            return None
        with self._lock:
            self._memory[key] = samples
        return samples

    def build(self, text: str, voice: Voice | str, rate: int | None = None) -> np.ndarray:
        """The phrase, made now if it is not cached. Raises SynthError."""
        import numpy as np

        found = self.get(text, voice, rate)
        if found is not None:
            return found
        spoken, words_per_minute = _voice(voice), self.rate if rate is None else int(rate)
        raw = self.synth.synth(text, spoken.id, words_per_minute, self.volume, pitch=spoken.pitch)
        samples = trim(np.frombuffer(raw, "<i2").astype(np.float32) / 32768.0, self.sample_rate,
                       keep_after(words_per_minute))
        with contextlib.suppress(OSError):  # a read-only cache only costs time
            write_wav(self.path(text, spoken, words_per_minute), samples, self.sample_rate)
        with self._lock:
            self._memory[self.key(text, spoken, words_per_minute)] = samples
        return samples

    def prebuild(
        self, phrases: Iterable[tuple[str, Voice | str]], progress: TextIO | None = None,
        label: Callable[[int, int], str] | None = None, rate: int | None = None,
    ) -> int:
        """Build every (text, voice) ahead; plain "n/total" lines on ``progress`` if it is slow.

        Returns how many phrases had to be synthesized."""
        todo = list(dict.fromkeys(phrases))
        progress = progress if progress is not None else sys.stderr
        start = time.monotonic()
        made, last_shown = 0, 0.0
        for done, (text, voice) in enumerate(todo, 1):
            if self.get(text, voice, rate) is None:
                self.build(text, voice, rate)
                made += 1
            now = time.monotonic() - start
            if now > PROGRESS_AFTER_S and (now - last_shown >= 1.0 or done == len(todo)):
                last_shown = now
                line = label(done, len(todo)) if label else f"{done}/{len(todo)}"
                progress.write(line + "\n")
                progress.flush()
        return made
