"""Routed audio, proven by recording the null sinks' monitors (a real PulseAudio device)."""

from __future__ import annotations

import io
import time

import numpy as np
import pytest

from tests.speech.conftest import RECORD_RATE, audible_span

pytestmark = pytest.mark.audio

SILENT = 0.002  # RMS of a sink nothing was played to is exactly 0
HEARD = 0.01
PHRASE = "Esprit rouge 5, 1 point"


def test_public_phrase_is_heard_on_the_table_only(announcer, recorder) -> None:
    ann = announcer({"all": "table", 0: "seat_north"})
    with recorder("table_monitor", "seat_north_monitor") as rec:
        ann.announce("all", "Sud joue")
        assert ann.wait(30)
    assert min(rec.rms("table_monitor")) > HEARD
    assert max(rec.rms("seat_north_monitor")) < SILENT


def test_private_phrase_is_heard_in_the_seat_earpiece_only(announcer, recorder) -> None:
    ann = announcer({"all": "table", 0: "seat_north"})
    with recorder("table_monitor", "seat_north_monitor") as rec:
        ann.announce(0, "Ta main")
        assert ann.wait(30)
    assert min(rec.rms("seat_north_monitor")) > HEARD
    assert max(rec.rms("table_monitor")) < SILENT
    assert ann.private_backlog(0) == []


@pytest.mark.parametrize(("seat", "side"), [(1, 0), (2, 1)], ids=["east-left", "south-right"])
def test_private_phrase_on_one_channel_leaves_the_other_silent(announcer, recorder, seat, side) -> None:
    ann = announcer({1: "seat_south:left", 2: "seat_south:right"})
    with recorder("seat_south_monitor") as rec:
        ann.announce(seat, "Ta main")
        assert ann.wait(30)
    levels = rec.rms("seat_south_monitor")
    assert levels[side] > HEARD and levels[1 - side] < SILENT


def test_private_message_without_a_route_is_never_heard_but_kept(announcer, recorder) -> None:
    out = io.StringIO()
    ann = announcer({"all": "table", 0: "seat_north"}, out=out)
    with recorder("table_monitor", "seat_north_monitor", "seat_south_monitor") as rec:
        ann.announce(3, "Ta main : Fusion rouge")
        assert ann.wait(30)
    for monitor in ("table_monitor", "seat_north_monitor", "seat_south_monitor"):
        assert max(rec.rms(monitor)) < SILENT
    assert ann.private_backlog(3) == ["Ta main : Fusion rouge"]
    assert out.getvalue() == "Ouest (privé) : Ta main : Fusion rouge\n"


def why_not_played(ann) -> str:
    """What an announcer still had to do when a wait for it ran out (for the failure's message)."""
    lost = [label for label, player in ann._players.items() if player.lost]
    return (f"jobs left {ann._jobs.unfinished_tasks}, devices {list(ann._players)}, lost {lost}, "
            f"missing {list(ann._missing)}, busy {[p.busy() for p in ann._players.values()]}")


def _envelope(x: np.ndarray, rate: int, frame_s: float = 0.01) -> np.ndarray:
    """RMS per frame of the mono signal, from its first to its last audible sample."""
    mono = np.abs(x).max(axis=1) if x.ndim == 2 else np.abs(x)
    loud = np.flatnonzero(mono >= 0.01)
    body = mono[loud[0]: loud[-1] + 1].astype(np.float64)
    frame = int(rate * frame_s)
    starts = range(0, len(body) - frame + 1, frame)
    return np.sqrt(np.array([np.mean(body[i: i + frame] ** 2) for i in starts]))


def _phrase_heard_whole(heard: np.ndarray, clip: np.ndarray) -> str | None:
    """Why the recording is not the whole phrase (None: it is)."""
    played, span = audible_span(clip, 22050), audible_span(heard, RECORD_RATE)
    # nothing cut: at least as long as the WAV; a buffer or two may come late mid-phrase when other
    # programs hog both cores (a gap that makes it longer, measured up to 0.5 s under load), never shorter
    if not -0.06 < span - played < 0.6:
        return f"heard {span:.3f} s of a {played:.3f} s phrase"
    a, b = _envelope(clip, 22050), _envelope(heard, RECORD_RATE)
    # the end, read backwards from the last audible sample, is the WAV's own end: its last
    # 300 ms follow the WAV's (a tail cut by even 20 ms shifts this and fails it) ...
    tail = 30
    if not (np.corrcoef(a[-tail:], b[-tail:])[0, 1] > 0.9 and b[-5:].mean() > 0.5 * a[-5:].mean()):
        return "the phrase's last 300 ms are not the WAV's"
    # ... and so does the start, read forwards from the first
    if not np.corrcoef(a[:tail], b[:tail])[0, 1] > 0.9:
        return "the phrase's first 300 ms are not the WAV's"
    return None


@pytest.mark.slow
def test_nothing_is_lost_at_the_end_of_a_phrase(announcer, recorder) -> None:
    ann = announcer({"all": "table"})
    clip = ann._cache.build(PHRASE, ann.voice_for())
    for _attempt in range(12):  # a recording that lost buffers, or a late one, measures the machine
        late = sum(player.underruns for player in ann._players.values())
        with recorder("table_monitor") as rec:
            ann.announce("all", PHRASE)
            assert ann.wait(30), why_not_played(ann)
        problem = _phrase_heard_whole(rec.audio("table_monitor"), clip)
        clean = not rec.overflows and sum(player.underruns for player in ann._players.values()) == late
        if problem is None and clean:
            break
    assert problem is None, problem


def _tone_time(heard: np.ndarray, tones: tuple[float, ...], window_s: float = 0.02) -> dict[float, float]:
    """Seconds of the recording in which each tone is the loudest: a gap (a late buffer on a
    loaded machine) adds silence, which is no tone's, and never turns one tone into another."""
    size = int(RECORD_RATE * window_s)
    freqs = np.fft.rfftfreq(size, 1 / RECORD_RATE)
    taper = np.hanning(size)
    heard_for = dict.fromkeys(tones, 0.0)
    for start in range(0, len(heard) - size + 1, size):
        chunk = heard[start: start + size]
        loud = np.abs(chunk) >= 0.01
        if loud.mean() < 0.2:
            continue  # mostly silence: the edge of a tone, or a gap
        spectrum = np.abs(np.fft.rfft(chunk * taper))
        power = {f: float(spectrum[np.abs(freqs - f) <= 25].max()) for f in tones}
        heard_for[max(power, key=power.__getitem__)] += loud.sum() / RECORD_RATE
    return heard_for


@pytest.mark.slow
def test_urgent_message_drops_stale_ones_but_never_cuts_the_current(audio: None, recorder) -> None:
    from companion.speech.player import DevicePlayer

    rate = 22050
    t = np.arange(int(0.4 * rate)) / rate

    def tone(freq: float) -> np.ndarray:
        return (0.4 * np.sin(2 * np.pi * freq * t)).astype(np.float32)

    for _attempt in range(6):  # a recording that lost buffers measures the machine, not the player
        player = DevicePlayer("table", rate)
        try:
            with recorder("table_monitor") as rec:
                player.play(tone(440), priority=1)
                time.sleep(0.1)  # 440 Hz is playing now
                player.play(tone(660), priority=1)
                player.play(tone(880), priority=0)
                player.play(tone(1320), priority=2)
                assert player.drain(5)
        finally:
            player.close()
        if not rec.overflows:
            break
    heard = _tone_time(rec.audio("table_monitor")[:, 0], (440, 660, 880, 1320))
    # the current message whole (0.4 s), the urgent one whole, the two stale ones never begun
    assert abs(heard[440] - 0.4) < 0.03 and abs(heard[1320] - 0.4) < 0.03, heard
    assert heard[660] < 0.02 and heard[880] < 0.02, heard


def test_earcon_reaches_the_seat_route_and_not_the_table(announcer, recorder) -> None:
    from companion.speech.earcons import render

    ann = announcer({"all": "table", 0: "seat_north"})
    whole = audible_span(render("your_turn"), 22050, 0.02)
    for _attempt in range(6):  # a late buffer (a loaded machine) stretches it: measured again
        with recorder("table_monitor", "seat_north_monitor") as rec:
            ann.earcon("your_turn", 0)
            assert ann.wait(30)
        assert min(rec.rms("seat_north_monitor")) > HEARD and max(rec.rms("table_monitor")) < SILENT
        heard = audible_span(rec.audio("seat_north_monitor"), RECORD_RATE, 0.02)
        if abs(heard - whole) < 0.02:
            break
    # all of it (never shorter), and no more than a late buffer's gap longer
    assert -0.02 < heard - whole < (0.02 if not rec.overflows else 0.3), (heard, whole)
