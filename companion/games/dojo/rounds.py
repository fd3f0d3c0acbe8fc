"""Dojo's round flow: the deal's direction, the challenges asked in turn, the ends of rounds and game."""

from __future__ import annotations

from companion.engine import Event
from companion.games.dojo.scoring import breakdown
from companion.games.dojo.state import CHALLENGE, OVER, RECRUIT, ROUNDS, TRAINING, TROPHY, DojoState, trophies


# ---------------------------------------------------------------------- round flow
def seat_after(state: DojoState, seat: int, n: int = 1) -> int:
    """The seat `n` places round the table in the deal's direction."""
    sign = 1 if state.opts["rotation"] == "clockwise" else -1
    return (seat + sign * n) % state.seats


def challenge_order(state: DojoState) -> list[int]:
    """The opponents in the order they are asked: from the dealer's left, clockwise."""
    return [(state.dealer + i) % state.seats for i in range(1, state.seats)]


def asked_seat(state: DojoState) -> int | None:
    order = challenge_order(state)
    if state.phase != CHALLENGE or not challenge_open(state):
        return None
    return order[state.asked]


def challenge_open(state: DojoState) -> bool:
    """Whether a seat may still be asked to challenge."""
    if state.asked >= state.seats - 1:
        return False
    if state.challenges and state.opts["challenges"] == "one":
        return False
    return not (not state.in_play and state.opts["empty_pile"] == "none")


def may_receive(state: DojoState) -> list[int]:
    """Seats the dealer may hand the next tatami to."""
    waiting = [s for s in range(state.seats) if state.pending[s] is None]
    if state.opts["deal_order"] == "clockwise":
        order = [(state.dealer + i) % state.seats for i in range(1, state.seats + 1)]
        return [next(s for s in order if s in waiting)] if waiting else []
    return waiting


def round_phase(state: DojoState) -> DojoState:
    """The first phase of a round: a trophy to flip, or straight to recruitment."""
    pile_left = len(state.flipped) < len(trophies())
    need = not state.in_play or state.opts["trophy_flip"] == "every_round"
    return state._replace(phase=TROPHY if need and pile_left else RECRUIT)


def round_events(state: DojoState) -> list[Event]:
    events = [Event("all", "round_start", {"round": state.round, "seat": state.dealer})]
    if state.phase == RECRUIT:
        if state.in_play:
            events.append(Event("all", "trophy_stays", {"cards": list(state.in_play)}))
        else:
            events.append(Event("all", "no_trophy", {}))
        events.append(Event("all", "recruit", {"seat": state.dealer}))
    else:
        events.append(Event("all", "flip_trophy", {"seat": state.dealer}))
    return events


def end_challenges(state: DojoState, events: list[Event]) -> DojoState:
    """Close the challenge phase (everyone asked, or someone started placing)."""
    if state.phase != CHALLENGE:
        return state
    if not state.challenges:
        key = "no_challenge_trophy_stays" if state.in_play else "no_challenge"
        events.append(Event("all", key, {"cards": list(state.in_play)}))
    if state.swap_offer is None:  # else said once the duel's winner has chosen (swap or keep)
        events.append(Event("all", "training", {}))
    return state._replace(phase=TRAINING, asked=state.seats - 1)


def after_answer(state: DojoState, events: list[Event]) -> DojoState:
    """After a pass or a duel: go on asking, or close the challenges."""
    if challenge_open(state):
        asked = challenge_order(state)[state.asked]
        events.append(Event("all", "ask", {"seat": asked, "dealer": state.dealer}))
        return state
    return end_challenges(state, events)


def end_round(state: DojoState, events: list[Event]) -> DojoState:
    if state.round == ROUNDS:
        return _end_game(state, events)
    state = state._replace(round=state.round + 1, dealer=seat_after(state, state.dealer), shown=frozenset(),
                           asked=0, challenges=0, swap_offer=None)
    state = round_phase(state)
    events.extend(round_events(state))
    return state


def _end_game(state: DojoState, events: list[Event]) -> DojoState:
    totals = {}
    for seat in range(state.seats):
        b = breakdown(state, seat)
        totals[seat] = b.total
        events.append(Event("all", "final_score", {"seat": seat, "rows": b.row_points,
                                                   "columns": b.column_points, "trophies": b.trophy_points,
                                                   "total": b.total}))
    best = max(totals.values())
    top = [s for s in range(state.seats) if totals[s] == best]
    if state.opts["tie_break"] == "trophies" and len(top) > 1:
        most = max(len(state.won[s]) for s in top)
        top = [s for s in top if len(state.won[s]) == most]
    events.append(Event("all", "game_over", {"seats": top, "score": best}))
    return state._replace(phase=OVER, over=True, winners=tuple(top), swap_offer=None)
