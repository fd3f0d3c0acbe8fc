"""The session loop: one queue of inputs, handled one at a time.

Inputs: camera events (`CardEvent`, `CameraEvent` from the vision worker threads), typed
lines (a reader thread), and the synthetic table's own moves. Every accepted action is
checked by the rules, appended to the record and fsynced, and only then announced. A
refused card or command is announced with its reason and changes nothing.
"""

from __future__ import annotations

import contextlib
import queue
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from card_codes import LabelErrorKind, load_deck, try_decode
from companion.commands import Command, Unknown, help_lines, parse
from companion.engine import Event, Match, Rejected, get_game, replay
from companion.engine.simulate import random_actions
from companion.journal import Journal, RecordError, open_record
from companion.session.table import Hints, TableRules, Waiting, table_rules
from companion.speech.phrasebook import Phrasebook

PUBLIC = "all"


@dataclass
class SessionOptions:
    """What a session is asked to do."""

    game: str = "tatsu"
    seats: int = 4
    options: dict[str, Any] = field(default_factory=dict)
    me: int = 0  # the seat of the person at the keyboard
    lang: str = "fr"
    seat_names: list[str] | None = None
    record: Path | None = None
    resume: Path | None = None
    bots: frozenset[int] = frozenset()  # seats the synthetic table plays by itself
    pace: float = 0.0  # seconds the synthetic table waits before each of its moves
    seed: int = 1
    setup: bool = True  # ask to accept the set-up before the game (interactive play)
    stop_when_over: bool = False  # the demo ends with the game; play waits for "quit"


class Session:
    """One game at the table."""

    def __init__(self, opts: SessionOptions, announcer: Any, *, table: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.opts = opts
        self.ann = announcer
        self.game = get_game(opts.game)
        self.book = Phrasebook(opts.lang, opts.game, seat_names=opts.seat_names,
                               seat_keys=self.game.seat_keys(opts.seats))
        self.rules: TableRules = table_rules(self.game, self.book)
        self.deck = load_deck(opts.game)
        self.table = table  # a LiveTable in synthetic mode, else None
        self.clock = clock
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.hints = Hints()
        self.rng = random.Random(opts.seed)
        self.journal: Journal | None = None
        self.match: Match | None = None
        self.last: list[tuple[Any, str]] = []  # the newest batch of lines for the keyboard's seat
        self.confirm: str | None = None  # a question waiting for yes or no
        self.scanning: list[str] | None = None
        self.waiting: Waiting | None = None
        self.in_flight: tuple[str, float] | None = None  # a card the synthetic table is showing
        self.bot_intent: dict[str, Any] | None = None  # what a bot meant by the card it showed
        self.quit = False
        self.started = False
        self.unknown_said: set[str] = set()
        self._next_bot_move = 0.0

    # -- inputs (any thread) ----------------------------------------------------------------------
    def post(self, kind: str, payload: Any = None) -> None:
        self.inbox.put((kind, payload))

    def on_vision(self, event: Any) -> None:
        """Callback for the vision worker: card and camera events join the queue."""
        self.post("vision", event)

    def read_lines(self, stream: TextIO) -> threading.Thread:
        """Read typed lines from ``stream`` in a thread; end of input posts "eof"."""

        def reader() -> None:
            for line in stream:
                self.post("line", line.rstrip("\n"))
            self.post("eof")

        thread = threading.Thread(target=reader, name="keyboard", daemon=True)
        thread.start()
        return thread

    # -- saying things ------------------------------------------------------------------------------
    def say(self, audience: Any, text: str, *, mine: bool = True) -> None:
        self.ann.announce(audience, text)
        if mine and (audience == PUBLIC or audience == self.opts.me):
            self.last.append((audience, text))

    def tell(self, key: str, audience: Any = None, **params: Any) -> None:
        """A session phrase, to the keyboard's seat unless told otherwise."""
        self.say(self.opts.me if audience is None else audience, self.book.text("session", key, params))

    def earcon(self, name: str, audience: Any = PUBLIC) -> None:
        with contextlib.suppress(ValueError, AttributeError):
            self.ann.earcon(name, audience)

    def announce_events(self, events: Sequence[Event]) -> None:
        self.last = []
        for event in events:
            self.say(event.audience, self.book.render(event))
            if event.key == "trick_won":
                self.earcon("trick_won")
            elif event.key == "game_over":
                self.earcon("game_over")

    # -- the game ------------------------------------------------------------------------------
    def open(self) -> None:
        """Start a new game (or resume one): the match and its record."""
        opts = self.opts
        if opts.resume is not None:
            header, _actions, _warnings = open_record(opts.resume)  # refuses a broken record first
            if (header.game, header.seats) != (opts.game, opts.seats):
                raise RecordError(opts.resume, None, f"a game of {header.game} for {header.seats}")
            self.match = replay(self.game, header.seats, header.options, _actions)
            journal, actions, warnings = Journal.resume(opts.resume)  # cuts a torn last line
            self.journal = journal
            for warning in warnings:
                self.say(opts.me, warning, mine=False)
            self.tell("resumed", n=len(actions))
            self.started = True
            self.where_we_are()
            return
        self.match = Match.new(self.game, opts.seats, opts.options)

    def begin(self) -> None:
        """The game starts: its record is created, then its opening events announced."""
        assert self.match is not None
        opts = self.opts
        if self.journal is None:
            path = opts.record or default_record_path(opts.game)
            self.journal = Journal.create(path, opts.game, opts.seats, self.match.options)
            self.say(opts.me, self.book.text("session", "record", {"path": str(path)}), mine=False)
        self.started = True
        self.tell("started", PUBLIC)
        self.announce_events(self.match.events)
        self.prompt_turn()

    def where_we_are(self) -> None:
        assert self.match is not None
        state = self.match.state
        self.say(self.opts.me, self.rules.scores_text(state))
        self.say(self.opts.me, self.rules.table_text(state))
        if self.rules.actor(state) == self.opts.me and not self.game.is_over(state):
            self.prompt_turn()
        else:
            self.say(self.opts.me, self.rules.turn_text(state))

    def setup_text(self) -> str:
        opts = self.opts
        options = self.match.options if self.match else {}
        dealer = options.get("dealer", options.get("first_dealer", 0))
        return self.book.text("session", "setup", {"game": self.deck.name(opts.lang), "seats": opts.seats,
                                                   "seat": dealer, "me": opts.me})

    def fixed_phrases(self) -> list[str]:
        """What is worth building into the speech cache before the game: card and seat names,
        and each "seat plays card" sentence, the most frequent announcement at the table."""
        seats = list(self.game.seats_of(self.match.state)) if self.match else list(range(self.opts.seats))
        names = [card.name(self.opts.lang) for card in self.deck]
        names += [self.book.seat_name(s) for s in seats]
        if self.book.has("events", "play"):
            names += [self.book.render(Event(PUBLIC, "play", {"seat": s, "card": card.id}))
                      for s in seats for card in self.deck]
        return names

    def apply(self, action: dict[str, Any], *, from_camera: bool = False) -> bool:
        """Check, record (fsynced), then announce one action. False if refused."""
        assert self.match is not None and self.journal is not None
        try:
            if action.get("type") == "undo":
                if len(self.match.states) < 2:
                    raise Rejected("nothing_to_undo")
                new_state, events = self.match.states[-2], [Event(PUBLIC, "undo", {})]
            else:
                new_state, events = self.game.apply(self.match.state, action)
        except Rejected as rejected:  # a card shown is refused aloud; a typed line, to its typist
            self.refuse(rejected, from_camera=from_camera, audience=PUBLIC if from_camera else self.opts.me)
            return False
        try:
            self.journal.append(action)
        except OSError as err:
            self.tell("record_failed", PUBLIC, reason=err.strerror or str(err))
            self.earcon("label_refused")
            return False
        if action.get("type") == "undo":
            self.match.states.pop()
        else:
            self.match.states.append(new_state)
        self.match.events.extend(events)
        if from_camera:
            self.earcon("label_read")
        self.announce_events(events)
        if self.table is not None and self.rules.clears_table(events):
            self.table.clear()
        if action.get("type") == "undo" and self.table is not None:
            self.table.clear()
        self.hints = Hints()
        self.prompt_turn()
        return True

    def refuse(self, rejected: Rejected, *, from_camera: bool = False, audience: Any = PUBLIC) -> None:
        """Say why, changing nothing. A card shown to the table is never named aloud."""
        if from_camera:
            params = {k: (None if k == "card" else v) for k, v in rejected.params.items()}
            reason = self.book.reason(Rejected(rejected.code, **params))
            text = self.book.text("session", "card_refused", {"reason": reason})
        else:
            text = self.book.reason(rejected)
        self.last = []
        self.say(audience, text)
        self.earcon("label_refused", audience)

    def prompt_turn(self) -> None:
        """Tell the keyboard's seat when it is their turn (with a sound)."""
        assert self.match is not None
        state = self.match.state
        if self.game.is_over(state):
            return
        if self.rules.actor(state) == self.opts.me and self.opts.me not in self.opts.bots:
            self.earcon("your_turn", self.opts.me)
            turn = self.rules.turn_text(state)
            self.say(self.opts.me, self.book.text("session", "your_turn", {}) + " " + turn)

    # -- handlers -------------------------------------------------------------------------------
    def handle(self, kind: str, payload: Any) -> None:
        if kind == "line":
            self.handle_line(payload)
        elif kind == "vision":
            self.handle_vision(payload)
        elif kind == "eof" or kind == "quit":
            self.quit = True

    def handle_vision(self, event: Any) -> None:
        kind = getattr(event, "kind", None)
        if kind == "seen" and event.card is not None:
            if self.in_flight and self.in_flight[0] == event.card:
                self.in_flight = None
            self.handle_card(event.card, getattr(event, "seat", None))
        elif kind == "shown" and event.card is not None and self.scanning is not None:
            self.handle_card(event.card)  # a card held up while a hand is read: not a play
        elif kind == "unknown":
            error = getattr(event, "error", None)
            key = {LabelErrorKind.BAD_CHECK: "label_bad_check",
                   LabelErrorKind.OTHER_GAME: "label_other_game"}.get(error, "label_unknown")
            self.tell(key, PUBLIC)
            self.earcon("label_refused")
        elif kind == "lost":
            self.tell("camera_lost", PUBLIC)
        elif kind == "back":
            self.tell("camera_back", PUBLIC)

    def handle_card(self, card: str, zone_seat: int | None = None) -> None:
        """A card seen by the camera (or entered by hand)."""
        assert self.match is not None
        if not self.started:
            return
        if self.scanning is not None:
            if card not in self.scanning:
                self.scanning.append(card)
                self.tell("scan_card", card=card)
                self.earcon("label_read", self.opts.me)
            return
        intent, self.bot_intent = self.bot_intent, None
        if intent is not None and intent.get("card") == card:
            # a synthetic player says what its card is for, as a sighted player would
            self.apply(dict(intent), from_camera=True)
            return
        hints = Hints(self.hints.source, zone_seat, self.hints.target)
        try:
            action = self.rules.card_action(self.match.state, card, hints)
        except Rejected as rejected:
            self.refuse(rejected, from_camera=True)
            if self.table is not None:
                self.table.clear([card])
            return
        if isinstance(action, Waiting):
            self.waiting = action
            who = self.rules.actor(self.match.state)
            self.say(self.opts.me if who is None else who, self.book.card_name(card) + ".")
            self.tell("card_waiting", who)
            return
        self.apply(action, from_camera=True)

    def handle_line(self, line: str) -> None:
        assert self.match is not None
        if not self.started:
            self.setup_line(line)
            return
        parsed = parse(line)
        if parsed is None:
            return
        # a card waiting for words, or "fin" when no hand is being scanned: the game's words first
        game_first = self.waiting is not None or (
            isinstance(parsed, Command) and parsed.name == "done" and self.scanning is None)
        if game_first and self.game_line(line):
            return
        if isinstance(parsed, Unknown):
            if not game_first and self.game_line(line):
                return
            if self.table is not None and self._typed_card(line):
                return
            if parsed.suggestion:
                self.tell("unknown_command_hint", word=parsed.word, hint=parsed.suggestion)
            else:
                self.tell("unknown_command", word=parsed.word)
            return
        cmd: Command = parsed
        if self.confirm is not None and cmd.name in ("yes", "no"):
            question, self.confirm = self.confirm, None
            if question == "undo":
                if cmd.name == "yes":
                    self.apply({"type": "undo"})
                else:
                    self.tell("undo_kept")
            return
        handler = getattr(self, f"cmd_{cmd.name}", None)
        if handler is None:
            self.tell("not_now")
            return
        handler(cmd)

    def game_line(self, line: str) -> bool:
        """The game's own words ("archer de Nord en C4", "manque ISN"); True if they meant
        something (an action applied or refused, or a question answered)."""
        waiting_card = self.waiting.card if self.waiting is not None else None
        try:
            result = self.rules.parse_line(self.match.state, self.opts.me, line, waiting_card)
        except Rejected as rejected:
            self.refuse(rejected, audience=self.opts.me)
            return True
        if result is None:
            return False
        if isinstance(result, list):
            self.last = []
            for event in result:
                self.say(event.audience, self.book.render(event))
            return True
        if self.apply(result) and waiting_card is not None:
            self.waiting = None  # the card shown has been given its meaning (or the game moved on)
        return True

    def setup_line(self, line: str) -> None:
        """Before the game: Enter accepts the set-up; "donneur Est" or "moi Sud" change it."""
        words = line.split()
        if not words:
            self.begin()
            return
        head = words[0].casefold()
        seat = self.resolve_seat(words[1]) if len(words) > 1 else None
        if head in ("donneur", "dealer") and seat is not None:
            name = "first_dealer" if "first_dealer" in self.match.options else "dealer"
            self.opts.options = {**self.opts.options, name: seat}
            try:
                self.match = Match.new(self.game, self.opts.seats, self.opts.options)
            except Rejected as rejected:
                self.refuse(rejected, audience=self.opts.me)
                return
        elif head in ("moi", "me") and seat is not None:
            self.opts.me = seat
            self.opts.bots = frozenset(self.opts.bots - {seat}) if self.table is not None else self.opts.bots
        else:
            self.tell("setup_accept")
            return
        self.tell("setup_changed")
        self.say(self.opts.me, self.setup_text())
        self.tell("setup_accept")

    def _typed_card(self, line: str) -> bool:
        """Synthetic table: a card named by the keyboard's player is put down on the table."""
        card = self.resolve_card(line.strip())
        if card is None:
            return False
        self.put_down(card, self.opts.me)
        return True

    def resolve_card(self, word: str) -> str | None:
        """A card from an id, a payload, or a number in the keyboard's hand."""
        word = word.strip()
        if word.upper() in self.deck:
            return word.upper()
        label = try_decode(word.upper(), self.opts.game)
        if not isinstance(label, Exception):
            return label.card.id
        if word.isdigit() and self.match is not None:
            hand = self.rules.hand_cards(self.match.state, self.opts.me) or []
            index = int(word) - 1
            if 0 <= index < len(hand):
                return hand[index]
        return None

    def resolve_seat(self, word: str) -> int | None:
        folded = word.strip().casefold()
        for seat in self.game.seats_of(self.match.state) if self.match else range(self.opts.seats):
            names = {self.book.seat_name(seat).casefold()}
            for lang in ("fr", "en"):
                other = Phrasebook(lang, self.opts.game, seat_keys=self.game.seat_keys(self.opts.seats))
                names.add(other.seat_name(seat).casefold())
            if folded in names or folded == str(seat + 1):
                return seat
        return None

    def put_down(self, card: str, seat: int) -> None:
        """Synthetic table: a card goes down in front of ``seat`` (the camera will see it)."""
        assert self.table is not None
        nth = sum(1 for c in self.table.on_table())
        self.table.show(card, self._front_for(seat), nth=nth % 3)
        self.in_flight = (card, self.clock())

    def _front_for(self, seat: int) -> int:
        view = self.game.public_view(self.match.state) if self.match else {}
        turn = view.get("turn")
        return turn if isinstance(turn, int) else seat

    # -- commands (typed) --------------------------------------------------------------------------
    def cmd_help(self, cmd: Command) -> None:
        self.say(self.opts.me, self.book.text("session", "help_intro", {}))
        for line in help_lines(self.opts.lang):
            self.say(self.opts.me, line)

    def cmd_repeat(self, cmd: Command) -> None:
        if not self.last:
            self.tell("nothing_to_repeat")
            return
        for audience, text in list(self.last):
            self.ann.announce(audience, text)

    def cmd_hand(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.hand_text(self.match.state, self.opts.me))

    def cmd_trick(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.trick_text(self.match.state))

    def cmd_table(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.table_text(self.match.state))

    def cmd_scores(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.scores_text(self.match.state))

    def cmd_turn(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.turn_text(self.match.state))

    def cmd_out(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.out_text(self.match.state))

    def cmd_rules(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.rules_text())

    def cmd_legal(self, cmd: Command) -> None:
        self.say(self.opts.me, self.rules.legal_text(self.match.state, self.opts.me))

    def cmd_undo(self, cmd: Command) -> None:
        if len(self.match.states) < 2:
            self.refuse(Rejected("nothing_to_undo"), audience=self.opts.me)
            return
        last = self.match.events[-1] if self.match.events else None
        what = self.book.render(last) if last else "?"
        self.confirm = "undo"
        self.tell("confirm_undo", what=what)

    def cmd_yes(self, cmd: Command) -> None:
        self.tell("not_now")

    cmd_no = cmd_yes

    def cmd_card(self, cmd: Command) -> None:
        if not cmd.args:
            self.tell("needs_arg", what=self.book.text("session", "arg_card", {}), word=cmd.name)
            return
        card = self.resolve_card(cmd.args[0])
        if card is None:
            self.tell("bad_card", word=cmd.args[0])
            return
        self.handle_card(card)

    def cmd_ask(self, cmd: Command) -> None:
        if not cmd.args:
            self.tell("needs_arg", what=self.book.text("session", "arg_seat", {}), word=cmd.name)
            return
        seat = self.resolve_seat(cmd.args[0])
        if seat is None:
            self.tell("bad_seat", word=cmd.args[0], seats=list(self.game.seats_of(self.match.state)))
            return
        self.hints.source = seat
        self.tell("ask", PUBLIC, seat=seat)
        if self.table is not None and seat in self.opts.bots:
            self.bot_gives(seat)

    def cmd_scan(self, cmd: Command) -> None:
        self.scanning = []
        self.tell("scan_start")

    def cmd_done(self, cmd: Command) -> None:
        if self.scanning is None:
            self.tell("not_now")
            return
        cards, self.scanning = self.scanning, None
        if not cards:
            self.tell("scan_none")
            return
        self.apply({"type": "hand", "seat": self.opts.me, "cards": cards})

    def _seat_command(self, kind: str, cmd: Command) -> None:
        target = self.resolve_seat(cmd.args[0]) if cmd.args else None
        hints = Hints(target=target)
        try:
            action = self.rules.command_action(self.match.state, kind, self.opts.me, hints)
        except Rejected as rejected:
            self.refuse(rejected, audience=self.opts.me)
            return
        self.apply(action)

    def cmd_challenge(self, cmd: Command) -> None:
        self._seat_command("challenge", cmd)

    def cmd_pass(self, cmd: Command) -> None:
        self._seat_command("pass", cmd)

    def cmd_swap(self, cmd: Command) -> None:
        self._seat_command("swap", cmd)

    def cmd_give(self, cmd: Command) -> None:
        words = [w for w in cmd.args if w.casefold() not in ("à", "a", "to", "au")]
        if self.waiting is None or not words:
            self.tell("not_now")
            return
        seat = self.resolve_seat(words[0])
        if seat is None:
            self.tell("bad_seat", word=words[0], seats=list(self.game.seats_of(self.match.state)))
            return
        match = [a for a in self.waiting.candidates if seat in (a.get("seat"), a.get("to"))]
        # a seat the card cannot go to: the rules themselves say why (it keeps waiting)
        action = dict(match[0]) if match else {**self.waiting.candidates[0], "seat": seat}
        if self.apply(action):
            self.waiting = None

    def cmd_place(self, cmd: Command) -> None:
        """"pose 0 1", "pose gauche de renard jaune", "pose Est 0 1" (for another player)."""
        args = list(cmd.args)
        seat = self.opts.me
        if args and (other := self.resolve_seat(args[0])) is not None and len(args) > 1:
            seat, args = other, args[1:]
        place_action = getattr(self.rules, "place_action", None)
        try:
            if place_action is not None:
                action = place_action(self.match.state, seat, " ".join(args))
            else:
                row, col = (int(x) for x in args[:2])
                action = {"type": "place", "seat": seat, "row": row, "col": col}
        except Rejected as rejected:
            self.refuse(rejected, audience=self.opts.me)
            return
        except ValueError:
            self.tell("needs_arg", what=self.book.text("session", "arg_position", {}), word=cmd.name)
            return
        self.apply(action)

    def cmd_dojo(self, cmd: Command) -> None:
        seat = self.resolve_seat(cmd.args[0]) if cmd.args else self.opts.me
        describe = getattr(self.rules, "describe", None)
        if describe is None or seat is None:
            self.tell("not_now")
            return
        self.say(self.opts.me, describe(self.match.state, seat, self.opts.me))

    def cmd_quit(self, cmd: Command) -> None:
        self.tell("quit")
        self.quit = True

    # -- the synthetic table's own moves -----------------------------------------------------------
    def table_rng(self) -> random.Random:
        """The synthetic table's dice: they depend only on the seed and the game so far, so a
        game resumed after a crash goes on exactly as it would have."""
        return random.Random(f"{self.opts.seed}-{len(self.match.states)}-{len(self.match.events)}")

    def bot_gives(self, holder: int) -> None:
        """A bot asked to play for the current seat picks a card of the right colour."""
        self.rng = self.table_rng()
        state = self.match.state
        front = self._front_for(self.opts.me)
        options = [a for a in self.game.legal(state, front) if a.get("from") == holder and "card" in a]
        if options:
            self.put_down(self.rng.choice(options)["card"], front)

    def bot_step(self) -> None:
        """If it is a bot's turn (or the table's), make its move through the camera."""
        if self.table is None or self.match is None or not self.started or self.in_flight or self.waiting:
            return
        state = self.match.state
        if self.game.is_over(state) or self.scanning is not None:
            return
        now = self.clock()
        if now < self._next_bot_move:
            return
        self.rng = self.table_rng()
        table = self.game.table_actions(state, self.rng)
        carded = [a for a in table if "card" in a]
        if table and not carded:
            for action in table:  # a whole deal at once: the table's own part
                if not self.apply(action):
                    break
            return
        if carded:  # the top card is drawn and shown: a bot decides at once, a person by command
            action, who = carded[0], self.rules.actor(state)
            if who is None or who in self.opts.bots:
                self.bot_intent = action
            self.put_down(action["card"], who if who is not None else 0)
            return
        actor = self.rules.actor(state)
        if actor is None:  # everyone acts (Dojo's training): the first bot that may
            actor = next((s for s in sorted(self.opts.bots) if self.game.legal(state, s)), None)
        if actor is None or actor not in self.opts.bots:
            return
        if self.opts.pace > 0:  # a listener hears the last announcement out before the next card
            wait = getattr(self.ann, "wait", None)
            if wait is not None:
                wait(10.0)
        action = random_action_for(self.match, actor, self.rng)
        if action is None:
            return
        self._next_bot_move = now + self.opts.pace
        if "card" in action:  # a card goes through the camera, as at a real table
            if action.get("from") not in (None, action.get("seat")):
                self.hints.source = action["from"]
            self.bot_intent = action
            spot = action.get("seat", actor) if action.get("type") == "play" else actor
            self.put_down(action["card"], spot)
        else:
            self.apply(action)

    def check_in_flight(self, timeout: float = 6.0) -> None:
        """A card the camera never read: say so and enter it by hand, as a player would."""
        if self.in_flight is None:
            return
        card, since = self.in_flight
        if self.clock() - since > timeout:
            self.in_flight = None
            self.tell("label_bad_check", PUBLIC)
            self.handle_card(card)

    # -- running ---------------------------------------------------------------------------------
    def run(self, idle: Callable[[], None] | None = None, poll: float = 0.05) -> None:
        """Handle inputs until quit (or the game's end, when asked to stop then)."""
        while not self.quit:
            try:
                kind, payload = self.inbox.get(timeout=poll)
            except queue.Empty:
                kind, payload = "tick", None
            if kind == "start" and not self.started:
                self.begin()
            elif kind != "tick":
                self.handle(kind, payload)
            self.check_in_flight()
            self.bot_step()
            if idle is not None:
                idle()
            if self.opts.stop_when_over and self.match is not None and self.game.is_over(self.match.state):
                self.quit = True

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()


def random_action_for(match: Match, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A random legal choice of one seat (the synthetic table's player)."""
    choices = list(match.game.legal(match.state, seat))
    own = [a for a in choices if a.get("from") == seat]
    if own and rng.random() < 0.8:  # people mostly play their own cards; sometimes they ask
        return rng.choice(own)
    if not choices:
        view = match.game.public_view(match.state)
        turn = view.get("turn")
        if isinstance(turn, int) and turn != seat:
            choices = list(match.game.legal(match.state, turn))
    if choices:
        return rng.choice(choices)
    fallback = random_actions(match, rng)
    return fallback[0] if fallback else None


def default_record_path(game: str) -> Path:
    """A new record file in the user's data folder."""
    from companion.config import data_dir

    folder = data_dir() / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game}-{stamp}-{n}.jsonl"
    return path

