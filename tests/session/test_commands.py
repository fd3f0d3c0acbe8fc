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
        ("carte Y-P1-V3", "card", ("Y-P1-V3",)),
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
        assert len(lines) == len([s for s in command_table().values() if s.get("help", True)])
        assert all((" : " if lang == "fr" else ": ") in line for line in lines)
    assert any(line.startswith("aide") for line in help_lines("fr"))


def test_each_game_adds_its_own_words_and_no_word_means_two_commands() -> None:
    from companion.commands import Commands
    from companion.engine import games, get_package

    common = set(command_table())
    for name in games():
        table = Commands(get_package(name).folder / "commands.toml")  # a clash is a CommandError here
        assert set(table.table) >= common
        assert all(spec.get("kind") for cmd, spec in table.table.items() if cmd not in common)


def test_help_lists_only_the_words_of_the_game_played(make_session, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for game, own, foreign in (("tatsu", "demande", "défi"), ("dojo", "défi", "demande")):
        session, rec = make_session(game=game, seats=4, record=tmp_path / f"{game}.jsonl")
        rec.clear()
        session.handle_line("aide")
        said = "\n".join(rec.texts(0))
        assert own in said and foreign not in said and "répète" in said
        session.handle_line(foreign)
        assert rec.texts(0)[-1].startswith("Commande inconnue"), "another game's word means nothing here"
        session.close()


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


def test_help_examples_never_name_my_own_seat(make_session) -> None:
    session, rec = make_session(me=1)  # East: "demande Est" would ask myself
    rec.clear()
    session.handle_line("aide demande")
    assert rec.texts(1)[0].startswith("demande Sud : "), rec.texts(1)
    session.handle_line("aide")
    assert any(t.startswith("demande Sud : ") for t in rec.texts(1))
    assert not any(t.startswith("demande Est") for t in rec.texts(1))


def test_help_details_name_other_words_only_when_there_are_some(make_session, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """ "aide défi" is its usage and what it does; no stray "défi / defi." line (a screen reader
    reads it, and an unaccented spelling is no other word); "aide gagné" adds "gagné / perdu."."""
    session, rec = make_session(game="dojo", seats=4, record=tmp_path / "dojo.jsonl")
    rec.clear()
    session.handle_line("aide défi")
    assert len(rec.texts(0)) == 1 and rec.texts(0)[0].startswith("défi"), rec.texts(0)
    session.close()
    session, rec = make_session(game="judo", seats=2, record=tmp_path / "judo.jsonl")
    rec.clear()
    session.handle_line("aide gagné")
    assert rec.texts(0)[1:] == ["gagné / perdu."], rec.texts(0)
    session.close()


def test_help_finds_the_commands_a_verb_of_the_answers_belongs_to(make_session) -> None:
    session, rec = make_session(game="shodan", seats=2, me=0)
    rec.clear()
    session.handle_line("aide poser")  # "coups" says "Vous pouvez : ... poser"
    said = rec.texts(0)
    assert not any(t.startswith("Pas de commande") for t in said), said
    assert any(t.startswith("nouvelle : ") for t in said) and any(t.startswith("sur 2 : ") for t in said)
    rec.clear()
    session.handle_line("aide pose")
    assert any(t.startswith("sur 2 : ") for t in rec.texts(0)), rec.texts(0)


def test_help_on_a_card_says_what_it_does(make_session) -> None:
    session, rec = make_session(game="samurai", seats=2, me=0)
    rec.clear()
    session.handle_line("aide forge")
    said = rec.texts(0)
    assert said == ["Forge (événement 4) : Forge : vos pions ont +1 en attaque ce tour."], said
    session.handle_line("aide sabotage")  # a card is said by its name and number, as its Braille reads
    assert rec.texts(0)[-1].startswith("Sabotage (événement 8) : Sabotage : retirez les marqueurs adverses")
    session.handle_line("aide zorglub")
    assert rec.texts(0)[-1] == "Pas de commande « zorglub ». « aide » les liste."
