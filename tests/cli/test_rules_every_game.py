"""`companion rules GAME` for every game, in both languages and at every seat count (issue 27):
each option a table may choose is listed in words (never its bare name, a raw value or a symbol
a screen reader spells out), every line fits a braille or speech line, and a house rule given by
--option shows as the one in force."""

from __future__ import annotations

import unicodedata

import pytest
from typer.testing import CliRunner

from companion.cli.common import app
from companion.engine import games, get_game
from companion.engine.option_texts import option_text
from companion.house_rules import choice_word, house_options, rules_in_force_line, said_value

runner = CliRunner()
LANGS = ("fr", "en")
COLON = {"fr": " : ", "en": ": "}
IN_FORCE = {"fr": "Règles de la table : ", "en": "House rules: "}
SAME = {"fr": "En vigueur : la même.", "en": "In force: the same."}
NOW = {"fr": "En vigueur : ", "en": "In force: "}
# One house rule per game, set by --option: (seats, option, value).
HOUSE = {
    "bataille": (2, "down_cards", "0"),
    "dojo": (4, "challenges", "several"),
    "judo": (2, "elements", "cycle"),
    "samurai": (4, "majority", "two_of_three"),
    "shodan": (3, "grade", "2"),
    "tatsu": (4, "tie", "shared"),
}


def rules_lines(*args: str) -> list[str]:
    done = runner.invoke(app, ["rules", *args])
    assert done.exit_code == 0, done.output
    return done.output.splitlines()


def readable(line: str) -> bool:
    """No symbol a screen reader would spell out or skip (an emoji, an arrow, a control)."""
    return not any(unicodedata.category(c) in ("So", "Sk", "Cc", "Cn", "Co") for c in line)


def test_every_game_has_a_house_rule_here() -> None:
    assert set(HOUSE) == set(games())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", games())
def test_rules_lists_every_option_in_words_at_every_seat_count(name: str, lang: str) -> None:
    game = get_game(name)
    for seats in game.seat_counts:
        lines = rules_lines(name, "--seats", str(seats), "--lang", lang)
        assert lines[0].startswith(f"{name.capitalize()}, {len(house_options(game))} options. ")
        assert all(len(ln) <= 200 for ln in lines), [ln for ln in lines if len(ln) > 200]
        assert all(readable(ln) for ln in lines), [ln for ln in lines if not readable(ln)]
        assert not any("_" in ln.partition(COLON[lang])[2] and not ln.startswith(("Choix", "Choices"))
                       for ln in lines[1:]), "an option's words, not its key"
        for option in house_options(game):
            decides = option_text(name, option.name, lang)
            assert decides != option.name, (name, option.name, lang)
            assert f"{option.name}{COLON[lang]}{decides}" in lines, (name, option.name, lang)
            default = game.default_option(option.name, seats)
            said = said_value(game, option, default, lang)
            if not isinstance(default, int) or isinstance(default, bool):
                assert said != choice_word(default), f"{name}.{option.name}: default said raw"
            assert any(ln.endswith(SAME[lang]) and said in ln for ln in lines), (name, option.name)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", games())
def test_a_house_rule_given_by_option_is_the_one_in_force(name: str, lang: str) -> None:
    game = get_game(name)
    seats, option_name, value = HOUSE[name]
    option = next(o for o in game.options if o.name == option_name)
    chosen = next(c for c in option.choices if choice_word(c) == value)
    assert chosen != game.default_option(option_name, seats), "a house rule, not the default"
    said = said_value(game, option, chosen, lang)
    decides = option_text(name, option_name, lang)
    default_lines = rules_lines(name, "--seats", str(seats), "--lang", lang)
    lines = rules_lines(name, "--seats", str(seats), "--lang", lang, "--option", f"{option_name}={value}")
    assert lines != default_lines
    assert lines[0].endswith(f"{IN_FORCE[lang]}{decides}{COLON[lang]}{said}.")
    assert any(ln.startswith(("Par défaut", "Default")) and ln.endswith(f"{NOW[lang]}{said} "
                                                                         f"({option_name}={value}).")
               for ln in lines), lines
    assert not default_lines[0].startswith(f"{name.capitalize()}, {len(house_options(game))} "
                                           f"options. {IN_FORCE[lang]}")


@pytest.mark.parametrize("name", games())
def test_a_value_the_option_does_not_have_is_one_line_naming_the_choices(name: str) -> None:
    seats, option_name, _value = HOUSE[name]
    option = next(o for o in get_game(name).options if o.name == option_name)
    done = runner.invoke(app, ["rules", name, "--seats", str(seats), "--option", f"{option_name}=xyz"])
    assert done.exit_code == 2
    choices = ", ".join(choice_word(c) for c in option.choices)
    assert done.output.strip() == f"Valeur refusée pour {option_name} : xyz. Choix : {choices}."


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", games())
def test_every_house_rule_changed_still_fits_one_line(name: str, lang: str) -> None:
    """A table that changes every option it can: the title says as many as a line holds and
    how many more 'règles options' details; no line (nor the line said in play) is longer than
    200 characters."""
    game = get_game(name)
    seats = HOUSE[name][0]
    values = {o.name: next(c for c in o.choices if c != game.default_option(o.name, seats))
              for o in house_options(game) if len(o.choices) > 1}
    lines = rules_lines(name, "--seats", str(seats), "--lang", lang,
                        *[arg for n, v in values.items() for arg in ("--option", f"{n}={choice_word(v)}")])
    assert all(len(ln) <= 200 for ln in lines), [ln for ln in lines if len(ln) > 200]
    assert lines[0].startswith(f"{name.capitalize()}, {len(house_options(game))} options. {IN_FORCE[lang]}")
    if len(values) > 3:  # more than a line holds
        more = {"fr": " de plus, que « règles options » détaille.",
                "en": " more, which \"rules options\" details."}
        assert lines[0].endswith(more[lang]), lines[0]
    said = rules_in_force_line(game, seats, game.resolve_options(seats, values), lang)
    assert len(said) <= 200 and said.startswith(IN_FORCE[lang]), said
