"""Audio fixtures: a real PulseAudio null-sink device, and recording its monitors.

`tests/conftest.py` starts a server for each test process; without it, the session fixture
starts it with the same script (its environment must be set before sounddevice is
imported: PortAudio lists devices at import) and stops it at the end.
"""

from __future__ import annotations

import io
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.worker import start_pulse, stop_pulse

ROOT = Path(__file__).resolve().parents[2]
RECORD_RATE = 48000


@pytest.fixture(scope="session")
def audio() -> Iterator[None]:
    """The null sinks table, seat_north, seat_south (and *_monitor) are up (one server for the
    tests that use them: they share one test process, the "audio" xdist group)."""
    started = None
    if not os.environ.get("PULSE_SERVER"):
        if shutil.which("pulseaudio") is None:
            pytest.fail("pulseaudio is not installed: run make bootstrap")
        started = start_pulse()
        os.environ.update(started)
        if "sounddevice" in sys.modules:  # imported too early: make PortAudio list devices again
            sd = sys.modules["sounddevice"]
            sd._terminate()
            sd._initialize()
    yield
    if started:
        stop_pulse(started["PA_DIR"])


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private COMPANION_HOME (config and cache) for one test."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


class Recorder:
    """Records the monitors of null sinks (e.g. "table_monitor") while a test plays."""

    def __init__(self, *monitors: str, latency: str = "low") -> None:
        """``latency="high"``: bigger buffers, for a test that counts samples rather than timing
        them (a loaded machine then loses none)."""
        self.monitors = monitors
        self.latency = latency
        self._chunks: dict[str, list[np.ndarray]] = {m: [] for m in monitors}
        self._arrivals: dict[str, list[float]] = {m: [] for m in monitors}  # perf_counter per chunk
        self._streams: list = []
        self._lock = threading.Lock()
        self.overflows = 0  # buffers the recording lost (a loaded machine): its timing is not the device's

    def __enter__(self) -> Recorder:
        import sounddevice as sd

        for name in self.monitors:
            def callback(data, _frames, _time, status, name=name) -> None:
                with self._lock:
                    self._chunks[name].append(data.copy())
                    self._arrivals[name].append(time.perf_counter())
                    self.overflows += bool(status.input_overflow)

            stream = sd.InputStream(device=name, channels=2, samplerate=RECORD_RATE, dtype="float32",
                                    latency=self.latency, callback=callback)
            stream.start()
            self._streams.append(stream)
        # the monitors are running before anything plays: each has delivered sound (or silence)
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            with self._lock:
                if all(sum(len(c) for c in self._chunks[m]) >= RECORD_RATE // 20 for m in self.monitors):
                    break
            time.sleep(0.01)
        time.sleep(0.05)
        return self

    def settle(self, quiet: float = 0.3, timeout: float = 5.0) -> None:
        """Keep recording until every monitor has been silent for ``quiet`` seconds (a starved
        sound server forwards late: what was played may still be coming). A monitor that heard
        nothing counts as silent from now: a test of silence waits ``quiet``, no more."""
        start = time.perf_counter()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = time.perf_counter()
            last = [self.audible_times(m) for m in self.monitors]
            if all(now - max(start, float(t[-1]) if len(t) else start) >= quiet for t in last):
                return
            time.sleep(0.02)

    def __exit__(self, *_exc: object) -> None:
        self.settle()
        for stream in self._streams:
            stream.stop()
            stream.close()

    def audio(self, monitor: str) -> np.ndarray:
        """(frames, 2) float32 of what reached that sink."""
        with self._lock:
            chunks = self._chunks[monitor]
            return np.concatenate(chunks) if chunks else np.zeros((0, 2), np.float32)

    def audible_times(self, monitor: str, level: float = 0.01) -> np.ndarray:
        """When each sample at or above ``level`` reached the monitor (``time.perf_counter``
        clock: a chunk's arrival minus the samples after it), oldest first."""
        with self._lock:
            chunks, arrivals = list(self._chunks[monitor]), list(self._arrivals[monitor])
        times = []
        for chunk, arrived in zip(chunks, arrivals, strict=True):
            loud = np.flatnonzero(np.abs(chunk).max(axis=1) >= level)
            times.append(arrived - (len(chunk) - loud) / RECORD_RATE)
        return np.concatenate(times) if times else np.zeros(0)

    def rms(self, monitor: str) -> tuple[float, float]:
        x = self.audio(monitor)
        if not len(x):
            return 0.0, 0.0
        left, right = np.sqrt((x.astype(np.float64) ** 2).mean(axis=0))
        return float(left), float(right)


def audible_span(x: np.ndarray, rate: int, level: float = 0.01) -> float:
    """Seconds from the first to the last sample at or above ``level`` (0 if none)."""
    mono = np.abs(x).max(axis=1) if x.ndim == 2 else np.abs(x)
    loud = np.flatnonzero(mono >= level)
    return 0.0 if loud.size == 0 else (loud[-1] - loud[0]) / rate


@pytest.fixture
def recorder(audio: None):
    return Recorder


@pytest.fixture
def announcer(audio: None, tmp_path: Path):
    """Makes announcers on the null sinks, a private cache each; closes them at the end."""
    from companion.speech.announcer import Announcer

    made = []

    def make(routes: dict, lang: str = "fr", **kw: object) -> Announcer:
        ann = Announcer(lang, routes, out=kw.pop("out", io.StringIO()), cache_folder=tmp_path, **kw)
        made.append(ann)
        return ann

    yield make
    for ann in made:
        ann.close()

