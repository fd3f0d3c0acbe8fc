"""The largest record the program accepts, replayed and resumed (issue 28, finding 8).

A Tatsu record of play/undo actions (an undo every 97th action) is written up to the size
limit (64 MiB, about 740,000 actions); then `companion replay`, `replay --json` and
`play --resume` (which answers `score` and quits) each run as their own process, and their CPU
time, wall time and peak memory (the child's own, from wait4) are reported against the
budgets: at most 500 MB and 60 s. A 100,000-action record is also replayed by this build and
the previous one side by side (ratio earlier/this ≥ 1.0: as fast as before).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

from side_by_side import ROOT, Samples, earlier_build, line, run_once

from companion.engine import Match, get_game
from companion.journal import MAX_RECORD_BYTES

BUDGET_MB = 500
BUDGET_S = 60
UNDO_EVERY = 97


def write_record(path: Path, limit_bytes: int, max_actions: int | None = None) -> int:
    """A record of random legal Tatsu actions, an undo every 97th, up to ``limit_bytes``."""
    game = get_game("tatsu")
    options = {"target": 10**9, "seed": 1}
    rng = random.Random(1)
    live = Match.new(game, 4, options)
    live.keep_events = False
    header = {"format": "companion-record/1", "game": "tatsu", "rules": game.rules_version, "seats": 4,
              "options": options, "information": "equal"}
    size, count = 0, 0
    with path.open("w", encoding="utf-8") as out:
        text = json.dumps(header, ensure_ascii=False) + "\n"
        out.write(text)
        size += len(text.encode())
        while max_actions is None or count < max_actions:
            state = live.state
            if deal := game.table_actions(state, rng):
                batch = deal
            elif count % UNDO_EVERY == UNDO_EVERY - 1:
                batch = [{"type": "undo"}]
            else:
                batch = [rng.choice([a for s in range(4) for a in game.legal(state, s)])]
            for action in batch:
                text = json.dumps({"seq": count + 1, "action": action}, ensure_ascii=False) + "\n"
                full = max_actions is not None and count >= max_actions
                if full or size + len(text.encode()) > limit_bytes:
                    return count
                live.apply(action)
                if len(live.states) > 8:  # one undo at a time: the generator keeps the last few
                    del live.states[1:-4]
                    del live.batches[:-4]
                out.write(text)
                size += len(text.encode())
                count += 1
    return count


def measured(args: list[str], stdin: bytes = b"") -> tuple[float, float, float]:
    """CPU seconds, wall seconds and peak MB of one run of ``companion ARGS``."""
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "companion", *args], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert child.stdin is not None and child.stderr is not None
    child.stdin.write(stdin)
    child.stdin.close()
    errors = child.stderr.read()
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if child.returncode != 0:
        raise RuntimeError(f"{args}: exit {child.returncode}: {errors.decode(errors='replace')[-300:]}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-large-record-"))
    big = folder / "largest.jsonl"
    t0 = time.perf_counter()
    n = write_record(big, MAX_RECORD_BYTES)
    print(f"largest record: {n} actions, {big.stat().st_size / 2**20:.1f} MiB "
          f"(written in {time.perf_counter() - t0:.0f} s, not timed)", flush=True)
    for name, args, stdin in (("replay", ["replay", str(big)], b""),
                              ("replay --json", ["replay", "--json", str(big)], b""),
                              ("play --resume", ["play", "--resume", str(big), "--text", "--synthetic",
                                                 "--lang", "fr"], b"score\nquitte\n")):
        cpu, wall, peak = measured(args, stdin)
        verdict = "OK" if peak <= BUDGET_MB and cpu <= BUDGET_S else "OVER"
        print(f"{name} of {n} actions: CPU {cpu:.1f} s, wall {wall:.1f} s, peak {peak:.0f} MB; "
              f"budget {BUDGET_MB} MB and {BUDGET_S} s, ratios {peak / BUDGET_MB:.2f} and "
              f"{cpu / BUDGET_S:.2f} {verdict}", flush=True)
    big.unlink()
    small = folder / "100k.jsonl"
    write_record(small, MAX_RECORD_BYTES, 100_000)
    with earlier_build() as earlier:
        now, before = Samples(), Samples() if earlier is not None else None
        for _ in range(3):
            for source, samples in ((ROOT, now), (earlier, before)):
                if source is not None and samples is not None:
                    run_once(source, ["replay", str(small)], None, samples)
        line("replay of 100,000 play/undo actions", now, before)
    small.unlink()
    folder.rmdir()


if __name__ == "__main__":
    main()
