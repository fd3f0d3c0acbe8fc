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
from typing import Any

from companion.engine.capabilities import Deciding
from companion.session.awaiting import question_of
from companion.session.host import Host

CARD_UNREAD_AFTER = 6.0  # seconds: a card the camera never read is entered by hand
LISTEN_TIMEOUT = 10.0  # seconds a paced demo waits for the last announcement to be heard


class SyntheticDriver:
    """Moves of the synthetic table's seats (and of the table itself: deals, draws)."""

    def __init__(self, host: Host, seed: int | None) -> None:
        self.host = host
        self.rng = random.Random(seed)
        self.in_flight: tuple[str, float] | None = None  # a card the synthetic table is showing
        self.bot_intent: dict[str, Any] | None = None  # what a bot meant by the card it showed
        self.entered: set[str] = set()  # cards the synthetic camera read too late, entered by hand
        self.next_bot_move = 0.0

    def seen(self, card: str) -> bool:
        """A card the camera read: True if it is one already entered by hand (read too late:
        nothing more to do); else it is no longer in flight."""
        if card in self.entered:
            self.entered.discard(card)
            return True
        if self.in_flight and self.in_flight[0] == card:
            self.in_flight = None
        return False

    def intent(self, card: str) -> dict[str, Any] | None:
        """What a synthetic player meant by this card, if it is the one it showed (said, as a
        sighted player would say it); forgotten after any card."""
        intent, self.bot_intent = self.bot_intent, None
        return dict(intent) if intent is not None and intent.get("card") == card else None

    def person_moved(self) -> None:
        """A person made a move: the table's players leave them a moment."""
        self.next_bot_move = max(self.next_bot_move, self.host.clock() + self.host.opts.pace)

    def put_down(self, card: str, seat: int) -> None:
        """Synthetic table: a card goes down in front of ``seat`` (the camera will see it)."""
        assert self.host.table is not None
        if card in self.host.table.on_table():  # a card lying face up (a line's card turned up) is picked
            self.host.table.clear([card])  # up to be played: the camera sees it go, then come down again
            if self.host.seen_memory is not None:  # and the camera takes it, put down again, for a play
                self.host.seen_memory.taken_up([card])
        self.entered.discard(card)  # shown anew: its next sighting is this showing's
        nth = sum(1 for c in self.host.table.on_table())
        self.host.table.show(card, self.front_for(seat), nth=nth % 3)
        self.in_flight = (card, self.host.clock())

    def front_for(self, seat: int) -> int:
        """Where a card ``seat`` puts down lands: in front of the seat the rules say, else its own."""
        front = self.host.rules.front(self.host.match.state) if self.host.match else None
        return seat if front is None else front

    def table_rng(self) -> random.Random:
        """The synthetic table's dice: they depend only on the seed and the game so far, so a
        game resumed after a crash goes on exactly as it would have."""
        assert self.host.match is not None
        match = self.host.match
        return random.Random(f"{self.host.opts.seed}-{len(match.states)}-{match.event_count}")

    def bot_gives(self, holder: int) -> None:
        """A bot asked to play for the current seat picks a card from ``holder``'s hand (or says it
        has none)."""
        assert self.host.match is not None
        self.rng = self.table_rng()
        front = self.front_for(self.host.opts.me)
        card = self.host.bot.play_for(self.host.match, holder, front, self.rng)
        if card is None:  # a player with nothing to give says so
            self.host.tell("ask_none", "all", seat=holder)
        else:
            self.put_down(card, front)

    def busy(self) -> bool:
        """The synthetic table waits: a card in flight, a question for a person, a hand being
        registered, a yes-or-no question (or "which card?") to the keyboard."""
        return bool(self.in_flight or self.host.awaiting is not None)

    def bot_step(self) -> None:
        """If it is a bot's turn (or the table's), make its move through the camera."""
        if self.host.table is None or self.host.match is None or not self.host.started:
            return
        question = question_of(self.host.awaiting)
        if question is not None and question.table_draws and not self.in_flight:
            self.turn_up()
            return
        if self.busy():
            return
        state = self.host.match.state
        if self.host.game.is_over(state):
            return
        now = self.host.clock()
        self.rng = self.table_rng()
        table = self.host.game.table_actions(state, self.rng)
        if now < self.next_bot_move and not table:  # the table's own part (a card turned up) is at once
            return
        carded = [a for a in table if "card" in a]
        if table and not carded:
            for action in table:  # a whole deal at once: the table's own part
                if not self.host.apply(action, prompt=False):
                    break
            self.host.prompt_turn()
            return
        if carded:  # the top card is drawn and shown: a bot decides at once, a person by command
            action, who = carded[0], self.host.rules.actor(state)
            if who is None or who in self.host.opts.bots:
                self.bot_intent = dict(action)
            self.put_down(action["card"], who if who is not None else 0)
            return
        actor = self.host.rules.actor(state)
        if actor is None:  # everyone acts at once (a placing phase): the first bot that may
            actor = next((s for s in sorted(self.host.opts.bots) if self.host.game.legal(state, s)), None)
        if actor is None or actor not in self.host.opts.bots:
            return
        if self.host.opts.pace > 0:  # a listener hears the last announcement out before the next card
            self.host.ann.wait(LISTEN_TIMEOUT)
        chosen = self.host.bot.choose(self.host.match, actor, self.rng)
        if chosen is None:
            return
        self.next_bot_move = now + self.host.opts.pace
        if isinstance(self.host.rules, Deciding):
            decider = self.host.rules.decider(state, chosen)
            if decider is not None and decider != actor and self.host.person(decider):
                # the person chooses, not the bot
                self.host.ask(self.host.rules.request(state, chosen, decider))
                return
        if "card" in chosen:  # a card goes through the camera, as at a real table
            if chosen.get("from") not in (None, chosen.get("seat")):
                self.host.hints.source = chosen["from"]
            self.bot_intent = dict(chosen)
            spot = chosen.get("seat", actor) if chosen.get("type") == "play" else actor
            self.put_down(chosen["card"], spot)
        else:
            self.host.apply(chosen)

    def turn_up(self) -> None:
        """A card nobody has seen is played (a face-down card): the synthetic table turns one
        up, as the player's hand would, and the camera reads it."""
        question = question_of(self.host.awaiting)
        assert question is not None and self.host.match is not None
        cards = sorted({str(a["card"]) for a in question.choices if "card" in a})
        if not cards:
            return
        card = self.table_rng().choice(cards)
        seat = question.seat if question.seat is not None else self.host.opts.me
        self.put_down(card, seat)

    def check_in_flight(self, timeout: float = CARD_UNREAD_AFTER) -> None:
        """A card the synthetic table's camera has not read yet (a slow machine): entered by
        hand, as a player would, and without a word: nobody at the keyboard showed it to a
        camera, so "show it again" would only mislead. Its late sighting is then ignored
        (it is the card already played, not a second one)."""
        if self.in_flight is None:
            return
        card, since = self.in_flight
        if self.host.clock() - since > timeout:
            self.in_flight = None
            self.entered.add(card)
            self.host.handle_card(card)
