"""The judo game's turn flow: drawing, the start and end of turns, won combats and the match."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.engine import Event, Rejected
from companion.games.judo.actions import DrawAction
from companion.games.judo.state import SEATS, JudoState, card_field, quarters, roll, taken, with_seat


# ---------------------------------------------------------------------- draw
def draw_pile_size(state: JudoState) -> int:
    return len(state.pool) - sum(state.unknown)


def need(state: JudoState, seat: int) -> int:
    return max(0, int(state.opts["hand_size"]) - len(state.hands[seat]) - state.unknown[seat])


def draw_action(state: JudoState, rng: random.Random) -> DrawAction:
    drawable = sorted(state.pool)
    return {"type": "draw", "seat": state.turn, "cards": rng.sample(drawable, state.to_draw)}


def apply_draw(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if not state.to_draw:
        raise Rejected("no_draw", seat=seat)
    given, count = action.get("cards"), action.get("count")
    if given is not None:
        if not isinstance(given, list) or not given:
            raise Rejected("bad_action")
        drawn = [card_field({"card": c}) for c in given]
        for card in drawn:
            if card not in state.pool or drawn.count(card) > 1:
                raise Rejected("not_in_draw_pile", card=card)
        n = len(drawn)
    elif isinstance(count, int) and not isinstance(count, bool) and count > 0:
        drawn, n = [], count
    else:
        raise Rejected("bad_action")
    if n > state.to_draw:
        raise Rejected("too_many_cards", n=state.to_draw)
    state = state._replace(
        to_draw=state.to_draw - n, hands=with_seat(state.hands, seat, state.hands[seat] + tuple(drawn)),
        unknown=with_seat(state.unknown, seat, state.unknown[seat] + n - len(drawn)),
        pool=state.pool - set(drawn))
    events = [Event("all", "draws", {"seat": seat, "n": n})]
    if drawn:
        events.append(Event(seat, "drew", {"seat": seat, "cards": drawn}))
    return state, events


# ---------------------------------------------------------------------- turns and combats
def apply_end_turn(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if not state.placed or not state.opts["discard_when_idle"]:
        raise Rejected("must_discard")
    return next_turn(state, [Event("all", "end_turn", {"seat": seat})])


def apply_discard(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if state.placed and state.opts["discard_when_idle"]:
        raise Rejected("no_discard_after_play")
    card = card_field(action)
    state = taken(state, seat, [card], discard=(*state.discard, card))
    return next_turn(state, [Event("all", "discard", {"seat": seat, "card": card})])


def _start_turn(state: JudoState, seat: int, events: list[Event], **changes: Any) -> JudoState:
    """`seat` starts a turn: the cards it must draw (the discard reshuffled if short)."""
    need = max(0, state.opts["hand_size"] - len(state.hands[seat]) - state.unknown[seat])
    pool, discard = state.pool, state.discard
    if need > len(pool) - sum(state.unknown) and state.opts["reshuffle"] and discard:
        events.append(Event("all", "reshuffle", {"n": len(discard)}))
        pool, discard = pool | set(discard), ()
    to_draw = min(need, len(pool) - sum(state.unknown))
    events.append(Event("all", "turn", {"seat": seat, "draw": to_draw}))
    return state._replace(turn=seat, stage=0, placed=0, pool=pool, discard=discard, to_draw=to_draw,
                          tried=(), **changes)


def next_turn(state: JudoState, events: list[Event]) -> tuple[JudoState, list[Event]]:
    turns = state.turns + 1
    limit = state.opts["time_limit"]
    if not limit or (turns < limit and not state.golden):  # the common case: no clock to check
        return _start_turn(state, 1 - state.turn, events, turns=turns), events
    state = state._replace(turns=turns)
    if state.turns >= limit and not state.golden:
        q = [quarters(state, s) for s in range(SEATS)]
        if q[0] != q[1]:
            return win_combat(state, q.index(max(q)), events, "score")
        state = state._replace(golden=True)
        events.append(Event("all", "golden_score", {}))
    elif limit and state.golden and state.turns >= 2 * limit:
        active = state.active
        if active[0] != active[1]:
            winner = active.index(max(active))
            decision = {"seat": winner, "cards": max(active), "other": min(active)}
            events.append(Event("all", "hantei", decision))
        else:  # as active as each other: the flags decide, and the companion says so
            state, winner = roll(state, (0, 1))
            events.append(Event("all", "hantei_flags", {"seat": winner, "cards": active[0]}))
        return win_combat(state, winner, events, "hantei")
    return _start_turn(state, 1 - state.turn, events), events


def win_combat(state: JudoState, winner: int, events: list[Event],
                how: str) -> tuple[JudoState, list[Event]]:
    tai = with_seat(state.tai, winner, state.tai[winner] + 1)
    table = [g for pair in state.grips for g in pair if g is not None] + [c for c, _ in state.pile]
    if how in ("ippon", "points"):
        events.append(Event("all", "sore_made", {}))
    events.append(Event("all", "combat_won", {"seat": winner, "combat": state.combat, "how": how}))
    events.append(Event("all", "tai", {"s0": 0, "s1": 1, "t0": tai[0], "t1": tai[1]}))
    state = state._replace(tai=tai, grips=((None, None), (None, None)), pile=(), tokens=((), ()),
                           discard=state.discard + tuple(table), golden=False, turns=0, active=(0, 0))
    if tai[winner] >= state.opts["tai_length"]:
        final = {"seat": winner, "won": tai[winner], "lost": tai[1 - winner]}
        events.append(Event("all", "match_won", final))
        return state._replace(over=True, winner=winner, to_draw=0, stage=0, placed=0), events
    rule = state.opts["next_combat"]
    starter = {"loser": 1 - winner, "winner": winner, "alternate": 1 - _combat_starter(state)}[rule]
    state = state._replace(combat=state.combat + 1)
    events.append(Event("all", "combat_start", {"combat": state.combat, "seat": starter}))
    return _start_turn(state, starter, events), events


def _combat_starter(state: JudoState) -> int:
    """Who started the current combat under `alternate` (the match's first seat, then in turn)."""
    return (int(state.opts["first"]) + state.combat - 1) % SEATS
