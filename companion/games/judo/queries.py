"""What a judo player may ask: what a throw still lacks, the throws the hand completes now, as events."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from companion.engine import Event, Rejected
from companion.games.judo.moves import (
    combo_error,
    free_slots,
    grip,
    grip_in_order,
    kuzushi_allowed,
    ms_combos,
    needs_ippon_card,
    table_lacks,
    throw_cards,
    top_element,
)
from companion.games.judo.state import HANDS, IPPON, JudoState, cards, may_cover, taken

# ---------------------------------------------------------------------- queries for a player
# What a throw may lack (the "what" of `lacks`), each with its answer.
LACKS_SAID = {"throw": "lacks_throw", "grip": "lacks_grip", "kuzushi": "lacks_kuzushi",
              "kuzushi_cover": "lacks_kuzushi_cover", "turns": "lacks_turns",
              "ippon_card": "lacks_ippon_card"}

# What must happen first when the hand holds all a throw needs (`_first`).
LACKS_FIRST = ("lacks_first", "lacks_ready", "lacks_first_later", "lacks_ready_later", "lacks_too_late",
               "lacks_not_now", "lacks_tie_lost")


def lacks(state: JudoState, seat: int, throw: str) -> list[dict[str, Any]]:
    """What the throw still lacks for `seat`: what is neither on the table nor in the hand.

    Items: `{"what": "throw"}` (the card itself), `{"what": "grip", "grip": "rG"}`,
    `{"what": "kuzushi", "arrow", "element"}` (none in hand; `"kuzushi_cover"`: in hand, but it
    cannot go on the pile now), `{"what": "turns", "degrees": n}` (no MS cards for that rotation),
    `{"what": "ippon_card"}`. An empty list: the hand completes it (see `throwable`)."""
    info = cards()
    if throw not in info or info[throw].kind != "throw":
        raise Rejected("unknown_card", card=str(throw))
    hand = state.hands[seat]
    out: list[dict[str, Any]] = [] if throw in hand else [{"what": "throw"}]
    in_hand = Counter(info[c].grip for c in hand if info[c].kind == "grip")
    for item in table_lacks(state, seat, throw):
        if item["what"] == "grip":
            if in_hand[item["grip"]] > 0:
                in_hand[item["grip"]] -= 1
            else:
                out.append(item)
        else:
            matching = [c for c in hand if info[c].kind == "kuzushi" and info[c].arrow == item["arrow"]
                        and info[c].element == item["element"]]
            if not matching:
                out.append(item)
            elif not _could_cover(state, seat, throw):
                out.append({**item, "what": "kuzushi_cover"})
    ms = [c for c in hand if info[c].kind == "ms"]
    combos = [combo for r in range(len(ms) + 1) for combo in itertools.combinations(ms, r)]
    if not any(combo_error(state, throw, combo) is None for combo in combos):
        if needs_ippon_card(state, throw) and not any(info[m].ms == IPPON for m in ms):
            out.append({"what": "ippon_card"})
        turn_cards = [m for m in ms if info[m].ms != IPPON]
        sums = {sum(info[m].turns for m in combo) for r in range(len(turn_cards) + 1)
                for combo in itertools.combinations(turn_cards, r)}
        need = info[throw].turns
        if not any(t == need or (t > need and state.opts["rotation"] == "at_least") for t in sums):
            out.append({"what": "turns", "degrees": need * 90})
    return out


def _could_cover(state: JudoState, seat: int, throw: str) -> bool:
    """Could the throw's kuzushi go on the pile once the throw's grips are taken?

    Taking a missing grip with a free hand keeps the pile; replacing one clears it (J5)."""
    info = cards()
    missing = [x for x in table_lacks(state, seat, throw) if x["what"] == "grip"]
    pile = state.pile
    if len(missing) > list(state.grips[seat]).count(None):
        pile = () if state.opts["any_replacement_resets"] else tuple(p for p in pile if p[1] != seat)
    top = info[pile[-1][0]].element if pile else None
    return may_cover(state.opts, top, info[throw].element) != "no"


def _plan(state: JudoState, seat: int, throw: str) -> dict[str, Any] | None:
    """The cards to play from the hand, in order, to make the throw now; None if impossible.

    Returns {"actions": [...], "tie": bool} (tie: a kuzushi needs rock-paper-scissors)."""
    info = cards()
    c = info[throw]
    sim = state if state.turn == seat else state._replace(turn=seat, stage=0, placed=0, to_draw=0, tried=())
    if throw not in sim.hands[seat]:
        return None
    actions: list[dict[str, Any]] = []
    needed = [x["grip"] for x in table_lacks(sim, seat, throw) if x["what"] == "grip"]
    if needed:
        if not grip_in_order(sim):
            return None
        held = list(sim.grips[seat])
        keep = Counter(c.grips)
        # hands whose grip is not needed (or is a surplus) may take a new grip
        free = []
        for i, g in enumerate(held):
            code = info[g].grip if g else None
            if code is not None and keep[code] > 0:
                keep[code] -= 1
            else:
                free.append(HANDS[i])
        pool = [h for h in sim.hands[seat] if info[h].kind == "grip"]
        for code in needed:
            card = next((h for h in pool if info[h].grip == code), None)
            if card is None or not free:
                return None
            pool.remove(card)
            hand = free.pop(0)
            if sim.opts["grip_hand"] == "by_target" and hand not in free_slots(sim, card):
                return None
            actions.append({"type": "play", "seat": seat, "card": card, "hand": hand})
    tie = False
    try:
        for a in actions:
            sim, _ = grip(sim, seat, a["card"], a)
    except Rejected:
        return None
    if table_lacks(sim, seat, throw):
        kuz = [h for h in sim.hands[seat] if info[h].kind == "kuzushi" and info[h].arrow == c.arrow
               and info[h].element == c.element]
        if not kuz:
            return None
        if kuzushi_allowed(sim, seat, kuz[0]) is not None:
            return {"blocked": True}
        tie = may_cover(sim.opts, top_element(sim), c.element) == "tie"
        kuzushi: dict[str, Any] = {"type": "play", "seat": seat, "card": kuz[0]}
        if tie and sim.opts["tie_break"] == "table":
            kuzushi["rps"] = "won"  # the plan, if the players' rock-paper-scissors goes its way
        actions.append(kuzushi)
        sim = taken(sim, seat, [kuz[0]])._replace(pile=(*sim.pile, (kuz[0], seat)))
    combos = ms_combos(sim, seat, throw)
    if not combos:
        return None
    actions.append({"type": "throw", "seat": seat, "cards": [throw, *combos[0]]})
    return {"actions": actions, "tie": tie}


def throwable(state: JudoState, seat: int) -> list[dict[str, Any]]:
    """The throws `seat` could make now from its hand: [{"card", "actions", "tie"}, ...]."""
    out = []
    for throw in throw_cards(state, seat):
        plan = _plan(state, seat, throw)
        if plan is not None and not plan.get("blocked"):
            out.append({"card": throw, **plan})
    return out


def query_events(state: JudoState, seat: int, throw: str | None = None) -> list[Event]:
    """Private answers to speak: what `throw` lacks, or (no throw) what the hand can throw now."""
    if throw is not None:
        items = lacks(state, seat, throw)
        if not items:
            return [Event(seat, "lacks_nothing", {"card": throw}), *_first(state, seat, throw)]
        return [Event(seat, LACKS_SAID[x["what"]], _lack_params(throw, x)) for x in items]
    found = throwable(state, seat)
    if not found:
        return [Event(seat, "can_throw_none", {})]
    events = []
    for f in found:
        played = [c for a in f["actions"] for c in ([a["card"]] if "card" in a else a["cards"])]
        key = "can_throw_tie" if f["tie"] else "can_throw"
        events.append(Event(seat, key, {"card": f["card"], "cards": played}))
        events += _hands_to_say(state, seat, f)
    return events


def _first(state: JudoState, seat: int, throw: str) -> list[Event]:
    """The hand holds all a throw needs: what must happen first, in the text's order (grips,
    kuzushi, then the throw and its MS cards), or why it cannot be this turn (issue 26, F9)."""
    plan = _plan(state, seat, throw)
    if plan is None:
        grips = [x for x in table_lacks(state, seat, throw) if x["what"] == "grip"]
        late = state.turn == seat and grips and not grip_in_order(state)
        return [Event(seat, "lacks_too_late" if late else "lacks_not_now", {"card": throw})]
    if plan.get("blocked"):  # its kuzushi lost its rock-paper-scissors this turn
        return [Event(seat, "lacks_tie_lost", {"card": throw})]
    steps = [a["card"] for a in plan["actions"][:-1]]
    ms = plan["actions"][-1]["cards"][1:]
    key = "lacks_first" if steps else "lacks_ready"
    if state.turn != seat:
        key += "_later"
    out = [Event(seat, key, {"card": throw, "cards": steps, "ms": ms})]
    if plan["tie"]:
        out.append(Event(seat, "lacks_tie", {}))
    return out + _hands_to_say(state, seat, {"card": throw, **plan})


def _hands_to_say(state: JudoState, seat: int, found: dict[str, Any]) -> list[Event]:
    """The plan's grips that go where a grip is held: the player will be asked which hand lets
    go, and the throw's recipe is on its card, not in its name: say which hand."""
    held = list(state.grips[seat])
    out = []
    for action in found["actions"]:
        if action["type"] != "play" or "hand" not in action:
            continue
        if None not in held:
            out.append(Event(seat, "can_throw_hand", {"throw": found["card"], "card": action["card"],
                                                      "hand": action["hand"]}))
        held[HANDS.index(action["hand"])] = action["card"]
    return out


def _lack_params(throw: str, item: dict[str, Any]) -> dict[str, Any]:
    return {"card": throw, **{k: v for k, v in item.items() if k != "what"}}
