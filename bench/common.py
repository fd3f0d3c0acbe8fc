"""Small helpers shared by the benchmarks: timing with medians, and a budget line."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def time_ms(fn: Callable[[], object], repeat: int = 30, warmup: int = 3) -> list[float]:
    """Milliseconds per call, ``repeat`` samples after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def report(name: str, samples_ms: list[float], budget_ms: float | None = None) -> str:
    """One plain line: median, min-max, and the ratio to the budget when there is one."""
    med = statistics.median(samples_ms)
    lo, hi, n = min(samples_ms), max(samples_ms), len(samples_ms)
    line = f"{name}: median {med:.3f} ms (min {lo:.3f}, max {hi:.3f}, n={n})"
    if budget_ms is not None:
        verdict = "OK" if med <= budget_ms else "OVER"
        line += f"; budget {budget_ms:g} ms, ratio {med / budget_ms:.2f} {verdict}"
    print(line, flush=True)
    return line
