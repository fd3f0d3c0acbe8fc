"""Every game found in companion/games keeps the protocol's promises (a new game gets all of this):
random legal games end and serialise; private views ignore other seats' hidden cards; a live
record replays to the live transcript; every event key and rejection code is a phrase in both
languages, and each game's rejections are a closed set."""

from __future__ import annotations

import ast
import json
import random
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.cli.replay import event_line
from companion.engine import COMMON_REJECTIONS, Event, Game, Match, Rejected, games, get_game, get_package
from companion.engine.simulate import random_action
from companion.engine.table import COMMON_ANSWERS, TableRules
from companion.language import LANGS
from companion.session import Session, SessionOptions
from companion.speech.phrasebook import Phrasebook
from tests.session.conftest import Recorder

MAX_ACTIONS = 3000
LIVE_ACTIONS = 400
runner = CliRunner()


def random_game(name: str, seats: int, seed: int, every: int = 0,
                skips: float = 0.0) -> tuple[Match, list[object]]:
    """A whole random legal game; with ``every``, one state in that many is kept too. ``skips``:
    how often a player goes on before the table does its own part (a hand left unregistered, a
    card not turned up yet), as a real table may; 0: the table's part always comes first."""
    game = get_game(name)
    rng = random.Random(seed)
    options = dict(game.simulation_options)
    if game.seed_option is not None:
        options[game.seed_option] = seed
    m = Match.new(game, seats, options)
    kept: list[object] = []
    for n in range(MAX_ACTIONS):
        state = m.state
        if game.is_over(state):
            break
        if every and n % every == 0:
            kept.append(state)
        if skips:
            table = game.table_actions(state, rng)
            choices = [a for s in game.seats_of(state) for a in game.legal(state, s)]
            skip = bool(choices) and (not table or rng.random() < skips)
            action = rng.choice(choices) if skip else dict(table[0]) if table else None
        else:
            action = random_action(m, rng)  # the table's own part first (deals, draws), else a legal choice
        assert action is not None, f"{name}: nobody may act, yet the game is not over"
        json.dumps(action)  # actions go to records as they are
        events = m.apply(action)
        assert m.state is not state or not events
        for e in events:
            assert isinstance(e, Event) and (e.audience == "all" or e.audience in game.seats_of(state))
            json.dumps(e.to_json())
    return m, kept


@pytest.mark.slow
@pytest.mark.parametrize("name", games())
def test_random_legal_games_follow_the_protocol(name: str) -> None:
    game = get_game(name)
    books = [Phrasebook(lang, name) for lang in LANGS]
    for seats in game.seat_counts:
        for seed in range(2):
            m, _ = random_game(name, seats, seed)
            state = m.state
            assert game.is_over(state), f"{name} with {seats} seats did not end in {MAX_ACTIONS} actions"
            assert set(game.scores(state)) <= set(game.seats_of(state))
            assert set(game.winners(state)) <= set(game.seats_of(state)) and game.winners(state)
            json.dumps(game.public_view(state))
            for seat in game.seats_of(state):
                json.dumps(game.private_view(state, seat))
                assert game.legal(state, seat) == []
            for book in books:
                for e in m.events:
                    assert book.has("events", e.key), f"{book.lang}: no phrase for event {e.key}"
                    book.render(e)  # strict: a phrase its parameters cannot fill fails here
            with pytest.raises(Rejected) as err:
                game.apply(state, {"type": "no-such-action"})
            assert all(book.has("reasons", err.value.code) for book in books)


@pytest.mark.slow
@pytest.mark.parametrize("name", games())
def test_private_views_ignore_other_seats_hidden_cards(name: str) -> None:
    """Changing what a seat cannot know (another hand, a face-down card) changes nothing it sees."""
    game = get_game(name)
    checked = 0
    for seats in game.seat_counts:
        for seed in range(2):
            _, states = random_game(name, seats, seed, every=7)
            for state in states:
                for seat in game.seats_of(state):
                    mine = game.private_view(state, seat)
                    for variant in game.hidden_variants(state, seat):
                        assert variant != state, f"{name}: a hidden variant must differ"
                        assert game.private_view(variant, seat) == mine, f"{name}: {seat} sees others' cards"
                        checked += 1
    assert checked > 0 or not game.hides_cards, f"{name} hides cards but gives no hidden variant to check"


@pytest.mark.parametrize("name", games())
def test_a_live_record_replays_to_the_live_transcript(name: str, tmp_path: Path) -> None:
    """What the table heard live, event by event, is what `companion replay` prints of its record."""
    game = get_game(name)
    record = tmp_path / "live.jsonl"
    rec = Recorder()
    options = dict(game.simulation_options)
    session = Session(SessionOptions(game=name, seats=game.default_seats, options=options, record=record,
                                     setup=False, lang="en"), rec)
    session.open()
    session.begin()
    rng = random.Random(5)
    assert session.match is not None
    for n in range(LIVE_ACTIONS):
        if game.is_over(session.match.state):
            break
        action = {"type": "undo"} if n % 37 == 36 else random_action(session.match, rng)
        assert action is not None
        session.apply(action)
    session.close()
    heard = iter(rec.lines)
    for event in session.match.events:  # announced in order, each to its audience
        said = (event.audience, session.book.render(event))
        assert any(line == said for line in heard), f"{name}: {said} was not announced live"
    result = runner.invoke(app, ["replay", str(record), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [event_line(session.book, e) for e in session.match.events]


def _strings(node: ast.expr, tables: dict[str, set[str]]) -> set[str]:
    """The string literals an expression may evaluate to: a constant, the branches of an
    ``if`` expression, the operands of ``or`` / ``and``, the values of a module's dict literal
    looked up (``REASONS[x]``). A code built by formatting cannot be checked: it fails."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body, tables) | _strings(node.orelse, tables)
    if isinstance(node, ast.BoolOp):
        return set().union(*(_strings(v, tables) for v in node.values))
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return tables.get(node.value.id, set())
    assert not isinstance(node, ast.JoinedStr | ast.BinOp), (
        f"line {node.lineno}: a message key built by formatting; name each key (a dict of them)")
    return set()


def _literal_keys(path: Path) -> dict[str, set[str]]:
    """The message keys a module names literally: Event(…, "key"), Answer(…, "key"), Rejected("code")."""
    found: dict[str, set[str]] = {"events": set(), "session": set(), "reasons": set()}
    section = {"Event": "events", "Answer": "session", "Rejected": "reasons"}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tables = {target.id: {v.value for v in node.value.values if isinstance(v, ast.Constant)}
              for node in tree.body if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
              for target in node.targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in section):
            continue
        index = 0 if node.func.id == "Rejected" else 1
        if len(node.args) > index:  # a literal, or each literal a computed key may be ("a" if x else "b")
            found[section[node.func.id]] |= _strings(node.args[index], tables)
    return found


@pytest.mark.parametrize("name", games())
def test_every_key_and_code_has_a_phrase_and_the_rejections_are_closed(name: str) -> None:
    package = get_package(name)
    keys: dict[str, set[str]] = {"events": set(), "session": set(), "reasons": set()}
    for path in sorted(package.folder.glob("*.py")):
        for section, found in _literal_keys(path).items():
            keys[section] |= found
    declared = package.rules.rejections
    undeclared = sorted(keys["reasons"] - COMMON_REJECTIONS - declared)
    assert not undeclared, f"{name}: rejection codes missing from its rejections: {undeclared}"
    keys["reasons"] |= declared | COMMON_REJECTIONS
    keys["session"].add("rules")  # every game has a rules reminder
    for lang in LANGS:
        book = Phrasebook(lang, name)
        for section, found in keys.items():
            missing = sorted(k for k in found if not book.has(section, k))
            assert not missing, f"{name}, {lang}: no [{section}] phrase for {missing}"


def test_an_option_with_one_choice_says_it_is_fixed_and_why() -> None:
    for name in games():
        for option in get_game(name).options:
            if len(option.choices) == 1:
                assert "Fixed" in option.help and len(option.help) > 60, (name, option.name)


@pytest.mark.parametrize("name", games())
def test_every_query_a_game_declares_has_its_answer(name: str) -> None:
    """A `kind = "query"` command of commands.toml names an answer of the game's table rules."""
    package = get_package(name)
    rules = (package.table or TableRules)(package.rules)
    path = package.folder / "commands.toml"
    specs = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    asked = {spec["query"] for spec in specs.values()
             if isinstance(spec, dict) and spec.get("kind") == "query"}
    assert asked <= set(rules.answers()), f"{name}: no answer for {sorted(asked - set(rules.answers()))}"
    assert set(COMMON_ANSWERS) <= set(rules.answers())


def test_by_default_two_players_face_each_other() -> None:
    assert Game().seat_keys(2) == ["north", "south"]
    assert Game().seat_keys(4) == ["north", "east", "south", "west"]
