"""A full disk, made for real (a small tmpfs, or a file size limit), then given space back.

A write that fails leaves no partial line and nothing buffered; the action is refused and
said; the sequence never skips; when space returns the game goes on from the last line
written. A disk that stays full ends the game after saying so, the record whole.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import get_game, replay
from companion.journal import Journal, RecordError, open_record
from companion.session import Session, SessionOptions
from companion.session.pipeline import DISK_FULL_FOR_S, WRITE_FAILURES_BEFORE_STOP

from ..session.conftest import Recorder
from .conftest import ROOT, fill

FULL = "Impossible d'écrire la partie (disque plein) : rien n'est changé."


def _session(record: Path, clock: list[float] | None = None) -> tuple[Session, Recorder]:
    rec = Recorder()
    now = clock if clock is not None else [0.0]
    session = Session(SessionOptions(record=record, setup=False), rec, clock=lambda: now[0])
    session.open()
    session.begin()
    return session, rec


def _play_until_refused(session: Session, rec: Recorder, rng: random.Random) -> dict:
    """Legal actions, one after another, until the disk refuses one (the last block's slack
    takes a few lines first); that action, with the record and state as they were before it."""
    for _ in range(2000):
        action = session.bot.choose(session.match, session.rules.actor(session.match.state) or 0, rng)
        assert action is not None
        before, state, seq = session.journal.path.read_bytes(), session.match.state, session.journal.seq
        rec.clear()
        if not session.apply(action):
            assert rec.texts("all") == [FULL], rec.texts()
            assert session.journal.path.read_bytes() == before, "no partial line on disk"
            assert session.match.state is state and session.journal.seq == seq, "nothing changed"
            return action
    raise AssertionError("the disk never filled up")


def test_a_full_disk_refuses_the_action_and_space_given_back_continues(tmpfs) -> None:
    disk = tmpfs("64k")
    record = disk / "game.jsonl"
    session, rec = _session(record)
    filler = fill(disk)
    refused = _play_until_refused(session, rec, random.Random(1))
    seq = session.journal.seq
    filler.unlink()  # space comes back
    assert session.apply(refused), "the same action, now written"
    assert session.journal.seq == seq + 1
    session.close()
    header, actions, warnings = open_record(record)
    assert warnings == [] and actions[-1][1] == refused
    assert [json.loads(line)["seq"] for line in record.read_text().splitlines()[1:]] == \
        list(range(1, seq + 2)), "the sequence never skips"
    assert replay(get_game("tatsu"), 4, header.options, actions).state == session.match.state


def test_a_disk_that_stays_full_ends_the_game_saying_so_with_the_record_whole(tmpfs) -> None:
    disk = tmpfs("64k")
    record = disk / "game.jsonl"
    clock = [0.0]
    session, rec = _session(record, clock)
    fill(disk)
    refused = _play_until_refused(session, rec, random.Random(2))
    before = record.read_bytes()
    for attempt in range(1, WRITE_FAILURES_BEFORE_STOP + 3):  # tries in quick succession: time counts
        clock[0] += 1.0
        assert not session.apply(refused)
        assert not session.quit, attempt
    clock[0] = DISK_FULL_FOR_S  # the disk has stayed full this long
    assert not session.apply(refused)
    assert session.quit
    said = rec.texts("all")[-1]
    n = session.journal.seq
    assert said == ("Le disque reste plein : la partie s'arrête. "
                    f"Elle est enregistrée jusqu'à l'action {n} ; pour la reprendre : --resume {record}")
    session.close()
    assert record.read_bytes() == before and len(open_record(record)[1]) == n


def test_a_record_that_cannot_even_begin_leaves_no_file(tmpfs) -> None:
    disk = tmpfs("64k")
    fill(disk)
    try:
        Journal.create(disk / "game.jsonl", "tatsu", 4, {"target": 500},
                       rules=get_game("tatsu").rules_version)
    except RecordError as err:
        assert err.text("fr").endswith("impossible de créer le fichier (disque plein)")
    else:
        raise AssertionError("a record was created on a full disk")
    assert not (disk / "game.jsonl").exists()


@pytest.mark.slow
def test_the_demo_on_a_disk_that_fills_up_stops_cleanly(tmpfs, run) -> None:
    """A real `companion demo` process on a 4 KiB disk: the game ends said, exit 1, record whole."""
    disk = tmpfs("4k")
    record = disk / "demo.jsonl"
    done = run("demo", "--fast", "--text", "--record", str(record), "--seed", "2")
    assert done.code == 1, done.text
    lines = done.out.strip().splitlines()
    at = max(i for i, ln in enumerate(lines) if ln.startswith("Le disque reste plein"))
    last = " ".join(lines[at:])  # the last announcement (a long line shows as two, LINE_MAX each)
    assert last.startswith("Le disque reste plein : la partie s'arrête."), done.out[-500:]
    assert last.endswith(f"--resume {record}"), last
    assert "Traceback" not in done.text
    header, actions, warnings = open_record(record)
    assert warnings == [] and f"jusqu'à l'action {len(actions)} ;" in last
    replay(get_game("tatsu"), header.seats, header.options, actions)  # every line the rules accept


def test_play_with_a_record_on_a_full_disk_is_one_line_and_leaves_nothing(tmpfs, run) -> None:
    disk = tmpfs("64k")
    fill(disk)
    record = disk / "game.jsonl"
    done = run("play", "tatsu", "--synthetic", "--text", "--record", str(record), stdin=b"\n")
    assert done.code == 1
    assert done.one_line() == f"{record} : impossible de créer le fichier (disque plein)"
    assert not record.exists()


@pytest.mark.slow
def test_a_read_only_disk_is_said_before_the_game(tmpfs, run, home: Path) -> None:
    disk = tmpfs("64k", read_only=True)
    done = run("play", "tatsu", "--synthetic", "--text", "--record", str(disk / "g.jsonl"))
    assert done.code == 1
    assert done.one_line() == f"{disk} : impossible d'écrire dans ce dossier (disque en lecture seule)."
    env_home = {"COMPANION_HOME": str(disk)}
    from .conftest import child_env

    for args in (["demo", "--text"], ["config", "--set", "lang=en"]):
        done = run(*args, env=child_env(home, **env_home))
        assert done.code == 1 and "(disque en lecture seule)" in done.one_line(), done.text
    assert list(disk.iterdir()) == []


LIMITED = """
import resource, sys
from companion.engine import get_game
from companion.journal import Journal, open_record
path, limit = sys.argv[1], int(sys.argv[2])
journal = Journal.create(path, "tatsu", 4, {}, rules=get_game("tatsu").rules_version)
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
written, refused = 0, 0
for n in range(200):
    try:
        journal.append({"type": "play", "seat": n % 4, "card": "Y-P1-V3"})
        written += 1
    except OSError as err:
        refused += 1
        assert journal.seq == written, "the sequence never moves on a refused write"
resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
journal.append({"type": "undo"})  # space given back
journal.close()
print(written, refused, len(open_record(path)[1]))
"""


def test_a_file_size_limit_cuts_no_line_and_the_sequence_goes_on(tmp_path: Path) -> None:
    """The same without root: `ulimit -f` in a child process (Python ignores SIGXFSZ: EFBIG)."""
    record = tmp_path / "limited.jsonl"
    done = subprocess.run([sys.executable, "-c", LIMITED, str(record), "3000"], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    written, refused, lines = (int(x) for x in done.stdout.split())
    assert refused > 0 and lines == written + 1
    assert [json.loads(line)["seq"] for line in record.read_text().splitlines()[1:]] == \
        list(range(1, written + 2))


def test_quick_refusals_do_not_end_the_game_and_room_coming_back_later_saves_it(tmpfs) -> None:
    """Issue 28, finding 7: the synthetic table retried at once, so the three refusals that end a
    game came within a second and room coming back never had its chance. Now it waits between
    tries, and only a disk full for DISK_FULL_FOR_S seconds ends the game."""
    disk = tmpfs("64k")
    record = disk / "game.jsonl"
    clock = [0.0]
    session, rec = _session(record, clock)
    filler = fill(disk)
    refused = _play_until_refused(session, rec, random.Random(3))
    assert session.driver.next_bot_move >= clock[0] + 2.0, "the table's players wait before trying again"
    for _ in range(10):
        clock[0] += 0.1
        assert not session.apply(refused)
    assert not session.quit, "ten refusals in a second end nothing"
    clock[0] += 10
    filler.unlink()  # room comes back
    assert session.apply(refused) and not session.quit
