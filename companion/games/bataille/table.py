"""Bataille at the table: the generic table rules, with what lies face up on the table."""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine import Answer, Event
from companion.engine.table import Answerer, TableRules, by_viewer
from companion.games.bataille.rules import BatailleState


class BatailleTable(TableRules[BatailleState]):
    """Bataille's table rules: the generic ones, and the cards of the round on the table."""

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(), **by_viewer(table=self.table)}

    def table(self, state: BatailleState, viewer: int) -> list[Event]:
        up = [card for _seat, card in state.table if card is not None]
        return [Answer(viewer, "table_cards", {"cards": up})] if up else [Answer(viewer, "table_empty")]

    # Equal information. Face up: the cards turned up this round, on the table until the round is
    # won (the cards a bataille puts face down between them are not). Gone: the cards a player
    # has won, which go face down under his pile, and every card turned up before.
    def face_up(self, state: BatailleState) -> frozenset[str]:
        return frozenset(card for _seat, card in state.table if card is not None)
