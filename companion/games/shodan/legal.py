"""What a Shodan seat may do now, checked against the handlers (passing: only with no other choice)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.engine import Event, Rejected
from companion.games.shodan.actions import (
    ActivateAction,
    CloseAction,
    InteractiveAction,
    PlaceAction,
    ShodanAction,
    UkeAction,
)
from companion.games.shodan.moves import (
    act_activate,
    act_done,
    act_draw,
    act_interactive,
    act_see,
    act_setup,
    setup_example,
)
from companion.games.shodan.state import (
    PILES,
    ShodanState,
    cards,
    hand_options,
    my_turn,
    seat_field,
    technique_key,
    tori_of,
)
from companion.games.shodan.techniques import (
    act_close,
    act_discard,
    act_place,
    act_uke,
    check_new,
    check_target,
    placed,
    uke_may_place,
)
from companion.games.shodan.turns import to_refill


def _act_pass(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("main",))
    if _main_choices(state, seat, include_close=False):
        raise Rejected("can_act")
    events = [Event("all", "pass", {"seat": seat})]
    return to_refill(state, events), events


HANDLERS = {
    "setup": act_setup, "draw": act_draw, "see": act_see, "place": act_place, "discard": act_discard,
    "uke": act_uke, "interactive": act_interactive, "activate": act_activate, "close": act_close,
    "done": act_done, "pass": _act_pass,
}


# ---------------------------------------------------------------------- legal choices
def legal_choices(state: ShodanState, seat: int) -> list[ShodanAction]:
    if state.phase == "over":
        return []
    if state.phase == "setup":
        if seat != 0:
            return []
        return [*(setup_example(random.Random(f"{state.opts['seed']}-{n}")) for n in range(3))]
    if seat != state.turn:
        return []
    out: list[ShodanAction] = []
    if state.phase in ("draft", "power", "refill"):
        for i, pile in enumerate(PILES):
            if state.draw[i]:
                out.append({"type": "draw", "seat": seat, "pile": pile})
            if state.face_up[i] and state.phase != "draft":
                out.append({"type": "draw", "seat": seat, "pile": pile, "face_up": True})
        if state.phase == "refill":
            out += _closes(state, seat)
        return out
    if state.phase == "bonus":
        if state.places_left:
            out += _placements(state, seat)
        if state.may_discard:
            out += [{"type": "discard", "seat": seat, "card": c} for c in hand_options(state, seat)]
        return [*out, *_closes(state, seat), {"type": "done", "seat": seat}]
    out = _main_choices(state, seat, include_close=False)
    return [*out, *_closes(state, seat)] if out else [*_closes(state, seat), {"type": "pass", "seat": seat}]


def _valid(state: ShodanState, action: Mapping[str, Any]) -> bool:
    try:
        HANDLERS[action["type"]](state, action)
    except Rejected:
        return False
    return True


def _closes(state: ShodanState, seat: int) -> list[CloseAction]:
    return [{"type": "close", "seat": seat, "technique": n} for n, t in enumerate(state.techniques, start=1)
            if t.owner == seat and not t.closed and technique_key(t) is not None]


def _placements(state: ShodanState, seat: int) -> list[ShodanAction]:
    out: list[ShodanAction] = []
    targets: list[int | None] = [None] + [i for i, t in enumerate(state.techniques) if not t.closed]
    for card in hand_options(state, seat):
        for index in targets:
            action: PlaceAction = {"type": "place", "seat": seat, "card": card}
            try:
                check_target(state, seat, index)
                if index is None:
                    check_new(state, seat)
                placed(None if index is None else state.techniques[index], card, seat,
                        state.opts["core_order"] == "strict")
            except Rejected:
                continue
            if index is not None:
                action["technique"] = index + 1
            out.append(action)
    return out


def _main_choices(state: ShodanState, seat: int, include_close: bool) -> list[ShodanAction]:
    hand = hand_options(state, seat)
    out = _placements(state, seat)
    if not (state.opts["uke_may"] == "place_only" and uke_may_place(state, seat)):
        out += [{"type": "discard", "seat": seat, "card": c} for c in hand]
    if include_close:
        out += _closes(state, seat)
    free = state.uke_of[seat] is None and tori_of(state, seat) is None
    if free:
        for i, t in enumerate(state.techniques):
            if t.owner != seat and not t.closed:
                ukes: list[UkeAction] = [{"type": "uke", "seat": seat, "technique": i + 1, "card": c}
                                         for c in hand]
                out += [a for a in ukes if _valid(state, a)]
    if state.uke_of[seat] is not None:
        return out
    info = cards()
    for c in hand:
        effect = info[c].effect
        if info[c].kind != "interactive":
            continue
        tries: list[InteractiveAction] = []
        base: InteractiveAction = {"type": "interactive", "seat": seat, "card": c}
        if effect == "STAGE":
            tries.append(base)
        elif effect == "HAKAMA":
            tries += [{**base, "technique": i + 1, "target": x} for i, t in enumerate(state.techniques)
                      for x in t.order]
        elif effect == "KAESHI":
            tries += [{**base, "technique": i + 1} for i in range(len(state.techniques))]
        else:
            for q in range(state.players):
                if q == seat:
                    continue
                asks = hand_options(state, q)
                tries += [{**base, "partner": q, "ask": a, "given": True, "technique": i + 1}
                          for a in asks for i, t in enumerate(state.techniques) if t.owner == seat]
                tries += [{**base, "partner": q, "ask": a, "given": False} for a in asks[:1]]
        out += [a for a in tries if _valid(state, a)]
    for t in state.techniques:
        if t.owner != seat:
            continue
        for notion, used in t.notions:
            if used:
                continue
            activation: ActivateAction = {"type": "activate", "seat": seat, "notion": notion}
            power = info[notion].power
            activations: list[ActivateAction] = [activation]
            if power == "MAAI":
                activations = [{**activation, "target": n} for tt in state.techniques if tt.owner == seat
                               for n, u in tt.notions if u]
            elif power == "ATEMI":
                activations = [{**activation, "victim": q, "card": c} for q in range(state.players)
                               if q != seat for c in hand_options(state, q)]
            out += [a for a in activations if _valid(state, a)]
    return out
