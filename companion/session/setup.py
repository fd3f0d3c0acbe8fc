"""The set-up dialogue before a game.

Before the first card, Enter accepts the set-up; "donneur Est" sets the game's dealer option
(whatever its name in the rules: `Game.dealer_option`), "moi Sud" the keyboard's seat. The
set-up says the player's seat, and their team and partner where the game has them.
"""

from __future__ import annotations

from companion.commands import Command
from companion.engine import Match, Rejected
from companion.engine.table import Ask
from companion.language import fold
from companion.session.host import SPEECH_COMMANDS, Host

SETUP_DEALER = ("donneur", "dealer")
SETUP_ME = ("moi", "me")


class SetupDialogue:
    """The session's set-up questions, before the first card."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def text(self) -> str:
        """The set-up as one line: the game, the dealer, my seat (and team)."""
        host = self.host
        opts, game, book = host.opts, host.game, host.book
        options = host.match.options if host.match else {}
        parts = [book.text("session", "setup", {"game": host.deck.name(opts.lang), "seats": opts.seats})]
        if any(o.name == game.dealer_option for o in game.options):
            dealer = options.get(game.dealer_option, game.default_option(game.dealer_option, opts.seats))
            parts.append(book.text("session", "setup_dealer", {"seat": dealer}))
        parts.append(book.text("session", "setup_me", {"me": opts.me}))
        if host.match is not None:
            facts = host.rules.answer("seat_facts", Ask(host.match.state, opts.me))
            if facts:
                parts.append(book.line(facts))
        return " ".join(parts)

    def line(self, line: str) -> None:
        """Before the game: Enter accepts the set-up; "donneur Est" or "moi Sud" change it; "aide"
        says these words; "quitte" leaves; any other command is not yet."""
        host = self.host
        opts = host.opts
        words = line.split()
        if not words:
            host.begin()
            return
        command = host.commands.parse(line)
        if isinstance(command, Command) and command.name == "quit":  # nothing begun, nothing recorded
            host.tell("quit_setup")
            host.quit = True
            return
        if isinstance(command, Command) and command.name in SPEECH_COMMANDS:  # "plus vite" before the game
            host.run_command(command)
            return
        head = fold(words[0])
        seat = host.seat_named(" ".join(words[1:])) if len(words) > 1 else None
        if head in SETUP_DEALER and seat is not None:
            opts.options = {**opts.options, host.game.dealer_option: seat}
            try:
                host.pipeline.match = Match.new(host.game, opts.seats, opts.options)
            except Rejected as rejected:
                host.refuse(rejected, audience=opts.me)
                return
        elif head in SETUP_ME and seat is not None:
            opts.me = seat
            if host.table is not None:  # the seat left behind is the synthetic table's now
                opts.bots = frozenset(set(range(opts.seats)) - {seat})
            host.ann.set_keyboard_seat(host.keyboard_seat)
        else:
            if isinstance(command, Command) and command.name == "help":
                host.tell("setup_help")
            elif head in SETUP_DEALER + SETUP_ME:
                host.tell("bad_seat", word=" ".join(words[1:]) or "?", seats=list(range(opts.seats)))
            else:
                host.tell("setup_not_yet")
            return
        host.tell("setup_changed")
        host.say(opts.me, self.text())
        host.tell("setup_accept")
