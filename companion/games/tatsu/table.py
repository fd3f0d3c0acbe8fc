"""Tatsu at the table: a card seen goes in front of the seat whose turn it is (from the hand
"demande" named); the trick, scores and what may be played, said as events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from card_codes import Deck
from companion.engine import Answer, Event, Rejected, State
from companion.engine.table import Hints, Question, TableRules
from companion.games.tatsu.state import actor, turn_seat

# events after which the cards of the trick leave the table
TRICK_PICKED_UP = ("trick_won", "fusion", "fusion_lost", "cards_lost")


class TatsuTable(TableRules):
    """Tatsu: a card seen goes in front of the seat whose turn it is."""

    earcons: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"trick_won": "trick_won", "game_over": "game_over"})

    def default_card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | None:
        front = turn_seat(state)
        if front is None:
            return None
        action: dict[str, Any] = {"type": "play", "seat": front, "card": card}
        if hints.source is not None:
            action["from"] = hints.source
        return action

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Question:
        over = self.game.is_over(state)
        if hints.zone_seat is not None and hints.zone_seat != turn_seat(state) and not over:
            raise Rejected("not_turn", seat=turn_seat(state))
        action = self.default_card_action(state, card, hints)
        if action is None:
            raise Rejected("game_over")
        self.game.apply(state, action)  # the rules' own reason if it is refused
        return action

    def actor(self, state: State) -> int | None:
        return actor(state)

    def front(self, state: State) -> int | None:
        return turn_seat(state)

    def turn(self, state: State, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        front, who = turn_seat(state), actor(state)
        assert front is not None
        clan = state.clans[front]
        if who != front:
            return [Answer(viewer, "turn_for", {"seat": front, "clan": clan, "actor": who})]
        return [Answer(viewer, "turn", {"seat": front, "clan": clan})]

    def table(self, state: State, viewer: int) -> list[Event]:
        view = self.game.public_view(state)
        plays = [Event("all", "play" if p["from"] in (None, p["seat"]) else "play_for",
                       {"seat": p["seat"], "card": p["card"], "from": p["from"]}) for p in view["trick"]]
        n = view["trick_no"]
        out: list[Event] = [Answer(viewer, "trick", {"n": n, "plays": plays}) if plays
                            else Answer(viewer, "trick_empty", {"n": n})]
        if view["pending"]:
            out.append(Answer(viewer, "pending", {"cards": view["pending"]}))
        return out

    def scores(self, state: State, viewer: int) -> list[Event]:
        view = self.game.public_view(state)
        if state.players == 4:
            parts = [Answer(viewer, "scores_team", {"clan": c, "score": state.totals[state.clans.index(c)]})
                     for c in ("Y", "R")]
        else:
            parts = [Answer(viewer, "seat_score", {"seat": int(s), "points": v})
                     for s, v in view["scores"].items() if int(s) < state.players]
        return [Answer(viewer, "scores", {"parts": parts})]

    def legal_moves(self, state: State, seat: int) -> list[Event]:
        if actor(state) != seat:
            return self.turn(state, seat)
        actions = self.game.legal(state, self.game.public_view(state)["turn"])
        mine = sorted({a["card"] for a in actions if a.get("from") == seat})
        if mine:
            return [Answer(seat, "legal", {"cards": mine})]
        return [Answer(seat, "legal_none"), *self.rules(seat)]

    def clears_table(self, events: Sequence[Event]) -> bool:
        return any(e.key in TRICK_PICKED_UP for e in events)

    def frequent(self, state: State, deck: Deck) -> list[Event]:
        """Each "seat plays card" sentence: the most frequent announcement at the table."""
        return [Event("all", "play", {"seat": s, "card": card.id}) for s in self.game.seats_of(state)
                for card in deck]
