"""Hostile typing: bytes that are not UTF-8, a 10 MB line, escape codes, quit at the set-up.

The keyboard reader never dies (a bad byte is an unknown command, and the next command
is answered), a huge line is one short refusal (never echoed back), and nothing typed
comes back to the terminal as an escape sequence.
"""

from __future__ import annotations

import io
from pathlib import Path

from companion.typed_input import MAX_LINE, TooLong, typed_lines

from .conftest import clean

HUGE = b"x" * 10_000_000


def test_every_hostile_line_gets_a_short_answer_and_the_keyboard_lives_on(run, record: Path,
                                                                         tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    typed = b"".join([
        b"\xff\xfe\xfd\n",                      # not UTF-8
        b"sc\x00ore\n",                         # a NUL byte
        b"\x1b[2J\x1b]0;title\x07score\n",      # escape codes around a command
        HUGE + b"\n",                           # 10 MB in one line
        b"tour\r\n",                            # a Windows line end
        b"\xe9\n",                              # Latin-1, not UTF-8
        b"quitte\n",
    ])
    done = run("play", "tatsu", "--resume", str(record), "--text", "--images", str(tmp_path / "none"),
               stdin=typed)
    assert done.code == 0, done.err
    assert clean(done.text) and "Traceback" not in done.text
    said = done.out.splitlines()
    # past what the resume says (round, team, scores, table, turn): the answers, one a line typed
    answers = said[said.index(next(s for s in said if "Commande inconnue : ���" in s)):]
    assert answers[0] == "Commande inconnue : ���."
    assert answers[1].startswith("Commande inconnue : sc.")
    assert answers[2] == "Scores : Jaunes 56, Rouges 0.", "the command after the codes"
    assert answers[3] == f"Ligne trop longue (plus de {MAX_LINE} caractères) : ignorée."
    assert answers[4] and "Commande inconnue" not in answers[4], "tour, answered"
    assert answers[5] == "Commande inconnue : �."
    assert answers[-1] == "Au revoir. La partie est enregistrée."
    assert len(done.out) < 10_000, "the huge line is never echoed back"


def test_quit_at_the_set_up_prompt_quits_and_records_nothing(run, home: Path) -> None:
    done = run("play", "tatsu", "--synthetic", "--text", stdin=b"quitte\n")
    assert done.code == 0
    assert done.out.splitlines()[-1] == "Au revoir. Aucune partie n'a commencé."
    records = home / "data" / "records"
    assert not records.exists() or list(records.iterdir()) == []


def test_the_end_of_input_in_the_middle_of_a_game_ends_it_cleanly(run, record: Path, tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    before = record.read_bytes()
    done = run("play", "tatsu", "--resume", str(record), "--text", "--images", str(tmp_path / "none"),
               stdin=b"\xff")
    assert done.code == 0 and done.err == "" and record.read_bytes() == before
    # the goodbye is said on this way out too (issue 28, finding 9: Ctrl-D ended without it)
    assert done.out.strip().splitlines()[-1].endswith("Au revoir. La partie est enregistrée.")


def test_the_reader_cuts_skips_and_decodes_without_holding_a_huge_line() -> None:
    stream = io.BytesIO(b"a\n" + HUGE + b"\n\xc3\xa9t\xc3\xa9\n" + b"y" * (MAX_LINE + 1) + b"\nend")
    assert list(typed_lines(stream)) == ["a", TooLong(), "été", TooLong(), "end"]
    assert list(typed_lines(io.StringIO("x\n\x1b[Ay\n"))) == ["x", "y"]
