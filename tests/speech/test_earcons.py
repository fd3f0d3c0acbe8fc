"""Earcons: short, and told apart by pitch, rhythm or timbre."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from companion.speech.earcons import EARCON_RATE, names, render

EXPECTED = {"label_read", "label_refused", "your_turn", "trick_won", "game_over"}


def features(x: np.ndarray) -> dict[str, float]:
    """Duration, number of notes (onsets), main pitch, and brightness (spectral centroid / pitch)."""
    frame = EARCON_RATE // 200  # 5 ms
    env = np.array([np.abs(x[i: i + frame]).max() for i in range(0, len(x) - frame, frame)])
    on = env > 0.05
    onsets = int(on[0]) + int(np.sum(on[1:] & ~on[:-1]))
    spectrum = np.abs(np.fft.rfft(x))
    freqs = np.fft.rfftfreq(len(x), 1 / EARCON_RATE)
    pitch = float(freqs[np.argmax(spectrum)])
    centroid = float((freqs * spectrum).sum() / spectrum.sum())
    return {"duration": len(x) / EARCON_RATE, "notes": onsets, "pitch": pitch, "brightness": centroid / pitch}


def test_the_five_earcons_exist_are_short_and_never_clip() -> None:
    assert set(names()) >= EXPECTED
    for name in EXPECTED:
        x = render(name)
        assert 0.03 < len(x) / EARCON_RATE <= 1.3
        assert 0.2 < np.abs(x).max() <= 1.0
        assert abs(x[-1]) < 0.01  # fades out: no click at the end


@pytest.mark.parametrize(("a", "b"), list(itertools.combinations(sorted(EXPECTED), 2)))
def test_every_pair_differs_clearly_in_pitch_rhythm_or_timbre(a: str, b: str) -> None:
    fa, fb = features(render(a)), features(render(b))
    differs = (
        fa["notes"] != fb["notes"]
        or abs(np.log2(fa["pitch"] / fb["pitch"])) > 0.5  # more than a tritone apart
        or abs(fa["duration"] - fb["duration"]) > 0.5 * min(fa["duration"], fb["duration"])
        or abs(fa["brightness"] - fb["brightness"]) > 0.5
    )
    assert differs, (a, fa, b, fb)


def test_refusal_is_low_and_buzzy_and_label_read_is_one_high_tick() -> None:
    refused, read = features(render("label_refused")), features(render("label_read"))
    assert refused["pitch"] < 300 and refused["notes"] == 2 and refused["brightness"] > 1.5
    assert read["pitch"] > 1000 and read["notes"] == 1 and read["duration"] < 0.1
