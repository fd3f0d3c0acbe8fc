"""Broken records: one line naming the file (and line) in words, exit 1, the record unchanged.

Each fault is made on a copy of a real record and given to `replay` and to `play
--resume` (the same reasons); a fuzzing pass cuts and corrupts a record at every byte
and checks that opening it only ever gives a record or a RecordError.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from companion.journal import MAX_RECORD_BYTES, Journal, RecordError, open_record

from .conftest import RECORD, clean

LINES = RECORD.read_text(encoding="utf-8").splitlines()


def _with_line(n: int, text: str) -> str:
    """The record with line ``n`` (1 = header) replaced."""
    lines = list(LINES)
    lines[n - 1] = text
    return "\n".join(lines) + "\n"


def _action_line(n: int, **changes: object) -> str:
    obj = json.loads(LINES[n - 1])
    obj["action"].update(changes)
    return _with_line(n, json.dumps(obj, ensure_ascii=False))


# (what is wrong, record text, words the French line must hold)
BROKEN = [
    ("not json", _with_line(4, "{oops"), "ligne 4 : ce n'est pas une ligne JSON"),
    ("empty middle line", _with_line(4, ""), "ligne 4 : ligne vide"),
    ("sequence gap", _with_line(4, LINES[3].replace('"seq": 3', '"seq": 5')),
     "ligne 4 : numéro d'action 5, 3"),
    ("sequence as text", _with_line(4, LINES[3].replace('"seq": 3', '"seq": "3"')), "numéro d'action '3'"),
    ("sequence as true", _with_line(2, LINES[1].replace('"seq": 1', '"seq": true')), "ligne 2 : numéro"),
    ("no action", _with_line(4, '{"seq": 3}'), 'ligne 4 : ligne attendue : {"seq": n'),
    ("not a record", _with_line(1, '{"format": "other/1"}'), "ligne 1 : ce n'est pas une partie enregistrée"),
    ("header without seats", _with_line(1, '{"format": "companion-record/1", "game": "tatsu"}'),
     "ligne 1 : l'en-tête doit donner game, seats et options"),
    ("nested 100,000 deep", _with_line(3, "[" * 100_000), "ligne 3 : données imbriquées trop profondément"),
    ("not UTF-8", _with_line(3, "\x00MARK"), "ligne 3 : ce n'est pas une ligne JSON"),
    ("a NUL byte", _with_line(5, "\0" * 8), "ligne 5 : ce n'est pas une ligne JSON"),
    ("seat as text", _action_line(6, seat="0"), "ligne 6 :"),
    ("seat out of range", _action_line(6, seat=9), "ligne 6 :"),
    ("unknown card", _action_line(6, card="Z-Z"), "ligne 6 :"),
    ("card as a list", _action_line(6, card=["Y-F"]), "ligne 6 :"),
    ("unknown action", _action_line(6, type="teleport"), "ligne 6 :"),
    ("seven seats", _with_line(1, LINES[0].replace('"seats": 4', '"seats": 7')), "ligne 1 :"),
    ("unknown option", _with_line(1, LINES[0].replace('"target"', '"speed"')), "ligne 1 :"),
    ("unknown game", _with_line(1, LINES[0].replace('"tatsu"', '"chess"')), "ligne 1 : jeu inconnu : chess"),
    ("empty file", "", "pas de ligne d'en-tête"),
]


def _write(path: Path, text: str) -> bytes:
    data = text.encode("utf-8").replace(b"\x00MARK", b'{"seq": 2, \xff\xfe}')  # bytes no UTF-8 reads
    path.write_bytes(data)
    return data


@pytest.mark.parametrize(("what", "text", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_replay_of_a_broken_record_is_one_line_and_changes_nothing(cli, record: Path, what: str, text: str,
                                                                 words: str) -> None:
    before = _write(record, text)
    done = cli("replay", str(record))
    assert done.code == 1
    line = done.one_line()
    assert line.startswith(str(record)) and words in line, line
    assert "{'" not in line and "bad_seat" not in line, "a reason in words, never an internal code"
    assert record.read_bytes() == before


@pytest.mark.parametrize(("what", "text", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_resume_of_a_broken_record_is_the_same_line_and_changes_nothing(
        cli, record: Path, tmp_path: Path, what: str, text: str, words: str) -> None:
    before = _write(record, text)
    (tmp_path / "no_images").mkdir()
    done = cli("play", "tatsu", "--resume", str(record), "--text", "--images", str(tmp_path / "no_images"))
    assert done.code == 1
    line = done.one_line()
    assert line.startswith(str(record)) and words in line, line
    assert record.read_bytes() == before


def test_a_refused_action_is_said_in_words_with_the_file(cli, record: Path, tmp_path: Path) -> None:
    """The issue's `line 6: bad_seat {'value': '0'}`: now the file, the line and the rules' words."""
    record.write_text(_action_line(6, seat="0"), encoding="utf-8")
    (tmp_path / "none").mkdir()
    for args in (["replay", str(record)], ["play", "tatsu", "--resume", str(record), "--text",
                                           "--images", str(tmp_path / "none")]):
        line = cli(*args).one_line()
        assert line.startswith(f"{record}, ligne 6 : ") and "bad_seat" not in line


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "missing", "huge"])
def test_only_a_regular_file_of_a_sane_size_is_read(cli, tmp_path: Path, kind: str) -> None:
    """/dev/zero would be read until memory runs out, a FIFO would block: both refused at once."""
    path = tmp_path / "rec.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with path.open("wb") as f:
            f.truncate(MAX_RECORD_BYTES + 1)  # sparse: no disk used
    words = {"fifo": "(tube)", "device": "(périphérique)", "folder": "(dossier)", "missing": "introuvable",
             "huge": "fichier trop gros"}[kind]
    for args in (["replay", str(path)], ["play", "tatsu", "--resume", str(path), "--text"]):
        done = cli(*args)
        assert done.code == 1 and words in done.one_line(), done.text


def test_blank_lines_at_the_end_are_nothing_and_resume_cuts_them(cli, record: Path) -> None:
    record.write_text(RECORD.read_text(encoding="utf-8") + "\n  \n\n", encoding="utf-8")
    done = cli("replay", str(record))
    assert done.code == 0 and done.err == ""
    journal, actions, warnings = Journal.resume(record)
    with journal:
        journal.append({"type": "undo"})
    assert warnings == [] and len(actions) == 31
    assert record.read_text(encoding="utf-8").endswith("}}\n" + '{"seq": 32, "action": {"type": "undo"}}\n')


def test_a_torn_last_line_is_said_in_french_and_the_game_goes_on(cli, record: Path) -> None:
    record.write_bytes(RECORD.read_bytes() + b'{"seq": 32, "act')
    done = cli("replay", str(record))
    assert done.code == 0 and "ligne 33 : dernière ligne incomplète ignorée" in done.one_line()


def test_escape_codes_in_a_record_never_reach_the_terminal(cli, record: Path) -> None:
    hostile = "\x1b[2J\x1b]0;pwned\x07\x9b31m\r"
    for text in (_action_line(6, card=hostile),
                 _with_line(1, LINES[0].replace('"target"', json.dumps(hostile))),
                 _with_line(1, LINES[0].replace('"tatsu"', json.dumps(hostile)))):
        record.write_text(text, encoding="utf-8")
        for args in (["replay", str(record)], ["replay", str(record), "--json"]):
            done = cli(*args)
            assert done.code == 1 and clean(done.text), repr(done.text)
    named = record.with_name("\x1b[2Jgame\x07.jsonl")
    named.write_text(RECORD.read_text(encoding="utf-8"), encoding="utf-8")
    for args in (["replay", str(named)], ["replay", str(named) + "x"]):
        assert clean(cli(*args).text)


def _cut_and_corrupt(raw: bytes, rng: random.Random) -> list[bytes]:
    """Every prefix of the record, and half as many copies with one byte changed, dropped or added."""
    variants = [raw[:n] for n in range(len(raw))]
    for _ in range(len(raw) // 2):
        at = rng.randrange(len(raw))
        byte = bytes([rng.choice(b'\x00\n\r{}[]":,0123456789 \xff\x1bax')])
        variants.append(rng.choice([raw[:at] + byte + raw[at + 1:], raw[:at] + raw[at + 1:],
                                    raw[:at] + byte + raw[at:]]))
    return variants


@pytest.mark.slow
def test_cut_or_corrupted_at_every_byte_a_record_opens_or_is_refused_by_line(tmp_path: Path) -> None:
    """Never another exception: a record, a prefix of it (a torn line dropped) or a named line."""
    raw = RECORD.read_bytes()
    path = tmp_path / "fuzz.jsonl"
    outcomes = {"opened": 0, "refused": 0}
    for variant in _cut_and_corrupt(raw, random.Random(18)):
        path.write_bytes(variant)
        try:
            header, actions, _ = open_record(path)
        except RecordError as err:
            assert err.line is None or 1 <= err.line <= variant.count(b"\n") + 1
            assert clean(err.text("fr")) and clean(err.text("en"))
            outcomes["refused"] += 1
            continue
        outcomes["opened"] += 1
        assert header.game in ("tatsu", "tatsx") or isinstance(header.game, str)
        assert [n for n, _ in actions] == list(range(2, len(actions) + 2)), "actions come from whole lines"
    assert outcomes["opened"] > 100 and outcomes["refused"] > 100, outcomes


def test_resume_after_a_cut_at_every_byte_leaves_whole_lines_only(tmp_path: Path) -> None:
    """Kill -9 in the middle of a write, at every byte of the last line: resume makes it whole."""
    raw = RECORD.read_bytes()
    last = raw.rstrip(b"\n").rfind(b"\n") + 1
    path = tmp_path / "torn.jsonl"
    for n in range(last, len(raw) + 1):
        path.write_bytes(raw[:n])
        journal, _, _ = Journal.resume(path)
        with journal:
            seq = journal.append({"type": "undo"})
        _, again, warnings = open_record(path)
        assert warnings == [] and seq == len(again) and again[-1][1] == {"type": "undo"}
        assert len(again) in (31, 32)  # the cut line dropped, or kept when only its newline was missing


def test_a_huge_field_is_quoted_back_cut_to_a_readable_length(run, tmp_path: Path) -> None:
    """Issue 28, finding 9: a 1 MB card name in a record was echoed whole in the refusal (a screen
    reader would read a million letters). A real process; the line stays short."""
    path = tmp_path / "huge.jsonl"
    header = {"format": "companion-record/1", "game": "tatsu", "seats": 4, "options": {}, "rules": 2}
    action = {"seq": 1, "action": {"type": "play", "seat": 0, "card": "X" * 1_000_000}}
    path.write_text(json.dumps(header) + "\n" + json.dumps(action) + "\n", encoding="utf-8")
    done = run("replay", str(path))
    lines = done.err.strip().splitlines()
    assert done.code == 1 and len(lines) == 1 and len(lines[0]) < 200, (done.code, len(done.err))
    assert lines[0].startswith(f"{path}, ligne 2 : Carte inconnue : XXX") and lines[0].endswith("….")
