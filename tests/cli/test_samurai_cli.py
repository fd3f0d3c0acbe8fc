"""`companion replay` on a hand-written samurai record, `companion demo samurai`, labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from tests.golden import record

runner = CliRunner()
RECORD = record("samurai", "short")


def test_replay_json_has_the_score_the_winner_and_private_cards() -> None:
    result = runner.invoke(app, ["replay", str(RECORD), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert (out["game"], out["seats"], out["over"], out["winners"]) == ("samurai", 2, True, [1])
    assert out["scores"] == {"0": 0, "1": 2}
    private = [e for e in out["events"] if e["audience"] != "all"]
    assert [e["params"]["card"] for e in private] == ["E1", "E3"] and {e["audience"] for e in private} == {0}
    shot = next(e for e in out["events"] if e["key"] == "shot")
    expected = "Archer jaune 1 tire sur Cavalier rouge 1 : 2 dégâts. Sud, cavaliers : 1 point de vie."
    assert shot["text"] == expected


def test_replay_names_the_line_of_a_refused_action(tmp_path: Path) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[14])
    assert bad["action"]["type"] == "move"
    bad["action"]["to"] = "E2"  # the red cavalry cannot get there, and it is taken
    lines[14] = json.dumps(bad)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code != 0
    assert "15" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("players", [2, 5])
def test_demo_plays_a_whole_samurai_game(players: int) -> None:
    args = ["simulate", "samurai", "--players", str(players), "--seed", "3", "--lang", "en"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Samurai, first to 10 victory points.")
    assert lines[-1].startswith("Game over.") and "\x1b[" not in result.output
    assert any(" shoots " in line or " attacks " in line for line in lines)
