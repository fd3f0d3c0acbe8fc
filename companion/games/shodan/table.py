"""Shodan at the table: a card of one's hand shown waits for words ("nouvelle", "sur 2",
"défausse", "uke 3", "hakama 2 attaque"...); a card drawn face down and shown is learnt
(`see`); draws, closings and activations are typed; "jury", "techniques", "piles" answer."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from companion.engine import Action, Answer, Event, Rejected
from companion.engine.capabilities import Deciding
from companion.engine.table import Answerer, Hints, Question, TableRules, by_viewer
from companion.games.shodan.commands import query_word, to_action
from companion.games.shodan.scoring import completable, jury_open_entries, prestige, requirement_events
from companion.games.shodan.state import (
    CORE,
    PILES,
    SEARCH_PILE,
    ShodanState,
    cards,
    located,
    tech_cards,
    unseen,
)
from companion.language import fold

# whose turn it is, by its phase; what a seat may do, by action type (each a phrase of its own)
PHASE_SAID = {"draft": "shodan_phase_draft", "main": "shodan_phase_main", "bonus": "shodan_phase_bonus",
              "power": "shodan_phase_power", "refill": "shodan_phase_refill"}
PHASE_SAID_YOU = {"draft": "shodan_phase_draft_you", "main": "shodan_phase_main_you",
                  "bonus": "shodan_phase_bonus_you", "power": "shodan_phase_power_you",
                  "refill": "shodan_phase_refill_you"}
MAY_SAID = {"setup": "shodan_do_setup", "draw": "shodan_do_draw", "see": "shodan_do_see",
            "place": "shodan_do_place", "discard": "shodan_do_discard", "uke": "shodan_do_uke",
            "interactive": "shodan_do_interactive",
            "activate": "shodan_do_activate", "close": "shodan_do_close", "done": "shodan_do_done",
            "pass": "shodan_do_pass"}


class ShodanTable(TableRules[ShodanState], Deciding):
    """Shodan's table rules: cards shown, its own words, techniques and piles said."""

    # The jury's wishes name a position, an attack, a technique by the first card of that kind.
    kind_params: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType({
        "jury_needs": frozenset({"position"}),
        "shodan_jury_need": frozenset({"position"}),
        "jury_entry": frozenset({"position", "attack", "technique_card"}),
    })

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(), **by_viewer(hand=self.hand, table=self.table, scores=self.scores,
                                                 legal=self.legal_moves)}

    def actor(self, state: ShodanState) -> int | None:
        return None if state.phase in ("setup", "over") else int(state.turn)

    def front(self, state: ShodanState) -> int | None:
        return int(state.turn)

    def turn(self, state: ShodanState, viewer: int) -> list[Event]:
        if state.phase == "over":
            return [Answer(viewer, "turn_over")]
        if state.phase == "setup":
            return [Answer(viewer, "shodan_setup")]
        said = PHASE_SAID_YOU if state.turn == viewer else PHASE_SAID  # to me: "Piochez", not "Sud pioche"
        return [Answer(viewer, said[state.phase], {"seat": state.turn})]

    def hand_cards(self, state: ShodanState, seat: int) -> list[str] | None:
        return list(state.known[seat]) if 0 <= seat < state.players else None

    def hand(self, state: ShodanState, viewer: int) -> list[Event]:
        known = list(state.known[viewer])
        out: list[Event] = [Answer(viewer, "hand", {"cards": known}) if known
                            else Answer(viewer, "hand_empty")]
        out += [Answer(viewer, "shodan_unknown", {"n": n, "pile": pile})
                for pile, n in zip(PILES, state.unknown[viewer], strict=True) if n]
        return out

    def table(self, state: ShodanState, viewer: int) -> list[Event]:
        return [*self._techniques(state, viewer), *self._piles(state, viewer)]

    def _techniques(self, state: ShodanState, viewer: int) -> list[Event]:
        if not state.techniques:
            return [Answer(viewer, "shodan_no_technique")]
        out: list[Event] = []
        for n, tech in enumerate(state.techniques, start=1):
            key = "shodan_tech_closed" if tech.closed else "shodan_tech_open"
            out.append(Answer(viewer, key, {"n": n, "seat": tech.owner, "cards": tech_cards(tech)}))
            if tech.uke is not None:
                out.append(Answer(viewer, "shodan_tech_uke", {"seat": tech.uke}))
        return out

    def _piles(self, state: ShodanState, viewer: int) -> list[Event]:
        out: list[Event] = []
        for pile, n, up in zip(PILES, state.draw, state.face_up, strict=True):
            if up:
                out.append(Answer(viewer, "shodan_pile", {"pile": pile, "n": n, "card": up[-1]}))
            else:
                out.append(Answer(viewer, "shodan_pile_no_top", {"pile": pile, "n": n}))
        if state.final_turns is not None:
            out.append(Answer(viewer, "shodan_last_round"))
        return out

    # Equal information. Face up: the cards of every technique on the mats (open or closed, notions
    # included), the top card of each of the five face-up piles (a card discarded goes on top of its
    # colour's pile and covers the one under it), and the objective card the jury reveals. Gone:
    # the face-up cards under a pile's top, cards discarded from a technique ("pied dans le
    # hakama"), and the cards of the face-down piles. A hand is its holder's.
    def face_up(self, state: ShodanState) -> frozenset[str]:
        seen = {card for tech in state.techniques for card in tech_cards(tech)}
        seen |= {up[-1] for up in state.face_up if up}
        if state.objective:
            seen.add(state.objective)
        return frozenset(seen)

    def scores(self, state: ShodanState, viewer: int) -> list[Event]:
        return [Answer(viewer, "shodan_prestige", {"seat": s, **prestige(state, s)})
                for s in range(state.players)]

    def legal_moves(self, state: ShodanState, seat: int) -> list[Event]:
        if state.phase in ("setup", "over") or state.turn != seat:
            return self.turn(state, seat)
        actions = self.game.legal(state, seat)
        kinds = sorted({a["type"] for a in actions})
        may = [Answer(seat, MAY_SAID[k]) for k in kinds]
        out: list[Event] = [Answer(seat, "shodan_may", {"what": may})]
        placeable = sorted({a["card"] for a in actions if a["type"] in ("place", "uke") and "card" in a})
        if placeable:
            out.append(Answer(seat, "shodan_may_place", {"cards": placeable}))
        done = completable(state, seat)
        if done:
            out.append(Answer(seat, "shodan_could_complete", {"n": len(done)}))
        return out

    def card_action(self, state: ShodanState, card: str, hints: Hints) -> dict[str, Any] | Question:
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
        return Question(card, tuple(found), prompt=self.jury_warning(state, seat, card, found))

    def jury_warning(self, state: ShodanState, seat: int, card: str, found: list[Action]) -> Event | None:
        """The words a card shown waits for, with a warning when placing it (as a new technique,
        or on one of mine) would build a technique the jury does not ask for any more: where it
        still serves the jury ("Pour le jury : nouvelle"), or that it serves it nowhere. None: no
        warning (the jury's list is not the rule, the jury asks nothing more, or it fits)."""
        info = cards()
        entries = jury_open_entries(state, seat) if state.opts["jury_match"] == "jury" else []
        places = [a for a in found if a["type"] == "place"]
        if info[card].kind not in CORE or not entries or not places:
            return None

        def fits(number: Any) -> bool:
            tech = state.techniques[int(number) - 1] if number is not None else None
            slots = {k: (tech.in_slot(k) if tech is not None else None) for k in CORE}
            slots[info[card].kind] = card
            return any(all(slots[k] is None or info[str(slots[k])].number == wanted
                           for k, wanted in zip(CORE, entry, strict=True)) for entry in entries)

        good = [a.get("technique") for a in places if fits(a.get("technique"))]
        if len(good) == len(places):
            return None
        if not good:
            return Answer(seat, "shodan_card_jury_none")
        where = [Answer(seat, "shodan_jury_new") if n is None else Answer(seat, "shodan_jury_on", {"n": n})
                 for n in good]
        return Answer(seat, "shodan_card_jury_some", {"where": where})

    def decider(self, state: ShodanState, action: Action) -> int | None:
        """Senpai: the partner asked for a card says whether he gives it."""
        if action.get("type") == "interactive" and "partner" in action:
            return int(action["partner"])
        return None

    def request(self, state: ShodanState, action: Action, seat: int) -> Question:
        asker, asked = int(action["seat"]), str(action["ask"])
        choices = [{**action, "given": True}] if asked in state.known[seat] else []
        if asked not in state.known[seat] or state.unknown[seat][PILES.index(cards()[asked].colour)]:
            choices.append({**action, "given": False})
        prompt = Answer(seat, "shodan_senpai_asked", {"seat": asker, "card": asked,
                                                      "held": asked in state.known[seat]})
        return Question(str(action["card"]), tuple(choices), seat, prompt)

    def completed(self, state: ShodanState, seat: int, action: dict[str, Any]) -> dict[str, Any] | Question:
        """What a typed line leaves to another or to the table, asked: the card a search picks
        in its pile (the pile read to the searcher alone), the card Atémi takes (drawn blind), a
        partner's answer to Senpai when the companion knows his hand."""
        if action.get("type") == "activate" and "card" not in action:
            power = cards()[action["notion"]].power
            if power in SEARCH_PILE:  # a search: the pile's cards, read to the searcher alone
                pile = SEARCH_PILE[power]
                info = cards()
                alike: dict[tuple[str, int], str] = {}  # copies of a card are alike: each named once,
                for c in sorted(unseen(state, pile)):  # or a pile read aloud lists one name thrice
                    alike.setdefault((info[c].kind, info[c].number), c)
                inside = list(alike.values())
                if not inside:
                    raise Rejected("pile_empty", pile=pile)
                choices = tuple({**action, "card": c} for c in inside)
                prompt = Answer(seat, "shodan_search_pick", {"pile": pile, "cards": inside})
                return Question(None, choices, seat, prompt)
        if action.get("type") == "activate" and "victim" in action and action.get("card") is None:
            victim = int(action["victim"])
            held = set(state.known[victim])
            known = not any(state.unknown[victim])  # the synthetic table knows it: it draws blind
            if not known:  # a real table: the card taken is shown to the camera
                held |= {c for pile in PILES for c in unseen(state, pile)}
            if not held:
                raise Rejected("nothing_to_take", seat=victim)
            choices = tuple({**action, "card": c} for c in sorted(held))
            prompt = Answer(seat, "shodan_atemi_pick", {"seat": victim})
            return Question(None, choices, seat, prompt, table_draws=known)
        return action

    def parse_line(self, state: ShodanState, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | Question | None:
        said = line.split()
        if not said:
            return None
        query = query_word(fold(said[0]))
        if query == "jury":  # what the jury expects of me, said to me, in one line
            said_of_me = requirement_events(state, seat)
            if said_of_me[0].key == "jury_satisfied":
                return [Answer(seat, "shodan_jury_satisfied_you", dict(said_of_me[0].params))]
            needs = [Answer(seat, "shodan_jury_need", dict(e.params)) for e in said_of_me]
            return [Answer(seat, "shodan_jury_needs_you", {"needs": needs})]
        if query == "techniques":  # said as one line, like the table's answer
            return [Answer(seat, "line", {"parts": self._techniques(state, seat)})]
        if query == "piles":
            return [Answer(seat, "line", {"parts": self._piles(state, seat)})]
        try:
            action = to_action(line, seat, state, card)
        except Rejected as rejected:
            if rejected.code == "command_unknown":  # a card named ("tachi waza", "carte gokyo": a
                return None  # second card replaces the one waiting), or a common word: not Shodan's
            raise
        return self.completed(state, seat, action)
