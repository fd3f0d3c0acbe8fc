"""Speech: queue -> first audible sample on the null sink (cached, uncached, earcon, cached at
several rates), stop -> last audible sample, cache build.

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


def stop_latency(monitor: Monitor, ann: Announcer, player) -> None:  # type: ignore[no-untyped-def]
    """stop() in the middle of a long sentence, a second one queued: how long sound goes on."""
    long = "Nord joue Esprit jaune 5. Est joue Esprit rouge 6. Sud joue Multiplicateur jaune fois 2."
    ann.prebuild([long, "Et ceci attendait."])
    samples, after = [], []
    for _ in range(TRIES):
        monitor.clear()
        ann.announce("all", long)
        ann.announce("all", "Et ceci attendait.")
        time.sleep(0.6)
        t0 = time.perf_counter()
        ann.stop()
        time.sleep(0.6)
        last = monitor.last_audible()
        samples.append(max(0.0, (last - t0) * 1000) if last is not None else 0.0)
        after.append(0 if last is None or last < t0 + 0.3 else 1)  # anything heard well after it
        ann.wait(5)
    buffer_ms = float(player._stream.latency) * 1000
    # the capture path's own delay counts against us here too, so "one buffer" is the mark to meet
    report("stop() mid-sentence -> last audible sample at the sink", samples)
    print(f"one output buffer: {buffer_ms:.1f} ms; median / buffer: "
          f"{statistics.median(samples) / buffer_ms:.2f}", flush=True)
    print(f"stops followed by sound 300 ms later (the queued phrase not dropped): {sum(after)} of {TRIES}",
          flush=True)


def cached_at_rates(monitor: Monitor, folder: Path) -> None:
    """The cached-phrase budget at several rates: each rate's phrases made ahead, then timed."""
    phrases = ["Nord : Esprit jaune 2.", "Est : Esprit rouge 6.", "Sud : Fusion jaune.",
               "Ouest : Esprit rouge 4."]
    for rate in (175, 300, 450, 600, 900):
        ann = Announcer("fr", {"all": "table"}, out=io.StringIO(), cache_folder=folder, rate=rate, seats=4)
        ann.prebuild([(p, seat) for seat, p in enumerate(phrases)])
        time.sleep(0.3)

        def play(i: int, ann: Announcer = ann) -> None:
            ann.announce("all", phrases[i % 4], speaker=i % 4)

        samples = [first_sound_ms(monitor, ann, lambda i=i: play(i)) for i in range(TRIES)]
        report(f"cached seat-voiced phrase at {rate} words a minute -> first audible sample", samples, 20)
        ann.close()


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
    stop_latency(monitor, ann, player)
    ann.close()
    cached_at_rates(monitor, folder)
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
