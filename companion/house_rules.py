"""The table's house rules: the game's rule options as a table chooses them.

Each ambiguity of a rule text is a named option of its game (`Game.options`). A table sets
them by `--option NAME=VALUE` (repeatable), keeps them per game in the configuration
(`options` table: ``"GAME.NAME" = "VALUE"``) or as a named preset (`presets` table:
``maison = "GAME.NAME=VALUE; OTHER.NAME=VALUE"``, used with `--preset maison`). The
configuration comes first, then the preset, then the command line. A value is read into
the option's own kind (a choice, a number, yes or no); a name or value the game does not
know is refused with the choices, before anything starts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine import Game, Rejected
from companion.engine.option_texts import choice_text, is_technical, option_text, rule_quote, value_text
from companion.engine.protocol import Option
from companion.messages import text

YES = ("true", "yes", "oui", "vrai", "on")
NO = ("false", "no", "non", "faux", "off")
MAX_SHOWN = 40  # characters of a refused value quoted back


def shown(value: str) -> str:
    """A value quoted back in a refusal: printable, and short."""
    value = "".join(c if c.isprintable() else "?" for c in value)
    return value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN - 1] + "…"


def choice_word(value: Any) -> str:
    """How a value is written after "=" (and listed among the choices)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def technical(game: Game, name: str) -> bool:
    """An option that is no house rule: the dice's seed, a seat the set-up dialogue names."""
    return name in (game.seed_option, game.dealer_option)


def value_of(game: Game, option: Option, text: str) -> Any:
    """The option's value ``text`` names, in the option's own kind; Rejected with its choices."""
    word = text.strip()
    refused = (Rejected("house_value", name=option.name, value=shown(word),
                        choices=", ".join(choice_word(c) for c in option.choices)) if option.choices
               else Rejected("house_value_number", name=option.name, value=shown(word)))
    if option.choices:
        for choice in option.choices:
            if choice_word(choice).casefold() == word.casefold() or (
                    isinstance(choice, bool) and word.casefold() in (YES if choice else NO)):
                return choice
        raise refused
    if isinstance(option.default, bool):
        if word.casefold() in YES + NO:
            return word.casefold() in YES
        raise Rejected("house_value", name=option.name, value=shown(word), choices="true, false")
    if isinstance(option.default, int) or (option.default is None and word.lstrip("-").isdigit()):
        try:
            return int(word)
        except ValueError:
            raise refused from None
    if option.default is None or isinstance(option.default, list | dict):
        try:
            return json.loads(word)
        except ValueError:
            return word
    return word


def assignments(game: Game, items: Iterable[str]) -> dict[str, Any]:
    """``NAME=VALUE`` items read into the game's option values (later ones win)."""
    known = {o.name: o for o in game.options}
    out: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise Rejected("house_not_assignment", item=shown(item), game=game.name)
        if name not in known:
            raise Rejected("house_unknown", name=shown(name), game=game.name)
        out[name] = value_of(game, known[name], text)
    return out


def configured(game: Game, options: Mapping[str, str]) -> list[str]:
    """The configuration's ``GAME.NAME = VALUE`` entries for ``game``, as ``NAME=VALUE`` items."""
    prefix = game.name + "."
    return [f"{key[len(prefix):]}={value}" for key, value in options.items() if key.startswith(prefix)]


def preset_items(game: Game, preset: str) -> list[str]:
    """A preset's ``GAME.NAME=VALUE; ...`` items for ``game``."""
    items = [part.strip() for part in preset.split(";") if part.strip()]
    return configured(game, dict(item.partition("=")[::2] for item in items))


def table_choice(game: Game, config_options: Mapping[str, str], preset: str | None,
                 given: Iterable[str]) -> dict[str, Any]:
    """The options a table plays with: its configuration's, then a preset's, then the command
    line's (each later one wins)."""
    items = [*configured(game, config_options), *(preset_items(game, preset) if preset else []), *given]
    return assignments(game, items)


def in_force(game: Game, seats: int, options: Mapping[str, Any]) -> list[tuple[Option, Any]]:
    """The house rules of a game: each option whose value is not the text's default (technical
    ones left out), in the game's order."""
    return [(o, options[o.name]) for o in house_options(game)
            if o.name in options and options[o.name] != game.default_option(o.name, seats)]


# -- said to people: each option's words come from the game's options.toml (option_texts) ------
MAX_LINE = 200  # characters a screen reader reads in one line, at most


def said_value(game: Game, option: Option, value: Any, lang: str) -> str:
    """A value as a player hears it: its choice's words (or the words written for that value),
    else the value itself."""
    if option.choices:
        return choice_text(game.name, option.name, choice_word(value), lang)
    return value_text(game.name, option.name, choice_word(value), lang)


def said_rule(game: Game, option: Option, value: Any, lang: str) -> str:
    """One house rule in words: what it decides, then the reading in force."""
    decides = option_text(game.name, option.name, lang).rstrip(".")
    return f"{decides}{COLON[lang]}{said_value(game, option, value, lang)}"


COLON = {"fr": " : ", "en": ": "}
SEMICOLON = {"fr": " ; ", "en": "; "}


def rules_in_force_line(game: Game, seats: int, options: Mapping[str, Any], lang: str,
                        room: int = MAX_LINE) -> str:
    """The table's house rules in one line of at most ``room`` characters (said at the start, and
    by "règles"): as many as fit, then how many more "règles options" details."""
    rules = in_force(game, seats, options)
    if not rules:
        return text(lang, "house.none")
    said = [said_rule(game, option, value, lang) for option, value in rules]
    whole = text(lang, "house.in_force", rules=SEMICOLON[lang].join(said))
    if len(whole) <= room:
        return whole
    for kept in range(len(said) - 1, 0, -1):
        line = text(lang, "house.in_force_more", rules=SEMICOLON[lang].join(said[:kept]),
                    n=len(said) - kept)
        if len(line) <= room:
            return line
    return text(lang, "house.in_force_count", n=len(said))


def house_options(game: Game) -> list[Option]:
    """The options a table may choose (the technical ones left out: seeds, seats)."""
    return [o for o in game.options if not technical(game, o.name) and not is_technical(game.name, o.name)]


def option_lines(game: Game, seats: int, options: Mapping[str, Any], lang: str) -> list[str]:
    """Every option of a game, a few short lines each: what it decides, its choices, the
    default, the words of the text it reads, and what is in force now."""
    out: list[str] = []
    for option in house_options(game):
        default = game.default_option(option.name, seats)
        now = options.get(option.name, default)
        out.append(f"{option.name}{COLON[lang]}{option_text(game.name, option.name, lang)}")
        if option.choices:
            listed = SEMICOLON[lang].join(f"{choice_word(c)}, {said_value(game, option, c, lang)}"
                                          for c in option.choices)
            out.append(text(lang, "house.choices", choices=listed))
        out.append(text(lang, "house.default_now" if now != default else "house.default",
                        default=said_value(game, option, default, lang),
                        now=said_value(game, option, now, lang), set=f"{option.name}={choice_word(now)}"))
        quote = rule_quote(game.name, option.name)
        if quote:
            # the quote's own full stop left out: the line ends with one
            out.append(text(lang, "house.quote", quote=quote.rstrip().removesuffix(".")))
    return out
