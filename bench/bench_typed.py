"""Typed commands through a pipe, this build beside the previous one (issue 28, finding 8).

5,000 `score` typed into `companion play tatsu --synthetic --text --fast`, and 5,000 lines of
the commands a player types most (score, main, tour, table, répète), each run as its own process;
the start-up alone (one Enter) is measured too, so the commands' own cost shows. Reported: the
median CPU and wall time of each build and the ratio earlier/this (≥ 1.0: as fast as before).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from side_by_side import ROOT, Samples, earlier_build, line, run_once

LINES = 5_000
RUNS = 3
MIX = ("score", "main", "tour", "table", "répète")


def feed(folder: Path, name: str, lines: list[str]) -> Path:
    path = folder / name
    path.write_text("\n" + "".join(f"{x}\n" for x in lines), encoding="utf-8")  # Enter starts the game
    return path


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-typed-"))
    inputs = {"start-up only": feed(folder, "none.txt", []),
              f"{LINES} typed score": feed(folder, "score.txt", ["score"] * LINES),
              f"{LINES} typed commands (mix)": feed(folder, "mix.txt",
                                                    [MIX[i % len(MIX)] for i in range(LINES)])}
    with earlier_build() as earlier:
        for name, stdin in inputs.items():
            now, before = Samples(), Samples() if earlier is not None else None
            for i in range(RUNS):
                for source, samples in ((ROOT, now), (earlier, before)):
                    if source is None or samples is None:
                        continue
                    record = folder / f"record-{i}-{len(samples.cpu_s)}-{id(samples)}.jsonl"
                    run_once(source, ["play", "tatsu", "--synthetic", "--text", "--fast", "--seed", "1",
                                      "--lang", "fr", "--record", str(record)], stdin, samples)
                    record.unlink(missing_ok=True)
            line(name, now, before)
            if name != "start-up only":
                per = (statistics.median(now.cpu_s)) / LINES * 1000
                print(f"  {name}: {per:.2f} ms CPU per line, start-up included", flush=True)
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()


if __name__ == "__main__":
    main()
