"""Each game's options.toml (the words `companion rules`, "règles" and the start say): every
entry names an option the game has, every choice one of its choices, in both languages, short."""

from __future__ import annotations

import pytest

from companion.engine import games, get_game
from companion.engine.option_texts import _texts
from companion.house_rules import choice_word


@pytest.mark.parametrize("name", games())
def test_the_option_words_name_real_options_and_choices(name: str) -> None:
    game = get_game(name)
    options = {o.name: o for o in game.options}
    for entry, words in _texts(name).items():
        assert entry in options, f"{name}: options.toml names no option {entry!r}"
        assert set(words) <= {"fr", "en", "text", "technical", "choices"}, (name, entry)
        assert all(0 < len(words[lang]) <= 150 for lang in ("fr", "en")), (name, entry)
        choices = {choice_word(c) for c in options[entry].choices}
        for value, said in words.get("choices", {}).items():
            assert value in choices, f"{name}.{entry}: no choice {value!r}"
            assert all(0 < len(said[lang]) <= 100 for lang in ("fr", "en")), (name, entry, value)
        if words.get("choices"):
            assert set(words["choices"]) == choices, f"{name}.{entry}: every choice said"
