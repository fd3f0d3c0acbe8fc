"""Record the table sink's monitor and find when sound starts (for the latency benchmarks)."""

import threading
import time

import numpy as np
import sounddevice as sd

RATE = 48000
AUDIBLE = 0.03  # 3 % of full scale


class Monitor:
    """Records table_monitor; (arrival time of each sample block, block)."""

    def __init__(self) -> None:
        self.blocks: list[tuple[float, np.ndarray]] = []
        self.lock = threading.Lock()
        self.stream = sd.InputStream(device="table_monitor", channels=2, samplerate=RATE, dtype="float32",
                                     latency="low", callback=self._callback)

    def _callback(self, data, frames, _time, _status) -> None:
        now = time.perf_counter()
        with self.lock:
            self.blocks.append((now, np.abs(data).max(axis=1)))

    def first_audible_after(self, t0: float) -> float | None:
        with self.lock:
            blocks = list(self.blocks)
        for arrival, level in blocks:
            start = arrival - len(level) / RATE
            loud = np.flatnonzero(level >= AUDIBLE)
            if loud.size and start + loud[0] / RATE >= t0 - 0.002:
                return start + (loud[0] + 1) / RATE
        return None

    def last_audible(self) -> float | None:
        """When the last sample at or above the audible level reached the monitor."""
        with self.lock:
            blocks = list(self.blocks)
        for arrival, level in reversed(blocks):
            loud = np.flatnonzero(level >= AUDIBLE)
            if loud.size:
                return arrival - (len(level) - loud[-1] - 1) / RATE
        return None

    def clear(self) -> None:
        with self.lock:
            self.blocks.clear()
