"""Shodan through the command line: replay of a hand-written record, demo, labels read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from card_codes import load_deck
from companion.cli import app
from tests.golden import record
from tests.printables.helpers import card_ids, rasterise

runner = CliRunner()
RECORD = record("shodan", "example")


def test_replay_json_scores_and_private_draws() -> None:
    result = runner.invoke(app, ["replay", str(RECORD), "--json"])
    assert result.exit_code == 0
    out = json.loads(result.output)
    assert (out["game"], out["seats"], out["over"]) == ("shodan", 2, False)
    assert out["scores"] == {"0": 4, "1": 4}  # 3 cards + first on the technique, each
    built = next(e for e in out["events"] if e["key"] == "built")
    assert built["text"] == "Nord : yokomen uchi nikyo en tachi waza, 3 cartes, technique 1."
    private = {e["audience"] for e in out["events"] if e["audience"] != "all"}
    assert private == {0}  # only North showed his draws; South's stayed unknown


def test_replay_stops_at_a_technique_card_before_its_position(tmp_path: Path) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[12])
    assert bad["action"]["card"] == "POS-1-1"
    bad["action"]["card"] = "TEC-2-1"
    lines[12] = json.dumps(bad)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "ligne 13" in result.output and "position" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("players", [2, 4])
def test_demo_plays_a_whole_exam(players: int) -> None:
    result = runner.invoke(app, ["simulate", "shodan", "--players", str(players), "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "Major de la promotion" in result.output and "dernier tour" in result.output


@pytest.mark.slow
def test_labels_print_and_read_back(tmp_path: Path) -> None:
    out = tmp_path / "shodan.pdf"
    result = runner.invoke(app, ["labels", "shodan", "-o", str(out)])
    assert result.exit_code == 0, result.output
    read = card_ids(rasterise(out, 150))
    assert sorted(read) == sorted(load_deck("shodan").ids())
