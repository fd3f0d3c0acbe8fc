"""Shodan at the table: a card of one's hand shown waits for words ("nouvelle", "sur 2",
"défausse", "uke 3", "hakama 2 attaque"...); a card drawn face down and shown is learnt
(`see`); draws, closings and activations are typed; "jury", "techniques", "piles" answer."""

from __future__ import annotations

from typing import Any

from companion.engine import Answer, Event, Rejected, State
from companion.engine.table import Hints, Question, TableRules, to_seat
from companion.games.shodan.commands import fold, query_word, to_action
from companion.games.shodan.scoring import completable, prestige, requirement_events
from companion.games.shodan.state import PILES, cards, located, tech_cards


class ShodanTable(TableRules):
    """Shodan's table rules: cards shown, its own words, techniques and piles said."""

    def actor(self, state: State) -> int | None:
        return None if state.phase in ("setup", "over") else int(state.turn)

    def front(self, state: State) -> int | None:
        return int(state.turn)

    def turn(self, state: State, viewer: int) -> list[Event]:
        if state.phase == "over":
            return [Answer(viewer, "turn_over")]
        if state.phase == "setup":
            return [Answer(viewer, "shodan_setup")]
        return [Answer(viewer, f"shodan_phase_{state.phase}", {"seat": state.turn})]

    def hand_cards(self, state: State, seat: int) -> list[str] | None:
        return list(state.known[seat]) if 0 <= seat < state.players else None

    def hand(self, state: State, viewer: int) -> list[Event]:
        known = list(state.known[viewer])
        out: list[Event] = [Answer(viewer, "hand", {"cards": known}) if known
                            else Answer(viewer, "hand_empty")]
        out += [Answer(viewer, "shodan_unknown", {"n": n, "pile": pile})
                for pile, n in zip(PILES, state.unknown[viewer], strict=True) if n]
        return out

    def table(self, state: State, viewer: int) -> list[Event]:
        return [*self._techniques(state, viewer), *self._piles(state, viewer)]

    def _techniques(self, state: State, viewer: int) -> list[Event]:
        if not state.techniques:
            return [Answer(viewer, "shodan_no_technique")]
        out: list[Event] = []
        for n, tech in enumerate(state.techniques, start=1):
            key = "shodan_tech_closed" if tech.closed else "shodan_tech_open"
            out.append(Answer(viewer, key, {"n": n, "seat": tech.owner, "cards": tech_cards(tech)}))
            if tech.uke is not None:
                out.append(Answer(viewer, "shodan_tech_uke", {"seat": tech.uke}))
        return out

    def _piles(self, state: State, viewer: int) -> list[Event]:
        out: list[Event] = []
        for pile, n, up in zip(PILES, state.draw, state.face_up, strict=True):
            if up:
                out.append(Answer(viewer, "shodan_pile", {"pile": pile, "n": n, "card": up[-1]}))
            else:
                out.append(Answer(viewer, "shodan_pile_no_top", {"pile": pile, "n": n}))
        if state.final_turns is not None:
            out.append(Answer(viewer, "shodan_last_round"))
        return out

    def scores(self, state: State, viewer: int) -> list[Event]:
        return [Answer(viewer, "shodan_prestige", {"seat": s, **prestige(state, s)})
                for s in range(state.players)]

    def legal_moves(self, state: State, seat: int) -> list[Event]:
        if state.phase in ("setup", "over") or state.turn != seat:
            return self.turn(state, seat)
        actions = self.game.legal(state, seat)
        kinds = sorted({a["type"] for a in actions})
        may = [Answer(seat, f"shodan_do_{k}") for k in kinds]
        out: list[Event] = [Answer(seat, "shodan_may", {"what": may})]
        placeable = sorted({a["card"] for a in actions if a["type"] in ("place", "uke") and "card" in a})
        if placeable:
            out.append(Answer(seat, "shodan_may_place", {"cards": placeable}))
        done = completable(state, seat)
        if done:
            out.append(Answer(seat, "shodan_could_complete", {"n": len(done)}))
        return out

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Question:
        if state.phase == "over":
            raise Rejected("game_over")
        info = cards().get(card)
        if info is not None and info.colour in PILES and card not in located(state):
            pile = PILES.index(info.colour)
            owners = [s for s in range(state.players) if state.unknown[s][pile]]
            if owners:  # a card drawn face down, shown to the companion: it learns it
                owner = state.turn if state.turn in owners else owners[0]
                action = {"type": "see", "seat": owner, "card": card}
                self.game.apply(state, action)
                return action
        seat = state.turn
        found = [a for a in self.game.legal(state, seat) if a.get("card") == card]
        if not found:
            self.game.apply(state, {"type": "place", "seat": seat, "card": card})  # the rules' reason
            raise Rejected("card_not_now")
        return Question(card, tuple(found))

    def parse_line(self, state: State, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | None:
        said = line.split()
        if not said:
            return None
        query = query_word(fold(said[0]))
        if query == "jury":
            return to_seat(seat, requirement_events(state, seat))
        if query == "techniques":  # said as one line, like the table's answer
            return [Answer(seat, "line", {"parts": self._techniques(state, seat)})]
        if query == "piles":
            return [Answer(seat, "line", {"parts": self._piles(state, seat)})]
        try:
            return to_action(line, seat, state, card)
        except Rejected as rejected:
            if rejected.code == "command_unknown" and len(said) == 1:
                return None  # a card typed, or a common word: not Shodan's
            raise
