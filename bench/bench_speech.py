"""Speech: queue -> first audible sample on the null sink (cached, uncached, earcon), cache build.

Needs the PulseAudio null sinks (`make bench` starts them). The first audible sample
(>= 3 % of full scale) is found in a recording of the table sink's monitor; its time
is the capture callback's arrival time minus the samples after it in the buffer, so
the capture path's own delay is counted against us (a conservative measure).
"""

import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from audio_monitor import Monitor
from common import report

if not os.environ.get("PULSE_SERVER"):
    sys.exit("bench_speech: no audio server (run it through make bench / scripts/bench.sh)")


from card_codes import load_deck
from companion.speech.announcer import Announcer
from companion.speech.cache import PhraseCache
from companion.speech.prebuild import deck_phrases
from companion.speech.synth import Synthesizer

TRIES = 15


def first_sound_ms(monitor: Monitor, ann: Announcer, action) -> float:
    monitor.clear()
    time.sleep(0.05)
    t0 = time.perf_counter()
    action()
    ann.wait(10)
    time.sleep(0.05)
    heard = monitor.first_audible_after(t0)
    if heard is None:
        raise SystemExit("bench_speech: nothing was heard on the table sink")
    return (heard - t0) * 1000


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-speech-"))
    monitor = Monitor()
    monitor.stream.start()
    ann = Announcer("fr", {"all": "table"}, out=io.StringIO(), cache_folder=folder)
    player = ann._players["table"]
    opened = time.monotonic()
    cached = ["Nord", "Sud", "Est", "Ouest", "Esprit jaune 2, 1 point"]
    ann.prebuild(cached)
    time.sleep(0.3)
    samples = [first_sound_ms(monitor, ann, lambda i=i: ann.announce("all", cached[i % len(cached)]))
               for i in range(TRIES)]
    report("cached phrase queued -> first audible sample at the sink", samples, 20)
    samples = [first_sound_ms(monitor, ann, lambda i=i: ann.announce("all", f"Pli numéro {i + 1}"))
               for i in range(TRIES)]
    report("uncached phrase (synthesized now) -> first audible sample", samples, 150)
    samples = [first_sound_ms(monitor, ann, lambda: ann.earcon("label_read")) for _ in range(TRIES)]
    report("earcon label_read -> first audible sample", samples, 20)
    print(f"output underruns (late callbacks, machine load): {player.underruns} "
          f"in {time.monotonic() - opened:.1f} s of open stream", flush=True)
    ann.close()
    monitor.stream.stop()
    monitor.stream.close()

    deck = load_deck("tatsu")
    voices = {"fr": "roa/fr", "en": "gmw/en"}
    phrases = [(p, voices[lang]) for lang in ("fr", "en") for p in deck_phrases(deck, lang)]
    synth = Synthesizer()
    builds, loads = [], []
    for _ in range(5):
        where = Path(tempfile.mkdtemp(prefix="bench-speech-cache-"))
        t0 = time.perf_counter()
        made = PhraseCache(where, synth, 200, 1.0).prebuild(phrases, progress=io.StringIO())
        builds.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        again = PhraseCache(where, synth, 200, 1.0).prebuild(phrases, progress=io.StringIO())
        loads.append((time.perf_counter() - t0) * 1000)
        assert made == len(phrases) == 64 and again == 0
    report(f"cache build, Tatsu: {len(phrases)} phrases (28 cards + 4 seats, fr and en)", builds)
    report(f"cache load from disk, same {len(phrases)} phrases (a new process)", loads)
    print(f"per phrase build: {statistics.median(builds) / len(phrases):.1f} ms", flush=True)


main()
