"""What the typed commands do: the common ones (every game's), and the kinds of command a game
package declares in its `commands.toml` ("action", "query", "give", "place", "source", "scan",
"line").

Answers come from the table rules as events; the session says them, as one line, to the
keyboard's seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.commands import Command
from companion.engine import Rejected
from companion.engine.capabilities import Giving, Placing, Requests
from companion.engine.table import Ask, Hints, Question
from companion.language import fold
from companion.session.cardnames import cards_named
from companion.session.moves import Pending
from companion.speech.verbosity import BRIEF, DETAILED, NORMAL

if TYPE_CHECKING:
    from companion.session.loop import Session

PUBLIC = "all"
SPEECH_COMMANDS = ("stop", "faster", "slower", "brief", "normal", "detailed")  # about the speech itself
TO_WORDS = ("à", "a", "to", "au")  # "donne à Est"
SELF_WORDS = ("moi", "me", "myself", "moi-même")  # "donne moi": the dealer keeps it


class CommonCommands:
    """The handlers of the commands, by name (common) and by kind (a game's own)."""

    def run_command(self: Session, cmd: Command) -> None:
        """Do what a parsed command says (a game's command by its declared kind)."""
        spec = self.commands.spec(cmd.name)
        kind = spec.get("kind")
        handler = COMMON.get(cmd.name) if kind is None else GAME_KINDS.get(kind)
        if handler is None:
            self.tell("not_now")
            return
        handler(self, cmd, spec)

    # -- the common commands -----------------------------------------------------------------
    def cmd_help(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "aide": one line per command (the common ones, then the game's); "aide pose": details."""
        lang = self.opts.lang
        if cmd.args:
            details = self.commands.details(cmd.args[0], lang)
            if details is None:
                details = self.card_help(" ".join(cmd.args))
            if details is None:
                self.tell("help_unknown", word=cmd.args[0])
                return
            for line in details:
                self.say(self.opts.me, self.not_me(line))
            return
        self.tell("help_intro")
        for line in self.commands.help_lines(lang):
            self.say(self.opts.me, self.not_me(line))
        self.tell("help_more")

    def card_help(self: Session, words: str) -> list[str] | None:
        """ "aide forge": what a card does, as its deck tells it (the text of an event card),
        else its name; None when no card answers to these words."""
        cards = cards_named(self.deck, words)
        if not cards:
            return None
        texts = self.deck.extra.get("texts", {})
        lines: list[str] = []
        for card in cards:
            text = texts.get(card, {})
            said = text.get(self.opts.lang) or text.get("fr") if isinstance(text, dict) else None
            sep = " : " if self.opts.lang == "fr" else ": "
            line = f"{self.book.card_name(card)}{sep}{said}" if said else f"{self.book.card_name(card)}."
            if line not in lines:  # copies of a card: said once
                lines.append(line)
        return lines

    def not_me(self: Session, line: str) -> str:
        """A help line whose example ("demande Est") names my own seat names the next one
        instead: asking oneself is refused, so that example would mislead."""
        usage, sep, rest = line.partition(" : " if self.opts.lang == "fr" else ": ")
        mine = self.book.seat_name(self.opts.me)
        if not sep or not re.search(rf"\b{re.escape(mine)}\b", usage):
            return line
        seats = self.seat_list() if self.match is not None else list(range(self.opts.seats))
        other = self.book.seat_name(seats[(seats.index(self.opts.me) + 1) % len(seats)])
        return re.sub(rf"\b{re.escape(mine)}\b", other, usage) + sep + rest

    def cmd_repeat(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """The newest lines again, as they were heard, in "equal" too: the announcement just made
        (any new one replaces it) or an answer already in sight, the way a player may have the
        last trick shown until the next card is played (bridge law 66A)."""
        if not self.pipeline.last:
            self.tell("nothing_to_repeat")
            return
        for audience, text, speaker in list(self.pipeline.last):
            self.ann.announce(audience, text, speaker=speaker)

    def cmd_hand(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.answer(self.rules.answer("hand", Ask(self.state, self.opts.me)))

    def cmd_table(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.answer(self.rules.answer("table", Ask(self.state, self.opts.me)))

    def cmd_scores(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.answer(self.rules.answer("scores", Ask(self.state, self.opts.me)))

    def cmd_turn(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        if not self.ask_again():
            self.answer(self.rules.turn(self.state, self.opts.me))

    def cmd_played(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        assert self.match is not None
        history = self.match.standing_events()
        self.answer(self.rules.answer("played", Ask(self.state, self.opts.me, history=history)))

    def cmd_rules(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.answer(self.rules.answer("rules", Ask(self.state, self.opts.me)))

    def cmd_legal(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        # a card shown and waiting for words: said again, then what the rules let me say of it
        # (the seats a dealer may give to)
        # (a question with its own prompt has said it already)
        if not self.ask_again() or (self.waiting is not None and self.waiting.card
                                    and self.waiting.prompt is None):
            self.answer(self.rules.answer("legal", Ask(self.state, self.opts.me)))

    def ask_again(self: Session) -> bool:
        """A question waiting for my answer is what I may do now: "coups" and "tour" say it again
        (the table is waiting for me, whatever the turn). False: no question waits for me."""
        question = self.waiting
        if question is None:
            return False
        who = question.seat if question.seat is not None else self.rules.actor(self.state)
        if (self.opts.me if who is None else who) != self.opts.me:
            return False
        if question.card:  # a card shown waits for its words: named again
            self.say(self.opts.me, self.book.card_name(question.card) + ".", keep=True)
        if question.prompt is not None:
            self.say(self.opts.me, self.book.render(question.prompt), keep=True)
        else:
            self.tell("card_waiting", self.opts.me)
        return True

    def cmd_undo(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "annule": my own last move (and whatever was played after it), named, after a yes."""
        assert self.match is not None and self.journal is not None
        me = self.opts.me
        mine = [i for i, move in enumerate(self.moves) if move.by == me]
        if not mine or len(self.match.states) < 2:
            self.refuse(Rejected("nothing_to_undo"), audience=me)
            return
        at = mine[-1]
        move = self.moves[at]
        # named by its first line only ("Ouest : Esprit rouge 5"): the story that followed it (a
        # trick won, a whole challenge) would make the question a long speech
        said = [self.book.render(e) for e in move.events if self.pipeline.mine(e.audience)]
        what = (said[0].strip().rstrip(".") if said else "") or "?"
        after = len(self.moves) - at - 1
        self.confirm = Pending("undo", seq=self.journal.seq, steps=after + 1)
        if after:
            self.tell("confirm_undo_more", what=what, n=after)
        else:
            self.tell("confirm_undo", what=what)

    def cmd_yes_no(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.tell("no_question")  # no question is waiting (an answer to one is read before)

    def cmd_card(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        if not cmd.args:
            self.tell("needs_arg", what=self.book.text("session", "arg_card", {}), word=cmd.name)
            return
        if not self.typed_card(" ".join(cmd.args)):
            self.tell("bad_card", word=" ".join(cmd.args))

    # -- speech itself: the keyboard's player silences it, sets its pace and how much is said
    def cmd_stop(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.ann.stop(self.opts.me)

    def cmd_faster(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.ann.faster()

    def cmd_slower(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.ann.slower()

    def cmd_brief(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.ann.choose_verbosity(BRIEF)

    def cmd_normal(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.ann.choose_verbosity(NORMAL)

    def cmd_detailed(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.ann.choose_verbosity(DETAILED)

    def cmd_quit(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.tell("quit")
        self.quit = True

    # -- the kinds of command a game declares -------------------------------------------------
    def game_action(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "défi", "passe", "échange" (or "défi Est" for another seat): the legal action of a type."""
        target = self.resolve_seat(cmd.args[0]) if cmd.args else None
        try:
            action = self.rules.command_action(self.state, spec["action"], self.opts.me, Hints(target=target))
        except Rejected as rejected:
            self.refuse(rejected, audience=self.opts.me)
            return
        self.apply(action)

    def game_query(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """A question in the game's words ("pli", "décris Est"), answered by the table rules."""
        target = None
        if cmd.args and spec.get("args") == "seat":
            target = self.resolve_seat(cmd.args[0])
            if target is None:
                self.tell("bad_seat", word=cmd.args[0], seats=self.seat_list())
                return
        try:
            answer = self.rules.answer(spec["query"], Ask(self.state, self.opts.me, target))
        except Rejected as rejected:
            self.refuse(rejected, audience=self.opts.me)
            return
        self.answer(answer)

    def game_give(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "donne Est" (or "donne moi"): the card waiting goes to that seat."""
        words = [w for w in cmd.args if w.casefold() not in TO_WORDS]
        if self.waiting is None or not self.waiting.card:  # no card shown: the game may say why
            assert self.match is not None
            why = (self.rules.nothing_to_give(self.state, self.opts.me, self.match.events)
                   if isinstance(self.rules, Giving) else None)
            if why is not None:
                self.refuse(why, audience=self.opts.me)
            else:
                self.tell("not_now")
            return
        if not words:
            self.tell("not_now")
            return
        seat = self.opts.me if fold(words[0]) in SELF_WORDS else self.resolve_seat(words[0])
        if seat is None:
            self.tell("bad_seat", word=words[0], seats=self.seat_list())
            return
        match = [a for a in self.waiting.choices if seat in (a.get("seat"), a.get("to"))]
        # a seat the card cannot go to: the rules themselves say why (it keeps waiting)
        action = dict(match[0]) if match else {**self.waiting.choices[0], "seat": seat}
        self.apply(action)

    def game_place(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "pose 1 2", "pose gauche de renard jaune", "pose Est 1 2" (for another player)."""
        args = list(cmd.args)
        seat = self.opts.me
        other = self.resolve_seat(args[0]) if len(args) > 1 and not args[0].lstrip("-").isdigit() else None
        if other is not None:  # "pose Est 1 2"; "pose 1 2" is a row and a column, never a seat
            seat, args = other, args[1:]
        if not isinstance(self.rules, Placing):
            self.tell("not_now")
            return
        try:
            action = self.rules.place_action(self.state, seat, " ".join(args))
        except Rejected as rejected:
            self.refuse(rejected, audience=self.opts.me)
            return
        except ValueError:
            self.tell("needs_arg", what=self.book.text("session", "arg_position", {}), word=cmd.name)
            return
        if isinstance(action, Question):  # "à gauche de l'ours": which bear? the answer completes it
            self.ask(action)
            return
        self.apply(action)

    def game_source(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "demande Est": the next card comes from that seat's hand, checked first (not oneself,
        not a seat with no card that fits); the seat who chooses it is asked."""
        if not cmd.args:
            self.tell("needs_arg", what=self.book.text("session", "arg_seat", {}), word=cmd.name)
            return
        seat = self.resolve_seat(" ".join(cmd.args))
        if seat is None:
            self.tell("bad_seat", word=" ".join(cmd.args), seats=self.seat_list())
            return
        me = self.opts.me
        if not isinstance(self.rules, Requests):
            self.tell("not_now")
            return
        try:
            chooser = self.rules.source(self.state, me, seat)
        except Rejected as rejected:
            self.refuse(rejected, audience=me)
            return
        self.hints.source = seat
        self.say(PUBLIC, self.book.render(self.rules.asked(self.state, me, seat)), keep=True)
        if self.table is not None and chooser in self.opts.bots:
            self.bot_gives(seat)
        elif chooser == me:  # I choose for that seat (the red player for the Ghost): numbered
            question = self.rules.own_choice(self.state, me, seat)
            if question is not None:
                self.ask(question)
            else:
                self.answer(self.rules.answer("hand", Ask(self.state, seat)))

    def game_scan(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "scanne": the cards shown next are the keyboard's hand, until "fin"."""
        self.scanning = []
        self.tell("scan_start")

    def game_scan_done(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        if self.scanning is None:
            self.tell("not_now")
            return
        cards, self.scanning = self.scanning, None
        if not cards:
            self.tell("scan_none")
            return
        self.apply({"type": "hand", "seat": self.opts.me, "cards": cards})

    def game_words(self: Session, cmd: Command, spec: Mapping[str, Any]) -> None:
        """A command in the game's own words ("manque ISN", "active atémi Est"): the whole line
        goes to the table rules."""
        if not self.game_line(cmd.line):
            self.tell("not_now")


Handler = Callable[[Any, Command, Mapping[str, Any]], None]
COMMON: dict[str, Handler] = {
    "help": CommonCommands.cmd_help, "repeat": CommonCommands.cmd_repeat, "hand": CommonCommands.cmd_hand,
    "table": CommonCommands.cmd_table, "scores": CommonCommands.cmd_scores, "turn": CommonCommands.cmd_turn,
    "rules": CommonCommands.cmd_rules, "legal": CommonCommands.cmd_legal, "undo": CommonCommands.cmd_undo,
    "played": CommonCommands.cmd_played,
    "yes": CommonCommands.cmd_yes_no, "no": CommonCommands.cmd_yes_no, "card": CommonCommands.cmd_card,
    "quit": CommonCommands.cmd_quit,
    "stop": CommonCommands.cmd_stop, "faster": CommonCommands.cmd_faster, "slower": CommonCommands.cmd_slower,
    "brief": CommonCommands.cmd_brief, "normal": CommonCommands.cmd_normal,
    "detailed": CommonCommands.cmd_detailed,
}
GAME_KINDS: dict[str, Handler] = {
    "action": CommonCommands.game_action, "query": CommonCommands.game_query,
    "give": CommonCommands.game_give, "place": CommonCommands.game_place,
    "source": CommonCommands.game_source, "scan": CommonCommands.game_scan,
    "scan_done": CommonCommands.game_scan_done, "line": CommonCommands.game_words,
}
