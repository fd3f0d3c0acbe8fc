"""`companion cards`, `--help` and `--version`, through CliRunner and one real process."""

import json
import subprocess
import sys

from typer.testing import CliRunner

from card_codes import decode
from companion import __version__
from companion.cli import app

runner = CliRunner()


def test_cards_tatsu_lists_the_28_cards_one_line_each() -> None:
    result = runner.invoke(app, ["cards", "tatsu"])
    assert result.exit_code == 0
    lines = [ln for ln in result.output.splitlines() if ln.startswith(("Y-", "R-"))]
    assert len(lines) == 28
    assert lines[0].split()[0] == "Y-P1-V3" and "TA." in lines[0]
    assert "\x1b[" not in result.output


def test_cards_json_has_ids_names_payloads_and_points() -> None:
    result = runner.invoke(app, ["cards", "dojo", "--json", "--lang", "en"])
    assert result.exit_code == 0
    cards = json.loads(result.output)
    assert len(cards) == 72
    fox = next(c for c in cards if c["id"] == "FOX-5-2")
    assert fox["name"] == "Fox, black belt" and fox["belt"] == 5
    assert decode(fox["payload"]).card.id == "FOX-5-2"
    assert decode(f"tag:{fox['tag']}").card.id == "FOX-5-2"  # the camera tag names the same card
    assert len({c["tag"] for c in cards}) == 72
    trophy = next(c for c in cards if c["id"] == "TROPHY-01")
    assert isinstance(trophy["points"], int) and "points" in trophy["assumed"]


def test_unknown_game_is_a_short_clear_error() -> None:
    result = runner.invoke(app, ["cards", "chess"])
    assert result.exit_code == 2
    assert "Jeu inconnu" in result.output and "tatsu" in result.output


def test_version_and_help() -> None:
    assert runner.invoke(app, ["--version"]).output.strip() == f"companion {__version__}"
    assert "cards" in runner.invoke(app, ["--help"]).output


def test_real_process_starts_without_heavy_libraries() -> None:
    code = (
        "import sys; from companion.cli import app;\n"
        "heavy = {'cv2','zxingcpp','pyzbar','pyttsx3','sounddevice','reportlab','numpy'}\n"
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "cards", "tatsu", "--json"],
        capture_output=True, text=True, check=True,
    )
    assert len(json.loads(done.stdout)) == 28
