"""The synthetic table's driver: the bots' moves, made through the camera as at a real table.

The seats the synthetic table plays choose with their game's bot (`GamePackage.bot`, a random
legal choice by default: `engine/bots.py`); a card they play is put down on the synthetic table
and comes back through the real decoder and tracker. Its dice depend only on the seed and the
game so far.

A bot never decides for a person: when the move it chose leaves a choice to a person (the card
a person is asked to play for it), that person is asked, and the table waits for the answer.
While a question waits for the keyboard's player, the synthetic table does nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.engine import Rejected
from companion.engine.capabilities import Deciding
from companion.engine.table import Hints

if TYPE_CHECKING:
    from companion.session.loop import Session

CARD_UNREAD_AFTER = 6.0  # seconds: a card the camera never read is entered by hand
LISTEN_TIMEOUT = 10.0  # seconds a paced demo waits for the last announcement to be heard


class SyntheticDriver:
    """Moves of the synthetic table's seats (and of the table itself: deals, draws)."""

    def typed_card(self: Session, line: str) -> bool:
        """A card named at the keyboard ("Y-P4-V1", "2", "esprit jaune 4"): checked as the
        keyboard's player's (a card not theirs is refused, unless it answers a request), then
        put down on the synthetic table, or taken as seen at a real table. False: no card."""
        if self.match is None:
            return False
        found = self.find_cards(line.strip())
        if not found:
            return False
        if found == [""]:  # "esprit rouge 1", and I hold none of them
            self.tell("card_not_held", self.opts.me, word=line.strip())
            return True
        if len(found) > 1:  # "esprit rouge 1": which one, by number or by its full name
            self.which = found
            self.tell("which_card", self.opts.me, cards=found)
            return True
        card = found[0]
        me = self.opts.me
        if self.waiting is None or self.waiting.card:  # a card of my own, for a play of my own
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
        self.put_down(card, me)
        return True

    def put_down(self: Session, card: str, seat: int) -> None:
        """Synthetic table: a card goes down in front of ``seat`` (the camera will see it)."""
        assert self.table is not None
        if card in self.table.on_table():  # a card lying face up (a line's card turned up) is picked
            self.table.clear([card])  # up to be played: the camera sees it go, then come down again
            if self.seen_memory is not None:  # and the camera takes it, put down again, for a play
                self.seen_memory.taken_up([card])
        self.entered.discard(card)  # shown anew: its next sighting is this showing's
        nth = sum(1 for c in self.table.on_table())
        self.table.show(card, self.front_for(seat), nth=nth % 3)
        self.in_flight = (card, self.clock())

    def front_for(self: Session, seat: int) -> int:
        """Where a card ``seat`` puts down lands: in front of the seat the rules say, else its own."""
        front = self.rules.front(self.match.state) if self.match else None
        return seat if front is None else front

    def table_rng(self: Session) -> random.Random:
        """The synthetic table's dice: they depend only on the seed and the game so far, so a
        game resumed after a crash goes on exactly as it would have."""
        assert self.match is not None
        return random.Random(f"{self.opts.seed}-{len(self.match.states)}-{len(self.match.events)}")

    def bot_gives(self: Session, holder: int) -> None:
        """A bot asked to play for the current seat picks a card from ``holder``'s hand (or says it
        has none)."""
        assert self.match is not None
        self.rng = self.table_rng()
        front = self.front_for(self.opts.me)
        card = self.bot.play_for(self.match, holder, front, self.rng)
        if card is None:  # a player with nothing to give says so
            self.tell("ask_none", "all", seat=holder)
        else:
            self.put_down(card, front)

    def busy(self: Session) -> bool:
        """The synthetic table waits: a card in flight, a question for a person, a hand being
        registered, a yes-or-no question (or "which card?") to the keyboard."""
        return bool(self.in_flight or self.waiting or self.confirm or self.which or self.scanning is not None)

    def bot_step(self: Session) -> None:
        """If it is a bot's turn (or the table's), make its move through the camera."""
        if self.table is None or self.match is None or not self.started:
            return
        if self.waiting is not None and self.waiting.table_draws and not self.in_flight:
            self.turn_up()
            return
        if self.busy():
            return
        state = self.match.state
        if self.game.is_over(state):
            return
        now = self.clock()
        if now < self.next_bot_move:
            return
        self.rng = self.table_rng()
        table = self.game.table_actions(state, self.rng)
        carded = [a for a in table if "card" in a]
        if table and not carded:
            for action in table:  # a whole deal at once: the table's own part
                if not self.apply(action, prompt=False):
                    break
            self.prompt_turn()
            return
        if carded:  # the top card is drawn and shown: a bot decides at once, a person by command
            action, who = carded[0], self.rules.actor(state)
            if who is None or who in self.opts.bots:
                self.bot_intent = action
            self.put_down(action["card"], who if who is not None else 0)
            return
        actor = self.rules.actor(state)
        if actor is None:  # everyone acts at once (a placing phase): the first bot that may
            actor = next((s for s in sorted(self.opts.bots) if self.game.legal(state, s)), None)
        if actor is None or actor not in self.opts.bots:
            return
        if self.opts.pace > 0:  # a listener hears the last announcement out before the next card
            self.ann.wait(LISTEN_TIMEOUT)
        chosen = self.bot.choose(self.match, actor, self.rng)
        if chosen is None:
            return
        self.next_bot_move = now + self.opts.pace
        if isinstance(self.rules, Deciding):
            decider = self.rules.decider(state, chosen)
            if decider is not None and decider != actor and self.person(decider):
                self.ask(self.rules.request(state, chosen, decider))  # the person chooses, not the bot
                return
        if "card" in chosen:  # a card goes through the camera, as at a real table
            if chosen.get("from") not in (None, chosen.get("seat")):
                self.hints.source = chosen["from"]
            self.bot_intent = dict(chosen)
            spot = chosen.get("seat", actor) if chosen.get("type") == "play" else actor
            self.put_down(chosen["card"], spot)
        else:
            self.apply(chosen)

    def turn_up(self: Session) -> None:
        """A card nobody has seen is played (a face-down card): the synthetic table turns one
        up, as the player's hand would, and the camera reads it."""
        assert self.waiting is not None and self.match is not None
        cards = sorted({str(a["card"]) for a in self.waiting.choices if "card" in a})
        if not cards:
            return
        card = self.table_rng().choice(cards)
        seat = self.waiting.seat if self.waiting.seat is not None else self.opts.me
        self.put_down(card, seat)

    def check_in_flight(self: Session, timeout: float = CARD_UNREAD_AFTER) -> None:
        """A card the synthetic table's camera has not read yet (a slow machine): entered by
        hand, as a player would, and without a word: nobody at the keyboard showed it to a
        camera, so "show it again" would only mislead. Its late sighting is then ignored
        (it is the card already played, not a second one)."""
        if self.in_flight is None:
            return
        card, since = self.in_flight
        if self.clock() - since > timeout:
            self.in_flight = None
            self.entered.add(card)
            self.handle_card(card)
