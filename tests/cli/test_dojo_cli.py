"""Dojo through the command line: replay of a hand-written game, demo, and `companion score dojo`
on photos of the synthetic table (turned too) and on bad photos."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from card_codes import load_deck
from companion.cli import app
from tests.golden import record

runner = CliRunner()
RECORD = record("dojo", "game")
# The record's dojos, row-major (3 players, 12 rounds): hand-computed scores
# North: rows 10 + 6 + 3, column 0 white (1), Sumo trophy (2) = 22
# East: four raccoons 10, one of each 1, three monkeys 6, column 0 white (1), Judo (1) = 19
# South: 1, three foxes and a raccoon 10, two with a raccoon 3, column 0 black (5), Taekwondo (3) = 22
EXPECTED = {"0": 22, "1": 19, "2": 22}
DOJO_IDS = ["FOX-1-1", "FOX-1-2", "FOX-2-1", "RACCOON-1-1", "BEAR-1-1", "BEAR-2-1", "MONKEY-3-1",
            "CRANE-4-1", "BEAR-1-2", "TIGRESS-5-1", "RACCOON-5-1", "CRANE-5-1"]


def test_replay_json_totals_are_rows_plus_columns_plus_trophies() -> None:
    result = runner.invoke(app, ["replay", str(RECORD), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert (out["game"], out["seats"], out["over"]) == ("dojo", 3, True)
    finals = {str(e["params"]["seat"]): e["params"] for e in out["events"] if e["key"] == "final_score"}
    assert {s: p["rows"] + p["columns"] + p["trophies"] for s, p in finals.items()} == out["scores"]
    assert out["scores"] == EXPECTED
    assert (finals["0"]["rows"], finals["1"]["columns"], finals["2"]["trophies"]) == (19, 1, 3)
    assert out["winners"] == [0, 2]  # equal totals, one trophy each: shared
    private = [e for e in out["events"] if e["audience"] != "all"]
    assert {e["key"] for e in private} == {"gave", "received", "kept_last"}  # each dealer keeps the last
    assert all("card" not in e["params"] for e in out["events"] if e["key"] == "given")


def test_replay_names_the_line_of_a_refused_action(tmp_path: Path) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[3])
    assert bad["action"]["type"] == "give"
    bad["action"]["seat"] = json.loads(lines[2])["action"]["seat"]  # a second tatami to the same seat
    lines[3] = json.dumps(bad)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "ligne 4" in result.output and "a déjà son tatami" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("players", [3, 5])
def test_demo_plays_a_whole_game(players: int) -> None:
    result = runner.invoke(app, ["simulate", "dojo", "--players", str(players), "--seed", "4"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sum(line.startswith("Tour ") for line in lines) == 12
    # a placement is said beside a tatami until the dojo spans its frame, then by row and column
    placed = re.compile(r"^[\w-]+ (pose .*(, à (gauche|droite) d|, au-dessus d|, sous | en ligne )"
                        r"|commence son dojo)")
    assert sum(bool(placed.match(line)) for line in lines) == 12 * players
    assert lines[-1].startswith("Partie terminée.")
    assert sum(line.startswith("[") for line in lines) >= 12 * players  # private lines are marked


# ---------------------------------------------------------------------- score from a photo
def _photo(tmp_path: Path, ids: list[str], rows: int = 3, cols: int = 4, rotation: float = 0.0,
           game: str = "dojo") -> Path:
    import cv2

    from companion.vision import Camera, SyntheticTable, grid_script

    camera = Camera(px_per_mm=1.9)
    table = SyntheticTable(load_deck(game), grid_script(ids, rows, cols, rotation=rotation, camera=camera),
                           camera=camera, seed=2)
    path = tmp_path / f"{game}-{len(ids)}-{rows}x{cols}-{rotation}.png"
    cv2.imwrite(str(path), table.render(0.0))
    return path


@pytest.mark.parametrize("rotation", [0, 150])
def test_score_names_the_cards_by_row_and_column_and_the_breakdown(tmp_path: Path, rotation: float) -> None:
    path = _photo(tmp_path, DOJO_IDS, rotation=rotation)
    trophies = ["TROPHY-01,P09", "2"]  # an id, a label code, points: the words after the photo
    result = runner.invoke(app, ["photo", "dojo", str(path), *trophies])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Ligne 1 : Renard, ceinture blanche ; Renard, ceinture blanche ; Renard, ceinture jaune ; "
        "Raton laveur, ceinture blanche.",
        "Ligne 2 : Ours, ceinture blanche ; Ours, ceinture jaune ; Singe, ceinture verte ; "
        "Grue, ceinture bleue.",
        "Ligne 3 : Ours, ceinture blanche ; Tigresse, ceinture noire ; Raton laveur, ceinture noire ; "
        "Grue, ceinture noire.",
    ]
    assert lines[3] == "Colonne 1 : Renard, ceinture blanche ; Ours, ceinture blanche ; " \
        "Ours, ceinture blanche."
    assert "Lignes : 16 points." in lines and "Ligne 1 : Renard × 4, 10 points." in lines
    assert "Colonne 1 : trois ceintures blanches, 1 point." in lines
    assert lines[-2] == "Trophées (Trophée Judo, 1 point ; Trophée Taekwondo, 3 points) : 6 points."
    assert lines[-1] == "Total : 23 points."


def test_score_in_english(tmp_path: Path) -> None:
    path = _photo(tmp_path, DOJO_IDS, rotation=90)
    result = runner.invoke(app, ["photo", "dojo", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Row 1: Fox, white belt; Fox, white belt; Fox, yellow belt; Raccoon, white belt."
    assert lines[-2:] == ["Trophies: 0 points.", "Total: 17 points."]


def test_score_refuses_bad_photos_with_a_clear_reason(tmp_path: Path) -> None:
    text = tmp_path / "notes.png"
    text.write_text("not an image", encoding="utf-8")
    cases = [
        ([str(text)], "Image illisible"),
        ([str(tmp_path / "missing.jpg")], "Image illisible"),
        ([str(_photo(tmp_path, DOJO_IDS[:11]))], "11 étiquettes lues sur 12"),
        ([str(_photo(tmp_path, DOJO_IDS, rows=2, cols=6))], "2 lignes sur 6 colonnes"),
        ([str(_photo(tmp_path, [c.id for c in load_deck("tatsu")][:12], game="tatsu"))], "autre jeu"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["photo", "dojo", *args])
        assert result.exit_code == 1, (args, result.output)
        assert message in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["photo", "dojo", str(text), "gold"])
    assert result.exit_code == 2 and "Trophée inconnu : gold" in result.output
    result = runner.invoke(app, ["photo", "tatsu", str(text)])
    assert result.exit_code == 2 and "dojo" in result.output
