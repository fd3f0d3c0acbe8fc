"""Tatsu's rounds: seating, the start of a round, its scoring and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Event, Rejected
from companion.games.tatsu.state import (
    CLANS,
    GHOST,
    LAYOUT_SIZE,
    RED,
    TRICKS_PER_ROUND,
    YELLOW,
    TatsuState,
    cards,
    red_human,
)


# ---------------------------------------------------------------------- rounds
def check_options(seats: int, opts: dict[str, Any]) -> None:
    humans = range(seats)
    if not isinstance(opts["dealer"], int) or opts["dealer"] not in humans:
        raise Rejected("bad_option_value", name="dealer", value=str(opts["dealer"]))
    target = opts["target"]
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise Rejected("bad_option_value", name="target", value=str(target))
    yellow = opts["yellow"]
    need = 1 if seats == 2 else 2
    ok = (isinstance(yellow, list | tuple) and len(set(yellow)) == need == len(yellow)
          and all(isinstance(s, int) and s in humans for s in yellow))
    if ok and seats == 4:
        ok = abs(yellow[0] - yellow[1]) == 2  # partners sit opposite
    if not ok:
        raise Rejected("bad_option_value", name="yellow", value=str(yellow))
    if not isinstance(opts["seed"], int):
        raise Rejected("bad_option_value", name="seed", value=str(opts["seed"]))


def _seating(players: int, opts: Mapping[str, Any], round_no: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Table order (clockwise) and each seat's clan for a round."""
    yellow = list(opts["yellow"])
    if players == 4:
        return (0, 1, 2, 3), tuple(YELLOW if s in yellow else RED for s in range(4))
    if players == 2:
        return (0, 1), tuple(YELLOW if s in yellow else RED for s in range(2))
    red = next(s for s in range(3) if s not in yellow)
    # places 0 (yellow), 1 (red, opposite the Ghost at place 3), 2 (yellow): the humans sit clockwise
    # by seat number whichever order `yellow` lists them in, so the dealer card's (dealer + 1) mod 3
    # is always the seat on the dealer's left
    first = [(red - 1) % 3, red, (red + 1) % 3]
    shift = round_no - 1  # each round every human moves one place left (clockwise), skipping the Ghost
    places = [first[(p - shift) % 3] for p in range(3)]
    order = (*places, GHOST)
    clans = [RED] * 4
    clans[places[0]] = clans[places[2]] = YELLOW
    return order, tuple(clans)


def start_round(players: int, seat_count: int, opts: Mapping[str, Any], round_no: int, dealer: int,
                 totals: tuple[int, ...]) -> TatsuState:
    order, clans = _seating(players, opts, round_no)
    hand_size = 2 * LAYOUT_SIZE if players == 2 else TRICKS_PER_ROUND
    return TatsuState(
        players=players, seat_count=seat_count, opts=opts, round=round_no, dealer=dealer, order=order,
        clans=clans, leader=dealer, trick_no=1, trick=(), pending=(), pending_tricks=0, captured=((), ()),
        lost=(), played=frozenset(), hands=(None,) * seat_count, sizes=(hand_size,) * seat_count,
        tableaux=(None,) * seat_count if players == 2 else (), totals=totals,
        drafts=(None,) * seat_count if players == 2 else (),
    )


def round_start_events(state: TatsuState) -> list[Event]:
    events = [Event("all", "round_start", {"round": state.round, "seat": state.dealer})]
    if state.players == 3:
        red = red_human(state)
        yellow = [s for s in range(3) if s != red]
        # from round 2 on, everyone has moved one place to the left (the Ghost stays): said so
        key = "ghost_partner" if state.round == 1 else "ghost_partner_moved"
        events.append(Event("all", key, {"seat": red, "yellow": yellow}))
    if state.players == 2:
        events.append(Event("all", "layouts_needed", {}))
    return events


def end_round(state: TatsuState, events: list[Event]) -> TatsuState:
    """Score the round, then end the game or start the next round."""
    info = cards()
    totals = list(state.totals)
    for ci, clan in enumerate(CLANS):
        captured = state.captured[ci]
        base = sum(info[c].points for c in captured)
        factors = sorted(info[c].multiplier for c in captured if info[c].multiplier and info[c].clan == clan)
        mult = sum(factors)
        score = base * mult
        key = "round_score" if mult else "round_score_none"
        events.append(Event("all", key, {"clan": clan, "points": base, "factors": factors, "mult": mult,
                                         "score": score}))
        for player in range(state.players):
            if state.clans[player] == clan:
                totals[player] += score
    sides = _sides(state)
    for seats in sides:
        if len(seats) > 1:
            events.append(Event("all", "team_total", {"clan": state.clans[seats[0]], "seats": list(seats),
                                                      "score": totals[seats[0]]}))
        else:
            events.append(Event("all", "player_total", {"seat": seats[0], "score": totals[seats[0]]}))
    best = max(totals)
    if best >= state.opts["target"]:
        top = [seats for seats in sides if totals[seats[0]] == best]
        if len(top) == 1 or state.opts["tie"] == "shared":
            winners = tuple(sorted(s for seats in top for s in seats))
            events.append(Event("all", "game_over", {"seats": list(winners), "score": best}))
            return state._replace(totals=tuple(totals), over=True, winners=winners)
        events.append(Event("all", "tie_play_on", {"score": best}))
    if state.players == 2:
        dealer = 1 - state.dealer if state.opts["dealer_2p"] == "alternate" else state.dealer
    else:
        dealer = (state.dealer + 1) % state.players
    nxt = start_round(state.players, state.seat_count, state.opts, state.round + 1, dealer, tuple(totals))
    events.extend(round_start_events(nxt))
    return nxt


def _sides(state: TatsuState) -> list[tuple[int, ...]]:
    """Who shares a score: the two teams (4p) or each player alone (2p, 3p)."""
    if state.players == 4:
        return [tuple(s for s in range(4) if state.clans[s] == clan) for clan in CLANS]
    return [(p,) for p in range(state.players)]
