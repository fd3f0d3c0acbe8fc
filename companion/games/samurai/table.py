"""The samurai game at the table: moves, attacks, recruits, markers, events and the end of a
turn are typed ("archer de Nord en C4", "katana 2 attaque C5", "fin du tour"); questions ("mes
unités", "menaces", "où est le katana 2", "quoi en D4") answer the asking seat only. A token or
an event card shown waits for its square ("en C4", "sur B7")."""

from __future__ import annotations

import re
from typing import Any

from card_codes import load_deck, try_decode
from companion.engine import Answer, Event, Rejected, State
from companion.engine.table import Hints, Question, TableRules, to_seat
from companion.games.samurai.board import TEAMS
from companion.games.samurai.commands import Query, command
from companion.games.samurai.queries import answer
from companion.games.samurai.state import DRAW, PLAY, REMOVE, SETUP

_SPOT = re.compile(r"^(?:en|sur|at|on|to|a|à)?\s*([a-i][1-9])$", re.IGNORECASE)


class SamuraiTable(TableRules):
    """The samurai game's table rules: orders and questions in words, tokens shown on squares."""

    def actor(self, state: State) -> int | None:
        if state.phase == SETUP:  # the set-up goes round the seats in order, one player at a time
            return next((s for s in range(state.players) if self.game.legal(state, s)), None)
        if state.phase == PLAY:
            return int(state.seat)
        if state.phase == REMOVE and state.removal:
            return int(state.removal[0])
        return None

    def turn(self, state: State, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        if state.phase == SETUP:
            return [Answer(viewer, "samurai_setup_turn", {"seat": self.actor(state)})]
        if state.phase == REMOVE and state.removal:
            seat, kind, n = state.removal
            return [Event(viewer, "choose_removal", {"seat": seat, "kind": kind, "n": n})]
        if state.phase == DRAW:
            return [Event(viewer, "draw_due", {"team": TEAMS[state.team]})]
        return [Event(viewer, "q_turn", {"seat": state.seat, "cp": state.cp[state.seat]})]

    def hand(self, state: State, viewer: int) -> list[Event]:
        return answer(state, "hand", viewer)

    def table(self, state: State, viewer: int) -> list[Event]:
        units = sorted(state.units.values(), key=lambda u: (u.owner, u.id))
        if not units:
            return [Answer(viewer, "table_empty")]
        return [Answer(viewer, "samurai_unit_at", {"unit": u.id, "square": u.square, "seat": u.owner})
                for u in units]

    def scores(self, state: State, viewer: int) -> list[Event]:
        return answer(state, "score", 0 if state.seat is None else state.seat)

    def legal_moves(self, state: State, seat: int) -> list[Event]:
        if self.actor(state) != seat:
            return self.turn(state, seat)
        actions = self.game.legal(state, seat)
        kinds = sorted({a["type"] for a in actions})
        may = Answer(seat, "samurai_may", {"what": [Answer(seat, f"samurai_do_{k}") for k in kinds]})
        if state.phase == SETUP:
            free = sorted({a["unit"].split("-")[0].lower() for a in actions if a["type"] == "place"})
            squares = sorted({a["at"] for a in actions if a["type"] == "place"})
            return [may, Answer(seat, "samurai_setup_left", {"kinds": free, "squares": squares})]
        return [may, *answer(state, "units", seat)]

    def command_action(self, state: State, kind: str, seat: int, hints: Hints) -> dict[str, Any]:
        if kind == "end_turn":  # "passe": the end of the turn, refused by the rules' own reason
            return {"type": "end_turn", "seat": seat}
        return super().command_action(state, kind, seat, hints)

    def place_action(self, state: State, seat: int, words: str) -> dict[str, Any]:
        """"pose archer en C2" (the setup)."""
        result = self.parse_line(state, seat, f"pose {words}")
        if not isinstance(result, dict):
            raise Rejected("cmd_need_unit")
        return result

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Question:
        kind, _, team = card.partition("-")  # a token: any free one of its type and team will do
        found = self.candidates(
            state, lambda a: a.get("card") == card or a.get("unit") == card
            or (a.get("type") in ("place", "recruit") and a["unit"].startswith(f"{kind}-{team[:1]}-")))
        found = [{**a, "unit": card} if "unit" in a else a for a in found]
        if not found:
            if state.phase == DRAW:
                raise Rejected("card_not_now")
            seat = self.actor(state)
            if seat is None:
                raise Rejected("card_not_now")
            self.game.apply(state, {"type": "event", "seat": seat, "card": card})  # the rules' reason
            raise Rejected("card_not_now")
        if len(found) == 1:
            return dict(found[0])
        return Question(card, tuple(found))

    def parse_line(self, state: State, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | None:
        spot = _SPOT.match(line.strip()) if card is not None else None
        if spot is not None:  # a token or an event card shown, then "en C4" / "sur B7"
            return self._card_at(state, seat, str(card), spot.group(1).upper())
        if self._is_card_word(line):
            return None  # a card typed by its id: shown to the camera, not a board command
        try:
            result = command(line, state, seat, self.seat_names)
        except Rejected as rejected:
            if rejected.code in ("cmd_unknown_word", "cmd_no_verb", "cmd_empty") and len(line.split()) == 1:
                return None  # a card id or a common word: not a board command
            raise
        if isinstance(result, Query):
            return to_seat(seat, answer(state, result.name, result.seat, result.unit, result.square))
        return result

    def _is_card_word(self, line: str) -> bool:
        """True for a line that is one card's id or label payload."""
        word = line.strip().upper()
        if " " in word or not word:
            return False
        game = self.game.name
        return word in load_deck(game) or not isinstance(try_decode(word, game), Exception)

    def _card_at(self, state: State, seat: int, card: str, square: str) -> dict[str, Any]:
        """A token or an event card shown, then a square said: where it goes."""
        if card.startswith("E"):
            return {"type": "event", "seat": seat, "card": card, "at": square}
        kind = "place" if state.phase == SETUP else "recruit"
        return {"type": kind, "seat": seat, "unit": card, "at": square}
