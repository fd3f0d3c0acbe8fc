"""Shodan's turn flow: the draft, the bonus and refill steps, the last round and the end of the game."""

from __future__ import annotations

from companion.engine import Event
from companion.games.shodan.scoring import admitted, prestige
from companion.games.shodan.state import HAND_SIZE, PILES, ShodanState, can_draw, hand_count


def check_last_round(state: ShodanState, seat: int, events: list[Event]) -> ShodanState:
    """SH15: the first empty draw pile declares the last round."""
    if state.final_turns is not None or all(state.draw):
        return state
    pile = PILES[state.draw.index(0)]
    if state.phase == "draft" or state.opts["last_round"] == "everyone":
        turns = state.players
    else:
        turns = (state.opts["first"] - 1 - seat) % state.players
    events.append(Event("all", "last_round", {"seat": seat, "pile": pile}))
    return state._replace(final_turns=turns)


def draft_step(state: ShodanState, events: list[Event]) -> ShodanState:
    left = state.draft_left - 1
    if left > 0 and can_draw(state):
        turn = state.turn
        if state.opts["initial_draw"] == "round_robin" or hand_count(state, turn) >= HAND_SIZE:
            turn = (turn + 1) % state.players
        return state._replace(draft_left=left, turn=turn)
    state = state._replace(draft_left=0, turn=state.opts["first"], phase="main")
    if state.final_turns is not None:
        state = state._replace(final_turns=state.final_turns - 1)
    events.append(Event("all", "turn", {"seat": state.turn}))
    return state


def after_bonus_step(state: ShodanState, events: list[Event]) -> ShodanState:
    if state.places_left > 0 or state.may_discard:
        return state
    return to_refill(state, events)


def to_refill(state: ShodanState, events: list[Event]) -> ShodanState:
    """Draw up to the hand size (SH12-13), or end the turn when full or nothing is left."""
    seat = state.turn
    state = state._replace(places_left=0, may_discard=False, power_draws=0)
    if hand_count(state, seat) < state.hand_size[seat] and can_draw(state):
        return state._replace(phase="refill")
    return _end_turn(state, events)


def _end_turn(state: ShodanState, events: list[Event]) -> ShodanState:
    if state.final_turns == 0:
        return _finish(state, events)
    nxt = (state.turn + 1) % state.players
    final = None if state.final_turns is None else state.final_turns - 1
    events.append(Event("all", "turn", {"seat": nxt}))
    return state._replace(turn=nxt, phase="main", final_turns=final)


def _finish(state: ShodanState, events: list[Event]) -> ShodanState:
    """The jury's verdict and the prestige count (SH16-17)."""
    grade = state.opts["grade"]
    passed = [s for s in range(state.players) if admitted(state, s)]
    failed = [s for s in range(state.players) if s not in passed]  # each said once: the grade too
    if passed:
        events.append(Event("all", "admitted", {"seats": passed, "grade": grade}))
    if failed:
        events.append(Event("all", "not_admitted", {"seats": failed, "grade": grade}))
    for s in range(state.players):
        p = prestige(state, s)
        params = {"seat": s, "n": p["total"], **{k: p[k] for k in ("cards", "uke", "firsts", "minima")}}
        events.append(Event("all", "prestige", params))
    pool = passed if passed and state.opts["major_among"] == "admitted" else list(range(state.players))
    best = max(prestige(state, s)["total"] for s in pool)
    winners = tuple(s for s in pool if prestige(state, s)["total"] == best)
    events.append(Event("all", "major", {"seats": list(winners), "n": best}))
    return state._replace(phase="over", winners=winners)
