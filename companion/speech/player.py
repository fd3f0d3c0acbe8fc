"""Playback: one sounddevice output stream per device, open for the whole game.

The stream's callback mixes "lanes" (speech on both channels, left, right, and
earcons for each), each fed from a priority queue. A phrase, once started,
plays to its end unless ``stop`` is called: an urgent phrase only drops phrases
still waiting in its lane, ``stop`` empties lanes at once (the next buffer the
device asks for is silent). A phrase on both channels may carry (left, right)
gains: a seat's place across a stereo table speaker. A device that stops
(unplugged, server gone) is reported once through ``on_lost`` and every later
``play`` returns False. Opening and closing run in a helper thread with a
timeout, so a stuck audio server cannot hang the game.
"""

from __future__ import annotations

import contextlib
import ctypes
import heapq
import itertools
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion import native
from companion.speech.audience import SpeechError

if TYPE_CHECKING:
    import numpy as np

CHANNEL_INDEX = {"left": 0, "right": 1}
OPEN_TIMEOUT_S = 4.0
CLOSE_TIMEOUT_S = 2.0
LATENCY = "low"  # about 9 ms on the PulseAudio null sink; "high" is about 35 ms
# The stream callback needs the GIL every ~2 ms of audio. With Python's default 5 ms
# switch interval a busy thread starved it: measured 522 underruns in 4 s at "low"
# latency, 3 with 0.5 ms (and 64 at 20 ms latency with the default interval).
SWITCH_INTERVAL_S = 0.0005


class AudioError(SpeechError, RuntimeError):
    """No usable audio device; the message is short and plain (messages.toml, area ``audio``;
    PortAudio's own words are a parameter)."""

    area = "audio"


_ALSA_HANDLER: Any = None


def _quiet_alsa() -> None:
    """Stop alsa-lib printing on stderr (e.g. one "underrun occurred" line per late buffer):
    stderr is read aloud by screen readers too. Underruns are counted by DevicePlayer instead."""
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None:
        return
    try:
        asound = ctypes.CDLL("libasound.so.2")
        handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                                        ctypes.c_char_p)
        _ALSA_HANDLER = handler_type(lambda *_args: None)
        asound.snd_lib_error_set_handler(_ALSA_HANDLER)
    except (OSError, AttributeError):
        _ALSA_HANDLER = False


def load_sounddevice() -> Any:
    """sounddevice, or AudioError when PortAudio is missing."""
    try:
        import sounddevice
    except (ImportError, OSError) as err:
        raise AudioError("no_sounddevice", reason=err) from err
    _quiet_alsa()
    return sounddevice


@dataclass(frozen=True)
class OutputDevice:
    index: int
    name: str
    channels: int
    samplerate: float
    is_default: bool


def list_outputs() -> list[OutputDevice]:
    """The output devices PortAudio sees (empty without any)."""
    sd = load_sounddevice()
    try:
        devices = sd.query_devices()
        default = sd.default.device[1]
    except Exception as err:  # PortAudioError and friends
        raise AudioError("portaudio", detail=str(err)) from err
    return [
        OutputDevice(d["index"], d["name"], d["max_output_channels"], d["default_samplerate"],
                     d["index"] == default)
        for d in devices
        if d["max_output_channels"] > 0
    ]


def find_output(name: str | None) -> int | None:
    """A device index by exact name, else by a unique part of its name; None = system default."""
    if name is None:
        return None
    outputs = list_outputs()
    exact = [d for d in outputs if d.name == name]
    if exact:
        return exact[0].index
    partial = [d for d in outputs if name.lower() in d.name.lower()]
    if len(partial) == 1:
        return partial[0].index
    if not partial:
        raise AudioError("no_device", name=name)
    raise AudioError("several", name=name, devices=", ".join(d.name for d in partial))


def run_with_timeout(fn: Callable[[], Any], timeout: float) -> Any:
    """fn() in a daemon thread; its result, its exception, or AudioError after ``timeout``."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as err:
            box["error"] = err

    thread = native.thread(target, "audio-device")  # PortAudio's: joined (or left) before the program ends
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise AudioError("no_answer")
    if "error" in box:
        raise box["error"]
    return box.get("value")


@dataclass(order=True)
class _Item:
    sort_key: tuple[int, int]
    samples: Any = field(compare=False)
    priority: int = field(compare=False)
    gains: tuple[float, float] = field(default=(1.0, 1.0), compare=False)


@dataclass
class _Lane:
    channel: str
    waiting: list[_Item] = field(default_factory=list)
    current: Any = None
    position: int = 0
    gains: tuple[float, float] = (1.0, 1.0)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.waiting)


class DevicePlayer:
    """A persistent 2-channel output stream on one device, fed from per-lane priority queues."""

    def __init__(self, device: str | None, samplerate: int, on_lost: Callable[[str], None] | None = None,
                 open_timeout: float = OPEN_TIMEOUT_S, latency: str | float = LATENCY) -> None:
        self.device = device
        self.latency = latency
        self.underruns = 0  # buffers the device asked for too late (heard as a click or gap if mid-phrase)
        self.frames_out = 0  # frames of phrases handed to the device so far (all lanes together)
        self.label = device or "default"
        self.source_rate = samplerate
        self._on_lost = on_lost
        self._lock = threading.Lock()
        self._lanes: dict[tuple[str, str], _Lane] = {}
        self._order = itertools.count()
        self._closing = False
        self.lost = False
        self._stream = run_with_timeout(self._open, open_timeout)

    def _open(self) -> Any:
        sd = load_sounddevice()
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        index = find_output(self.device)
        info = sd.query_devices(index, "output") if index is not None else sd.query_devices(kind="output")
        self.channels = min(2, int(info["max_output_channels"])) or 1
        last: Exception | None = None
        for rate in (self.source_rate, int(info["default_samplerate"]), 48000, 44100):
            try:
                stream = sd.OutputStream(
                    device=index, channels=self.channels, samplerate=rate, dtype="float32",
                    latency=self.latency, callback=self._callback, finished_callback=self._finished,
                )
            except Exception as err:  # PortAudioError: try the device's own rate next
                last = err
                continue
            self.rate = rate
            stream.start()
            return stream
        raise AudioError("cannot_open", device=self.label, detail=last)

    # -- feeding -------------------------------------------------------------------------------

    def play(self, samples: np.ndarray, channel: str = "both", priority: int = 1,
             kind: str = "speech", urgent_from: int = 2, gains: tuple[float, float] = (1.0, 1.0)) -> bool:
        """Queue mono float32 samples (at the source rate); False if the device is gone.
        ``gains`` (left, right) apply on both channels of a stereo device only."""
        if self.lost or self._closing or not self._alive():
            return False
        if self.channels < 2:
            channel = "both"
        if self.rate != self.source_rate:
            samples = _resample(samples, self.source_rate, self.rate)
        with self._lock:
            lane = self._lanes.setdefault((channel, kind), _Lane(channel))
            if priority >= urgent_from:
                lane.waiting = [it for it in lane.waiting if it.priority >= priority]
                heapq.heapify(lane.waiting)
            heapq.heappush(lane.waiting, _Item((-priority, next(self._order)), samples, priority, gains))
        return True

    def stop(self, channels: set[str] | None = None) -> int:
        """Silence now: the playing phrase and everything queued on these channels' lanes
        ("both", "left", "right"; None = all) are dropped. What the device has buffered
        already (one buffer, ``latency``) still sounds. Returns how many phrases were dropped."""
        dropped = 0
        with self._lock:
            for lane in self._lanes.values():
                if channels is not None and lane.channel not in channels:
                    continue
                dropped += len(lane.waiting) + (lane.current is not None)
                lane.waiting.clear()
                lane.current, lane.position = None, 0
        return dropped

    def busy(self) -> bool:
        with self._lock:
            return any(lane.busy for lane in self._lanes.values())

    def drain(self, timeout: float) -> bool:
        """Wait until everything queued has been handed to the device and played out."""
        deadline = time.monotonic() + timeout
        while self.busy():
            if self.lost or time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        time.sleep(self.output_latency() + 0.02)  # what is in the device's buffer still has to sound
        return not self.lost

    def close(self, timeout: float = CLOSE_TIMEOUT_S) -> None:
        self._closing = True
        stream = self._stream
        if stream is None:
            return
        self._stream = None
        with contextlib.suppress(Exception):  # a dead device: nothing left to save
            run_with_timeout(stream.close, timeout)

    # -- the audio thread ----------------------------------------------------------------------

    def _callback(self, out: np.ndarray, frames: int, _time: Any, status: Any) -> None:
        if status.output_underflow:
            self.underruns += 1
        out.fill(0)
        with self._lock:
            lanes = list(self._lanes.values())
            for lane in lanes:
                filled = 0
                while filled < frames:
                    if lane.current is None:
                        if not lane.waiting:
                            break
                        item = heapq.heappop(lane.waiting)
                        lane.current, lane.position, lane.gains = item.samples, 0, item.gains
                    chunk = lane.current[lane.position: lane.position + frames - filled]
                    target = out[filled: filled + len(chunk)]
                    if lane.channel == "both" and self.channels == 2 and lane.gains != (1.0, 1.0):
                        target[:, 0] += chunk * lane.gains[0]
                        target[:, 1] += chunk * lane.gains[1]
                    elif lane.channel == "both" or self.channels < 2:
                        target += chunk[:, None]
                    else:
                        target[:, CHANNEL_INDEX[lane.channel]] += chunk
                    filled += len(chunk)
                    lane.position += len(chunk)
                    self.frames_out += len(chunk)
                    if lane.position >= len(lane.current):
                        lane.current = None
        if len(lanes) > 1:
            out.clip(-1.0, 1.0, out=out)

    def _finished(self) -> None:
        if not self._closing:
            self._mark_lost()

    def _alive(self) -> bool:
        stream = self._stream
        if stream is None or not stream.active:
            self._mark_lost()
            return False
        return True

    def _mark_lost(self) -> None:
        if self.lost:
            return
        self.lost = True
        with self._lock:
            self._lanes.clear()
        if self._on_lost:
            self._on_lost(self.label)

    def output_latency(self) -> float:
        """Seconds between handing samples to the device and hearing them (PortAudio's figure)."""
        stream = self._stream
        try:
            return float(stream.latency) if stream is not None else 0.0
        except Exception:
            return 0.0


def _resample(samples: np.ndarray, src: int, dst: int) -> np.ndarray:
    import numpy as np

    n = round(len(samples) * dst / src)
    return np.interp(np.arange(n) * (src / dst), np.arange(len(samples)), samples).astype(np.float32)
