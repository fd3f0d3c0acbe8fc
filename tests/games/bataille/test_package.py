"""The proof of the layout: a game added as one package plus one deck file, with no other edit,
works with every command (cards, simulate, replay, demo, labels, photo refused) and the
conformance test (which finds it like the others)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from card_codes import encode, load_deck
from companion.cli import app
from companion.engine import games, get_package
from tests.golden import record, transcript
from tests.printables.helpers import card_ids, rasterise

ROOT = Path(__file__).resolve().parents[3]
GAME = "bataille"
PLACES = (ROOT / "companion" / "games" / GAME, ROOT / "card_codes" / "decks" / f"{GAME}.toml", ROOT / "tests")
SOURCES = ("companion", "card_codes", "printables", "bench", "scripts", ".ci")
COMPANION = str(Path(sys.executable).with_name("companion"))
runner = CliRunner()


def test_its_name_is_written_only_in_its_package_its_deck_file_and_the_tests() -> None:
    name = re.compile(GAME, re.IGNORECASE)
    files = [p for folder in SOURCES for p in (ROOT / folder).rglob("*") if p.is_file()]
    files += [p for p in ROOT.iterdir() if p.is_file()]  # README, Makefile, pyproject...
    outside = [p for p in files  # (the README lists every game for its players: words for people)
               if "__pycache__" not in p.parts and not any(p.is_relative_to(q) for q in PLACES)
               and p != ROOT / "README.md"]
    named = [str(p.relative_to(ROOT)) for p in outside
             if name.search(p.read_text(encoding="utf-8", errors="ignore"))]
    assert named == []
    assert GAME in games() and get_package(GAME).folder == PLACES[0]


def test_cards_lists_its_deck() -> None:
    result = runner.invoke(app, ["cards", GAME, "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)
    assert len(cards) == 20 and {c["suit"] for c in cards} == {"H", "C"}
    assert sorted(c["value"] for c in cards) == sorted([*range(1, 11)] * 2)


def test_simulate_plays_a_whole_game() -> None:
    result = runner.invoke(app, ["simulate", GAME, "--seed", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Bataille: 10 cards each") and lines[-1].startswith("Game over.")
    taken = sum(int(m.group(1)) for line in lines if (m := re.search(r"takes (\d+) card", line)))
    returned = sum(int(m.group(1)) for line in lines if (m := re.search(r"(\d+) cards? stays?", line)))
    assert taken + returned == 20, "every card ends in somebody's winnings, or on the table at the end"


def test_replay_of_its_golden_record_is_its_checked_transcript() -> None:
    path = record(GAME, "game")
    for lang in ("fr", "en"):
        result = runner.invoke(app, ["replay", str(path), "--lang", lang])
        assert result.exit_code == 0 and result.output == transcript(path, lang).read_text(encoding="utf-8")
    out = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert (out["scores"], out["winners"], out["over"]) == ({"0": 9, "1": 11}, [1], True)


def test_a_record_under_other_rules_is_refused_naming_both_versions(tmp_path: Path) -> None:
    lines = record(GAME, "game").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    newer = tmp_path / "newer.jsonl"
    newer.write_text("\n".join([json.dumps({**header, "rules": 2}), *lines[1:]]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(newer), "--lang", "en"])
    assert result.exit_code == 1
    assert result.output.strip() == (f"{newer}, line 1: Recorded under version 2 of the {GAME} rules; "
                                     "this program has version 1.")
    older = tmp_path / "older.jsonl"  # every record written before versions existed: version 1
    unversioned = {k: v for k, v in header.items() if k != "rules"}
    older.write_text("\n".join([json.dumps(unversioned), *lines[1:]]) + "\n", encoding="utf-8")
    assert runner.invoke(app, ["replay", str(older)]).exit_code == 0


@pytest.mark.slow
def test_the_demo_plays_it_on_the_synthetic_table(tmp_path: Path) -> None:
    """Frames through the real decoder and tracker, the generic table rules and the random bot."""
    played = tmp_path / "demo.jsonl"
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1"}
    done = subprocess.run([COMPANION, "demo", GAME, "--text", "--fast", "--record", str(played)],
                          capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("Partie terminée.") and "Traceback" not in done.stdout + done.stderr
    replayed = json.loads(subprocess.run([COMPANION, "replay", str(played), "--json"], capture_output=True,
                                         text=True, check=True, env=env).stdout)
    assert replayed["over"] and replayed["events"][-1]["text"] == lines[-1]


def test_its_labels_print_and_read_back(tmp_path: Path) -> None:
    pdf = tmp_path / "labels.pdf"
    result = runner.invoke(app, ["labels", GAME, "--out", str(pdf), "--png", str(tmp_path / "png")])
    assert result.exit_code == 0, result.output
    deck = load_deck(GAME)
    assert len(list((tmp_path / "png").glob("*.png"))) == len(deck)
    assert Counter(card_ids(rasterise(pdf, 150))) == Counter(deck.ids())  # each card's label, once
    assert encode(deck, "H-10") == "BA.H10" + encode(deck, "H-10")[-1]


def test_a_photo_of_its_table_means_nothing_and_says_so(tmp_path: Path) -> None:
    result = runner.invoke(app, ["photo", GAME, str(tmp_path / "x.png"), "--lang", "en"])
    assert result.exit_code == 2 and "No photo reading" in result.output
