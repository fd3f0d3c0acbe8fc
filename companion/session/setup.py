"""The set-up dialogue before a game, and the names a player types for seats and cards.

Before the first card, Enter accepts the set-up; "donneur Est" sets the game's dealer option
(whatever its name in the rules: `Game.dealer_option`), "moi Sud" the keyboard's seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from card_codes import try_decode
from companion.commands import Command
from companion.engine import Match, Rejected
from companion.session.commands import SPEECH_COMMANDS
from companion.speech.phrasebook import LANGS, Phrasebook

if TYPE_CHECKING:
    from companion.session.loop import Session

SETUP_DEALER = ("donneur", "dealer")
SETUP_ME = ("moi", "me")


class SetupDialogue:
    """The session's set-up questions and the seat and card names it understands."""

    def setup_text(self: Session) -> str:
        opts = self.opts
        options = self.match.options if self.match else {}
        dealer = options.get(self.game.dealer_option, 0)
        return self.book.text("session", "setup", {"game": self.deck.name(opts.lang), "seats": opts.seats,
                                                   "seat": dealer, "me": opts.me})

    def setup_line(self: Session, line: str) -> None:
        """Before the game: Enter accepts the set-up; "donneur Est" or "moi Sud" change it."""
        words = line.split()
        if not words:
            self.begin()
            return
        command = self.commands.parse(line)
        if isinstance(command, Command) and command.name == "quit":  # nothing begun, nothing recorded
            self.tell("quit_setup")
            self.quit = True
            return
        if isinstance(command, Command) and command.name in SPEECH_COMMANDS:  # "plus vite" before the game
            self.run_command(command)
            return
        head = words[0].casefold()
        seat = self.resolve_seat(words[1]) if len(words) > 1 else None
        if head in SETUP_DEALER and seat is not None:
            self.opts.options = {**self.opts.options, self.game.dealer_option: seat}
            try:
                self.pipeline.match = Match.new(self.game, self.opts.seats, self.opts.options)
            except Rejected as rejected:
                self.refuse(rejected, audience=self.opts.me)
                return
        elif head in SETUP_ME and seat is not None:
            self.opts.me = seat
            self.ann.set_keyboard_seat(seat)  # whose earpiece "chut" silences, whose braille display
            self.opts.bots = frozenset(self.opts.bots - {seat}) if self.table is not None else self.opts.bots
        else:
            self.tell("setup_accept")
            return
        self.tell("setup_changed")
        self.say(self.opts.me, self.setup_text())
        self.tell("setup_accept")

    def resolve_card(self: Session, word: str) -> str | None:
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

    def resolve_seat(self: Session, word: str) -> int | None:
        """A seat from its name (the table's own or either language's) or its number."""
        folded = word.strip().casefold()
        for seat in self.game.seats_of(self.match.state) if self.match else range(self.opts.seats):
            names = {self.book.seat_name(seat).casefold()}
            for lang in LANGS:
                other = Phrasebook(lang, self.opts.game, seat_keys=self.game.seat_keys(self.opts.seats))
                names.add(other.seat_name(seat).casefold())
            if folded in names or folded == str(seat + 1):
                return seat
        return None
