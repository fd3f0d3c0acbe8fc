"""Bataille at the table: the generic table rules, with what lies face up on the table, a pile
nobody sees (not a hand to scan), and "retourne" to turn up its top card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from card_codes import load_deck
from companion.engine import Answer, Event, Rejected
from companion.engine.table import Answerer, Hints, Question, TableRules, by_viewer
from companion.games.bataille.rules import BatailleState

TURN_WORDS = ("retourne", "retourner", "tourne", "turn up", "flip")  # "retourne": my top card, face up


class BatailleTable(TableRules[BatailleState]):
    """Bataille's table rules: the generic ones, the cards of the round on the table, and each
    player's face-down pile: its top card turned up by "retourne" (or shown to the camera)."""

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(), **by_viewer(table=self.table),
                "hand": lambda ask: self.pile(ask.state, ask.viewer),
                "legal": lambda ask: self.turn(ask.state, ask.viewer)}

    def table(self, state: BatailleState, viewer: int) -> list[Event]:
        up = [card for _seat, card in state.table if card is not None]
        return [Answer(viewer, "table_cards", {"cards": up})] if up else [Answer(viewer, "table_empty")]

    def pile(self, state: BatailleState, viewer: int) -> list[Event]:
        """A pile face down: how many cards it holds and how many were won (no card is known)."""
        return [Answer(viewer, "bataille_pile", {"n": state.piles[viewer], "won": state.won[viewer]})]

    def hand_cards(self, state: BatailleState, seat: int) -> list[str] | None:
        return []  # nothing to scan, nothing to number: the pile is face down, even to its owner

    def turn(self, state: BatailleState, viewer: int) -> list[Event]:
        if state.over or state.turn is None:
            return [Answer(viewer, "turn_over")]
        if state.turn == viewer:
            return [Answer(viewer, "bataille_your_turn", {"n": state.piles[viewer]})]
        return [Answer(viewer, "bataille_their_turn", {"seat": state.turn})]

    def card_action(self, state: BatailleState, card: str, hints: Hints) -> dict[str, Any] | Question:
        if state.over:
            raise Rejected("game_over")
        return super().card_action(state, card, hints)

    def parse_line(self, state: BatailleState, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | Question | None:
        if " ".join(line.lower().split()) not in TURN_WORDS:
            return None
        if state.over:
            raise Rejected("game_over")
        if state.turn != seat:
            raise Rejected("not_your_card_now", seat=state.turn)
        # the top card nobody knows: the synthetic table turns one up; at a real table the
        # player turns it up and the camera reads it
        laid = {c for _seat, c in state.table}
        unseen = sorted(c for c in self._cards() if c not in state.seen and c not in laid)
        return Question(None, tuple({"type": "play", "seat": seat, "card": c} for c in unseen), seat,
                        Answer(seat, "bataille_turning"), table_draws=True)

    def _cards(self) -> list[str]:
        return list(load_deck("bataille").ids())  # (cached: the deck is read once)

    # Equal information. Face up: the cards turned up this round, on the table until the round is
    # won (the cards a bataille puts face down between them are not). Gone: the cards a player
    # has won, which go face down under his pile, and every card turned up before.
    def face_up(self, state: BatailleState) -> frozenset[str]:
        return frozenset(card for _seat, card in state.table if card is not None)
