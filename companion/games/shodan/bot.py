"""The Shodan bot of the synthetic table: a candidate who builds what the jury asks for.

It plays from what its seat knows (its hand, the table, the face-up piles), never another
hand. Each turn it closes what is complete, then puts down the card that brings a jury
technique nearer (a position still required, the attack of a jury entry on that position,
then the entry's technique card), with Stage when two such cards wait; it searches a pile
with its notions (Irimi, Ki no nagare, Te Sabaki) for the card it needs, steals the last card
of a rival's technique with Kaeshi waza when that card is the one it needs, and otherwise
exchanges its least useful card. It refills from the face-up top when useful, else from the
pile of the colour it needs. Cards a search finds are chosen in the pile searched (the
searcher looks through it); a card Atémi takes is drawn at random by the table.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine import Action, Match, Seat
from companion.engine.bots import PurposefulBot
from companion.games.shodan.scoring import jury_requires
from companion.games.shodan.state import (
    PILES,
    SEARCH_PILE,
    ShodanState,
    Technique,
    cards,
    jury,
    technique_key,
    unseen,
)

PILE_OF_KIND = {"position": "BLUE", "attack": "RED", "technique": "GREEN"}
SEARCHES = {power: pile for power, pile in SEARCH_PILE.items() if pile in PILE_OF_KIND.values()}
KEEP = {"STAGE": 2.0, "KAESHI": 1.0, "KAMAE": 1.5, "MAAI": 1.0, "OMOTE": 0.8, "URA": 0.8}


def seat_view(state: ShodanState, seat: int) -> ShodanState:
    """The game as `seat` may know it: the other hands as unseen cards of their colours."""
    info = cards()
    known = list(state.known)
    unknown = [list(u) for u in state.unknown]
    for other in range(state.players):
        if other != seat:
            for card in known[other]:
                unknown[other][PILES.index(info[card].colour)] += 1
            known[other] = ()
    return state._replace(known=tuple(known), unknown=tuple(tuple(u) for u in unknown))


class Plan:
    """What `seat` wants: the jury entries still useful, and what each open technique lacks."""

    def __init__(self, state: ShodanState, seat: int) -> None:
        self.state, self.seat = state, seat
        info = cards()
        self.need = jury_requires(state, seat)
        done = {technique_key(t) for t in state.techniques if t.owner == seat and t.closed}
        self.entries = [e for e in (jury(state.objective) if state.objective else ())
                        if e[0] in self.need and "-".join(map(str, e)) not in done]
        self.mine = [(n, t) for n, t in enumerate(state.techniques, start=1)
                     if t.owner == seat and not t.closed]
        started: dict[int, int] = {}
        for _, t in self.mine:
            if t.position is not None:
                p = info[t.position].number
                started[p] = started.get(p, 0) + 1
        self.new_positions = {p for p, n in self.need.items() if started.get(p, 0) < n}

    def wanted(self, tech: Technique) -> set[tuple[str, int]]:
        """(kind, number) of the cards that bring this technique nearer to a useful jury entry."""
        info = cards()
        if tech.position is None:
            return {("position", p) for p in self.new_positions}
        p = info[tech.position].number
        if tech.attack is None:
            return {("attack", a) for q, a, _ in self.entries if q == p}
        if tech.technique is None:
            a = info[tech.attack].number
            return {("technique", t) for q, b, t in self.entries if (q, b) == (p, a)}
        return set()

    def placement(self, card: str) -> int | bool | None:
        """Where `card` brings a jury technique nearer: a technique number, None (a new one), or False."""
        info = cards()
        c = info[card]
        for number, tech in self.mine:
            if (c.kind, c.number) in self.wanted(tech):
                return number
        if c.kind == "position" and c.number in self.new_positions:
            return None
        return False

    def worth(self, card: str) -> float:
        """How much the hand needs a card (the least needed is exchanged)."""
        info = cards()
        c = info[card]
        if self.placement(card) is not False:
            return 3.0
        if c.kind == "attack" and any(a == c.number for _, a, _ in self.entries):
            return 1.5
        if c.kind == "technique" and any(t == c.number for _, _, t in self.entries):
            return 1.2
        if c.kind == "notion":
            return 2.5 if c.power in SEARCHES else KEEP.get(c.power, 0.5)
        return KEEP.get(c.effect, 0.3)

    def wanted_everywhere(self) -> set[tuple[str, int]]:
        out = {("position", p) for p in self.new_positions}
        for _, tech in self.mine:
            out |= self.wanted(tech)
        return out


class ShodanBot(PurposefulBot):
    """A candidate who builds what the jury asks for (he reaches the end of the exam by himself)."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        state: ShodanState = match.state
        if state.phase in ("setup", "over") or seat != state.turn:
            return super().choose(match, seat, rng)
        mine = seat_view(state, seat)
        legal = [dict(a) for a in match.game.legal(mine, seat)]
        if not legal:
            return super().choose(match, seat, rng)
        plan = Plan(mine, seat)
        closing = next((a for a in legal if a["type"] == "close"), None)
        if closing is not None:  # free, and safe from the others' interactive cards
            return closing
        if state.phase in ("draft", "power", "refill"):
            return _draw(mine, plan, legal)
        if state.phase == "bonus":
            return _bonus(plan, legal)
        return (_progress(plan, legal) or _search(state, plan, legal) or _notion(plan, legal)
                or _kaeshi(mine, plan, legal) or _exchange(plan, legal) or _fallback(state, legal, rng))


def _placements(plan: Plan, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal placements that bring a jury technique nearer (technique cards first)."""
    info = cards()
    order = {"technique": 0, "attack": 1, "position": 2}
    out = [a for a in legal if a["type"] == "place" and info[a["card"]].kind in order
           and plan.placement(a["card"]) == a.get("technique")]
    return sorted(out, key=lambda a: (order[info[a["card"]].kind], a["card"]))


def _progress(plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    useful = _placements(plan, legal)
    if not useful:
        return None
    stage = next((a for a in legal if a["type"] == "interactive" and cards()[a["card"]].effect == "STAGE"),
                 None)
    if stage is not None and len({a["card"] for a in useful}) >= 2:
        return stage
    return useful[0]


def _bonus(plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    useful = _placements(plan, legal)
    if useful:
        return useful[0]
    discards = [a for a in legal if a["type"] == "discard" and plan.worth(a["card"]) < 1]
    if discards:
        return min(discards, key=lambda a: (plan.worth(a["card"]), a["card"]))
    return next(a for a in legal if a["type"] in ("done", "pass"))


def _search(state: ShodanState, plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A search notion of the seat's, activated for a card it needs now (chosen in the pile)."""
    info = cards()
    wanted = plan.wanted_everywhere()
    for action in legal:
        if action["type"] != "activate" or info[action["notion"]].power not in SEARCHES:
            continue
        pile = SEARCHES[info[action["notion"]].power]
        found = sorted(c for c in unseen(state, pile) if (info[c].kind, info[c].number) in wanted)
        if found:
            return {**action, "card": found[0]}
    return None


def _notion(plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A search notion put down for later (on an open technique of the seat's, else a new one)."""
    info = cards()
    notions = [a for a in legal if a["type"] == "place" and info[a["card"]].kind == "notion"
               and info[a["card"]].power in SEARCHES]
    on_mine = [a for a in notions if a.get("technique") is not None]
    return min(on_mine or notions, key=lambda a: (a["card"], a.get("technique") or 0), default=None)


def _kaeshi(state: ShodanState, plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Kaeshi waza on a rival's technique whose last card is one the seat needs now."""
    info = cards()
    wanted = plan.wanted_everywhere()
    for action in legal:
        if action["type"] == "interactive" and info[action["card"]].effect == "KAESHI":
            last = state.techniques[action["technique"] - 1].order[-1]
            if (info[last].kind, info[last].number) in wanted:
                return action
    return None


def _exchange(plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        return None
    worst = min(discards, key=lambda a: (plan.worth(a["card"]), a["card"]))
    return worst if plan.worth(worst["card"]) < 3 else None


def _fallback(state: ShodanState, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    calm = [a for a in legal if a["type"] in ("discard", "pass")]
    return rng.choice(calm or legal)


def _draw(state: ShodanState, plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The face-up top when it is wanted, else a face-down card of the colour the hand lacks most."""
    info = cards()
    draws = [a for a in legal if a["type"] == "draw"]
    if not draws:
        return legal[0]
    wanted = plan.wanted_everywhere()
    tops = [(a, state.face_up[PILES.index(a["pile"])][-1]) for a in draws if a.get("face_up")]
    for action, top in tops:
        if (info[top].kind, info[top].number) in wanted:
            return action
    hand = [info[c] for c in state.known[plan.seat]]
    score = {"BLUE": 1.0 if plan.new_positions else 0.0, "RED": 1.0, "GREEN": 1.0, "YELLOW": 0.5,
             "LIGHTGREEN": 0.0}
    for c in hand:
        score[c.colour] -= 1.0
    for _, tech in plan.mine:  # a technique waiting for a card the hand lacks: that colour first
        kinds = {k for k, _ in plan.wanted(tech)}
        if kinds and not any((c.kind, c.number) in plan.wanted(tech) for c in hand):
            for kind in kinds:
                score[PILE_OF_KIND[kind]] += 3.0
    for i, left in enumerate(state.draw):  # a pile about to run out ends the exam: spare it
        if left <= state.players:
            score[PILES[i]] -= 2.0
    face_down = [a for a in draws if not a.get("face_up")] or draws
    return max(face_down, key=lambda a: (score[a["pile"]], -PILES.index(a["pile"])))
