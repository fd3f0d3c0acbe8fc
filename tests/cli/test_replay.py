"""`companion replay` and `companion demo` through CliRunner, and replay once as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.engine import games
from tests.golden import golden_records, record, transcript

runner = CliRunner()
RECORD = record("tatsu", "round")
GOLDEN = golden_records()


def test_every_game_has_a_golden_record() -> None:
    recorded = {json.loads(path.read_text(encoding="utf-8").splitlines()[0])["game"] for path in GOLDEN}
    assert recorded == set(games())


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_replay_transcript_matches_the_golden_text(path: Path, lang: str) -> None:
    """Every game package's golden record replays to its checked transcript, both languages."""
    result = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    expected = transcript(path, lang).read_text(encoding="utf-8")
    assert result.output == expected
    assert "\x1b[" not in result.output


def test_replay_json_is_the_design_object() -> None:
    result = runner.invoke(app, ["replay", str(RECORD), "--json"])
    assert result.exit_code == 0
    out = json.loads(result.output)
    assert set(out) == {"game", "seats", "over", "scores", "winners", "events"}
    assert (out["game"], out["seats"], out["over"], out["winners"]) == ("tatsu", 4, False, [])
    assert out["scores"] == {"0": 56, "1": 0, "2": 56, "3": 0}
    score = next(e for e in out["events"] if e["key"] == "round_score")
    assert score["text"] == "Jaunes : 14 points × (1 + 3) = 56."
    private = [e for e in out["events"] if e["audience"] != "all"]
    assert [e["audience"] for e in private] == [0] and private[0]["key"] == "hand"
    assert all(set(e) == {"audience", "key", "params", "text"} for e in out["events"])


def test_replay_stops_at_a_refused_action_naming_its_line(tmp_path: Path) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[5])
    bad["action"]["card"] = "Y-P3-V1"  # yellow in front of a red seat
    lines[5] = json.dumps(bad)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "ligne 6" in result.output and "Devant" in result.output and "Traceback" not in result.output


def test_replay_of_a_torn_record_warns_and_of_a_broken_one_fails(tmp_path: Path) -> None:
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(RECORD.read_bytes() + b'{"seq": 32, "act')
    result = runner.invoke(app, ["replay", str(torn)])
    assert result.exit_code == 0 and "dernière ligne incomplète ignorée" in result.output
    broken = tmp_path / "broken.jsonl"
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    broken.write_text("\n".join([*lines[:3], "not json", *lines[3:]]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 1 and "ligne 4" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.jsonl")])
    assert result.exit_code == 1 and "fichier introuvable" in result.output


def test_replay_runs_as_a_real_command() -> None:
    proc = subprocess.run([sys.executable, "-m", "companion", "replay", str(RECORD), "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == transcript(RECORD, "en").read_text(encoding="utf-8")


def test_demo_plays_a_whole_seeded_game_in_french() -> None:
    result = runner.invoke(app, ["simulate", "--seed", "3"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Manche 1. Nord donne et commence."
    assert lines[-1].startswith("Partie terminée.")
    assert sum(line.endswith(("points.", "point.")) and "remporte" in line for line in lines) > 5
    assert result.output == runner.invoke(app, ["simulate", "--seed", "3"]).output
    english = runner.invoke(app, ["simulate", "--seed", "3", "--lang", "en"]).output
    assert english.splitlines()[-1].startswith("Game over.")
