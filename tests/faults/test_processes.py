"""Real processes: kill -9 at random moments then resume; two processes on one record.

A game killed at any moment leaves a record that opens (at most a torn last line,
dropped) and, resumed, goes on to exactly the game an unbroken run plays. A second
process on a record that is being played is refused with who holds it, and writes nothing.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.journal import Journal, RecordError, open_record

from .conftest import COMPANION, ROOT, child_env

TOTAL = 160  # actions of the driven game (a few rounds of Tatsu, with undos)


def _driver(record: Path, *extra: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tests.faults.driver", str(record), "5", str(TOTAL), *extra]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_kill_nine_at_random_moments_then_resume_plays_the_unbroken_game(tmp_path: Path) -> None:
    unbroken = tmp_path / "unbroken.jsonl"
    done = _driver(unbroken)
    _, err = done.communicate(timeout=120)
    assert done.returncode == 0, err
    seed = random.randrange(1 << 30)
    dice = random.Random(seed)  # the moments change from run to run; the seed says which on failure
    broken = tmp_path / "broken.jsonl"
    kills = 0
    for _ in range(8):
        process = _driver(broken, *(["--resume"] if broken.exists() else []))
        assert process.stdout is not None
        if dice.random() < 0.8:  # mostly in the middle of the game: after a few of its writes
            process.stdout.readline()  # "ready": the record is open
            for _ in range(dice.randrange(25)):
                process.stdout.read(1)
        time.sleep(dice.uniform(0.0, 0.02))  # then at any moment, inside a write or between two
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=60)
        kills += process.returncode == -signal.SIGKILL
        if broken.exists():
            open_record(broken)  # whole at every moment: at most a torn last line, dropped
    final = _driver(broken, "--resume") if broken.exists() else _driver(broken)
    _, err = final.communicate(timeout=120)
    assert final.returncode == 0, (seed, err)
    assert kills >= 4, f"seed {seed}: most runs were killed before they ended"
    expected = [a for _, a in open_record(unbroken)[1]]
    assert [a for _, a in open_record(broken)[1]] == expected, f"seed {seed}"
    assert len(expected) > 100, "a game long enough to be killed in the middle of many writes"


@pytest.mark.slow
def test_kill_nine_of_the_demo_leaves_a_whole_record(tmp_path: Path, home: Path) -> None:
    """The real `companion demo`, killed while it plays: its record replays."""
    record = tmp_path / "demo.jsonl"
    process = subprocess.Popen([COMPANION, "demo", "--fast", "--text", "--record", str(record)],
                               env=child_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not record.exists() or record.stat().st_size < 600):
        time.sleep(0.05)
    time.sleep(random.uniform(0.0, 0.5))
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=60)
    replayed = subprocess.run([COMPANION, "replay", str(record)], env=child_env(home), capture_output=True,
                              text=True, timeout=60)
    assert replayed.returncode == 0, replayed.stderr
    assert "Traceback" not in replayed.stderr


@pytest.mark.slow
def test_a_second_process_on_a_record_in_play_is_refused_with_who_holds_it(tmp_path: Path, home: Path,
                                                                          record: Path) -> None:
    """Two `play --resume R` at once: the second says who holds R and writes nothing."""
    (tmp_path / "none").mkdir()
    args = [COMPANION, "play", "tatsu", "--resume", record.name, "--text", "--images", "none"]
    first = subprocess.Popen(args, env=child_env(home), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert first.stdout is not None and "Reprise de la partie" in first.stdout.readline()
        before = record.read_bytes()
        second = subprocess.run(args, env=child_env(home), input="Y-F\nquitte\n", capture_output=True,
                                text=True, timeout=120, cwd=tmp_path)
        assert second.returncode == 1
        line = second.stderr.strip()
        assert line == ("game.jsonl : cette partie est déjà ouverte par un autre programme "
                        f"(processus {first.pid} : companion play tatsu --resume game.jsonl --text "
                        "--images none)"), line
        assert second.stdout == "" and record.read_bytes() == before
    finally:
        first.communicate("quitte\n", timeout=60)
    assert first.returncode == 0
    again = subprocess.run(args, env=child_env(home), input="quitte\n", capture_output=True, text=True,
                           timeout=120, cwd=tmp_path)
    assert again.returncode == 0, "once the first has quit, the record is free"


def test_the_lock_is_per_open_record_and_goes_with_its_process(tmp_path: Path, record: Path) -> None:
    journal, _, _ = Journal.resume(record)
    try:
        for attempt in (lambda: Journal.resume(record), lambda: Journal.resume(str(record))):
            try:
                attempt()
            except RecordError as err:
                assert f"processus {os.getpid()}" in err.text("fr")
            else:
                raise AssertionError("a second writer was let in")
        open_record(record)  # reading stays free (replay of a game in play)
    finally:
        journal.close()
    Journal.resume(record)[0].close()
