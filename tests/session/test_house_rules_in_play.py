"""The house rules in play, for every game and in both languages (issue 27): 'règles' says the
text's rules when none is set; a house rule the table chose (by --option, here the session's
options) is said in words at the start and by 'règles'; 'règles options' lists that option with
the reading now in force."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import games, get_game
from companion.engine.option_texts import option_text
from companion.house_rules import choice_word, said_value

from ..cli.test_rules_every_game import COLON, HOUSE, IN_FORCE, NOW

RULES = {"fr": "règles", "en": "rules"}
NONE = {"fr": "Règles du texte : aucune variante de la table.", "en": "The text's rules: no house variant."}


@pytest.mark.parametrize("lang", ("fr", "en"))
@pytest.mark.parametrize("name", games())
def test_regles_in_play_says_the_house_rule_in_force(make_session, tmp_path: Path, name: str,
                                                    lang: str) -> None:
    game = get_game(name)
    seats, option_name, value = HOUSE[name]
    option = next(o for o in game.options if o.name == option_name)
    chosen = next(c for c in option.choices if choice_word(c) == value)
    said = said_value(game, option, chosen, lang)

    plain, rec = make_session(game=name, seats=seats, lang=lang)
    rec.clear()
    plain.handle_line(RULES[lang])
    assert NONE[lang] in rec.texts(), rec.texts()

    house, rec = make_session(game=name, seats=seats, lang=lang, options={option_name: chosen},
                              record=tmp_path / "house.jsonl")
    rule = f"{IN_FORCE[lang]}{option_text(name, option_name, lang)}{COLON[lang]}{said}."
    assert rule in rec.texts(), "said at the start"
    rec.clear()
    house.handle_line(RULES[lang])
    heard = rec.texts()
    assert rule in heard, heard
    rec.clear()
    house.handle_line(f"{RULES[lang]} options")
    heard = rec.texts()
    assert f"{option_name}{COLON[lang]}{option_text(name, option_name, lang)}" in heard, heard
    assert any(ln.endswith(f"{NOW[lang]}{said} ({option_name}={value}).") for ln in heard), heard
    assert all(len(ln) <= 200 for ln in heard)
