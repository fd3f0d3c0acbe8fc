"""The session loop: one queue of inputs, handled one at a time.

Inputs: camera events (from the vision worker threads), typed lines (a reader thread), and
the synthetic table's own moves. A card seen or a typed line goes to the game's table rules,
which turn it into an action, a question for a seat, a refusal or an answer; an action goes
through the pipeline (checked, recorded and fsynced, then announced). The session's parts:
`pipeline` (record → announce), `commands` (what typed commands do), `setup` (the set-up
dialogue, seat and card names), `driver` (the synthetic table's players).

One screen, one seat: the announcer shows the public lines and the keyboard seat's own; a
question the rules give a person (a card to play for another seat, a swap, a unit to
remove) waits for that person's answer with no time-out, and the synthetic table waits too.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, TextIO

from card_codes import LabelErrorKind, load_deck
from companion.commands import Command, Commands, Unknown
from companion.engine import Action, Answer, Event, Match, Rejected, State, get_package
from companion.engine.bots import bot_of
from companion.engine.capabilities import PlacesNumbered
from companion.engine.match import replay
from companion.engine.table import Ask, Hints, Question, TableRules, clears_table
from companion.house_rules import in_force, rules_in_force_line
from companion.information import SAID_AT_START
from companion.journal import Journal, RecordError, open_record, undos_of
from companion.language import fold
from companion.session.awaiting import Awaiting, Confirm, Scan, Which, after, question_of, with_question
from companion.session.driver import SyntheticDriver
from companion.session.handlers import Handlers
from companion.session.host import LiveTable, SeenMemory
from companion.session.layout import LayoutWatch
from companion.session.moves import Move, move_of
from companion.session.names import Names
from companion.session.options import SessionOptions, default_record_path
from companion.session.pipeline import PUBLIC, Announcer, Pipeline
from companion.session.setup import SetupDialogue
from companion.session.views import Pages, SeatViews
from companion.speech.phrasebook import Phrasebook
from companion.typed_input import Stop, TooLong, typed_lines

RETRY_AFTER_FULL_S = 2.0  # seconds the synthetic table waits after the disk refused its move
HELD_KINDS = ("line", "seat_line", "eof")  # what waits behind a typed card still in flight, in order
LABEL_ERRORS = {LabelErrorKind.BAD_CHECK: "label_bad_check", LabelErrorKind.OTHER_GAME: "label_other_game"}
RESUMED_UNDO_DEPTH = 1000  # states kept standing at the end of a resumed record: as many undos in a row
RESUMED_EVENTS = 20_000  # events of a resumed record kept (the newest: this round's, and more)


class VisionNews(Protocol):
    """A camera event: a label seen (``card``, the zone's ``seat``), an unknown label (``error``),
    the camera lost or back (``kind`` only), or the labels at rest changed (``kind`` "layout",
    its ``labels``: companion.vision.watch.LayoutEvent)."""

    kind: str
    card: str | None
    seat: int | None
    error: Any
    labels: Sequence[Any]


def renumbered(before: Sequence[str], after: Sequence[str]) -> list[tuple[int, int, int]]:
    """The cards of a hand whose number changed, as runs (old number, new number, length),
    numbers from 1. Only when cards left the hand and the others closed up: a hand numbered by
    place ("" for an empty place), a line laid from a hand or cards drawn renumber nothing the
    player relies on."""
    if len(after) >= len(before) or [card for card in before if card in after] != list(after):
        return []
    runs: list[tuple[int, int, int]] = []
    number = {card: n for n, card in enumerate(after, start=1)}
    for old, card in enumerate(before, start=1):
        new = number.get(card, old)
        if new == old:
            continue
        if runs and runs[-1][0] + runs[-1][2] == old and runs[-1][1] + runs[-1][2] == new:
            runs[-1] = (runs[-1][0], runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((old, new, 1))
    return runs


def cards_named(events: Sequence[Event]) -> list[str]:
    """The cards a trick or round taken away names (its events' ``card`` and ``cards``)."""
    named: list[str] = []
    for event in events:
        card, cards = event.params.get("card"), event.params.get("cards")
        named += [card] if isinstance(card, str) else []
        named += [c for c in cards if isinstance(c, str)] if isinstance(cards, list | tuple) else []
    return named


class Session:
    """One game at the table: the inputs handled one at a time, and the parts they go to."""

    def __init__(self, opts: SessionOptions, announcer: Announcer, *, table: LiveTable | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.opts = opts
        self.ann = announcer
        self.package = get_package(opts.game)
        self.game = self.package.rules
        self.book = Phrasebook(opts.lang, opts.game, seat_names=opts.seat_names,
                               seat_keys=self.game.seat_keys(opts.seats))
        seat_names = [self.book.seat_name(s) for s in range(len(self.game.seat_keys(opts.seats)))]
        self.rules: TableRules[Any] = (self.package.table or TableRules)(self.game, seat_names)
        self.bot = bot_of(self.package)
        self.commands = Commands(self.package.folder / "commands.toml")
        self.pipeline = Pipeline(self.book, announcer, self.rules, opts)
        self.deck = load_deck(opts.game)
        self.table = table  # a LiveTable in synthetic mode, else None
        self.pipeline.typed_only = table is not None
        self.clock = clock
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        # lines typed while a card typed before them is still on its way to the camera: each is
        # for what comes after that card (the next question), so it waits for it (issue 26, F10)
        self.held: deque[tuple[str, Any]] = deque()
        self.hints = Hints()
        self.awaiting: Awaiting | None = None  # the one thing the table waits for (awaiting.py)
        # the camera's memory of cards laid (set by `play` once the camera is open): cards that left
        # the table are forgotten, so that put down again later they are a new play
        self.seen_memory: SeenMemory | None = None
        self.moves: list[Move] = []  # the standing actions, oldest first
        self.told_over: set[int] = set()  # the seats told how to leave a finished game
        self.prompted: dict[int, str] = {}  # the last "your turn" said to each seat (again if it changes)
        self.quit = False
        self.started = False
        self.disk_full_since = 0.0  # when the disk began refusing the record's writes
        # the parts, each holding this session as its Host (host.py)
        self.setup = SetupDialogue(self)
        self.names = Names(self)
        self.handlers = Handlers(self)
        self.driver = SyntheticDriver(self, opts.seed)
        self.layout = LayoutWatch(self)
        self.views = SeatViews(self)
        self.pages: Pages | None = None  # the phones' pages and the table view, when served (--web)
        self.page_links: list[str] = []
        self.ann.set_keyboard_seat(self.keyboard_seat)

    @property
    def keyboard_seat(self) -> int | None:
        """The seat of the person at this keyboard and screen; None when the synthetic table
        plays every seat (a demo: the screen is a spectator's)."""
        return None if self.opts.me in self.opts.bots else self.opts.me

    @property
    def me(self) -> int:
        """The seat whose typed line or command is being handled: the keyboard's, or a phone's."""
        return self.pipeline.me

    @property
    def match(self) -> Match | None:
        return self.pipeline.match

    @property
    def journal(self) -> Journal | None:
        return self.pipeline.journal

    @property
    def state(self) -> State:
        assert self.pipeline.match is not None
        return self.pipeline.match.state

    @property
    def question(self) -> Question | None:
        """The question waiting for its answer (a card's words, a choice), if any."""
        return question_of(self.awaiting)

    def seat_list(self) -> list[int]:
        """The seats of the game (for a reason that lists them)."""
        return list(self.game.seats_of(self.state))

    def person(self, seat: int | None) -> bool:
        """A seat a person plays (at this keyboard or at the real table), not the synthetic table."""
        return seat is not None and seat not in self.opts.bots

    # -- inputs (any thread) ----------------------------------------------------------------------
    def post(self, kind: str, payload: Any = None) -> None:
        self.inbox.put((kind, payload))

    def on_vision(self, event: VisionNews) -> None:
        """Callback for the vision worker: card and camera events join the queue."""
        self.post("vision", event)

    def read_lines(self, stream: TextIO) -> threading.Thread:
        """Read typed lines from ``stream`` in a thread; end of input posts "eof". The stop key
        or a stop word silences speech from this thread, at once, however busy the game is."""

        def reader() -> None:
            try:  # a bad byte is an unknown command, a huge line one refusal: the keyboard never dies
                for line in typed_lines(stream):
                    if isinstance(line, TooLong):
                        self.post("too_long", line.limit)
                    elif isinstance(line, Stop) or self.is_stop(line):
                        self.ann.stop(self.opts.me)
                    else:
                        self.post("line", line)
            except (OSError, ValueError):  # the terminal went away: as at the end of input
                pass
            finally:
                self.post("eof")

        thread = threading.Thread(target=reader, name="keyboard", daemon=True)
        thread.start()
        return thread

    def is_stop(self, line: str) -> bool:
        """A stop word ("chut", "stop"), acted on by the keyboard's thread itself."""
        parsed = self.commands.parse(line)
        return isinstance(parsed, Command) and parsed.name == "stop"

    # -- what the parts ask of each other (host.py) ------------------------------------------------
    def run_command(self, cmd: Command) -> None:
        self.handlers.run(cmd)

    def seat_named(self, word: str) -> int | None:
        return self.names.seat(word)

    def bot_gives(self, holder: int) -> None:
        self.driver.bot_gives(holder)

    def setup_text(self) -> str:
        return self.setup.text()

    # -- saying things (the pipeline's) -----------------------------------------------------------
    def say(self, audience: Any, text: str, *, keep: bool = False, speaker: int | None = None,
            urgent: bool = False) -> None:
        self.pipeline.say(audience, text, keep=keep, speaker=speaker, urgent=urgent)

    def tell(self, key: str, audience: Any = None, **params: Any) -> None:
        self.pipeline.tell(key, audience, **params)

    def answer(self, events: Sequence[Event]) -> None:
        self.pipeline.answer(events)

    def refuse(self, rejected: Rejected, *, from_camera: bool = False, audience: Any = PUBLIC,
               card: bool = False) -> None:
        self.pipeline.refuse(rejected, from_camera=from_camera, audience=audience, card=card)

    # -- the game ------------------------------------------------------------------------------
    def open(self) -> None:
        """Start a new game (or resume one): the match and its record."""
        opts = self.opts
        if opts.resume is not None:
            header, actions, _warnings = open_record(opts.resume)  # refuses a broken record first
            if (header.game, header.seats) != (opts.game, opts.seats):
                raise RecordError(opts.resume, None, "other_game", game=header.game, seats=header.seats)
            self.rebuild(header.options, header.rules, actions)
            opts.information = header.information  # the table's agreement holds for the whole game
            journal, actions, warnings = Journal.resume(opts.resume)  # cuts a torn last line
            self.pipeline.journal = journal
            for warning in warnings:
                self.say(opts.me, warning.text(opts.lang))
            self.tell("resumed", n=len(actions))
            self.tell(SAID_AT_START[opts.information], PUBLIC)
            self.say_house_rules()
            self.started = True
            self.where_we_are()
            return
        self.pipeline.match = Match.new(self.game, opts.seats, opts.options)

    def rebuild(self, options: dict[str, Any], rules: int, actions: Sequence[tuple[int, Action]]) -> None:
        """The match of a record, and whose move each standing action was."""
        # each standing action, to be told whose move it was (only the newest: as far back as
        # undo reaches, so a long record is read without working out a million moves)
        standing: list[tuple[State, Action, list[Event]]] = []

        def taken(before: State, action: Action, events: list[Event]) -> None:
            if action["type"] == "undo":
                if standing:
                    standing.pop()
            else:
                standing.append((before, action, events))
            if len(standing) > 2 * RESUMED_UNDO_DEPTH:
                del standing[:-RESUMED_UNDO_DEPTH]

        # a long record in bounded memory: the states no undo of the record goes back to are let
        # go, but for the last ones standing, which a player may still take back one by one
        self.pipeline.match = replay(self.game, self.opts.seats, options, actions, rules, on_action=taken,
                                     keep_last=RESUMED_UNDO_DEPTH, undos=undos_of(actions),
                                     keep_history=(RESUMED_EVENTS, RESUMED_UNDO_DEPTH))
        self.moves = [move_of(self.game, self.rules, *taken_at) for taken_at in standing]

    def begin(self) -> None:
        """The game starts: its record is created, then its opening events announced."""
        assert self.match is not None
        opts = self.opts
        if self.journal is None:
            path = opts.record or default_record_path(opts.game)
            self.pipeline.journal = Journal.create(path, opts.game, opts.seats, self.match.options,
                                                   rules=self.game.rules_version, keyboard=self.keyboard_seat,
                                                   information=opts.information,
                                                   synthetic=self.table is not None)
            self.say(opts.me, self.book.text("session", "record", {"path": str(path)}))
        self.started = True
        self.tell("started", PUBLIC)
        self.tell(SAID_AT_START[opts.information], PUBLIC)
        self.say_house_rules()
        self.pipeline.announce(self.match.events)
        if not self.table_due():
            self.prompt_turn()

    def say_house_rules(self) -> None:
        """The table's house rules, briefly, when it plays any (each is written in the record)."""
        assert self.match is not None
        if in_force(self.game, self.opts.seats, self.match.options):
            line = rules_in_force_line(self.game, self.opts.seats, self.match.options, self.opts.lang)
            self.say(PUBLIC, line, keep=True)

    def table_due(self) -> bool:
        """The synthetic table has its own part to do first (a deal, a card turned up)."""
        if self.table is None or self.match is None:
            return False
        return bool(self.game.table_actions(self.state, self.driver.table_rng()))

    def where_we_are(self) -> None:
        """On resuming: to each seat with a screen (the keyboard's, each phone's), the round, the
        scores, the table, whose turn, and its hand."""
        state = self.state
        for me in self.screens() or [self.opts.me]:
            self.pipeline.typist = me
            try:
                for name in ("progress", "seat_facts", "scores", "table"):
                    self.answer(self.rules.answer(name, Ask(state, me)))
                if self.rules.hand_cards(state, me):
                    self.answer(self.rules.answer("hand", Ask(state, me)))
                if self.rules.due(state, me) and not self.game.is_over(state):
                    self.prompt_seat(me, False)
                else:
                    self.answer(self.rules.turn(state, me))
            finally:
                self.pipeline.typist = None

    def fixed_phrases(self) -> list[str | tuple[str, int | None]]:
        """What is worth building into the speech cache before the game: card and seat names,
        and the game's most frequent announcements (say, each "seat plays card"), each of
        those with the seat it is about, in whose voice it is said."""
        seats = list(self.game.seats_of(self.match.state)) if self.match else list(range(self.opts.seats))
        names: list[str | tuple[str, int | None]] = [card.name(self.opts.lang) for card in self.deck]
        names += [self.book.seat_name(s) for s in seats]
        if self.match is not None:
            names += [(self.book.render(e), self.pipeline.speaker(e))
                      for e in self.rules.frequent(self.match.state, self.deck)]
        return names

    def apply(self, action: Action, *, from_camera: bool = False, prompt: bool = True,
              announce: bool = True) -> bool:
        """Check, record (fsynced), then announce one action (unless ``announce`` is False: one
        of several undone at once). False if refused."""
        before = self.state
        due_before = [seat for seat in self.screens() if self.rules.due(before, seat)]
        events = self.pipeline.commit(action, from_camera=from_camera, announce=announce)
        if events is None:
            if self.pipeline.write_refused:
                self.write_refused(action, from_camera=from_camera)
            return False
        if action.get("type") == "undo":
            if self.moves:
                self.moves.pop()
        else:
            self.moves.append(move_of(self.game, self.rules, before, action, events))
            if self.person(self.moves[-1].by):  # the table's players leave a person a moment
                self.driver.person_moved()
        if announce and action.get("type") != "undo":
            self.tell_renumbered(before)
        cleared = clears_table(self.rules, events)
        if cleared and self.seen_memory is not None:
            self.seen_memory.forget_cards(cards_named(events))
        if self.table is not None and (cleared or action.get("type") == "undo"):
            self.table.clear()
        self.hints = Hints()
        self.awaiting = with_question(self.awaiting, None)  # answered (or the game moved past it)
        if prompt:  # a trick taken ends every turn: whoever leads the next hears "À vous" anew
            self.prompt_turn(() if cleared and self.rules.clears_on is not None else due_before)
        return True

    def tell_renumbered(self, before: State) -> None:
        """After a play from my hand, the cards after it have new numbers: said briefly, privately,
        so that the next "carte 3" names the card I mean."""
        for me in self.screens():
            by_place = isinstance(self.rules, PlacesNumbered) and self.rules.numbered_by_place(self.state, me)
            if by_place:
                continue
            hand = self.rules.hand_cards
            runs = renumbered(hand(before, me) or [], hand(self.state, me) or [])
            parts = [Answer(me, "renumbered_run" if size > 1 else "renumbered_one",
                            {"old": old, "last": old + size - 1, "new": new, "new_last": new + size - 1})
                     for old, new, size in runs]
            if parts:
                self.pipeline.say(me, self.book.line(self.pipeline.in_sight([Answer(me, "hand_renumbered",
                                                                                  {"moves": parts})], me)))

    def write_refused(self, action: Action, *, from_camera: bool) -> None:
        """An action the record could not take (a full disk): a card the synthetic table showed is
        taken back, as a refused card is (shown again later); a disk that stays full ends the game."""
        if from_camera and self.table is not None and "card" in action:
            self.table.clear([action["card"]])
        now = self.clock()
        assert self.journal is not None
        if self.journal.failures <= 1:
            self.disk_full_since = now
        # the table's players wait a moment before trying again: time counts, not their retries
        self.driver.next_bot_move = max(self.driver.next_bot_move, now + RETRY_AFTER_FULL_S)
        if self.pipeline.record_stopped(now - self.disk_full_since):
            self.quit = True

    def screens(self) -> list[int]:
        """The seats a person reads on a screen of their own: the keyboard's, and each phone's."""
        keyboard = [] if self.keyboard_seat is None else [self.keyboard_seat]
        return keyboard + sorted(self.opts.phones - set(keyboard))

    def prompt_turn(self, was_due: Collection[int] = ()) -> None:
        """Tell each seat with a screen what to do when it is their turn (with a sound at the
        keyboard), once: said again only when their turn starts anew or what they must do
        changes (``was_due``: the seats whose turn it was already before the last action)."""
        for seat in self.screens():
            self.prompt_seat(seat, seat in was_due)

    def prompt_seat(self, me: int, was_due: bool) -> None:
        state = self.state
        if self.game.is_over(state) and me == self.opts.me and not self.opts.stop_when_over \
                and me not in self.told_over:  # the game is over, the program waits: how to leave
            self.told_over.add(me)
            self.tell("over_quit", me)
        if self.game.is_over(state) or not self.rules.due(state, me) or me in self.opts.bots:
            self.prompted.pop(me, None)
            return
        if self.table_due():  # the table's own part first (a deal, a card turned up): then the prompt
            return
        turn = self.book.line(self.rules.turn(state, me))
        if was_due and turn == self.prompted.get(me):
            return
        again = was_due and me in self.prompted
        self.prompted[me] = turn
        said = {text for audience, text, _ in self.pipeline.last if audience in (PUBLIC, me)}
        if again:  # still my turn, something new to do: just that
            if turn not in said:
                self.say(me, turn, keep=True, urgent=True)
            return
        self.pipeline.earcon("your_turn", me)
        # one line, with its forms by level: in brief, the earcon says "your turn" and the words do not
        mine: list[Event] = [Answer(me, "your_turn")]
        line = self.book.line(mine if turn in said else [*mine, *self.rules.turn(state, me)])
        self.say(me, line, keep=True, urgent=True)

    # -- handlers -------------------------------------------------------------------------------
    def typed_in_flight(self) -> bool:
        """A card a person typed is on the synthetic table, not read by its camera yet."""
        return self.driver.in_flight is not None and self.hints.typist is not None

    def handle(self, kind: str, payload: Any) -> None:
        if kind in HELD_KINDS and (self.held or self.typed_in_flight()):
            self.held.append((kind, payload))
            return
        self.dispatch(kind, payload)

    def dispatch(self, kind: str, payload: Any) -> None:
        if kind == "line":
            self.handle_line(payload)
        elif kind == "vision":
            self.handle_vision(payload)
        elif kind == "too_long":
            self.tell("line_too_long", limit=payload)
        elif kind == "seat_line":
            seat, line = payload
            self.handle_seat_line(seat, line)
        elif kind == "seat_too_long":
            seat, limit = payload
            if seat in self.opts.phones:
                self.tell("line_too_long", seat, limit=limit)
        elif kind == "eof" or kind == "quit":
            if kind == "eof" and not self.quit:  # Ctrl-D (or the input's end): the goodbye, as "quitte"
                self.tell("quit" if self.started else "quit_setup")
            self.quit = True

    def handle_seat_line(self, seat: int, line: str) -> None:
        """A line typed on a seat's own device (a phone's page): handled as that seat's, its
        answers said to that seat. Before the game, the set-up is the keyboard's."""
        if seat not in self.opts.phones:
            return
        if not self.started:
            self.tell("phone_wait", seat)
            return
        self.pipeline.typist = seat
        try:
            self.handle_line(line)
        finally:
            self.pipeline.typist = None

    def handle_vision(self, event: VisionNews) -> None:
        if event.kind == "layout":
            self.layout.changed(event.labels)
        elif event.kind == "seen" and event.card is not None and self.layout.claims(event.card):
            return  # a board's corner or piece: read where it lies (LayoutWatch), not played
        elif event.kind == "seen" and event.card is not None:
            if self.driver.seen(event.card):  # entered by hand already (read too late)
                return
            self.handle_card(event.card, event.seat)
        elif event.kind == "shown" and event.card is not None and isinstance(self.awaiting, Scan):
            self.handle_card(event.card)  # a card held up while a hand is read: not a play
        elif event.kind in ("unknown", "refused") and self.table is not None:
            pass  # the synthetic table's own camera misread its own picture: nothing to show again
        elif event.kind == "unknown":
            self.tell(LABEL_ERRORS.get(event.error, "label_unknown"), PUBLIC)
            self.pipeline.earcon("label_refused")
        elif event.kind in ("refused", "flood", "contradiction"):
            self.labels_refused(event)
        elif event.kind == "lost":
            self.tell("camera_lost", PUBLIC)
        elif event.kind == "back":
            self.tell("camera_back", PUBLIC)
        elif event.kind == "ended":
            self.tell("source_ended", PUBLIC)

    def labels_refused(self, notice: Any) -> None:
        """Labels the camera read and the table cannot use, in one line (companion.vision.screen):
        a frame's refused labels, a flood of labels (nothing played), a label whose codes disagree."""
        if notice.kind == "contradiction":
            self.tell("label_contradicts", PUBLIC)
        else:
            counts = dict(notice.counts)
            if notice.kind == "refused" and len(counts) == 1:
                self.tell(f"labels_only_{next(iter(counts))}", PUBLIC, n=notice.total)
            else:
                parts = [Answer("all", f"labels_{kind}", {"n": n}) for kind, n in notice.counts]
                self.tell("labels_flood" if notice.kind == "flood" else "labels_refused", PUBLIC,
                          n=notice.total, parts=parts)
        self.pipeline.earcon("label_refused")

    def handle_card(self, card: str, zone_seat: int | None = None) -> None:
        """A card seen by the camera (or entered by hand)."""
        if not self.started:
            return
        scan = self.awaiting
        if isinstance(scan, Scan):
            if card not in scan.cards:
                scan.cards.append(card)
                self.tell("scan_card", card=card)
                self.pipeline.earcon("label_read", self.me)
            return
        intent = self.driver.intent(card)
        if intent is not None:  # a synthetic player says what its card is for, as a sighted player would
            self.apply(intent, from_camera=True)
            return
        typist, self.hints.typist = self.hints.typist, None
        hints = Hints(self.hints.source, zone_seat, self.hints.target, typist)
        question = self.question
        if question is not None and not question.card:
            self.answer_with_card(question, card, typist)
            return
        try:
            action = self.rules.card_action(self.state, card, hints)
        except Rejected as rejected:
            self.refuse(rejected, from_camera=typist is None,
                        audience=PUBLIC if typist is None else typist, card=True)
            if self.table is not None:
                self.table.clear([card])
            return
        if isinstance(action, Question):
            self.ask(action)
            return
        self.apply(action, from_camera=True)

    def typed_card(self, line: str) -> bool:
        """A card named at the keyboard ("Y-P4-V1", "2", "esprit jaune 4"): checked as the
        keyboard's player's (a card not theirs is refused, unless it answers a request), then
        put down on the synthetic table, or taken as seen at a real table. False: no card."""
        if self.match is None:
            return False
        found = self.names.find_cards(line.strip())
        if not found:
            return False
        if found == [""]:  # "esprit rouge 1", and I hold none of them
            self.tell("card_not_held", self.me, word=line.strip())
            return True
        if len(found) > 1:  # "esprit rouge 1": which one, by number or by its full name
            self.awaiting = Which(found, self.me, behind=self.question)
            self.tell("which_card", self.me, cards=found)
            return True
        card = found[0]
        me = self.me
        question = self.question
        if question is None or question.card:  # a card of my own, for a play of my own
            try:
                hints = Hints(self.hints.source, None, self.hints.target, me)
                self.rules.card_action(self.state, card, hints)
            except Rejected as rejected:
                self.refuse(rejected, audience=me, card=True)
                return True
        if self.table is None:
            self.hints.typist = me
            self.handle_card(card)
            return True
        self.hints.typist = me
        self.driver.put_down(card, me)
        return True


    def answer_with_card(self, question: Question, card: str, typist: int | None) -> None:
        """A card shown or typed as the answer to a choice: the choice that names it, else the
        rules' reason (and the question keeps waiting)."""
        found = [a for a in question.choices if a.get("card") == card]
        found += [a for a, label in zip(question.choices, question.labels, strict=False) if label == card]
        if found:
            self.apply(dict(found[0]), from_camera=typist is None)
            return
        probe = {**question.choices[0], "card": card} if question.choices else {"type": "play", "card": card}
        try:
            self.game.apply(self.state, probe)
            reason = Rejected("card_not_now")
        except Rejected as rejected:
            reason = rejected
        self.refuse(reason, audience=question.seat if question.seat is not None else self.me)
        if self.table is not None:
            self.table.clear([card])
    def ask(self, question: Question) -> None:
        """A question for a seat: the card is named to it (if any), then what it must say."""
        self.awaiting = with_question(self.awaiting, question)
        who = question.seat if question.seat is not None else self.rules.actor(self.state)
        who = self.opts.me if who is None else who
        if question.announce is not None:
            self.say(PUBLIC, self.book.render(question.announce), keep=True)
        if question.card:
            self.say(who, self.book.card_name(question.card) + ".", keep=True, urgent=True)
        if question.prompt is not None:
            self.say(who, self.book.render(question.prompt), keep=True, urgent=True)
        else:
            self.say(who, self.book.text("session", "card_waiting", {}), urgent=True)
        if who == self.opts.me:
            self.pipeline.earcon("your_turn", who)

    def handle_line(self, line: str) -> None:
        if not self.started:
            self.setup.line(line)
            return
        parsed = self.commands.parse(line)
        if parsed is None:
            return
        which = self.awaiting
        if isinstance(which, Which) and which.seat == self.me:
            self.awaiting = after(which)
            if isinstance(parsed, Command) and parsed.name in ("undo", "no"):  # "lequel ?" withdrawn
                self.tell("which_dropped")
                return
            chosen = self.names.which_answer(which.cards, line)
            if chosen is not None:
                self.typed_card(chosen)
                return
        pending = self.awaiting
        if isinstance(pending, Confirm) and pending.seat in (None, self.me):
            self.awaiting = after(pending)
            if isinstance(parsed, Command) and parsed.name in ("yes", "no"):
                self.resolve(pending, parsed.name == "yes")
                return
            if pending.kind == "undo":
                self.tell("undo_kept")
            elif pending.kind == "layout":  # other words than yes or no: the move seen is not played
                self.layout.declined = pending.move
        # a question or a card waiting for words, or "fin" when no hand is being scanned: the game's
        # words first
        game_first = self.question is not None or (
            isinstance(parsed, Command) and self.commands.spec(parsed.name).get("kind") == "scan_done"
            and not isinstance(self.awaiting, Scan))
        if game_first and self.game_line(line):
            return
        if isinstance(parsed, Unknown):
            if not game_first and self.game_line(line):
                return
            if self.typed_card(line):
                return
            if parsed.suggestion:
                hint = self.commands.word(parsed.suggestion, self.opts.lang)  # "turn" -> "tour" in French
                meant = " ".join([parsed.suggestion, *line.split()[1:]])
                self.awaiting = Confirm("typo", self.me, line=meant, behind=self.question)
                self.tell("unknown_command_hint", word=parsed.word, hint=hint)
            else:
                self.tell("unknown_command", word=parsed.word)
            return
        self.handlers.run(parsed)

    def resolve(self, pending: Confirm, yes: bool) -> None:
        """The answer to a yes-or-no question."""
        if pending.kind == "typo":
            if yes:
                self.handle_line(pending.line)
            return
        if pending.kind == "layout":
            self.layout.answered(pending.move, yes)
            return
        if not yes:
            self.tell("undo_kept")
            return
        assert self.journal is not None
        if self.journal.seq != pending.seq:  # play went on before the answer: that is not what was asked
            self.tell("undo_stale")
            return
        undone = 0
        for _ in range(pending.steps):  # the table hears once what was taken back, and whose it was
            if not self.apply({"type": "undo"}, prompt=False, announce=False):
                break
            undone += 1
        if undone:
            self.say(PUBLIC, pending.line, keep=True)
        self.prompted.clear()
        self.prompt_turn()

    def game_line(self, line: str) -> bool:
        """The game's own words ("archer de Nord en C4", "manque ISN"); True if they meant
        something (an action applied or refused, or a question answered)."""
        question = self.question
        waiting_card = question.card if question is not None and question.card else None
        if question is not None and question.words:  # a choice answered by its word ("dé ippon")
            said = " ".join(fold(line).split())
            chosen = [c for c, words in zip(question.choices, question.words, strict=False)
                      if said in {" ".join(fold(w).split()) for w in words}]
            if chosen:
                self.apply(dict(chosen[0]))
                return True
        try:
            result = self.rules.parse_line(self.state, self.me, line, waiting_card)
        except Rejected as rejected:
            self.refuse(rejected, audience=self.me)
            return True
        if result is None:
            return False
        if isinstance(result, Question):
            self.ask(result)
            return True
        if isinstance(result, list):
            for event in self.pipeline.in_sight(result):
                self.say(event.audience, self.book.render(event), speaker=self.pipeline.speaker(event))
            return True
        self.apply(result)
        return True

    # -- running ---------------------------------------------------------------------------------
    def run(self, idle: Callable[[], None] | None = None, poll: float = 0.05) -> None:
        """Handle inputs until quit (or the game's end, when asked to stop then)."""
        self.show_pages()  # a page opened before the game has its buttons at once
        while not self.quit:
            try:
                kind, payload = self.inbox.get(timeout=poll)
            except queue.Empty:
                kind, payload = "tick", None
            before = (len(self.match.states) if self.match is not None else 0, id(self.awaiting))
            if kind == "start" and not self.started:
                self.begin()
            elif kind != "tick":
                self.handle(kind, payload)
            self.driver.check_in_flight()
            if self.held and not self.typed_in_flight():  # the card landed: the next line held
                self.dispatch(*self.held.popleft())
            self.driver.bot_step()
            now = (len(self.match.states) if self.match is not None else 0, id(self.awaiting))
            if kind != "tick" or now != before:  # a move, or a question a bot asked a person
                self.show_pages()
            if idle is not None:
                idle()
            if self.opts.stop_when_over and self.match is not None and self.game.is_over(self.match.state):
                self.quit = True

    def show_pages(self) -> None:
        """Each phone's page and the table view, as the game stands now (when they are served)."""
        if self.pages is None:
            return
        for seat in sorted(self.opts.phones):
            self.pages.show(seat, self.views.view(seat))
        self.pages.show_table(self.views.table_view())

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

