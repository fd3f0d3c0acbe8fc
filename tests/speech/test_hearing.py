"""Hearing the table, recorded back from the null sinks: a voice and a place per seat, an
instant stop, and the cache at every rate."""

from __future__ import annotations

import time

import numpy as np
import pytest

from companion.speech.voices import Voice
from tests.speech.analysis import median_pitch, semitones, stereo_frames
from tests.speech.conftest import RECORD_RATE, audible_span

pytestmark = pytest.mark.audio

PLAY = "Nord : Esprit jaune 5."
LONG = ("Nord joue Esprit jaune 5. Est joue Esprit rouge 6. Sud joue Multiplicateur jaune fois 2. "
        "Ouest joue Fusion rouge. Est remporte le pli : quatre cartes, douze points.")


@pytest.mark.slow
def test_each_seat_is_heard_in_its_own_voice_at_its_own_place(announcer, recorder) -> None:
    ann = announcer({"all": "table"}, pan=1.0, seats=4)
    heard: dict[str, tuple[float, float]] = {}
    for who, speaker in [("neutral", None), ("seat 0", 0), ("seat 1", 1), ("seat 2", 2), ("seat 3", 3)]:
        with recorder("table_monitor") as rec:
            ann.announce("all", PLAY, speaker=speaker)
            assert ann.wait(30)
        frames = stereo_frames(rec.audio("table_monitor"), RECORD_RATE)
        assert len(frames) > 10, who
        share = float(np.median([right for _t, right, _x in frames]))
        pitch = median_pitch(rec.audio("table_monitor").sum(axis=1), RECORD_RATE)
        heard[who] = (share, pitch)
    shares = [heard[f"seat {i}"][0] for i in range(4)]
    assert shares == sorted(shares) and shares[0] < 0.05 and shares[-1] > 0.95, heard  # left to right
    assert abs(heard["neutral"][0] - 0.5) < 0.05, heard  # the companion's own voice in the centre
    names = list(heard)
    closest = min(semitones(heard[a][1], heard[b][1]) for i, a in enumerate(names) for b in names[i + 1:])
    assert closest >= 3.0, heard


@pytest.mark.slow
def test_without_panning_every_voice_is_on_both_sides(announcer, recorder) -> None:
    ann = announcer({"all": "table"}, seats=4)
    with recorder("table_monitor") as rec:
        ann.announce("all", PLAY, speaker=0)
        assert ann.wait(30)
    left, right = rec.rms("table_monitor")
    assert left > 0.01 and abs(left - right) < 0.02 * left


@pytest.mark.slow
def test_stop_cuts_the_sound_at_what_the_device_already_had(audio: None, recorder) -> None:
    """After stop(), not one more sample is handed to the device: what is heard is exactly what
    it had been given, so the silence comes within one buffer (``latency``) of the stop."""
    from companion.speech.player import DevicePlayer

    rate = 22050
    tone = (0.4 * np.sin(2 * np.pi * 440 * np.arange(3 * rate) / rate)).astype(np.float32)
    for _attempt in range(5):  # a recording that lost buffers measures the machine: again
        player = DevicePlayer("table", rate)
        try:
            with recorder("table_monitor", latency="high") as rec:
                player.play(tone)
                player.play(tone)  # queued behind: must be dropped too
                time.sleep(0.5)
                assert player.stop() == 2
                handed = player.frames_out
                latency = float(player._stream.latency)
                time.sleep(1.0)
        finally:
            player.close()
        recorded = rec.audio("table_monitor")
        heard = audible_span(recorded, RECORD_RATE, level=0.05)
        # the tone's own samples, counted (a late buffer leaves a gap in the span, never more tone):
        # 92 % of a 0.4 sine's samples are at or above 0.05
        sounded = (np.abs(recorded).max(axis=1) >= 0.05).sum() / RECORD_RATE / 0.92
        given = handed / player.rate
        if not rec.overflows and abs(heard - given) < 0.012:
            break
        time.sleep(0.5)
    assert 0.3 < sounded < 1.0  # the 3 s tone was cut, the second never started
    assert abs(sounded - given) < 0.012, (sounded, heard, given)  # not one sample more than it had
    print(f"stop: heard {heard * 1000:.1f} ms ({sounded * 1000:.1f} ms of tone), handed over "
          f"{given * 1000:.1f} ms, buffer {latency * 1000:.1f} ms")


@pytest.mark.slow
def test_stop_silences_the_table_and_my_earpiece_not_another_seats(announcer, recorder) -> None:
    ann = announcer({"all": "table", 0: "seat_north", 2: "seat_south"}, keyboard_seat=2)
    clip = ann._cache.build(LONG, ann.voice_for())
    with recorder("table_monitor", "seat_north_monitor", "seat_south_monitor") as rec:
        ann.announce("all", LONG)
        ann.announce("all", "Et ceci attendait.")
        ann.announce(2, LONG)
        ann.announce(0, "Nord, ta main.")
        time.sleep(0.6)
        ann.stop()
        time.sleep(0.5)
        ann.announce("all", "Après le silence.")  # what comes next is said as usual
        assert ann.wait(30)
    full = audible_span(clip, 22050)
    table = rec.audio("table_monitor")
    assert audible_span(rec.audio("seat_south_monitor"), RECORD_RATE) < 1.0 < full
    assert np.abs(rec.audio("seat_north_monitor")).max() > 0.05  # another seat's private line: untouched
    # on the table: the long sentence cut short, then the new line, nothing in between
    loud = np.flatnonzero(np.abs(table).max(axis=1) >= 0.01) / RECORD_RATE
    gaps = np.diff(loud)
    assert gaps.max() > 0.2 and loud[np.argmax(gaps)] - loud[0] < 1.0 < full
    assert ann.private_backlog(2) == []  # silenced on request: not kept for later


@pytest.mark.slow
def test_phrases_stay_cached_at_every_rate(announcer, recorder) -> None:
    ann = announcer({"all": "table"})
    ann.prebuild([(PLAY, 0), "Nord"])
    lengths = {}
    for _ in range(6):  # 200 -> 230 -> 260 -> 300 -> 350 -> 400 -> 450
        rate = ann.faster()
        deadline = time.monotonic() + 10
        wanted = [(PLAY, ann.table_voices.voice("fr", True, 0)), ("Nord", Voice("roa/fr"))]
        while time.monotonic() < deadline and any(ann._cache.get(t, v, rate) is None for t, v in wanted):
            time.sleep(0.02)  # made in the background, between announcements
        assert all(ann._cache.get(t, v, rate) is not None for t, v in wanted), rate
        voice = wanted[0][1]
        lengths[rate] = len(ann._cache.get(PLAY, voice, rate))
    with recorder("table_monitor") as rec:
        ann.announce("all", PLAY, speaker=0)
        assert ann.wait(30)
    assert audible_span(rec.audio("table_monitor"), RECORD_RATE) > 0.2
    rates = sorted(lengths)
    assert [lengths[r] for r in rates] == sorted((lengths[r] for r in rates), reverse=True)
    assert lengths[450] < 0.6 * lengths[230]
