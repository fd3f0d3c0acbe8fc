"""Runs a command of this build and of an earlier one (a git revision) side by side.

The earlier build is checked out in a temporary git worktree and run with this build's Python
environment (its own source first on the path). Runs alternate (this, earlier, this, ...) so a
machine's load falls on both alike; each run's CPU time (user + system of the child) and wall
time are kept, and the ratio earlier/this of the medians is what a bench reports (≥ 1.0: this
build is at least as fast).
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The build the issue measured against: the submission before the capabilities rebuild
PREVIOUS_BUILD = "606cad2"


@dataclass
class Samples:
    cpu_s: list[float] = field(default_factory=list)
    wall_s: list[float] = field(default_factory=list)
    peak_mb: list[float] = field(default_factory=list)


@contextmanager
def earlier_build(revision: str = PREVIOUS_BUILD) -> Iterator[Path | None]:
    """A worktree of ``revision`` (None, with a line saying why, when git or the revision is missing)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-earlier-"))
    tree = folder / "tree"
    made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(tree), revision],
                          capture_output=True, text=True)
    if made.returncode != 0:
        print(f"earlier build {revision}: not available here ({made.stderr.strip()[:120]}); "
              "only this build is measured", flush=True)
        shutil.rmtree(folder, ignore_errors=True)
        yield None
        return
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def run_once(source: Path, args: Sequence[str], stdin: Path | None, samples: Samples) -> str:
    """One run of ``python -m companion ARGS`` from the source tree ``source``; its output."""
    env = {**os.environ, "PYTHONPATH": str(source), "NO_COLOR": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as feed:
        done = subprocess.run([sys.executable, "-m", "companion", *args], stdin=feed, cwd=source,
                              capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    samples.cpu_s.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    samples.wall_s.append(wall)
    samples.peak_mb.append(after.ru_maxrss / 1024)  # the largest child so far: a ceiling, not each run's
    if done.returncode != 0:
        raise RuntimeError(f"{args}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-400:]}")
    return done.stdout.decode(errors="replace")


def line(name: str, now: Samples, before: Samples | None) -> str:
    """One plain line: medians of both builds and the ratio earlier/this (≥ 1.0 is as fast)."""
    cpu, wall = statistics.median(now.cpu_s), statistics.median(now.wall_s)
    text = f"{name}: this build median CPU {cpu:.2f} s, wall {wall:.2f} s (n={len(now.cpu_s)})"
    if before is not None and before.cpu_s:
        cpu0, wall0 = statistics.median(before.cpu_s), statistics.median(before.wall_s)
        verdict = "OK" if cpu0 / cpu >= 1.0 else "SLOWER"
        text += (f"; earlier build CPU {cpu0:.2f} s, wall {wall0:.2f} s; ratio earlier/this "
                 f"CPU {cpu0 / cpu:.2f}, wall {wall0 / wall:.2f} {verdict}")
    print(text, flush=True)
    return text
