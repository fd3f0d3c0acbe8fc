"""The Shodan bot of the synthetic table: a candidate who builds what the jury asks for.

It plays from what its seat knows (its hand, the table, the face-up piles), never another
hand. Each turn it enriches a complete technique with an omote / ura card or a notion before
closing it (each card is a point), closes what is complete, restores an activated notion with
Ma-ai, then puts down the card that brings a jury technique nearer (a position still required,
the attack of a jury entry on that position, then the entry's technique card), with Stage
when a second such card would follow; it searches a pile with its notions (Irimi, Ki no
nagare, Te Sabaki, Shisei) for the card it needs, steals the last card of a rival's technique
with Kaeshi waza when that card is one it needs or completes the rival's technique, knocks a
card it needs (or the one that completes a rival's technique) off with Pied dans le hakama
and takes it from the face-up pile, asks a partner for a card it needs with Senpai, digs with
Kamae or Atémi when its hand has nothing to place, helps a rival as uke with a card it has no
use for that completes the rival's technique (the uke token's 2 points), puts its notions down
for later (Zanshin guards a technique), and otherwise exchanges its least useful card. It
refills from the face-up top when useful, else from the pile of the colour it needs. Cards a
search finds are chosen in the pile searched (the searcher looks through it); a card Atémi
takes is drawn at random by the table, and whether a partner gives what Senpai asks is the
partner's answer (the card is given when held).
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine import Action, Match, Rejected, Seat
from companion.engine.bots import PurposefulBot
from companion.games.shodan.scoring import jury_requires, prestige
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
SEARCHES = dict(SEARCH_PILE)  # Irimi, Ki no nagare, Te Sabaki, and Shisei (the light green pile)
KEEP = {"STAGE": 2.0, "KAESHI": 1.0, "HAKAMA": 1.0, "SENPAI": 1.0, "KAMAE": 1.5, "MAAI": 1.0, "OMOTE": 0.8,
        "URA": 0.8}


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
        if state.phase == "main" and state.uke_of[seat] is None:
            enrich = _enrich(mine, legal)
            if enrich is not None:  # a card more on a complete technique, closed after it this turn
                return enrich
        if closing is not None and not _worth_waiting(mine, closing):  # free, and safe from the others'
            return closing  # interactive cards
        if state.phase in ("draft", "power", "refill"):
            return _draw(mine, plan, legal)
        if state.phase == "bonus":
            return _bonus(plan, legal)
        if state.uke_of[seat] is not None:
            return _as_uke(mine, legal) or _exchange(plan, legal) or _fallback(state, legal, rng)
        return (_maai(mine, legal) or _progress(match, mine, seat, plan, legal)
                or _search(state, plan, legal) or _kaeshi(mine, plan, legal) or _hakama(mine, plan, legal)
                or _senpai(state, mine, plan, legal) or _dig(state, mine, plan, legal, rng)
                or _uke(mine, plan, legal) or _notion(plan, legal) or _exchange(plan, legal)
                or _fallback(state, legal, rng))


def _placements(plan: Plan, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal placements that bring a jury technique nearer (technique cards first)."""
    info = cards()
    order = {"technique": 0, "attack": 1, "position": 2}
    out = [a for a in legal if a["type"] == "place" and info[a["card"]].kind in order
           and plan.placement(a["card"]) == a.get("technique")]
    return sorted(out, key=lambda a: (order[info[a["card"]].kind], a["card"]))


def _progress(match: Match, state: ShodanState, seat: int, plan: Plan,
              legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    useful = _placements(plan, legal)
    if not useful:
        return None
    stage = next((a for a in legal if a["type"] == "interactive" and cards()[a["card"]].effect == "STAGE"),
                 None)
    if stage is not None and _second_placement(match, state, seat, stage, useful[0]):
        return stage
    return useful[0]


def _second_placement(match: Match, state: ShodanState, seat: int, stage: dict[str, Any],
                      first: dict[str, Any]) -> bool:
    """Stage helps when, the best card put down, another card of the hand brings a jury technique
    nearer (the position and then its attack, the attack and then its technique card)."""
    try:
        after, _ = match.game.apply(state, stage)
        after, _ = match.game.apply(after, first)
    except Rejected:
        return False
    if after.phase != "bonus":
        return False
    return bool(_placements(Plan(after, seat), [dict(a) for a in match.game.legal(after, seat)]))


def _worth_waiting(state: ShodanState, closing: dict[str, Any]) -> bool:
    """A technique completed this turn waits for the next one to be closed when the hand holds an
    omote / ura card or a notion for it (one point more), unless the exam is in its last round."""
    if state.phase == "main" or state.final_turns is not None:
        return False
    tech = state.techniques[closing["technique"] - 1]
    info = cards()
    return any(info[c].kind == "notion" or (info[c].kind == "form" and tech.form is None)
               for c in state.known[state.turn])


def _enrich(state: ShodanState, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """An omote / ura card, else a notion, put on a complete technique of the seat's before it
    is closed: one more point (closing is free, later this turn)."""
    info = cards()
    complete = {n for n, t in enumerate(state.techniques, start=1)
                if t.owner == state.turn and not t.closed and technique_key(t) is not None}
    fits = [a for a in legal if a["type"] == "place" and a.get("technique") in complete
            and info[a["card"]].kind in ("form", "notion")]
    return min(fits, key=lambda a: (info[a["card"]].kind != "form", a["card"], a["technique"]), default=None)


def _as_uke(state: ShodanState, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """An engaged uke places on the common technique: the core card that brings it nearest its end."""
    info = cards()
    order = {"technique": 0, "attack": 1, "position": 2, "form": 3, "notion": 4}
    places = [a for a in legal if a["type"] == "place" and info[a["card"]].kind in order]
    return min(places, key=lambda a: (order[info[a["card"]].kind], a["card"]), default=None)


def _maai(state: ShodanState, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Ma-ai restores one of the seat's activated notions (a search first: it may search again);
    the points stay the same and the turn still places a card."""
    info = cards()
    restores = [a for a in legal if a["type"] == "activate" and info[a["notion"]].power == "MAAI"
                and "target" in a]
    return min(restores, key=lambda a: (info[a["target"]].power not in SEARCHES, a["target"]), default=None)


def _rivals_complete(state: ShodanState, index: int) -> bool:
    tech = state.techniques[index]
    return not tech.closed and technique_key(tech) is not None


def _hakama(state: ShodanState, plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Pied dans le hakama on a rival's card the seat needs (it lands face up: the refill takes
    it), else on the last core card of the most advanced rival technique (two cards or more)."""
    info = cards()
    wanted = plan.wanted_everywhere()
    hits = [a for a in legal if a["type"] == "interactive" and info[a["card"]].effect == "HAKAMA"]
    for action in sorted(hits, key=lambda a: (a["technique"], a["target"])):
        target = info[action["target"]]
        if (target.kind, target.number) in wanted and target.colour in PILE_OF_KIND.values():
            return action
    def hurt(action: dict[str, Any]) -> tuple[int, int, str]:
        tech = state.techniques[action["technique"] - 1]
        core = sum(tech.in_slot(k) is not None for k in ("position", "attack", "technique"))
        last = next(tech.in_slot(k) for k in ("technique", "attack", "position") if tech.in_slot(k))
        return (core, -action["technique"], "" if action["target"] == last else action["target"])

    core = [a for a in hits if info[a["target"]].kind in PILE_OF_KIND]
    best = max(core, key=hurt, default=None)  # else the last core card of the rival's most advanced one
    return best if best is not None and hurt(best)[0] >= 2 and hurt(best)[2] == "" else None


def _senpai(state: ShodanState, mine: ShodanState, plan: Plan,
            legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Senpai: the card the seat needs asked of the partner holding most cards of its colour
    (what the seat may know: the colours of the piles each drew from); the partner gives it if
    he holds it (his answer), and it goes at once on the seat's technique."""
    info = cards()
    senpai = next((a["card"] for a in legal if a["type"] == "interactive"
                   and info[a["card"]].effect == "SENPAI"), None)
    if senpai is None:
        return None
    seat = plan.seat
    hidden = {p: unseen(mine, p) for p in PILE_OF_KIND.values()}  # cards the seat has not located

    def likely(wanted: tuple[str, int]) -> tuple[int, tuple[str, int]]:  # most copies out of sight first
        return (-sum((info[c].kind, info[c].number) == wanted for c in hidden[PILE_OF_KIND[wanted[0]]]),
                wanted)

    for number, tech in plan.mine:
        for kind, value in sorted(sorted(plan.wanted(tech)) or _next_slot(tech), key=likely):
            colour = PILE_OF_KIND[kind]
            ci = PILES.index(colour)
            partners = [q for q in range(state.players) if q != seat and mine.unknown[q][ci]]
            if not partners or likely((kind, value))[0] == 0:
                continue
            partner = max(partners, key=lambda q: (mine.unknown[q][ci], -q))
            copies = sorted(c for c, i in info.items() if (i.kind, i.number) == (kind, value))
            held = [c for c in copies if c in state.known[partner]]
            spare = [c for c in copies if c not in state.known[partner]]
            action: dict[str, Any] = {"type": "interactive", "seat": seat, "card": senpai, "partner": partner}
            if held:
                return {**action, "ask": held[0], "given": True, "technique": number}
            if spare:
                return {**action, "ask": spare[0], "given": False}
    return None


def _next_slot(tech: Technique) -> list[tuple[str, int]]:
    """Any card of the technique's next core slot (it still brings a point)."""
    kind = next((k for k in ("attack", "technique") if tech.in_slot(k) is None), None)
    if tech.position is None or kind is None:
        return []
    return [(kind, n) for n in range(1, 9)]


def _dig(state: ShodanState, mine: ShodanState, plan: Plan, legal: list[dict[str, Any]],
         rng: random.Random) -> dict[str, Any] | None:
    """Nothing to place: Kamae draws a card more, Atémi takes one from the rival holding most
    cards of the colours the seat needs (the card is drawn blind, by the table's dice)."""
    info = cards()
    kamae = next((a for a in legal if a["type"] == "activate" and info[a["notion"]].power == "KAMAE"), None)
    if kamae is not None:
        return kamae
    atemi = sorted({a["notion"] for a in legal
                    if a["type"] == "activate" and info[a["notion"]].power == "ATEMI"})
    if not atemi:
        return None
    colours = {PILES.index(PILE_OF_KIND[k]) for k, _ in plan.wanted_everywhere()} or set(range(len(PILES)))
    victims = [q for q in range(state.players) if q != plan.seat and state.known[q]]
    if not victims:
        return None
    victim = max(victims, key=lambda q: (sum(mine.unknown[q][c] for c in colours), -q))
    card = rng.choice(sorted(state.known[victim]))
    return {"type": "activate", "seat": plan.seat, "notion": atemi[0], "victim": victim, "card": card}


def _uke(state: ShodanState, plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Once admitted, uke of a rival who has fewer points, with a card the seat has no use for that
    completes the rival's technique: he closes it at his next turn, and the uke token is worth 2
    points."""
    info = cards()
    for action in sorted((a for a in legal if a["type"] == "uke"), key=lambda a: (a["technique"], a["card"])):
        tech = state.techniques[action["technique"] - 1]
        card = info[action["card"]]
        behind = prestige(state, tech.owner)["total"] < prestige(state, plan.seat)["total"]
        if (behind and not plan.need and card.kind == "technique" and tech.position is not None
                and tech.attack is not None and tech.technique is None and plan.worth(action["card"]) < 3):
            return action
    return None


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
        if pile == "LIGHTGREEN":  # Shisei: an omote / ura card for a technique under way, else Stage
            forms = plan.mine and any(t.attack is not None for _, t in plan.mine)
            found = sorted(c for c in unseen(state, pile)
                           if info[c].effect in (("OMOTE", "URA") if forms else ("STAGE",)))
        if found:
            return {**action, "card": found[0]}
    return None


def _notion(plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A notion put down for later (on an open technique of the seat's, else a new one): a search
    first, then Zanshin (it guards the technique), Kamae, Atémi, Ma-ai."""
    info = cards()
    notions = [a for a in legal if a["type"] == "place" and info[a["card"]].kind == "notion"]
    on_mine = [a for a in notions if a.get("technique") is not None
               and plan.state.techniques[a["technique"] - 1].owner == plan.seat]
    return min(on_mine or [a for a in notions if a.get("technique") is None],
               key=lambda a: (info[a["card"]].power not in SEARCHES, a["card"], a.get("technique") or 0),
               default=None)


def _kaeshi(state: ShodanState, plan: Plan, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Kaeshi waza on a rival's technique whose last card is one the seat needs now, or which
    that card completes (its owner would close it at his turn)."""
    info = cards()
    wanted = plan.wanted_everywhere()
    for action in legal:
        if action["type"] == "interactive" and info[action["card"]].effect == "KAESHI":
            last = state.techniques[action["technique"] - 1].order[-1]
            complete = _rivals_complete(state, action["technique"] - 1)
            if (info[last].kind, info[last].number) in wanted or complete:
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
    interactive = any(c.kind == "interactive" for c in hand)  # one in hand, to hinder or to help
    score = {"BLUE": 1.0 if plan.new_positions else 0.0, "RED": 1.0, "GREEN": 1.0, "YELLOW": 0.5,
             "LIGHTGREEN": 0.0 if interactive else 0.5}
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
