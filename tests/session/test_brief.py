"""How many words the table hears, in `bref` and in `normal`: a whole round (a combat, a game) played
through the live session, every line counted once for each listener who hears it (a public line
by every seat, a private one by its seat), in each verbosity level the phrases have.

`bref` must halve the words of a whole Tatsu round; the other games' ratios are printed (run with
-s) and must at least be shorter. The earcons carry what `bref` no longer says: "À vous", "Carte
refusée", "remporte le pli" are sounds there, not words."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from companion.engine import get_package
from companion.engine.bots import bot_of, table_options
from companion.speech.verbosity import BRIEF, DETAILED, LEVELS, NORMAL, choose

from .conftest import Recorder

WORD = re.compile(r"\w+")
ME = 2  # the keyboard's seat: a person, told when it is their turn

# game, seats, the public view's counter of the unit measured (None: the whole game)
UNITS = [("tatsu", 4, "round"), ("dojo", 4, "round"), ("judo", 2, "combat"), ("shodan", 3, None),
         ("samurai", 4, None), ("bataille", 2, None)]


def play_unit(make_session: Callable[..., tuple[Any, Recorder]], game: str, seats: int, unit: str | None,
              seed: int, lang: str = "fr") -> tuple[Any, Recorder]:
    """One round (or combat, or whole game) through the session, the bots choosing every move:
    the table's own part (deals, draws) first, then the seat the table rules expect to act."""
    package = get_package(game)
    bot = bot_of(package)
    session, rec = make_session(game=game, seats=seats, me=ME % seats, lang=lang, seed=seed,
                                options=table_options(package.rules, bot))
    start = session.game.public_view(session.state).get(unit) if unit else None
    steps = 0
    while not session.game.is_over(session.state):
        state = session.state
        if unit and session.game.public_view(state).get(unit) != start:
            break
        steps += 1
        assert steps < 20_000, f"{game}: the unit does not end"
        rng = random.Random(f"{seed}-{len(session.match.states)}")
        table = session.game.table_actions(state, rng)
        if table:
            carded = [a for a in table if "card" in a]
            for action in carded[:1] or table:
                assert session.apply(action), action
            continue
        seat = session.rules.actor(state)
        if seat is None:
            seat = next(s for s in session.game.seats_of(state) if session.game.legal(state, s))
        action = bot.choose(session.match, seat, rng)
        assert action is not None and session.apply(action), action
    return session, rec


def heard_words(rec: Recorder, seats: int) -> dict[str, int]:
    """The words every listener hears, by level: a public line once per seat, a private one once."""
    out = dict.fromkeys(LEVELS, 0)
    for audience, text in rec.lines:
        listeners = seats if audience == "all" else 1
        for level in LEVELS:
            out[level] += listeners * len(WORD.findall(choose(text, level)))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_brief_halves_the_words_of_a_whole_tatsu_round(make_session, seed: int) -> None:
    session, rec = play_unit(make_session, "tatsu", 4, "round", seed)
    assert session.state.round == 2, "round 1 was played whole"
    words = heard_words(rec, 4)
    ratio = words[BRIEF] / words[NORMAL]
    print(f"tatsu seed {seed}: normal {words[NORMAL]}, bref {words[BRIEF]}, détaillé {words[DETAILED]}, "
          f"ratio {ratio:.2f}")
    assert ratio <= 0.5, words
    assert words[DETAILED] > words[NORMAL]  # the arithmetic and reminders come on top


@pytest.mark.parametrize(("game", "seats", "unit"), UNITS[1:])
def test_brief_is_shorter_in_every_game(make_session, game: str, seats: int, unit: str | None) -> None:
    _session, rec = play_unit(make_session, game, seats, unit, 1)
    words = heard_words(rec, seats)
    ratio = words[BRIEF] / words[NORMAL]
    print(f"{game} ({unit or 'game'}): normal {words[NORMAL]}, bref {words[BRIEF]}, "
          f"détaillé {words[DETAILED]}, ratio {ratio:.2f}")
    assert ratio < 0.75, words
    assert words[DETAILED] >= words[NORMAL]


def test_brief_lines_are_short_and_what_the_earcons_carry_is_not_said(make_session) -> None:
    _session, rec = play_unit(make_session, "tatsu", 4, "round", 1)
    public = [choose(t, BRIEF) for a, t in rec.lines if a == "all"]
    plays = [p for p in public if re.fullmatch(r"(Nord|Est|Sud|Ouest) : (\d|\d points|fois \d|fusion)", p)]
    assert len(plays) == 28, public  # every card of the round, said "Nord : 5", "Est : 4 points"...
    won = [p for p in public if re.fullmatch(r"(Nord|Est|Sud|Ouest), \d+ points?", p)]
    assert won and not any("remporte" in p for p in public)  # "Ouest, 12 points": the earcon says "trick"
    assert ("trick_won", "all") in rec.earcons
    prompts = [t for a, t in rec.lines if a == ME and choose(t, NORMAL).startswith("À vous.")]
    assert prompts and all(choose(t, BRIEF) == "Sud : jaune" for t in prompts)  # "à vous" is the earcon
    assert ("your_turn", ME) in rec.earcons


def test_a_card_refused_in_brief_is_its_reason_and_the_earcon(make_session) -> None:
    session, rec = make_session(game="tatsu", seats=4, me=ME)
    rec.clear()
    session.handle_vision(SimpleNamespace(kind="seen", card="R-P5-V1", seat=None, error=None))
    [(audience, text)] = rec.lines  # North leads, yellow: a red card is refused, and not named
    assert audience == "all"
    assert choose(text, NORMAL) == "Carte refusée : Devant Nord, une carte jaune."
    assert choose(text, BRIEF) == "Devant Nord, une carte jaune."
    assert ("label_refused", "all") in rec.earcons
