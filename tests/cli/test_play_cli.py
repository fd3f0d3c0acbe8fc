"""`companion play` and `companion demo` refuse bad starts with one clear line, changing nothing."""

from pathlib import Path

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()


def test_an_existing_record_is_never_overwritten(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    record.write_text("precious\n", encoding="utf-8")
    for command in (["play", "tatsu", "--synthetic", "--text"], ["demo", "--text"]):
        result = runner.invoke(app, [*command, "--record", str(record)])
        assert result.exit_code == 1
        assert "already exists" in result.output and "--resume" in result.output
    assert record.read_text(encoding="utf-8") == "precious\n"


def test_bad_starts_say_why(tmp_path: Path) -> None:
    cases = [
        (["play", "chess", "--synthetic"], 2, "Unknown game"),
        (["play", "tatsu", "--seats", "7", "--synthetic"], 2, "not possible"),
        (["play", "tatsu", "--video", str(tmp_path / "none.mp4")], 1, "no such file"),
        (["play", "tatsu", "--synthetic", "--camera", "0"], 2, "Choose one"),
        (["play", "tatsu", "--resume", str(tmp_path / "none.jsonl")], 1, "none.jsonl"),
        (["demo", "--record", str(tmp_path / "nodir" / "x.jsonl")], 1, "no such folder"),
    ]
    for args, code, text in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == code, (args, result.output)
        assert text in result.output, (args, result.output)
        assert "Traceback" not in result.output
