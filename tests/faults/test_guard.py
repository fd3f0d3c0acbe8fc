"""The last resort: an error nobody foresaw is one line and a log file, never a traceback,
and the record keeps every action that was announced.

Faults are planted in a real child process (a function of the program replaced by one
that raises), since a planted fault is exactly what the guard exists for.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from companion import guard
from companion.journal import open_record

from .conftest import COMPANION, RECORD, ROOT, child_env

PLANT = """
import sys, threading
{plant}
from companion.cli import main
sys.argv = ["companion", *{args!r}]
main()
"""


def planted(home: Path, plant: str, args: list[str], stdin: str = "",
            **env: str) -> subprocess.CompletedProcess[str]:
    code = PLANT.format(plant=plant, args=args)
    return subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=child_env(home, **env))


def _log_of(line: str) -> Path:
    return Path(line.rsplit(" ", 1)[-1])


def test_an_unexpected_error_is_one_line_and_a_log_with_the_details(home: Path) -> None:
    plant = ("import companion.cli.replay as r\n"
             "def boom(*a, **k): raise RuntimeError('planted fault')\n"
             "r.phrasebook_for = boom")
    done = planted(home, plant, ["replay", str(RECORD)])
    assert done.returncode == 70 and done.stdout == ""
    line, = done.stderr.splitlines()
    assert line.startswith("Erreur inattendue (RuntimeError) : rien de ce qui a été annoncé n'est perdu. "
                           f"Détails dans {home / 'data' / 'logs'}/companion-error-"), line
    details = _log_of(line).read_text(encoding="utf-8")
    assert "Traceback" in details and "planted fault" in details and "replay" in details


def test_in_english_when_asked(home: Path) -> None:
    plant = "import companion.cli.replay as r\nr.phrasebook_for = lambda *a: 1 / 0"
    done = planted(home, plant, ["replay", str(RECORD), "--lang", "en"])
    assert done.returncode == 70
    assert done.stderr.startswith("Unexpected error (ZeroDivisionError): nothing that was announced is lost.")


def test_a_crash_in_the_middle_of_a_game_keeps_the_action_it_announced(home: Path, record: Path,
                                                                        tmp_path: Path) -> None:
    """The fault strikes after the action is recorded, while it is announced: the record has it."""
    (tmp_path / "none").mkdir()
    plant = ("import companion.session.pipeline as pipeline\n"
             "def boom(self, events): raise RuntimeError('speech died')\n"
             "pipeline.Pipeline.announce = boom")
    done = planted(home, plant, ["play", "tatsu", "--resume", str(record), "--text", "--images",
                                 str(tmp_path / "none")], stdin="carte R-P1-V3\n")
    assert done.returncode == 70, done.stderr
    assert done.stderr.startswith("Erreur inattendue (RuntimeError)") and "Traceback" not in done.stderr
    _, actions, warnings = open_record(record)
    assert warnings == [] and len(actions) == 32 and actions[-1][1]["card"] == "R-P1-V3"
    lines = record.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["seq"] == 32


def test_a_worker_thread_that_dies_is_said_once_and_the_program_goes_on(home: Path) -> None:
    plant = ("import companion.cli.replay as r\n"
             "real = r.replayed_or_exit\n"
             "def with_a_dying_thread(*a):\n"
             "    t = threading.Thread(target=lambda: 1 / 0, name='camera'); t.start(); t.join()\n"
             "    return real(*a)\n"
             "r.replayed_or_exit = with_a_dying_thread")
    done = planted(home, plant, ["replay", str(RECORD)])
    assert done.returncode == 0 and done.stdout.startswith("Manche 1.")
    line, = done.stderr.splitlines()
    assert line.startswith("Erreur inattendue dans camera (ZeroDivisionError) : le programme continue.")


def test_the_log_goes_to_the_temporary_folder_when_the_data_folder_is_unwritable(home: Path) -> None:
    plant = "import companion.cli.replay as r\nr.phrasebook_for = lambda *a: 1 / 0"
    done = planted(home, plant, ["replay", str(RECORD)], COMPANION_HOME="/proc/none")
    assert done.returncode == 70
    line, = done.stderr.splitlines()
    log = _log_of(line)
    assert log.parent == Path(tempfile.gettempdir())
    assert "ZeroDivisionError" in log.read_text(encoding="utf-8")
    log.unlink()


def test_when_no_log_can_be_written_the_line_still_says_what(monkeypatch, capsys) -> None:
    monkeypatch.setenv("COMPANION_HOME", "/proc/none")
    monkeypatch.setattr(guard.tempfile, "gettempdir", lambda: "/proc/none")
    try:
        raise ValueError("planted")
    except ValueError as error:
        assert guard.report(error, "fr", ["companion"]) == guard.UNEXPECTED_EXIT
    assert capsys.readouterr().err == "Erreur inattendue (ValueError) : planted\n"


def test_an_interrupt_ends_quietly_without_a_traceback(home: Path) -> None:
    plant = ("import companion.cli.replay as r\n"
             "def stop(*a): raise KeyboardInterrupt\n"
             "r.replayed_or_exit = stop")
    done = planted(home, plant, ["replay", str(RECORD)])
    assert done.returncode == 130 and "Traceback" not in done.stderr


def test_a_reader_that_goes_away_ends_the_output_quietly(home: Path) -> None:
    """`companion replay R | head -1`: no BrokenPipeError on the terminal."""
    judo = ROOT / "companion" / "games" / "judo" / "records" / "combat.jsonl"
    process = subprocess.Popen([COMPANION, "replay", str(judo)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(home))
    assert process.stdout is not None and process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert err == b"" and process.returncode in (0, 1)


def test_every_error_the_program_knows_is_its_reason_in_the_users_language(capsys) -> None:
    """One base (CompanionError): whatever known error reaches the guard is its own line, exit 1."""
    from card_codes import DeckError
    from companion.config import ConfigError
    from companion.journal import RecordError
    from companion.vision.zones import ZoneError

    known = [DeckError("deck.toml", None, "file.missing"), ConfigError("lang", "bad_lang", choices="fr, en"),
             RecordError("game.jsonl", None, "other_game", game="dojo", seats=3), ZoneError("same_place")]
    for error in known:
        assert guard.report(error, "fr", ["companion"]) == guard.KNOWN_EXIT
        said = capsys.readouterr().err
        assert said == error.text("fr") + "\n" and said.strip() != error.text("en")  # French, not English


def test_output_to_a_full_disk_is_one_line_not_a_guard_line(home: Path) -> None:
    """Issue 28, finding 6: `replay > /dev/full` was an unexpected OSError, exit 70."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([COMPANION, "replay", str(RECORD)], stdout=full, stderr=subprocess.PIPE,
                              env=child_env(home), timeout=60)
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert err.strip().splitlines() == ["Impossible d'écrire la sortie (disque plein) : rien n'est changé."]
