"""Each game's options.toml (the words `companion rules`, "règles" and the start say): every
option of every game has words in both languages, and so has each of its choices (and the
values without choices a person would otherwise hear raw: a seat list, "none"); every entry
names an option the game has; the text's words it quotes are the rule text's own."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pytest

from companion.engine import games, get_game
from companion.engine.option_texts import _texts
from companion.house_rules import choice_word

LANGS = ("fr", "en")
# The French rule texts the quotes come from (outside the repository: the shared design folder).
RULE_TEXTS = Path(os.environ.get("COMPANION_RULE_TEXTS", "/work/shared/rules"))


@pytest.mark.parametrize("name", games())
def test_the_option_words_name_real_options_and_choices(name: str) -> None:
    game = get_game(name)
    options = {o.name: o for o in game.options}
    for entry, words in _texts(name).items():
        assert entry in options, f"{name}: options.toml names no option {entry!r}"
        assert set(words) <= {"fr", "en", "text", "technical", "choices", "values"}, (name, entry)
        assert all(0 < len(words[lang]) <= 150 for lang in LANGS), (name, entry)
        choices = {choice_word(c) for c in options[entry].choices}
        for value, said in words.get("choices", {}).items():
            assert value in choices, f"{name}.{entry}: no choice {value!r}"
            assert all(0 < len(said[lang]) <= 100 for lang in LANGS), (name, entry, value)
        if words.get("choices"):
            assert set(words["choices"]) == choices, f"{name}.{entry}: every choice said"
        assert not (choices and words.get("values")), f"{name}.{entry}: choices take 'choices'"
        for value, said in words.get("values", {}).items():
            assert all(0 < len(said[lang]) <= 100 for lang in LANGS), (name, entry, value)


@pytest.mark.parametrize("name", games())
def test_every_option_and_every_choice_has_words_in_both_languages(name: str) -> None:
    """No option of any game is shown by its bare name, no choice by its bare value."""
    game = get_game(name)
    texts = _texts(name)
    for option in game.options:
        words = texts.get(option.name)
        assert words, f"{name}.{option.name}: no words in options.toml"
        for lang in LANGS:
            said = str(words.get(lang, "")).strip()
            assert said and said != option.name, f"{name}.{option.name}: no words in {lang}"
        for choice in option.choices:
            said = words.get("choices", {}).get(choice_word(choice), {})
            for lang in LANGS:
                assert str(said.get(lang, "")).strip(), \
                    f"{name}.{option.name}: choice {choice_word(choice)!r} has no words in {lang}"
        if option.choices:
            continue
        for seats in game.seat_counts:  # a default that is no plain number is said in words
            default = game.default_option(option.name, seats)
            if isinstance(default, bool | int | str):
                continue
            said = words.get("values", {}).get(choice_word(default), {})
            for lang in LANGS:
                assert str(said.get(lang, "")).strip(), \
                    f"{name}.{option.name}: default {choice_word(default)} ({seats} seats), no {lang} words"


def folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


@pytest.mark.parametrize("name", games())
def test_the_words_quoted_are_the_rule_text_s_own(name: str) -> None:
    path = RULE_TEXTS / f"{name}.fr.txt"
    quotes = {entry: str(words["text"]) for entry, words in _texts(name).items() if words.get("text")}
    if not path.exists():
        assert not quotes or not RULE_TEXTS.exists(), f"{name}: quotes but no rule text {path}"
        pytest.skip(f"no rule text at {path}")
    rule_text = folded(path.read_text(encoding="utf-8"))
    for entry, quote in quotes.items():
        assert folded(quote) in rule_text, f"{name}.{entry}: {quote!r} is not in {path.name}"
        assert len(quote) <= 170, f"{name}.{entry}: a quote a line can hold"
