"""Equal information, played: over random legal games of every game, every question a player
may type is asked at the keyboard, and the card names in what that player hears are read back
from the text. In "equal" none of them may name a card outside what the game declares a
sighted player at that seat sees at that moment (`TableRules.in_sight`); in "aid" the
companion remembers more, and says it."""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import load_deck
from companion.commands import Commands
from companion.engine import Answer, Event, Match, get_game, get_package
from companion.engine.simulate import random_table_action
from companion.games.tatsu.state import laid_so_far
from companion.information import AID, EQUAL, Kinds, within_sight
from companion.journal import RecordError, open_record
from companion.session import Session, SessionOptions
from companion.speech.phrasebook import Phrasebook
from tests.session.conftest import Recorder

GAMES = ("tatsu", "dojo", "judo", "shodan", "samurai", "bataille")
# Questions typed in a game's own free words (its table rules read them), beside its commands.
FREE_QUESTIONS = {
    "judo": ["projections", "manque ISN"],
    "shodan": ["jury", "techniques", "tas"],
    "samurai": ["mes unités", "menaces", "main", "quoi en E5", "score"],
}
# Not asked: "répète" says again the newest announcement (or answer) as it was heard, the way
# a player may have the last trick shown until the next card is played (bridge law 66A); any
# new announcement replaces it. Commands that act (a card, "annule", "demande") are no questions.
# A game's "query" commands are asked by their words; its "line" commands (orders and questions read
# by its table rules) may act, so their questions are the free words above.
QUERY_KINDS = ("query",)
# Questions whose answer is in sight by nature (what is face up, one's own hand, a dojo's grid):
# equal information must leave them whole (Tatsu's fused trick set aside is said as a count).
WHOLE = ("table", "main", "pli", "dojo")
LEFT_OUT = "Le reste ne se voit pas sur la table."
COMMON_QUESTIONS = ("table", "scores", "turn", "hand", "legal", "rules", "help", "played")


def questions(session: Session) -> list[str]:
    """Every question a player may type in this game: the common ones, the game's query commands
    (with each seat's name where one is taken), and its free words."""
    commands = Commands(session.package.folder / "commands.toml")
    lines: list[str] = []
    for name, spec in commands.table.items():
        if name not in COMMON_QUESTIONS and spec.get("kind") not in QUERY_KINDS:
            continue
        word = spec["fr"][0]
        lines.append(word)
        if spec.get("args") == "seat":
            lines += [f"{word} {session.book.seat_name(s)}" for s in range(session.opts.seats)]
    return lines + FREE_QUESTIONS.get(session.opts.game, [])


def template_words(book: Phrasebook) -> str:
    """Every phrase template of a phrasebook, as one text."""
    def strings(value: Any) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
    return "\n".join(strings(book.tables))


class CardNames:
    """The cards a text names, found by their names as the phrasebook says them (several
    cards of a deck may share one name: any of them). A name a phrase itself is written with
    (judo's "la carte MS IPPON", a kind of card a throw needs) is a word of the rules, no card
    of the table: it is not read."""

    def __init__(self, game: str, lang: str = "fr") -> None:
        self.ids: dict[str, set[str]] = {}
        fixed = template_words(Phrasebook(lang, game))
        for card in load_deck(game):
            if card.name(lang) not in fixed:
                self.ids.setdefault(card.name(lang), set()).add(card.id)
        names = sorted(self.ids, key=len, reverse=True)  # the longest first: "rouge 1" inside "rouge 10"
        self.pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")

    def named(self, text: str) -> Iterator[tuple[str, set[str]]]:
        for found in self.pattern.finditer(text):
            yield found.group(1), self.ids[found.group(1)]


def kind_names(events: list[Event], kinds: Kinds, book: Phrasebook) -> set[str]:
    """The names the answer's kind parameters say (a category named by one card of it, the
    table rules' `kind_params`): no card of the table."""
    out: set[str] = set()
    for event in events:
        for name, value in event.params.items():
            if name in kinds.get(event.key, frozenset()):
                out.add(book.card_name(value))
            elif isinstance(value, list):
                out |= kind_names([v for v in value if isinstance(v, Event)], kinds, book)
    return out


def unseen_names(session: Session, rec: Recorder, names: CardNames,
                 lines: list[str]) -> list[tuple[str, str]]:
    """Each (question, card name) where the answer the keyboard's player heard names a card
    that player cannot see now."""
    me = session.opts.me
    sight = session.rules.in_sight(session.state, me)
    said: list[Event] = []
    answered = session.pipeline.in_sight

    def keep_events(events: Sequence[Event]) -> list[Event]:
        kept = answered(events)
        said.extend(kept)
        return kept

    session.pipeline.in_sight = keep_events  # type: ignore[method-assign]
    found = []
    for line in lines:
        rec.clear()
        said.clear()
        session.handle_line(line)
        heard = " ".join(text for audience, text in rec.lines if audience in ("all", me))
        kinds = kind_names(said, session.rules.kind_params, session.book)
        found += [(line, name) for name, ids in names.named(heard) if not ids & sight and name not in kinds]
        if line.split()[0] in WHOLE and LEFT_OUT in heard:
            found.append((line, LEFT_OUT))
    session.pipeline.in_sight = answered  # type: ignore[method-assign]
    return found


def play_and_ask(game_name: str, seats: int, seed: int, me: int, information: str,
                 every: int = 3, limit: int = 240) -> Iterator[list[tuple[str, str]]]:
    """A random legal game, with every question asked after every ``every`` moves; yields, each
    time, the answers that named a card out of sight."""
    game = get_game(game_name)
    options: dict[str, Any] = dict(game.simulation_options)
    if game.seed_option is not None:
        options[game.seed_option] = seed
    with tempfile.TemporaryDirectory() as folder:
        rec = Recorder()
        session = Session(SessionOptions(game=game_name, seats=seats, options=options, me=me,
                                         record=Path(folder) / "game.jsonl", setup=False,
                                         information=information), rec)
        session.open()
        session.begin()
        assert session.match is not None
        lines, names, rng = questions(session), CardNames(game_name), random.Random(seed)
        for n in range(limit):
            if n % every == 0:
                yield unseen_names(session, rec, names, lines)
            if game.is_over(session.state):
                break
            action = random_table_action(game, session.state, rng)
            if action is None:
                break
            session.match.apply(action)
        assert session.journal is not None
        session.journal.close()


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(game_name=st.sampled_from(GAMES), seed=st.integers(0, 10**6), data=st.data())
def test_in_equal_no_answer_names_a_card_a_sighted_player_could_not_see(game_name: str, seed: int,
                                                                         data: st.DataObject) -> None:
    game = get_game(game_name)
    seats = data.draw(st.sampled_from(game.seat_counts), label="seats")
    me = data.draw(st.integers(0, seats - 1), label="me")
    for unseen in play_and_ask(game_name, seats, seed, me, EQUAL):
        assert unseen == []


def test_in_aid_the_companion_remembers_the_cards_played() -> None:
    """The same questions in "aid": "jouées" names the cards of the tricks turned face down,
    "restantes" those still in the other hands (the reading above catches both in "equal")."""
    unseen = {line for batch in play_and_ask("tatsu", 4, 7, 0, AID) for line, _name in batch}
    assert {"jouées", "restantes"} <= unseen


def test_every_game_declares_what_is_face_up() -> None:
    """Each game's package has its own table rules declaring what a sighted player sees."""
    for name in GAMES:
        table = get_package(name).table
        assert table is not None and "face_up" in vars(table), name


@settings(max_examples=15, deadline=None)
@given(game_name=st.sampled_from(GAMES), seed=st.integers(0, 10**6), data=st.data())
def test_a_hand_is_never_face_up_and_a_trick_won_is_gone(game_name: str, seed: int,
                                                         data: st.DataObject) -> None:
    """The declarations themselves: no card held in a hand is face up (but the Ghost's open hand,
    3-player Tatsu), and the cards of a Tatsu trick leave the table once it is won."""
    package = get_package(game_name)
    game = package.rules
    seats = data.draw(st.sampled_from(game.seat_counts), label="seats")
    assert package.table is not None
    rules = package.table(game)
    options: dict[str, Any] = dict(game.simulation_options)
    if game.seed_option is not None:
        options[game.seed_option] = seed
    match, rng = Match.new(game, seats, options), random.Random(seed)
    for _ in range(400):
        state = match.state
        face_up = rules.face_up(state)
        # 2-player Tatsu: a seat's cards are its line, face up (the hand numbers them by place), and a
        # line being laid holds its face-up cards in the hand until it is complete
        being_laid: set[str] = set()
        if game_name == "tatsu" and seats == 2:
            being_laid = set(laid_so_far(state))
            being_laid |= {k.up for line in state.tableaux if line for k in line if k.up}
        for seat in game.seats_of(state):
            open_ghost = game_name == "tatsu" and seats == 3 and seat == 3
            if not open_ghost:
                held = set(rules.hand_cards(state, seat) or ()) - being_laid - {""}
                assert not face_up & held, (seat, face_up)
        action = random_table_action(game, state, rng)
        if action is None or game.is_over(state):
            break
        for event in match.apply(action):
            if event.key == "trick_won":
                assert not rules.face_up(match.state) & set(event.params["cards"])


def test_the_setting_is_said_recorded_and_kept_on_resuming(make_session, tmp_path: Path) -> None:
    """The table's agreement is in the record's header; a resumed game keeps it whatever the
    command line now says, and says it again; a record without one reads as "equal"."""
    session, rec = make_session(game="tatsu", seats=4, information=AID)
    assert "Aide-mémoire : les réponses disent aussi les cartes déjà jouées." in rec.texts("all")
    record = session.opts.record
    assert session.journal is not None and record is not None
    session.journal.close()
    header, _actions, _warnings = open_record(record)
    assert header.information == AID
    resumed = Recorder()
    again = Session(SessionOptions(game="tatsu", seats=4, resume=record, setup=False), resumed)
    again.open()
    assert again.opts.information == AID
    assert "Aide-mémoire : les réponses disent aussi les cartes déjà jouées." in resumed.texts("all")
    assert again.journal is not None
    again.journal.close()
    lines = record.read_text(encoding="utf-8").splitlines()
    older = json.loads(lines[0])
    del older["information"]
    plain = tmp_path / "older.jsonl"
    plain.write_text("\n".join([json.dumps(older), *lines[1:]]) + "\n", encoding="utf-8")
    assert open_record(plain)[0].information == EQUAL
    older["information"] = "everything"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(older) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        open_record(bad)
    assert "information doit être equal, aid, pas 'everything'" in refused.value.text("fr")


def test_an_answer_keeps_its_parts_in_sight_and_says_the_rest_is_not() -> None:
    """The reading itself, on real phrases: a trick's plays in sight are kept, one out of sight
    is left out and the answer says so once; a square ("E5", also an event card's id) is no card."""
    tatsu = Phrasebook("fr", "tatsu")
    plays = [Event("all", "play", {"seat": 0, "card": "Y-P4-V1", "from": 0}),
             Event("all", "play", {"seat": 1, "card": "R-P5-V1", "from": 1})]
    answer = [Answer(2, "trick", {"n": 1, "plays": plays}), Answer(2, "out", {"cards": ["R-P6-V1"]})]
    kept = within_sight(answer, frozenset({"Y-P4-V1"}), 2, tatsu, {})
    assert tatsu.line(kept) == "Pli 1 : Nord : Esprit jaune 4. Le reste ne se voit pas sur la table."
    samurai = Phrasebook("fr", "samurai")
    unit = [Answer(0, "samurai_unit_at", {"unit": "KATANA-Y-1", "square": "E5", "seat": 0})]
    assert within_sight(unit, frozenset({"KATANA-Y-1"}), 0, samurai, {}) == unit
