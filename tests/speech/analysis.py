"""Measuring recorded speech: pitch (fundamental frequency) and stereo place, frame by frame."""

from __future__ import annotations

import numpy as np

FMIN, FMAX = 60.0, 450.0


def frame_pitch(x: np.ndarray, rate: int) -> float | None:
    """The fundamental frequency of one voiced frame (autocorrelation peak), None if unvoiced."""
    x = x.astype(np.float64) - float(np.mean(x))
    n = len(x)
    spectrum = np.fft.rfft(x, 2 * n)
    ac = np.fft.irfft(spectrum * np.conj(spectrum))[:n]
    if ac[0] <= 0:
        return None
    lo, hi = int(rate / FMAX), min(n - 1, int(rate / FMIN))
    lag = lo + int(np.argmax(ac[lo:hi]))
    if ac[lag] / ac[0] < 0.5:  # too little periodicity: noise, a consonant, two sounds at once
        return None
    return rate / lag


def pitches(x: np.ndarray, rate: int, level: float = 0.02, frame_s: float = 0.04,
            hop_s: float = 0.01) -> np.ndarray:
    """Pitch of every loud, voiced frame of mono ``x``."""
    n, hop = int(frame_s * rate), int(hop_s * rate)
    found = []
    for start in range(0, len(x) - n, hop):
        frame = x[start: start + n]
        if np.sqrt(np.mean(frame.astype(np.float64) ** 2)) < level:
            continue
        f0 = frame_pitch(frame, rate)
        if f0 is not None:
            found.append(f0)
    return np.array(found)


def median_pitch(x: np.ndarray, rate: int) -> float:
    found = pitches(x, rate)
    return float(np.median(found)) if found.size else 0.0


def semitones(a: float, b: float) -> float:
    return abs(12 * np.log2(a / b))


def stereo_frames(x: np.ndarray, rate: int, level: float = 0.02, frame_s: float = 0.04,
                  hop_s: float = 0.02) -> list[tuple[float, float, np.ndarray]]:
    """(time, right share, mono frame) of every loud frame of stereo ``x``: the right share is
    right RMS / (left + right RMS), 0 for a voice hard left, 0.5 centred, 1 hard right."""
    n, hop = int(frame_s * rate), int(hop_s * rate)
    out = []
    for start in range(0, len(x) - n, hop):
        frame = x[start: start + n].astype(np.float64)
        left, right = np.sqrt(np.mean(frame**2, axis=0))
        if max(left, right) < level:
            continue
        out.append((start / rate, right / (left + right), frame.sum(axis=1)))
    return out
