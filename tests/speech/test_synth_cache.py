"""Synthesis with the real pyttsx3 + espeak-ng, and the phrase cache on disk."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from companion.speech.cache import KEEP_AFTER_S, PhraseCache, read_wav, trim
from companion.speech.synth import SAMPLE_RATE, SynthError, Synthesizer, _EngineThread


class CountingSynth:
    """The real synthesizer, counting its calls (a seam to see cache hits)."""

    def __init__(self) -> None:
        self.real = Synthesizer()
        self.sample_rate = self.real.sample_rate
        self.version = self.real.version
        self.calls: list[str] = []

    def synth(self, text: str, voice: str, rate: int, volume: float, pitch: int = 50) -> bytes:
        self.calls.append(text)
        return self.real.synth(text, voice, rate, volume, pitch)


def _loud_bounds(x: np.ndarray, level: float = 0.002) -> tuple[int, int]:
    loud = np.flatnonzero(np.abs(x) >= level)
    return int(loud[0]), len(x) - 1 - int(loud[-1])


def test_french_and_english_voices_speak_differently() -> None:
    synth = Synthesizer()
    fr = np.frombuffer(synth.synth("Esprit jaune, trois points", "fr", 200, 1.0), "<i2")
    en = np.frombuffer(synth.synth("Esprit jaune, trois points", "en", 200, 1.0), "<i2")
    assert len(fr) > 0.5 * SAMPLE_RATE and np.abs(fr).max() > 3000
    assert abs(len(fr) - len(en)) > 0.05 * SAMPLE_RATE  # another voice, another length


def test_rate_and_volume_are_applied() -> None:
    synth = Synthesizer()
    slow = np.frombuffer(synth.synth("Yellow spirit, three points", "en", 120, 1.0), "<i2")
    fast = np.frombuffer(synth.synth("Yellow spirit, three points", "en", 350, 1.0), "<i2")
    quiet = np.frombuffer(synth.synth("Yellow spirit, three points", "en", 350, 0.3), "<i2")
    assert len(slow) > 1.8 * len(fast)
    assert np.abs(quiet).max() < 0.6 * np.abs(fast).max()


def test_a_slow_first_phrase_on_a_loaded_machine_is_waited_for() -> None:
    """A fresh pyttsx3 engine is "busy" until its first loop, and then that loop returns 10 ms
    after espeak-ng has started, which writes the WAV later from its own thread. On a loaded
    machine the first phrase of a process (the first sentence of `companion check`) was not
    written yet: "no WAV written", and speech was given up. It is waited for."""
    from pyttsx3.drivers import _espeak

    def set_callback(delay: float) -> None:
        def install(engine) -> None:  # type: ignore[no-untyped-def]
            on_synth = engine.proxy._driver._onSynth
            engine.proxy.setBusy(delay != 0.0)  # busy, as a new engine is, while espeak is slow

            def late(wav, numsamples, events):  # type: ignore[no-untyped-def]
                time.sleep(delay)  # each block of samples comes late, as on a machine at load 8
                return on_synth(wav, numsamples, events)

            _espeak.SetSynthCallback(late if delay else on_synth)
        _EngineThread.get().call(install, 5.0)

    synth = Synthesizer()
    phrase = "Rapprochez la caméra d'environ trente-cinq centimètres."
    quick = synth.synth(phrase, "fr", 175, 1.0)
    set_callback(0.03)
    try:
        late = synth.synth(phrase, "fr", 175, 1.0)
    finally:
        set_callback(0.0)
    assert len(quick) > SAMPLE_RATE  # bytes: 0.5 s of speech at least
    assert abs(len(late) - len(quick)) < 0.02 * len(quick)  # the whole phrase, not a part of it


def test_unknown_voice_is_a_clear_error_not_silence() -> None:
    with pytest.raises(SynthError, match="unknown voice"):
        Synthesizer().synth("x", "no-such-voice", 200, 1.0)


def test_pyttsx3_chatter_never_reaches_our_stdout(capfd: pytest.CaptureFixture[str]) -> None:
    Synthesizer().synth("Rouge gagne le pli", "fr", 200, 1.0)
    print("our line")
    out, _ = capfd.readouterr()
    assert out == "our line\n"


def test_second_build_is_a_cache_hit_without_synthesis(tmp_path: Path) -> None:
    phrases = [("Esprit jaune 1, 3 points", "roa/fr"), ("Nord", "roa/fr"), ("North", "gmw/en")]
    first = CountingSynth()
    assert PhraseCache(tmp_path, first, 200, 1.0).prebuild(phrases) == 3
    assert len(first.calls) == 3 and len(list((tmp_path / "speech").glob("*.wav"))) == 3
    again = CountingSynth()  # a new process would see the same files: a fresh cache object
    cache = PhraseCache(tmp_path, again, 200, 1.0)
    assert cache.prebuild(phrases) == 0 and again.calls == []
    assert cache.get("Nord", "roa/fr") is not None
    faster = PhraseCache(tmp_path, again, 250, 1.0)  # rate is part of the key
    faster.build("Nord", "roa/fr")
    assert again.calls == ["Nord"]


def test_cache_key_covers_text_voice_rate_volume_and_engine_version(tmp_path: Path) -> None:
    synth = CountingSynth()
    base = PhraseCache(tmp_path, synth, 200, 1.0)
    keys = {base.key("Nord", "roa/fr"), base.key("Sud", "roa/fr"), base.key("Nord", "gmw/en"),
            PhraseCache(tmp_path, synth, 201, 1.0).key("Nord", "roa/fr"),
            PhraseCache(tmp_path, synth, 200, 0.5).key("Nord", "roa/fr")}
    synth.version = "pyttsx3-9+espeak-ng-9"
    keys.add(base.key("Nord", "roa/fr"))
    assert len(keys) == 6
    assert "espeak-ng-1." in Synthesizer().version and "pyttsx3-" in Synthesizer().version


def test_cached_phrases_start_at_once_and_end_with_a_short_pause(tmp_path: Path) -> None:
    synth = Synthesizer()
    raw = np.frombuffer(synth.synth("Esprit rouge 6, 1 point", "fr", 200, 1.0), "<i2") / 32768.0
    raw_lead, raw_tail = _loud_bounds(raw)
    cache = PhraseCache(tmp_path, synth, 200, 1.0)
    cache.build("Esprit rouge 6, 1 point", "roa/fr")
    stored, rate = read_wav(cache.path("Esprit rouge 6, 1 point", "roa/fr"))
    lead, tail = _loud_bounds(stored)
    assert rate == SAMPLE_RATE
    assert lead <= 0.003 * rate  # leading silence cut to a few ms
    assert raw_tail > 0.2 * rate and tail <= KEEP_AFTER_S * rate + 1  # the 250 ms end pause shortened
    speech = raw[raw_lead: len(raw) - raw_tail]
    # nothing of the speech itself was cut (two syntheses differ by a few samples: espeak)
    assert abs((len(stored) - lead - tail) - len(speech)) < 0.005 * rate


def test_trim_keeps_quiet_speech_and_drops_digital_silence() -> None:
    rate = 1000
    x = np.concatenate([np.zeros(500), [0.003, 0.5, -0.4, 0.003], np.zeros(800)]).astype(np.float32)
    out = trim(x, rate)
    assert out[2] == np.float32(0.003) and len(out) == 2 + 4 + 100
    assert len(trim(np.zeros(100, np.float32), rate)) == 0


def test_a_stuck_synthesizer_times_out_instead_of_hanging() -> None:
    engine = _EngineThread()  # not the process's real engine: a stand-in object is enough
    engine._engine = object()
    t0 = time.monotonic()
    with pytest.raises(SynthError, match="no answer"):
        engine.call(lambda _e: time.sleep(2), timeout=0.2)
    assert time.monotonic() - t0 < 1.5
    with pytest.raises(SynthError):  # and it is not used again
        engine.call(lambda _e: 1, timeout=0.2)


class SlowSynth:
    """A stand-in synthesizer taking 40 ms a phrase (to see progress lines)."""

    sample_rate = SAMPLE_RATE
    version = "slow-1"

    def synth(self, text: str, voice: str, rate: int, volume: float, pitch: int = 50) -> bytes:
        time.sleep(0.04)
        return (np.ones(2205) * 8000).astype("<i2").tobytes()


@pytest.mark.slow
class OpenDevice:
    """Stands for an open sound device: the announcer only drains and closes it here."""

    lost = False

    def drain(self, timeout: float) -> bool:
        return True

    def close(self) -> None:
        pass


def test_long_prebuild_shows_plain_progress_lines_short_one_shows_none(tmp_path: Path) -> None:
    import io

    from companion.speech.announcer import Announcer

    err = io.StringIO()
    with Announcer("fr", backend="builtin", routes={}, out=io.StringIO(), err=err, cache_folder=tmp_path,
                   synth=SlowSynth()) as ann:
        # no sound device: nothing is heard, so nothing is prepared nor said (issue 26, A16)
        assert ann.prebuild([f"Carte {n}" for n in range(30)]) == 0 and err.getvalue() == ""
        ann._players["seam"] = OpenDevice()  # type: ignore[assignment]  # a unit seam: audio tests open real ones
        assert ann.prebuild([f"Carte {n}" for n in range(30)]) == 30
        lines = err.getvalue().splitlines()
        assert lines and lines[-1] == "Préparation des voix : 30/30"
        assert all(line.startswith("Préparation des voix : ") for line in lines)
        err.truncate(0)
        err.seek(0)
        assert ann.prebuild([f"Carte {n}" for n in range(30)]) == 0  # all cached: quick and silent
        assert err.getvalue() == ""
