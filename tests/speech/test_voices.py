"""A voice per seat: the default voices are told apart (measured), configured ones are used,
and seats can be spread across a stereo table speaker."""

from __future__ import annotations

import io
import itertools
import math

import numpy as np
import pytest

from companion.speech.announcer import Announcer
from companion.speech.synth import SAMPLE_RATE, SynthError, Synthesizer
from companion.speech.voices import (
    SeatVoice,
    TableVoices,
    Voice,
    VoiceError,
    default_seat_voices,
    next_rate,
    pan_gains,
    rate_steps,
)
from tests.speech.analysis import median_pitch, semitones

SENTENCES = {
    "fr": ("roa/fr", "Nord : Esprit jaune 5, un point. Est remporte le pli : quatre cartes, douze points."),
    "en": ("gmw/en", "North: yellow spirit 5, one point. East wins the trick: four cards, twelve points."),
}


def _pitch_of(voice: Voice, text: str) -> float:
    raw = Synthesizer().synth(text, voice.id, 200, 1.0, pitch=voice.pitch)
    return median_pitch(np.frombuffer(raw, "<i2").astype(np.float32) / 32768.0, SAMPLE_RATE)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_six_seat_voices_and_the_neutral_one_are_told_apart_by_pitch(lang: str) -> None:
    base, text = SENTENCES[lang]
    seats = {f"seat {i}": v.over(base) for i, v in enumerate(default_seat_voices())}
    voices = {"neutral": Voice(base), **seats}
    measured = {name: _pitch_of(voice, text) for name, voice in voices.items()}
    assert min(measured.values()) > 60, measured  # every voice was heard speaking (voiced frames)
    closest = min(semitones(measured[a], measured[b]) for a, b in itertools.combinations(measured, 2))
    # three semitones is a minor third: two voices that far apart are not taken for one
    assert closest >= 3.0, measured
    four = [measured[f"seat {i}"] for i in range(4)] + [measured["neutral"]]
    assert min(semitones(a, b) for a, b in itertools.combinations(four, 2)) >= 3.3, measured


def test_a_seat_voice_is_written_variant_colon_pitch() -> None:
    assert SeatVoice.parse("f2:60") == SeatVoice("f2", 60)
    assert SeatVoice.parse("m3") == SeatVoice("m3", 50)
    assert SeatVoice.parse(":70") == SeatVoice(None, 70) == SeatVoice.parse("70")
    for bad, why in [("f2:120", "out of range"), ("f2:high", "number"), ("f2;rm -rf:3", "a variant is")]:
        with pytest.raises(VoiceError, match=why):
            SeatVoice.parse(bad)


def test_an_unknown_variant_is_a_clear_error_not_the_plain_voice() -> None:
    with pytest.raises(SynthError, match="unknown voice variant 'zz9'"):
        Synthesizer().synth("Nord", "roa/fr+zz9", 200, 1.0)


def test_public_lines_about_a_seat_take_its_voice_everything_else_the_neutral_one() -> None:
    table = TableVoices({"fr": "roa/fr"}, chosen={1: SeatVoice("m7", 30)})
    assert table.voice("fr", True, 0) == Voice("roa/fr", "f2", 50)  # the default for seat 0
    assert table.voice("fr", True, 1) == Voice("roa/fr", "m7", 30)  # configured
    assert table.voice("fr", True, None) == Voice("roa/fr")  # the companion itself
    assert table.voice("fr", False, 0) == Voice("roa/fr")  # a private line: the companion speaking
    off = TableVoices({"fr": "roa/fr"}, per_seat=False)
    assert off.voice("fr", True, 0) == Voice("roa/fr")


def test_seats_spread_left_to_right_at_the_same_loudness() -> None:
    gains = [pan_gains(s, 4, 1.0) for s in range(4)]
    shares = [right / (left + right) for left, right in gains]
    assert shares == sorted(shares) and shares[0] == pytest.approx(0) and shares[-1] == pytest.approx(1)
    assert all(math.isclose(left**2 + right**2, 1.0) for left, right in gains)
    assert pan_gains(None, 4, 1.0) == pytest.approx((math.sqrt(0.5), math.sqrt(0.5)))  # the neutral voice
    assert pan_gains(2, 4, 0.0) == (1.0, 1.0)  # no panning: as before
    narrow = pan_gains(0, 4, 0.5)
    assert 0 < narrow[1] / sum(narrow) < 0.5  # half the width: left of centre, not hard left


def test_rate_steps_reach_the_top_and_bottom_and_stop_there() -> None:
    steps = rate_steps()
    assert steps == sorted(steps) and steps[-1] == 900 and 450 in steps
    assert next_rate(200, faster=True) == 230 and next_rate(200, faster=False) == 175
    assert next_rate(210, faster=True) == 230 and next_rate(210, faster=False) == 200
    assert next_rate(900, faster=True) == 900 and next_rate(80, faster=False) == 80


def test_faster_and_slower_are_said_and_bounded() -> None:
    out = io.StringIO()
    with Announcer("fr", backend="text", out=out, rate=800) as ann:
        assert ann.faster() == 900
        assert ann.faster() == 900
        assert ann.slower() == 800
    assert out.getvalue().splitlines() == ["Vitesse 900.", "Vitesse maximale : 900.", "Vitesse 800."]


def test_faster_speech_is_shorter_above_espeaks_own_scale() -> None:
    synth = Synthesizer()
    text = SENTENCES["fr"][1]
    at_450, at_600, at_900 = (len(synth.synth(text, "roa/fr", rate, 1.0)) for rate in (450, 600, 900))
    assert at_450 > 1.2 * at_600 and at_600 > 1.3 * at_900  # libsonic takes over above 450
