"""What the typed commands do: the common ones (every game's), and the kinds of command a game
package declares in its `commands.toml` ("action", "query", "give", "place", "source", "scan",
"line").

Answers come from the table rules as events; the session says them, as one line, to the
keyboard's seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.cardnames import cards_named
from companion.commands import Command
from companion.engine import Rejected
from companion.engine.capabilities import Giving, Placing, Requests
from companion.engine.table import Ask, Hints, Question
from companion.house_rules import option_lines, rules_in_force_line
from companion.language import fold
from companion.messages import text as message
from companion.session.awaiting import Confirm, Scan, after, question_of, with_question
from companion.session.host import PUBLIC, SPEECH_COMMANDS, Host
from companion.session.moves import Move, UndoBlocked, undo_plan
from companion.speech.verbosity import BRIEF, DETAILED, NORMAL

TO_WORDS = ("à", "a", "to", "au")  # "donne à Est"
OPTIONS_WORDS = ("options", "option", "variantes")  # "règles options": every option of the game
SELF_WORDS = ("moi", "me", "myself", "moi-même")  # "donne moi": the dealer keeps it


Handler = Callable[[Command, Mapping[str, Any]], None]
PART_COLUMN_WORDS = ("colonne", "column", "col")  # "… Nord colonne 3": a column, not a row


class Handlers:
    """The handlers of the commands, by name (common) and by kind (a game's own)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.common: dict[str, Handler] = {
            "help": self.cmd_help, "repeat": self.cmd_repeat, "hand": self.cmd_hand,
            "table": self.cmd_table, "scores": self.cmd_scores, "turn": self.cmd_turn,
            "rules": self.cmd_rules, "legal": self.cmd_legal, "undo": self.cmd_undo,
            "played": self.cmd_played, "yes": self.cmd_yes_no, "no": self.cmd_yes_no,
            "card": self.cmd_card, "quit": self.cmd_quit, "stop": self.cmd_stop,
            "faster": self.cmd_faster, "slower": self.cmd_slower, "brief": self.cmd_brief,
            "normal": self.cmd_normal, "detailed": self.cmd_detailed, "links": self.cmd_links,
        }
        self.kinds: dict[str, Handler] = {
            "action": self.game_action, "query": self.game_query, "give": self.game_give,
            "place": self.game_place, "source": self.game_source, "scan": self.game_scan,
            "scan_done": self.game_scan_done, "line": self.game_words,
        }

    def run(self, cmd: Command) -> None:
        """Do what a parsed command says (a game's command by its declared kind)."""
        spec = self.host.commands.spec(cmd.name)
        kind = spec.get("kind")
        if cmd.name in SPEECH_COMMANDS and self.host.me != self.host.opts.me:
            # the laptop's speech is the keyboard's and the table's: a phone has its own voice (its
            # page stops that voice itself on "chut", with nothing more to say)
            if cmd.name != "stop":
                self.host.tell("phone_speech")
            return
        handler = self.common.get(cmd.name) if kind is None else self.kinds.get(kind)
        if handler is None:
            self.host.tell("not_now")
            return
        handler(cmd, spec)

    # -- the common commands -----------------------------------------------------------------
    def cmd_help(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "aide": one line per command (the common ones, then the game's); "aide pose": details."""
        lang = self.host.opts.lang
        if cmd.args:
            details = self.host.commands.details(cmd.args[0], lang)
            if details is None:
                details = self.card_help(" ".join(cmd.args))
            if details is None:
                self.host.tell("help_unknown", word=cmd.args[0])
                return
            for line in details:
                self.host.say(self.host.me, self.not_me(line))
            self.game_help(cmd.args[0])
            return
        self.host.tell("help_intro")
        for line in self.host.commands.help_lines(lang):
            self.host.say(self.host.me, self.not_me(line))
        self.host.tell("help_more")

    def game_help(self, word: str) -> None:
        """What the game adds to "aide <word>" from its data and the state (what recruiting
        costs, unit by unit, and what I have): its answer "help_<command>", when it has one."""
        host = self.host
        name = host.commands.words.get(fold(word))
        if name is None or host.match is None:
            return
        try:
            events = host.rules.answer(f"help_{name}", Ask(host.state, host.me))
        except Rejected:  # no more to say of this command than its words
            return
        host.answer(events)

    def card_help(self, words: str) -> list[str] | None:
        """ "aide forge": what a card does, as its deck tells it (the text of an event card),
        else its name; None when no card answers to these words."""
        cards = cards_named(self.host.deck, words)
        if not cards:
            return None
        texts = self.host.deck.extra.get("texts", {})
        lines: list[str] = []
        for card in cards:
            text = texts.get(card, {})
            said = text.get(self.host.opts.lang) or text.get("fr") if isinstance(text, dict) else None
            sep = " : " if self.host.opts.lang == "fr" else ": "
            name = self.host.book.card_name(card)
            line = f"{name}{sep}{said}" if said else f"{name}."
            if line not in lines:  # copies of a card: said once
                lines.append(line)
        return lines

    def not_me(self, line: str) -> str:
        """A help line whose example ("demande Est") names my own seat names the next one
        instead: asking oneself is refused, so that example would mislead."""
        usage, sep, rest = line.partition(" : " if self.host.opts.lang == "fr" else ": ")
        mine = self.host.book.seat_name(self.host.me)
        if not sep or not re.search(rf"\b{re.escape(mine)}\b", usage):
            return line
        seats = self.host.seat_list() if self.host.match is not None else list(range(self.host.opts.seats))
        other = self.host.book.seat_name(seats[(seats.index(self.host.me) + 1) % len(seats)])
        return re.sub(rf"\b{re.escape(mine)}\b", other, usage) + sep + rest

    def cmd_repeat(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """The newest lines again, as they were heard, in "equal" too: the announcement just made
        (any new one replaces it) or an answer already in sight, the way a player may have the
        last trick shown until the next card is played (bridge law 66A)."""
        pipeline, me = self.host.pipeline, self.host.me
        mine = [line for line in pipeline.last if pipeline.mine(line[0])]
        if not mine:
            self.host.tell("nothing_to_repeat")
            return
        at_keyboard = me == self.host.opts.me
        for audience, text, speaker in mine:  # a phone's seat hears it again alone
            self.host.ann.announce(audience if at_keyboard else me, text, speaker=speaker)

    def cmd_hand(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.answer(self.host.rules.answer("hand", Ask(self.host.state, self.host.me)))

    def cmd_table(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.answer(self.host.rules.answer("table", Ask(self.host.state, self.host.me)))

    def cmd_scores(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.answer(self.host.rules.answer("scores", Ask(self.host.state, self.host.me)))

    def cmd_turn(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        if not self.ask_again():
            self.host.answer(self.host.rules.turn(self.host.state, self.host.me))

    def cmd_played(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        assert self.host.match is not None
        history = self.host.match.standing_events()
        self.host.answer(self.host.rules.answer("played", Ask(self.host.state, self.host.me,
                                                              history=history)))

    def cmd_rules(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "règles": how to play, then the house rules in force; "règles options": every option."""
        host = self.host
        assert host.match is not None
        game, seats, lang, me = host.game, host.opts.seats, host.opts.lang, host.me
        if cmd.args and fold(cmd.args[0]) in OPTIONS_WORDS:
            for line in option_lines(game, seats, host.match.options, lang):
                host.say(me, line)
            return
        host.answer(host.rules.answer("rules", Ask(host.state, me)))
        host.say(me, rules_in_force_line(game, seats, host.match.options, lang))
        host.say(me, message(lang, "house.options_hint"))

    def cmd_legal(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        # a card shown and waiting for words: said again, then what the rules let me say of it
        # (the seats a dealer may give to)
        # (a question with its own prompt has said it already)
        question = question_of(self.host.awaiting)
        if not self.ask_again() or (question is not None and question.card
                                    and question.prompt is None):
            self.host.answer(self.host.rules.answer("legal", Ask(self.host.state, self.host.me)))

    def ask_again(self) -> bool:
        """A question waiting for my answer is what I may do now: "coups" and "tour" say it again
        (the table is waiting for me, whatever the turn). False: no question waits for me."""
        question = question_of(self.host.awaiting)
        if question is None:
            return False
        if not self.asks_me(question):
            return False
        if question.card:  # a card shown waits for its words: named again
            self.host.say(self.host.me, self.host.book.card_name(question.card) + ".", keep=True)
        if question.prompt is not None:
            self.host.say(self.host.me, self.host.book.render(question.prompt), keep=True)
        else:
            self.host.tell("card_waiting", self.host.me)
        return True

    def cmd_undo(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "annule": a request or a card of mine still waiting is withdrawn; else my own last move
        (and the public moves played after it, named), after a yes. Never a deal, a draw or a
        move that told another seat something privately (`moves.undo_plan`)."""
        assert self.host.match is not None and self.host.journal is not None
        if self.withdraw():
            return
        me = self.host.me
        plan = undo_plan(self.host.moves, me)
        if isinstance(plan, UndoBlocked):
            if plan.reason == "nothing" or plan.mine is None:
                self.host.refuse(Rejected("nothing_to_undo"), audience=me)
            elif plan.reason == "table":
                self.host.tell("undo_after_table", me, what=self.named(plan.mine))
            else:
                self.host.tell("undo_after_private", me, what=self.named(plan.mine), seat=plan.seat)
            return
        what, later = self.named(plan.moves[0]), [self.named(m) for m in plan.moves[1:]]
        key, params = (("confirm_undo_more", {"what": what, "later": self.shortlist(later)}) if later
                       else ("confirm_undo", {"what": what}))
        asked = self.host.book.text("session", key, params)
        self.host.awaiting = Confirm("undo", me, seq=self.host.journal.seq, steps=len(plan.moves),
                                     behind=question_of(self.host.awaiting), asked=asked,
                                     line=self.undone_line(what, later))
        self.host.say(me, asked, urgent=True)

    def named(self, move: Move) -> str:
        """A move in a few words: its first line the table heard ("Ouest : Esprit rouge 5"); the
        story that followed it (a trick won, a whole challenge) would make the question a speech."""
        said = [self.host.book.render(e) for e in move.events if e.audience == PUBLIC]
        said = said or [self.host.book.render(e) for e in move.events if self.host.pipeline.mine(e.audience)]
        return (said[0].strip().rstrip(".") if said else "") or "?"

    def shortlist(self, named: list[str], most: int = 2) -> str:
        """Moves named one after the other, the first ``most`` only ("… et 3 autres")."""
        shown = " ; ".join(named[:most])
        if len(named) > most:
            shown += self.host.book.text("session", "undo_and_more", {"n": len(named) - most})
        return shown

    def undone_line(self, what: str, later: list[str]) -> str:
        """What the table hears once the undo is made: whose move and what else is taken back."""
        params = {"seat": self.host.me, "what": what, "later": self.shortlist(later)}
        return self.host.book.text("session", "undone_more" if later else "undone", params)

    def withdraw(self) -> bool:
        """My request still unanswered ("demande Est"), or a card of mine waiting for its words,
        is taken back (said to the table); True if there was one."""
        host, me = self.host, self.host.me
        question = question_of(host.awaiting)
        if host.hints.source is not None and host.hints.asker == me:
            asked = host.hints.source
            host.hints.source = host.hints.asker = None
            if question is not None and not question.card:  # the choice the request put to someone
                host.awaiting = with_question(host.awaiting, None)
            host.say(PUBLIC, host.book.text("session", "request_withdrawn", {"seat": me, "other": asked}),
                     keep=True)
            return True
        if question is not None and question.card and self.asks_me(question):
            host.awaiting = with_question(host.awaiting, None)
            if host.table is not None:
                host.table.clear([question.card])
            host.tell("card_withdrawn", me, card=question.card)
            return True
        return False

    def asks_me(self, question: Question) -> bool:
        who = question.seat if question.seat is not None else self.host.rules.actor(self.host.state)
        return (self.host.me if who is None else who) == self.host.me

    def cmd_links(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "liens": the phones' links again, to the keyboard only (each is a seat's secret)."""
        if self.host.me != self.host.opts.me or not self.host.page_links:
            self.host.tell("no_links" if not self.host.page_links else "not_now")
            return
        for line in self.host.page_links:
            self.host.say(self.host.opts.me, line)

    def cmd_yes_no(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "oui"/"non" with no yes-or-no question waiting (an answer to one is read before): "non"
        withdraws a request or card of mine that waits; a choice waiting for me is asked again."""
        if cmd.name == "no" and self.withdraw():
            return
        question = question_of(self.host.awaiting)
        if question is not None and self.asks_me(question):
            self.host.tell("choice_waiting", self.host.me)
            self.ask_again()
            return
        self.host.tell("no_question")

    def typed_word(self, cmd: Command) -> str:
        """The command's word in the user's language (a line quotes it in its own language)."""
        return self.host.commands.word(cmd.name, self.host.opts.lang)

    def cmd_card(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        if not cmd.args:
            self.host.tell("needs_arg", what=self.host.book.text("session", "arg_card", {}),
                           word=self.typed_word(cmd))
            return
        if not self.host.typed_card(" ".join(cmd.args)):
            self.host.tell("bad_card", word=" ".join(cmd.args))

    # -- speech itself: the keyboard's player silences it, sets its pace and how much is said
    def cmd_stop(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.ann.stop(self.host.me)

    def cmd_faster(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.ann.faster()

    def cmd_slower(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.ann.slower()

    def cmd_brief(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.ann.choose_verbosity(BRIEF)

    def cmd_normal(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.ann.choose_verbosity(NORMAL)

    def cmd_detailed(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        self.host.ann.choose_verbosity(DETAILED)

    def cmd_quit(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        if self.host.me != self.host.opts.me:  # a phone leaves by closing its page: the game goes on
            self.host.tell("phone_quit")
            return
        self.host.tell("quit")
        self.host.quit = True

    # -- the kinds of command a game declares -------------------------------------------------
    def game_action(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "défi", "passe", "échange" (or "défi Est" for another seat): the legal action of a type."""
        target = self.host.seat_named(cmd.args[0]) if cmd.args else None
        try:
            action = self.host.rules.command_action(self.host.state, spec["action"], self.host.me,
                                                    Hints(target=target))
        except Rejected as rejected:
            self.host.refuse(rejected, audience=self.host.me)
            return
        self.host.apply(action)

    def game_query(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """A question in the game's words ("pli", "décris Est"), answered by the table rules."""
        target, part, args = None, None, list(cmd.args)
        if len(args) > 1 and args[-1].isdigit():  # "… Nord 2": a part of the answer (its row 2)
            number = int(args.pop())
            column = bool(args) and fold(args[-1]) in PART_COLUMN_WORDS  # "… Nord colonne 3"
            if column:
                args.pop()
            part = ("column" if column else "row", number)
        if args and spec.get("args") == "seat":
            target = self.host.seat_named(args[0])
            if target is None:
                self.host.tell("bad_seat", word=args[0], seats=self.host.seat_list())
                return
        try:
            asked = Ask(self.host.state, self.host.me, target, part=part)
            answer = self.host.rules.answer(spec["query"], asked)
        except Rejected as rejected:
            self.host.refuse(rejected, audience=self.host.me)
            return
        self.host.answer(answer)

    def game_give(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "donne Est" (or "donne moi"): the card waiting goes to that seat."""
        words = [w for w in cmd.args if w.casefold() not in TO_WORDS]
        question = question_of(self.host.awaiting)
        if question is None or not question.card:  # no card shown: the game may say why
            assert self.host.match is not None
            why = (self.host.rules.nothing_to_give(self.host.state, self.host.me, self.host.match.events)
                   if isinstance(self.host.rules, Giving) else None)
            if why is not None:
                self.host.refuse(why, audience=self.host.me)
            else:
                self.host.tell("not_now")
            return
        if not words:
            self.host.tell("not_now")
            return
        seat = self.host.me if fold(words[0]) in SELF_WORDS else self.host.seat_named(words[0])
        if seat is None:
            self.host.tell("bad_seat", word=words[0], seats=self.host.seat_list())
            return
        match = [a for a in question.choices if seat in (a.get("seat"), a.get("to"))]
        # a seat the card cannot go to: the rules themselves say why (it keeps waiting)
        action = dict(match[0]) if match else {**question.choices[0], "seat": seat}
        self.host.apply(action)

    def game_place(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "pose 1 2", "pose gauche de renard jaune", "pose Est 1 2" (for another player)."""
        args = list(cmd.args)
        seat = self.host.me
        other = self.host.seat_named(args[0]) if len(args) > 1 and not args[0].lstrip("-").isdigit() else None
        if other is not None:  # "pose Est 1 2"; "pose 1 2" is a row and a column, never a seat
            seat, args = other, args[1:]
        if not isinstance(self.host.rules, Placing):
            self.host.tell("not_now")
            return
        try:
            action = self.host.rules.place_action(self.host.state, seat, " ".join(args))
        except Rejected as rejected:
            self.host.refuse(rejected, audience=self.host.me)
            return
        except ValueError:
            what = self.host.book.text("session", "arg_position", {})
            self.host.tell("needs_arg", what=what, word=self.typed_word(cmd))
            return
        if isinstance(action, Question):  # "à gauche de l'ours": which bear? the answer completes it
            self.host.ask(action)
            return
        self.host.apply(action)

    def game_source(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "demande Est": the next card comes from that seat's hand, checked first (not oneself,
        not a seat with no card that fits); the seat who chooses it is asked."""
        if not cmd.args:
            self.host.tell("needs_arg", what=self.host.book.text("session", "arg_seat", {}),
                           word=self.typed_word(cmd))
            return
        seat = self.host.seat_named(" ".join(cmd.args))
        if seat is None:
            self.host.tell("bad_seat", word=" ".join(cmd.args), seats=self.host.seat_list())
            return
        me = self.host.me
        if not isinstance(self.host.rules, Requests):
            self.host.tell("not_now")
            return
        try:
            chooser = self.host.rules.source(self.host.state, me, seat)
        except Rejected as rejected:
            self.host.refuse(rejected, audience=me)
            return
        self.host.hints.source, self.host.hints.asker = seat, me
        asked = self.host.rules.asked(self.host.state, me, seat)
        self.host.say(PUBLIC, self.host.book.render(asked), keep=True)
        if self.host.table is not None and chooser in self.host.opts.bots:
            self.host.bot_gives(seat)
        elif chooser != me and chooser in self.host.screens():
            # a person with a screen of their own (a phone, the keyboard) chooses the card they give:
            # asked on their screen, as I would be for a hand I choose from
            question = self.host.rules.own_choice(self.host.state, me, seat)
            if question is not None:
                prompt = None if question.prompt is None else replace(question.prompt, audience=chooser)
                self.host.ask(replace(question, seat=chooser, prompt=prompt))
        elif chooser == me:  # I choose for that seat (the red player for the Ghost): numbered
            question = self.host.rules.own_choice(self.host.state, me, seat)
            if question is not None:
                self.host.ask(question)
            else:
                self.host.answer(self.host.rules.answer("hand", Ask(self.host.state, seat)))

    def game_scan(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """ "scanne": the cards shown next are the keyboard's hand, until "fin"."""
        self.host.awaiting = Scan(self.host.me, behind=question_of(self.host.awaiting))
        self.host.tell("scan_start")

    def game_scan_done(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        scan = self.host.awaiting
        if not isinstance(scan, Scan) or scan.seat != self.host.me:
            self.host.tell("not_now")
            return
        cards, self.host.awaiting = scan.cards, after(scan)
        if not cards:
            self.host.tell("scan_none")
            return
        self.host.apply({"type": "hand", "seat": scan.seat, "cards": cards})

    def game_words(self, cmd: Command, spec: Mapping[str, Any]) -> None:
        """A command in the game's own words ("manque ISN", "active atémi Est"): the whole line
        goes to the table rules."""
        if not self.host.game_line(cmd.line):
            self.host.tell("not_now")

