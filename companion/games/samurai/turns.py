"""The samurai game's turn flow: players and team turns, control and victory points, draws, the end."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from companion.engine import Event, Rejected
from companion.games.samurai.board import TEAMS, data
from companion.games.samurai.state import (
    DRAW,
    OVER,
    PLAY,
    SETUP,
    SamuraiState,
    active,
    can_ever_recruit,
    cp_share,
    mandatory_card,
    my_turn,
    occupant,
    team_of,
)


def apply_end_turn(state: SamuraiState, seat: int, action: Mapping[str, Any],
                   events: list[Event]) -> SamuraiState:
    my_turn(state, seat)
    card = mandatory_card(state, seat)
    if card is not None and not state.acted:
        raise Rejected("mandatory_event", card=card)
    events.append(Event("all", "turn_ended", {"seat": seat}))
    return _next_player(state, events)


def _next_player(state: SamuraiState, events: list[Event]) -> SamuraiState:
    members = state.teams[state.team]
    later = [s for s in members[members.index(state.seat) + 1:] if s not in state.out] \
        if state.seat is not None else active(state, state.team)
    if later:
        return _start_player(state, later[0], events)
    return _end_team_turn(state, events)


def start_team_turn(state: SamuraiState, team: int, events: list[Event]) -> SamuraiState:
    state = state._replace(team=team, phase=PLAY, team_turns=state.team_turns + 1)
    events.append(Event("all", "team_turn", {"team": TEAMS[team], "n": state.team_turns}))
    return _start_player(state, active(state, team)[0], events)


def _start_player(state: SamuraiState, seat: int, events: list[Event]) -> SamuraiState:
    """Phases 1-2: fresh units, the CP counter set (S4), events may be played."""
    units = {uid: (u._replace(moved=0, moves=0, attacked=False)
                   if u.owner == seat and (u.moved or u.moves or u.attacked) else u)
             for uid, u in state.units.items()}
    cp = list(state.cp)
    cp[seat] = (cp[seat] if state.opts["cp_carry_over"] else 0) + cp_share(state, seat)
    state = state._replace(seat=seat, cp=tuple(cp), units=MappingProxyType(units), acted=False, effects=())
    events.append(Event("all", "player_turn", {"seat": seat, "cp": cp[seat]}))
    card = mandatory_card(state, seat)
    if card is not None:
        events.append(Event(seat, "must_play", {"seat": seat, "card": card}))
    return state


def control_counts(state: SamuraiState) -> tuple[int, int]:
    """Control points held by team Y and team R (S16: a unit standing on the point)."""
    counts = [0, 0]
    for sq in data().board.control:
        unit = occupant(state, sq)
        if unit is not None:
            counts[team_of(state, unit.owner)] += 1
    return counts[0], counts[1]


def _end_team_turn(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """Score the control points, or draw event cards (S1, S2)."""
    team = state.team
    counts = control_counts(state)
    mine, theirs = counts[team], counts[1 - team]
    total = len(data().board.control)
    scores = mine > theirs if state.opts["majority"] == "more" else mine >= 2
    gained = (3 if mine == total else 1) if scores else 0
    vp = list(state.vp)
    vp[team] += gained
    state = state._replace(vp=(vp[0], vp[1]), seat=None, effects=())
    key = "control_scored" if gained else "control_none"
    # the score in a fixed order, yellow then red: said from the side that just played, a listener
    # loses track of who leads
    events.append(Event("all", key, {"team": TEAMS[team], "mine": mine, "theirs": theirs, "gained": gained,
                                     "vp": vp[team], "other_vp": vp[1 - team], "y_vp": vp[0], "r_vp": vp[1]}))
    if vp[team] >= state.opts["target"]:
        return _finish(state, team, events)
    if not gained or state.opts["draw_when"] == "always":
        state = state._replace(draws=data().events_drawn)
        return _next_draw(state, events)
    return start_team_turn(state, 1 - team, events)


def _next_draw(state: SamuraiState, events: list[Event]) -> SamuraiState:
    if state.draws and not state.deck and state.discard:
        events.append(Event("all", "events_reshuffled", {"n": len(state.discard)}))
        state = state._replace(deck=tuple(sorted(state.discard)), discard=())
    if state.draws and state.deck:
        events.append(Event("all", "draw_due", {"team": TEAMS[state.team]}))
        return state._replace(phase=DRAW)
    if state.draws:
        events.append(Event("all", "no_event_left", {}))
    return start_team_turn(state._replace(draws=0), 1 - state.team, events)


def recipients(state: SamuraiState) -> list[int]:
    members = active(state, state.team)
    if state.opts["event_recipient"] == "last_player":
        return members[-1:]
    return members


def apply_draw(state: SamuraiState, seat: int, action: Mapping[str, Any],
               events: list[Event]) -> SamuraiState:
    if state.phase != DRAW:
        raise Rejected("no_draw_due")
    if seat not in recipients(state):
        raise Rejected("not_recipient", seat=seat, team=TEAMS[state.team])
    card = action.get("card")
    if not isinstance(card, str) or card not in data().events:
        raise Rejected("unknown_card", card=str(card))
    if card not in state.deck:
        holder = next((s for s, h in enumerate(state.hands) if card in h), None)
        if holder is not None:
            raise Rejected("card_in_hand", card=card)
        raise Rejected("card_in_discard", card=card)
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    events.append(Event("all", "event_drawn", {"seat": seat, "team": TEAMS[state.team]}))
    key = "event_card_mandatory" if data().events[card].mandatory else "event_card"
    events.append(Event(seat, key, {"seat": seat, "card": card}))
    state = state._replace(hands=tuple(hands), deck=tuple(c for c in state.deck if c != card),
                           draws=state.draws - 1, phase=PLAY)
    return _next_draw(state, events)


def check_out(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """A player with no unit and no way to recruit is out; a team all out loses."""
    if state.phase in (SETUP, OVER):
        return state
    owners = {u.owner for u in state.units.values()}
    for seat in range(state.players):
        if seat in state.out or seat in owners or can_ever_recruit(state, seat):
            continue
        if state.removal is not None and state.removal[0] == seat:
            continue
        state = state._replace(out=state.out | {seat})
        events.append(Event("all", "player_out", {"seat": seat}))
    for team in (0, 1):
        if not active(state, team):
            return _finish(state, 1 - team, events)
    if state.seat is not None and state.seat in state.out and state.phase == PLAY:
        return _next_player(state, events)
    return state


def _finish(state: SamuraiState, team: int, events: list[Event]) -> SamuraiState:
    winners = tuple(sorted(state.teams[team]))
    events.append(Event("all", "game_over", {"team": TEAMS[team], "seats": list(winners),
                                             "vp": state.vp[team], "other_vp": state.vp[1 - team]}))
    return state._replace(phase=OVER, winners=winners, seat=None, removal=None, draws=0)
