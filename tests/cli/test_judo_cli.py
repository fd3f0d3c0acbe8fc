"""Judo through the command line: replay of a hand-written record, the demo, the label sheet."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from card_codes import load_deck
from companion.cli import app
from tests.golden import record

runner = CliRunner()


def test_replay_json_has_the_winner_and_keeps_south_unseen_hand_out() -> None:
    result = runner.invoke(app, ["replay", str(record("judo", "combat")), "--json"])
    out = json.loads(result.output)
    assert (out["over"], out["scores"], out["winners"]) == (True, {"0": 1, "1": 0}, [0])
    assert {e["audience"] for e in out["events"] if e["key"] == "drew"} == {0}  # South drew unseen
    gake = next(e for e in out["events"] if e["key"] == "gake")
    assert gake["params"] == {"seat": 0, "face": "IPPON"} and gake["text"] == "Dé GAKE : IPPON !"


def test_demo_judo_plays_a_whole_match_with_two_players() -> None:
    result = runner.invoke(app, ["simulate", "judo", "--seed", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Combat 1. North starts."
    assert lines[-1].endswith(" to 2.") or " wins the match, " in lines[-1]
    assert runner.invoke(app, ["simulate", "judo", "--players", "4"]).exit_code != 0


def test_judo_labels_print_and_every_label_reads_back_to_its_card(tmp_path: Path) -> None:
    from tests.printables.helpers import card_ids, rasterise

    pdf = tmp_path / "judo.pdf"
    result = runner.invoke(app, ["labels", "judo", "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    found = Counter(card_ids(rasterise(pdf, 150)))
    assert found == Counter(load_deck("judo").ids())
