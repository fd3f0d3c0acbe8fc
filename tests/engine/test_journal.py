"""Game records: durable appends, torn last lines dropped, bad lines named."""

from __future__ import annotations

import json
import os

import pytest

from companion import journal as journal_module
from companion.engine import get_game
from companion.journal import Journal, RecordError, open_record

PLAY = {"type": "play", "seat": 0, "card": "Y-P2-V1"}


def test_each_action_is_flushed_and_fsynced_before_append_returns(tmp_path, monkeypatch) -> None:
    path = tmp_path / "g.jsonl"
    synced: list[int] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.fstat(fd).st_size)
        real_fsync(fd)

    monkeypatch.setattr(journal_module.os, "fsync", spy)
    with Journal.create(path, "tatsu", 4, {"target": 300}, rules=get_game("tatsu").rules_version) as j:
        header_size = path.stat().st_size
        assert j.append(PLAY) == 1
        # the file on disk already holds the whole line when append returns, and it was synced
        lines = path.read_text(encoding="utf-8").splitlines()
        assert json.loads(lines[1]) == {"seq": 1, "action": PLAY}
        assert path.stat().st_size in synced and header_size in synced
    assert json.loads(lines[0]) == {"format": "companion-record/1", "game": "tatsu", "rules": 2, "seats": 4,
                                    "options": {"target": 300}, "information": "equal"}


def test_create_refuses_to_overwrite(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    Journal.create(path, "tatsu", 4, rules=get_game("tatsu").rules_version).close()
    with pytest.raises(RecordError, match="already exists"):
        Journal.create(path, "tatsu", 4, rules=get_game("tatsu").rules_version)


def test_a_torn_last_line_is_dropped_with_a_warning_and_resume_cuts_it(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    with Journal.create(path, "tatsu", 4, rules=get_game("tatsu").rules_version) as j:
        j.append(PLAY)
    with path.open("ab") as f:
        f.write(b'{"seq": 2, "action": {"type": "pl')
    header, actions, warnings = open_record(path)
    assert header.game == "tatsu" and [a for _, a in actions] == [PLAY]
    assert len(warnings) == 1 and "line 3" in str(warnings[0])
    j, actions, warnings = Journal.resume(path)
    with j:
        assert j.append({"type": "undo"}) == 2
    _, actions, warnings = open_record(path)
    assert warnings == [] and [a for _, a in actions] == [PLAY, {"type": "undo"}]


def test_a_bad_middle_line_is_an_error_naming_it(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    with Journal.create(path, "tatsu", 4, rules=get_game("tatsu").rules_version) as j:
        j.append(PLAY)
        j.append(PLAY)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0], "{oops", lines[2]]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        open_record(path)
    assert err.value.line == 2 and "line 2" in str(err.value)


def test_sequence_gaps_headers_and_unreadable_files_are_refused(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text('{"format": "companion-record/1", "game": "tatsu", "seats": 4, "options": {}}\n'
                    '{"seq": 2, "action": {"type": "undo"}}\n', encoding="utf-8")
    with pytest.raises(RecordError) as err:
        open_record(path)
    assert err.value.line == 2
    path.write_text('{"game": "tatsu"}\n', encoding="utf-8")
    with pytest.raises(RecordError) as err:
        open_record(path)
    assert err.value.line == 1
    with pytest.raises(RecordError, match="cannot read"):
        open_record(tmp_path / "missing.jsonl")


def test_a_record_read_again_is_read_anew_once_it_changed(tmp_path) -> None:
    """Resuming reads a record three times and checks it once; a record written to since (a
    line more, a line changed in place) is read again, never taken from the last reading."""
    path = tmp_path / "r.jsonl"
    with Journal.create(path, "tatsu", 4, {"seed": 1}, rules=get_game("tatsu").rules_version) as j:
        j.append({"type": "play", "seat": 0, "card": "Y-X1"})
    first = open_record(path)[1]
    assert open_record(path)[1] is first  # unchanged: the same reading
    journal, resumed, _ = Journal.resume(path)
    assert resumed is first and len(resumed) == 1
    journal.append({"type": "play", "seat": 1, "card": "Y-X2"})
    journal.close()
    again = open_record(path)[1]
    assert again is not first and [a["card"] for _, a in again] == ["Y-X1", "Y-X2"]
    text = path.read_text(encoding="utf-8").replace("Y-X2", "Y-X3")  # same size, changed in place
    path.write_text(text, encoding="utf-8")
    assert [a["card"] for _, a in open_record(path)[1]] == ["Y-X1", "Y-X3"]
