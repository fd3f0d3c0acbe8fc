"""Typed commands: French and English words, accents optional, typos get a suggestion."""

import pytest

from companion.commands import Command, Unknown, command_table, help_lines, parse


@pytest.mark.parametrize(
    ("line", "name", "args"),
    [
        ("aide", "help", ()),
        ("help", "help", ()),
        ("Répète", "repeat", ()),
        ("repete", "repeat", ()),
        ("  main  ", "hand", ()),
        ("hand", "hand", ()),
        ("demande Est", "ask", ("Est",)),
        ("ask west", "ask", ("west",)),
        ("carte Y-P1-V3", "card", ("Y-P1-V3",)),
        ("pose 0 1", "place", ("0", "1")),
        ("annule", "undo", ()),
        ("oui", "yes", ()),
    ],
)
def test_words_in_both_languages(line: str, name: str, args: tuple[str, ...]) -> None:
    assert parse(line) == Command(name, args)


def test_empty_line_is_nothing() -> None:
    assert parse("   ") is None


@pytest.mark.parametrize(("typo", "nearest"), [("scroes", "scores"), ("hnad", "hand"), ("repet", "repete")])
def test_a_typo_gets_the_nearest_command(typo: str, nearest: str) -> None:
    assert parse(typo) == Unknown(typo, nearest)


def test_nonsense_gets_no_suggestion() -> None:
    assert parse("xyzzy") == Unknown("xyzzy", None)


def test_no_word_means_two_commands() -> None:
    seen: dict[str, str] = {}
    for name, spec in command_table().items():
        for word in (*spec["fr"], *spec["en"]):
            assert seen.setdefault(word.casefold(), name) == name, word


def test_help_lists_every_command_in_each_language() -> None:
    for lang in ("fr", "en"):
        lines = help_lines(lang)
        assert len(lines) == len(command_table())
        assert all(" : " in line for line in lines)
    assert any(line.startswith("aide") for line in help_lines("fr"))


@pytest.mark.parametrize(
    ("line", "name", "args"),
    [("chut", "stop", ()), ("tais-toi", "stop", ()), ("stop", "stop", ()), ("quiet", "stop", ()),
     ("plus vite", "faster", ()), ("Plus  Vite", "faster", ()), ("+", "faster", ()), ("faster", "faster", ()),
     ("moins vite", "slower", ()), ("-", "slower", ()), ("bref", "brief", ()), ("détaillé", "detailed", ()),
     ("detaille", "detailed", ()), ("normal", "normal", ())],
)
def test_speech_commands_one_or_two_words(line: str, name: str, args: tuple[str, ...]) -> None:
    assert parse(line) == Command(name, args)


def test_two_word_commands_leave_game_words_alone() -> None:
    moins = parse("moins 3")  # Dojo's "moins ..." reaches the game
    assert isinstance(moins, Unknown) and moins.word == "moins"
    assert parse("plus") == Unknown("plus", "plus vite")
