"""Earcons: short synthesized sounds (numpy), defined as data in earcons.toml."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

EARCON_RATE = 22050


@functools.cache
def definitions() -> dict[str, dict]:
    return tomllib.loads(resources.files("companion.speech").joinpath("earcons.toml").read_text("utf-8"))


def names() -> list[str]:
    return list(definitions())


def _wave(timbre: str, freq: float, t: np.ndarray) -> np.ndarray:
    import numpy as np

    phase = 2 * np.pi * freq * t
    if timbre == "square":  # odd harmonics, a rough buzz (band-limited to stay clean)
        return sum(np.sin(k * phase) / k for k in (1, 3, 5, 7, 9)) * (4 / np.pi) * 0.8
    if timbre == "triangle":
        return sum(((-1) ** i) * np.sin(k * phase) / k**2 for i, k in enumerate((1, 3, 5))) * (8 / np.pi**2)
    if timbre == "bell":  # inharmonic partials, like a small bell
        return np.sin(phase) + 0.5 * np.sin(2.76 * phase) + 0.25 * np.sin(5.4 * phase)
    return np.sin(phase)


@functools.cache
def render(name: str, rate: int = EARCON_RATE) -> np.ndarray:
    """The earcon's samples, float32 mono. Raises KeyError for an unknown name."""
    import numpy as np

    spec = definitions()[name]
    timbre, gain, attack = spec["timbre"], float(spec["gain"]), spec["attack_ms"] / 1000
    parts = []
    for freq, dur_ms, gap_ms in spec["notes"]:
        n = int(rate * dur_ms / 1000)
        t = np.arange(n) / rate
        tone = _wave(timbre, freq, t)
        tone = tone / max(1e-9, float(np.max(np.abs(tone))))
        env = np.minimum(1.0, t / attack) if attack > 0 else np.ones(n)
        decay = np.exp(-4.0 * t / (dur_ms / 1000)) if timbre == "bell" else np.ones(n)
        release = np.minimum(1.0, (n - np.arange(n)) / max(1, int(rate * 0.008)))  # no click at the end
        parts += [tone * env * decay * release, np.zeros(int(rate * gap_ms / 1000))]
    out = (np.concatenate(parts) * gain).astype(np.float32)
    out.setflags(write=False)
    return out
