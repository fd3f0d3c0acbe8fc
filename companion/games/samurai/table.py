"""The samurai game at the table: moves, attacks, recruits, markers, events and the end of a
turn are typed ("archer de Nord en C4", "katana 2 attaque C5", "fin du tour"); questions ("mes
unités", "menaces", "où est le katana 2", "quoi en D4") answer the asking seat only. A token or
an event card shown waits for its square ("en C4", "sur B7")."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from card_codes import load_deck, try_decode
from companion.engine import Answer, Event, Rejected
from companion.engine.capabilities import Placing
from companion.engine.table import Answerer, Hints, Question, TableRules, by_viewer, to_seat
from companion.games.samurai.board import TEAMS, data
from companion.games.samurai.commands import Query, command
from companion.games.samurai.queries import answer
from companion.games.samurai.state import DRAW, PLAY, REMOVE, SETUP, SamuraiState, access, costs

_SPOT = re.compile(r"^(?:en|sur|at|on|to|a|à)?\s*([a-i][1-9])$", re.IGNORECASE)


# what a seat may do, by action type (each a phrase of its own)
DOING = {"place": "samurai_do_place", "move": "samurai_do_move", "attack": "samurai_do_attack",
         "remove": "samurai_do_remove", "recruit": "samurai_do_recruit", "mark": "samurai_do_mark",
         "event": "samurai_do_event", "end_turn": "samurai_do_end_turn", "draw": "samurai_do_draw"}


class SamuraiTable(TableRules[SamuraiState], Placing):
    """The samurai game's table rules: orders and questions in words, tokens shown on squares."""

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(), **by_viewer(hand=self.hand, table=self.table, scores=self.scores,
                                                 legal=self.legal_moves, help_recruit=self.recruit_help)}

    def recruit_help(self, state: SamuraiState, viewer: int) -> list[Event]:
        """ "aide recrute": what each unit costs and the resources it asks for; what I have."""
        units = sorted(data().units.items(), key=lambda item: (item[1].cost, item[0]))
        each = [Answer(viewer, "samurai_recruit_unit", {"kind": k, "cp": u.cost, "resources": list(u.recipe)})
                for k, u in units]
        have = sorted(access(state, viewer)) if 0 <= viewer < state.players else []
        cp = state.cp[viewer] if 0 <= viewer < state.players else 0
        yours = (Answer(viewer, "samurai_recruit_yours", {"cp": cp, "resources": have}) if have
                 else Answer(viewer, "samurai_recruit_yours_none", {"cp": cp}))
        return [Answer(viewer, "samurai_recruit_units", {"units": each}), yours]

    def actor(self, state: SamuraiState) -> int | None:
        if state.phase == SETUP:  # the set-up goes round the seats in order, one player at a time
            return next((s for s in range(state.players) if self.game.legal(state, s)), None)
        if state.phase == PLAY:
            return None if state.seat is None else int(state.seat)
        if state.phase == REMOVE and state.removal:
            return int(state.removal[0])
        return None

    def turn(self, state: SamuraiState, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        if state.phase == SETUP:
            return [Answer(viewer, "samurai_setup_turn", {"seat": self.actor(state)})]
        if state.phase == REMOVE and state.removal:
            seat, kind, n = state.removal
            if viewer == seat:  # the owner chooses which of his units goes: they are listed
                units = sorted((u for u in state.units.values() if u.owner == seat and u.type == kind),
                               key=lambda u: u.id)
                choices = [Answer(viewer, "samurai_remove_choice", {"unit": u.id, "square": u.square})
                           for u in units]
                return [Answer(viewer, "samurai_remove_yours", {"n": n, "units": choices})]
            return [Event(viewer, "choose_removal", {"seat": seat, "kind": kind, "n": n})]
        if state.phase == DRAW:
            return [Event(viewer, "draw_due", {"team": TEAMS[state.team]})]
        on_turn = state.seat
        assert on_turn is not None  # a game not over has a team on turn
        return [Event(viewer, "q_turn", {"seat": on_turn, "cp": state.cp[on_turn]})]

    def hand(self, state: SamuraiState, viewer: int) -> list[Event]:
        return answer(state, "hand", viewer)

    def table(self, state: SamuraiState, viewer: int) -> list[Event]:
        units = sorted(state.units.values(), key=lambda u: (u.owner, u.id))
        if not units:
            return [Answer(viewer, "table_empty")]
        terrain = data().board.terrain  # the resource markers lie on the board too: Sabotage needs them
        markers = [Answer(viewer, "samurai_markers_at", {"square": sq, "resource": terrain[sq],
                                                         "seats": sorted(seats)})
                   for sq, seats in sorted(state.markers.items())]
        return [*(Answer(viewer, "samurai_unit_at", {"unit": u.id, "square": u.square, "seat": u.owner})
                  for u in units), *markers]

    # Equal information. Face up: the tokens on the board, the event cards the player on turn has
    # played this turn (they lie before him until his turn ends) and the top card of the discard
    # pile. Gone: the event cards under the discard's top, the tokens removed from the board, the
    # face-down event deck. A hand of event cards is its holder's.
    def face_up(self, state: SamuraiState) -> frozenset[str]:
        seen = set(state.units) | set(state.effects)
        if state.discard:
            seen.add(state.discard[-1])
        return frozenset(seen)

    def scores(self, state: SamuraiState, viewer: int) -> list[Event]:
        return answer(state, "score", viewer)  # the asker's own team is named, not the one on turn

    def legal_moves(self, state: SamuraiState, seat: int) -> list[Event]:
        if self.actor(state) != seat:
            return self.turn(state, seat)
        actions = self.game.legal(state, seat)
        kinds = sorted({a["type"] for a in actions})
        may = Answer(seat, "samurai_may", {"what": [self._doing(state, seat, k, actions) for k in kinds]})
        if state.phase == SETUP:
            free = sorted({a["unit"].split("-")[0].lower() for a in actions if a["type"] == "place"})
            squares = sorted({a["at"] for a in actions if a["type"] == "place"})
            return [may, Answer(seat, "samurai_setup_left", {"kinds": free, "squares": squares})]
        return [may, *answer(state, "units", seat)]

    def _doing(self, state: SamuraiState, seat: int, kind: str,
               actions: Sequence[Mapping[str, Any]]) -> Answer:
        """One thing the seat may do, with what it costs in command points (a newcomer asked)."""
        price = costs(state)
        if kind == "move":  # per square entered, by terrain: "1 point par case de plaine et champ"
            board = data().board
            by_cost: dict[int, list[str]] = {}
            for name, terrain in board.terrains.items():
                by_cost.setdefault(terrain.move * price["move"], []).append(name)
            steps = [Answer(seat, "samurai_cost_terrain", {"cp": cp, "terrains": names})
                     for cp, names in sorted(by_cost.items())]
            return Answer(seat, "samurai_do_move", {"costs": steps})
        if kind == "recruit":
            units = data().units
            recruits = sorted({data().tokens[a["unit"]][0] for a in actions if a["type"] == "recruit"},
                              key=lambda k: (units[k].cost, k))
            return Answer(seat, "samurai_do_recruit", {"costs": [
                Answer(seat, "samurai_cost_unit", {"kind": k, "cp": units[k].cost}) for k in recruits]})
        if kind in ("attack", "mark"):
            return Answer(seat, DOING[kind], {"cp": price[kind]})
        return Answer(seat, DOING[kind])

    def command_action(self, state: SamuraiState, kind: str, seat: int, hints: Hints) -> dict[str, Any]:
        if kind == "end_turn":  # "passe": the end of the turn, refused by the rules' own reason
            return {"type": "end_turn", "seat": seat}
        return super().command_action(state, kind, seat, hints)

    def place_action(self, state: SamuraiState, seat: int, words: str) -> dict[str, Any]:
        """"pose archer en C2" (the setup)."""
        result = self.parse_line(state, seat, f"pose {words}")
        if not isinstance(result, dict):
            raise Rejected("cmd_need_unit")
        return result

    def card_action(self, state: SamuraiState, card: str, hints: Hints) -> dict[str, Any] | Question:
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

    def parse_line(self, state: SamuraiState, seat: int, line: str, card: str | None = None
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
            return to_seat(seat, answer(state, result.name, result.seat, result.unit, result.square,
                                        squares=bool(result.extra.get("squares"))))
        return result

    def _is_card_word(self, line: str) -> bool:
        """True for a line that is one card's id or label payload."""
        word = line.strip().upper()
        if " " in word or not word:
            return False
        game = self.game.name
        return word in load_deck(game) or not isinstance(try_decode(word, game), Exception)

    def _card_at(self, state: SamuraiState, seat: int, card: str, square: str) -> dict[str, Any]:
        """A token or an event card shown, then a square said: where it goes."""
        if card.startswith("E"):
            return {"type": "event", "seat": seat, "card": card, "at": square}
        kind = "place" if state.phase == SETUP else "recruit"
        return {"type": kind, "seat": seat, "unit": card, "at": square}
