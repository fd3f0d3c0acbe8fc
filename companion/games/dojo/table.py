"""Dojo at the table: the dealer shows each tatami (told to him alone), then says whom it goes
to; challenges, swaps and placements are commands; a dojo is described row by row."""

from __future__ import annotations

from typing import Any

from companion.engine import Answer, Event, State
from companion.engine.table import TableRules
from companion.games.dojo.describe import cells_of, describe, offer_places
from companion.games.dojo.places import parse_place


class DojoTable(TableRules):
    """Dojo's table rules: who acts in each phase, the dojos described, placements in words."""

    def actor(self, state: State) -> int | None:
        phase = self.game.public_view(state)["phase"]
        if phase in ("trophy", "recruit"):
            return int(state.dealer)
        if phase == "challenge":
            asked = self.game.public_view(state)["asked"]
            return asked if isinstance(asked, int) else None
        return None

    def turn(self, state: State, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        view = self.game.public_view(state)
        if view["phase"] == "challenge" and view["asked"] is not None:
            return [Event(viewer, "ask", {"seat": view["asked"], "dealer": state.dealer})]
        if view["phase"] == "training":
            return [Event(viewer, "training", {})]
        if view["phase"] == "trophy":
            return [Event(viewer, "flip_trophy", {"seat": state.dealer})]
        return [Event(viewer, "recruit", {"seat": state.dealer})]

    def hand(self, state: State, viewer: int) -> list[Event]:
        tatami = self.game.private_view(state, viewer).get("tatami")
        if tatami is None:
            return [Answer(viewer, "hand_empty")]
        return [Event(viewer, "dojo_hand", {"card": tatami})]

    def query(self, name: str, state: State, viewer: int, target: int | None) -> list[Event]:
        if name == "describe":  # "dojo" / "dojo Est": a dojo row by row, then column by column
            return describe(state, viewer if target is None else target, viewer)
        return super().query(name, state, viewer, target)

    def table(self, state: State, viewer: int) -> list[Event]:
        view = self.game.public_view(state)
        if view["trophies_in_play"]:
            return [Event(viewer, "trophy_stays", {"cards": view["trophies_in_play"]})]
        return [Answer(viewer, "table_empty")]

    def legal_moves(self, state: State, seat: int) -> list[Event]:
        if self.game.public_view(state)["phase"] == "training" and state.pending[seat] is not None:
            return offer_places(state, seat)
        return super().legal_moves(state, seat)

    def place_action(self, state: State, seat: int, words: str) -> dict[str, Any]:
        """A placement from words: "0 1", "gauche de renard jaune", "under 1 1"..."""
        cells = cells_of(state, seat)
        if not cells and not words.strip():  # the first tatami needs no words: it is the 0,0 place
            return {"type": "place", "seat": seat, "row": 0, "col": 0}
        row, col = parse_place(words, cells)
        return {"type": "place", "seat": seat, "row": row, "col": col}
