"""Parsing what a judo player types: hands, rock-paper-scissors, throw names, judo commands."""

from __future__ import annotations

import pytest

from companion.games.judo.words import JudoCommand, hand, parse, rps_result, throw


@pytest.mark.parametrize(("text", "expected"), [
    ("gauche", "left"), ("Main Droite", "right"), ("L", "left"), ("right hand", "right"), ("pied", None)])
def test_hands(text: str, expected: str | None) -> None:
    assert hand(text) == expected


def test_rock_paper_scissors_results() -> None:
    assert [rps_result(w) for w in ("Gagné", "gagne", "lost", "nul")] == ["won", "won", "lost", None]


@pytest.mark.parametrize(("text", "expected"), [
    ("ISN", "THROW-ISN"), ("isn", "THROW-ISN"), ("Uchi mata", "THROW-UM"), ("uchi-mata", "THROW-UM"),
    ("ippon seoi nage", "THROW-ISN"), ("O-SOTO-GARI", "THROW-OSG"), ("osotogari", "THROW-OSG"),
    ("THROW-TN", "THROW-TN"), ("kata guruma", None)])
def test_throws_by_code_or_japanese_name(text: str, expected: str | None) -> None:
    assert throw(text) == expected


@pytest.mark.parametrize(("line", "expected"), [
    ("manque ISN", JudoCommand("lacks", "THROW-ISN")),
    ("Il me manque uchi mata", JudoCommand("lacks", "THROW-UM")),
    ("need tai-otoshi", JudoCommand("lacks", "THROW-TO")),
    ("manque judo", None),
    ("projections", JudoCommand("throws")),
    ("what can I throw", JudoCommand("throws")),
    ("fini", JudoCommand("done")), ("End turn", JudoCommand("done")),
    ("pioche 3", JudoCommand("draw", 3)), ("draw 0", None), ("pioche", None),
    ("bonjour", None),
])
def test_judo_commands(line: str, expected: JudoCommand | None) -> None:
    assert parse(line) == expected
