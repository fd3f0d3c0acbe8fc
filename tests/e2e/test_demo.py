"""`companion demo`: a whole game on the synthetic table, recorded as it goes, replays the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.engine import get_game, replay
from companion.journal import open_record
from tests.games.bot_helpers import demo_game

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


# Each game's demo (a seed whose match is short for judo) and what its output must show: the
# game's core scoring, as the engine-side bot tests check over several seeds.
DEMOS = {
    "judo": (4, ["Dé GAKE : IPPON !", ", par ippon.", "gagne le match"]),
    "shodan": (1, ["Sud est reçu au dan 1.", "Nord et Est ne sont pas reçus.", "Major de la promotion"]),
    "samurai": (1, ["3 points de contrôle contre 0. 3 points de victoire gagnés."]),
    "tatsu": (1, ["remporte le pli", "Partie terminée."]),
    "dojo": (1, ["défie", "gagne le défi.", "Partie terminée."]),
}


def _demo(game: str, seed: int, tmp_path: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    record = tmp_path / f"{game}.jsonl"
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1"}
    done = subprocess.run([COMPANION, "demo", game, "--text", "--fast", "--seed", str(seed), "--record",
                           str(record)], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=600)
    return record, done


def test_every_game_demo_shows_its_core_scoring_and_is_the_bots_game(tmp_path: Path) -> None:
    """`companion demo GAME --text --fast`, as typed, with no --seats, two at a time (two cores):
    each to its end, showing its scoring, its record replaying to the same last line and to the
    very game the bots play engine-side."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {game: pool.submit(_demo, game, seed, tmp_path) for game, (seed, _) in DEMOS.items()}
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1"}
    for game, run in runs.items():
        record, done = run.result()
        assert done.returncode == 0, (game, done.stderr)
        assert "Traceback" not in done.stdout + done.stderr
        for text in DEMOS[game][1]:
            assert text in done.stdout, (game, text)
        header, actions, _ = open_record(record)
        assert header.seats == get_game(game).default_seats
        replayed = json.loads(subprocess.run([COMPANION, "replay", str(record), "--json"],
                                             capture_output=True, text=True, check=True, env=env).stdout)
        assert replayed["over"] is True, game
        assert replayed["events"][-1]["text"] == done.stdout.splitlines()[-1], game
        live = replay(get_game(game), header.seats, header.options, actions)
        assert live.events == demo_game(game, header.seats, DEMOS[game][0]).events, game
