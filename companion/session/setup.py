"""The set-up dialogue before a game, and the names a player types for seats and cards.

Before the first card, Enter accepts the set-up; "donneur Est" sets the game's dealer option
(whatever its name in the rules: `Game.dealer_option`), "moi Sud" the keyboard's seat. The
set-up says the player's seat, and their team and partner where the game has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from card_codes import try_decode
from companion.commands import Command
from companion.engine import Match, Rejected
from companion.engine.table import Ask, Hints
from companion.language import LANGS, fold
from companion.session.cardnames import cards_named
from companion.session.commands import SPEECH_COMMANDS
from companion.speech.phrasebook import Phrasebook

if TYPE_CHECKING:
    from companion.session.loop import Session

SETUP_DEALER = ("donneur", "dealer")
SETUP_ME = ("moi", "me")
ARTICLES = ("le", "la", "l", "au", "a", "the", "to")  # "demande au Fantôme"


class SetupDialogue:
    """The session's set-up questions and the seat and card names it understands."""

    def setup_text(self: Session) -> str:
        opts = self.opts
        options = self.match.options if self.match else {}
        parts = [self.book.text("session", "setup", {"game": self.deck.name(opts.lang), "seats": opts.seats})]
        if any(o.name == self.game.dealer_option for o in self.game.options):
            dealer = options.get(self.game.dealer_option, self.game.default_option(self.game.dealer_option,
                                                                                    opts.seats))
            parts.append(self.book.text("session", "setup_dealer", {"seat": dealer}))
        parts.append(self.book.text("session", "setup_me", {"me": opts.me}))
        if self.match is not None:
            facts = self.rules.answer("seat_facts", Ask(self.match.state, opts.me))
            if facts:
                parts.append(self.book.line(facts))
        return " ".join(parts)

    def setup_line(self: Session, line: str) -> None:
        """Before the game: Enter accepts the set-up; "donneur Est" or "moi Sud" change it; "aide"
        says these words; "quitte" leaves; any other command is not yet."""
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
        head = fold(words[0])
        seat = self.resolve_seat(" ".join(words[1:])) if len(words) > 1 else None
        if head in SETUP_DEALER and seat is not None:
            self.opts.options = {**self.opts.options, self.game.dealer_option: seat}
            try:
                self.pipeline.match = Match.new(self.game, self.opts.seats, self.opts.options)
            except Rejected as rejected:
                self.refuse(rejected, audience=self.opts.me)
                return
        elif head in SETUP_ME and seat is not None:
            self.opts.me = seat
            if self.table is not None:  # the seat left behind is the synthetic table's now
                self.opts.bots = frozenset(set(range(self.opts.seats)) - {seat})
            self.ann.set_keyboard_seat(self.keyboard_seat)
        else:
            if isinstance(command, Command) and command.name == "help":
                self.tell("setup_help")
            elif head in SETUP_DEALER + SETUP_ME:
                self.tell("bad_seat", word=" ".join(words[1:]) or "?", seats=list(range(self.opts.seats)))
            else:
                self.tell("setup_not_yet")
            return
        self.tell("setup_changed")
        self.say(self.opts.me, self.setup_text())
        self.tell("setup_accept")

    def find_cards(self: Session, word: str) -> list[str]:
        """The cards a typed word names: an id, a payload, a number (in the choice a question
        offers, else in the keyboard's hand), or any name the program says for a card (see
        `cardnames`). A name several cards answer to is narrowed down to the ones offered, else
        the ones I may play now, else the ones in my hand; copies with one name are one card.
        More than one card: the player is asked which. None: no card."""
        word = word.strip()
        if word.upper() in self.deck:
            return [word.upper()]
        label = try_decode(word.upper(), self.opts.game)
        if not isinstance(label, Exception):
            return [label.card.id]
        if word.isdigit():
            if self.match is None:
                return []
            listed = self.choice_cards() or self.rules.hand_cards(self.match.state, self.opts.me) or []
            index = int(word) - 1
            if 0 <= index < len(listed) and listed[index]:  # "": an empty place of a line
                return [listed[index]]
            return []
        return self.narrow(cards_named(self.deck, word))

    def narrow(self: Session, cards: list[str]) -> list[str]:
        """Cards answering to one name: those the player may mean now, one per distinct name.
        Several distinct cards, none of them offered, playable or in my known hand: [""] (the
        player holds no such card: asking which one would only lead to a refusal)."""
        if len(cards) > 1 and self.match is not None:
            state, me = self.match.state, self.opts.me
            offered = set(self.choice_cards())
            known = self.rules.hand_cards(state, me)
            hand = set(known or [])
            for keep in ((lambda c: c in offered), self.may_play, (lambda c: c in hand)):
                kept = [c for c in cards if keep(c)]
                if kept:
                    cards = kept
                    break
            else:
                if known is not None and len({self.book.card_name(c) for c in cards}) > 1:
                    return [""]
        by_name: dict[str, str] = {}
        for card in cards:  # copies are one card to the player: the first stands for them all
            by_name.setdefault(self.book.card_name(card), card)
        return list(by_name.values())

    def may_play(self: Session, card: str) -> bool:
        """The keyboard's player may put this card down now (the rules take it)."""
        if self.waiting is not None and not self.waiting.card:
            return False  # a question waits: what it offers decides (choice_cards)
        try:
            self.rules.card_action(self.state, card, Hints(self.hints.source, None, self.hints.target,
                                                           self.opts.me))
        except Rejected:
            return False
        return True

    def choice_cards(self: Session) -> list[str]:
        """The cards a question for the keyboard's player offers, in the order it listed them."""
        if self.waiting is None or self.waiting.card or self.waiting.seat not in (None, self.opts.me):
            return []
        if self.waiting.labels:  # listed in the question's own order ("Lequel ? 1 : ..., 2 : ...")
            return list(self.waiting.labels)
        return sorted({str(a["card"]) for a in self.waiting.choices if "card" in a})

    def resolve_seat(self: Session, word: str) -> int | None:
        """A seat from its name (the table's own or either language's, accents optional) or its
        number."""
        words = fold(word.strip()).replace("'", " ").split()
        folded = " ".join(words[1:] if len(words) > 1 and words[0] in ARTICLES else words)
        for seat in self.game.seats_of(self.match.state) if self.match else range(self.opts.seats):
            names = {fold(self.book.seat_name(seat))}
            for lang in LANGS:
                other = Phrasebook(lang, self.opts.game, seat_keys=self.game.seat_keys(self.opts.seats))
                names.add(fold(other.seat_name(seat)))
            if folded in names or folded == str(seat + 1):
                return seat
        return None
