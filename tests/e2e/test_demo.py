"""`companion demo`: a whole game on the synthetic table, recorded as it goes, replays the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

COMPANION = str(Path(sys.executable).with_name("companion"))


def test_the_demo_plays_a_whole_game_whose_record_replays_to_the_same_end(tmp_path: Path) -> None:
    record = tmp_path / "demo.jsonl"
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1"}
    done = subprocess.run(
        [COMPANION, "demo", "--text", "--fast", "--target", "40", "--seed", "3", "--record", str(record)],
        capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("Partie terminée.")
    assert "\x1b[" not in done.stdout
    assert sum("remporte le pli" in line for line in lines) >= 5
    replayed = subprocess.run([COMPANION, "replay", str(record), "--json"], capture_output=True, text=True,
                              check=True, env=env)
    game = json.loads(replayed.stdout)
    assert game["over"] is True
    assert game["events"][-1]["text"] == lines[-1], "the record ends where the live game ended"
    live_totals = [line for line in lines if line.startswith("Total ")][-2:]
    replay_totals = [e["text"] for e in game["events"] if e["text"].startswith("Total ")][-2:]
    assert live_totals == replay_totals


def test_every_game_demo_plays_to_its_end_with_the_games_own_seat_count(tmp_path: Path) -> None:
    """`companion demo GAME --text --fast`, as typed, with no --seats: the four other games at
    once (two cores), each to its end, each record replaying to the same last line."""
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1"}
    runs = {}
    for game in ("dojo", "judo", "shodan", "samurai"):
        record = tmp_path / f"{game}.jsonl"
        runs[game] = (record, subprocess.Popen(
            [COMPANION, "demo", game, "--text", "--fast", "--record", str(record)], env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    for game, (record, process) in runs.items():
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, (game, err)
        assert "Traceback" not in out + err
        header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
        assert header["seats"] == {"dojo": 4, "judo": 2, "shodan": 3, "samurai": 4}[game]
        replayed = json.loads(subprocess.run([COMPANION, "replay", str(record), "--json"],
                                             capture_output=True, text=True, check=True, env=env).stdout)
        assert replayed["over"] is True, game
        assert replayed["events"][-1]["text"] == out.splitlines()[-1], game
