"""The samurai game's orders applied: set-up, moves, attacks, removals, recruits, markers, event cards."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from companion.engine import Event, Rejected
from companion.games.samurai.board import TYPES, data
from companion.games.samurai.state import (
    PLAY,
    REMOVE,
    SETUP,
    SamuraiState,
    Unit,
    access,
    attack_range,
    best_path,
    checked_path,
    consume,
    costs,
    damage,
    deploy_square,
    diagonal,
    free_token,
    in_reach,
    movement_left,
    my_turn,
    occupant,
    own_unit,
    pay,
    square_field,
    start_action,
    team_of,
    unit_field,
    units_alive,
    units_of,
    with_unit,
)
from companion.games.samurai.turns import start_team_turn


def apply_place(state: SamuraiState, seat: int, action: Mapping[str, Any],
                events: list[Event]) -> SamuraiState:
    if state.phase != SETUP:
        raise Rejected("setup_over")
    uid, kind = free_token(state, seat, action)
    if units_of(state, seat, kind):
        raise Rejected("already_placed", seat=seat, kind=kind)
    sq = square_field(action, "at")
    deploy_square(state, team_of(state, seat), sq, any_team=False)
    unit = Unit(uid, kind, seat, sq)
    hp = [list(h) for h in state.hp]
    hp[seat][TYPES.index(kind)] += data().units[kind].hp
    state = state._replace(units=with_unit(state, unit), hp=tuple(tuple(h) for h in hp),
                           used=state.used | {uid})
    events.append(Event("all", "placed", {"seat": seat, "unit": uid, "square": sq}))
    if len(state.units) == len(TYPES) * state.players:
        events.append(Event("all", "setup_done", {}))
        state = start_team_turn(state, state.team, events)
    return state


def apply_move(state: SamuraiState, seat: int, action: Mapping[str, Any],
               events: list[Event]) -> SamuraiState:
    start_action(state, seat)
    unit = own_unit(state, seat, action)
    dest = square_field(action, "to")
    if unit.attacked and not state.opts["move_after_attack"]:
        raise Rejected("unit_attacked", unit=unit.id)
    other = occupant(state, dest)
    if other is not None:
        raise Rejected("square_occupied", square=dest, unit=other.id)
    left = movement_left(state, unit)
    board = data().board
    if "path" in action:
        cost, path = checked_path(state, unit, dest, action["path"])
    else:
        found = best_path(state, unit, dest, left) or best_path(state, unit, dest, 10 ** 6)
        if found is None:
            raise Rejected("no_path", unit=unit.id, square=dest)
        cost, path = found
    if cost > left:
        raise Rejected("out_of_range", unit=unit.id, square=dest, need=cost, left=left)
    cp = pay(state, seat, cost * costs(state)["move"])
    team = team_of(state, seat)
    enemy = set(state.teams[1 - team])
    entered = path if state.opts["marker_removal"] == "any_entry" else (dest,)
    markers = dict(state.markers)
    for sq in entered:
        lost = markers.get(sq, frozenset()) & enemy
        if lost:
            events.append(Event("all", "markers_removed", {"square": sq, "seats": sorted(lost)}))
            left_seats = markers[sq] - lost
            if left_seats:
                markers[sq] = left_seats
            else:
                del markers[sq]
    moved = unit._replace(square=dest, moved=unit.moved + cost, moves=unit.moves + 1)
    events.insert(0, Event("all", "moved", {"seat": seat, "unit": unit.id, "from": unit.square,
                                            "square": dest, "terrain": board.terrain[dest],
                                            "cp": state.cp[seat] - cp[seat]}))
    return state._replace(units=with_unit(state, moved), cp=cp, markers=MappingProxyType(markers),
                          acted=True)


def apply_attack(state: SamuraiState, seat: int, action: Mapping[str, Any],
                 events: list[Event]) -> SamuraiState:
    start_action(state, seat)
    unit = own_unit(state, seat, action)
    target = unit_field(state, action, "target")
    if unit.attacked:
        raise Rejected("unit_attacked", unit=unit.id)
    if team_of(state, target.owner) == team_of(state, seat):
        raise Rejected("friendly_target", unit=target.id)
    if not in_reach(state, unit, target):
        raise Rejected("out_of_reach", unit=unit.id, target=target.id, reach=attack_range(state, unit),
                       distance=data().board.distance(unit.square, target.square, diagonal(state)))
    cp = pay(state, seat, costs(state)["attack"])
    hit = damage(state, unit, target)
    owner, kind = target.owner, target.type
    ti = TYPES.index(kind)
    before_hp = state.hp[owner][ti]
    before_n = len(units_of(state, owner, kind))
    after_hp = max(0, before_hp - hit)
    after_n = units_alive(state, after_hp, kind, before_n)
    hp = [list(h) for h in state.hp]
    hp[owner][ti] = after_hp
    distance = data().board.distance(unit.square, target.square, diagonal(state))
    events.append(Event("all", "shot" if distance > 1 else "attacked",
                        {"seat": seat, "unit": unit.id, "target": target.id, "damage": hit, "hp": after_hp,
                         "owner": owner, "kind": kind}))
    units = dict(state.units)
    units[unit.id] = unit._replace(attacked=True)
    state = state._replace(cp=cp, hp=tuple(tuple(h) for h in hp), acted=True, units=MappingProxyType(units))
    lost = before_n - after_n
    if lost:
        state = _remove_unit(state, target, events)
        extra = lost - 1
        mine = units_of(state, owner, kind)
        if extra and extra >= len(mine):  # no choice left: every remaining unit of the type goes
            for u in mine:
                state = _remove_unit(state, u, events)
        elif extra:
            events.append(Event("all", "choose_removal", {"seat": owner, "kind": kind, "n": extra}))
            state = state._replace(phase=REMOVE, removal=(owner, kind, extra))
    return state


def _remove_unit(state: SamuraiState, unit: Unit, events: list[Event]) -> SamuraiState:
    events.append(Event("all", "removed", {"seat": unit.owner, "unit": unit.id, "square": unit.square}))
    return state._replace(units=with_unit(state, None, remove=unit.id))


def apply_remove(state: SamuraiState, seat: int, action: Mapping[str, Any],
                 events: list[Event]) -> SamuraiState:
    if state.phase != REMOVE or state.removal is None:
        raise Rejected("nothing_to_remove")
    owner, kind, count = state.removal
    if seat != owner:
        raise Rejected("remove_first", seat=owner)
    unit = own_unit(state, seat, action)
    if unit.type != kind:
        raise Rejected("wrong_kind", unit=unit.id, kind=kind)
    state = _remove_unit(state, unit, events)
    if count > 1:
        return state._replace(removal=(owner, kind, count - 1))
    return state._replace(phase=PLAY, removal=None)


def apply_recruit(state: SamuraiState, seat: int, action: Mapping[str, Any],
                  events: list[Event]) -> SamuraiState:
    start_action(state, seat)
    uid, kind = free_token(state, seat, action)
    utype = data().units[kind]
    missing = [r for r in utype.recipe if r not in access(state, seat)]
    if missing:
        raise Rejected("missing_resources", kind=kind, resources=missing)
    sq = square_field(action, "at")
    deploy_square(state, team_of(state, seat), sq, any_team=state.opts["recruit_square"] == "any_deploy")
    cp = pay(state, seat, utype.cost)
    hp = [list(h) for h in state.hp]
    hp[seat][TYPES.index(kind)] += utype.hp
    markers = state.markers
    if state.opts["resources_consumed"]:
        markers = consume(state, seat, utype.recipe)
    unit = Unit(uid, kind, seat, sq)  # the text does not stop a recruit from acting at once
    key = "recruited_again" if uid in state.used else "recruited"  # every token of its kind used: said so
    events.append(Event("all", key, {"seat": seat, "unit": uid, "square": sq, "cp": utype.cost,
                                     "hp": hp[seat][TYPES.index(kind)], "kind": kind}))
    return state._replace(units=with_unit(state, unit), cp=cp, hp=tuple(tuple(h) for h in hp),
                          markers=markers, acted=True, used=state.used | {uid})


def apply_mark(state: SamuraiState, seat: int, action: Mapping[str, Any],
               events: list[Event]) -> SamuraiState:
    start_action(state, seat)
    sq = square_field(action, "at")
    board = data().board
    if not board.cell(sq).resource:
        raise Rejected("not_resource", square=sq)
    unit = occupant(state, sq)
    if unit is None or unit.owner != seat:
        raise Rejected("no_unit_there", square=sq, seat=seat)
    if unit.attacked and not state.opts["mark_after_attack"]:
        raise Rejected("unit_attacked", unit=unit.id)
    if seat in state.markers.get(sq, frozenset()):
        raise Rejected("already_marked", square=sq)
    cp = pay(state, seat, costs(state)["mark"])
    markers = dict(state.markers)
    markers[sq] = markers.get(sq, frozenset()) | {seat}
    events.append(Event("all", "marked", {"seat": seat, "square": sq, "resource": board.terrain[sq]}))
    return state._replace(cp=cp, markers=MappingProxyType(markers), acted=True)


def apply_event(state: SamuraiState, seat: int, action: Mapping[str, Any],
                events: list[Event]) -> SamuraiState:
    my_turn(state, seat)
    card = action.get("card")
    if not isinstance(card, str) or card not in data().events:
        raise Rejected("unknown_card", card=str(card))
    if card not in state.hands[seat]:
        raise Rejected("not_in_hand", seat=seat, card=card)
    if state.acted:
        raise Rejected("events_at_turn_start")
    info = data().events[card]
    markers = state.markers
    if info.sabotage:
        sq = square_field(action, "at")
        enemy = set(state.teams[1 - team_of(state, seat)])
        lost = state.markers.get(sq, frozenset()) & enemy
        if not lost:
            raise Rejected("no_enemy_marker", square=sq)
        m = dict(markers)
        rest = m[sq] - lost
        if rest:
            m[sq] = rest
        else:
            del m[sq]
        markers = MappingProxyType(m)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    cp = list(state.cp)
    cp[seat] = max(0, cp[seat] + info.cp)
    events.append(Event("all", "event_played", {"seat": seat, "card": card, "cp": cp[seat]}))
    if info.sabotage:
        events.append(Event("all", "markers_removed", {"square": action["at"], "seats": sorted(lost)}))
    return state._replace(hands=tuple(hands), cp=tuple(cp), effects=(*state.effects, card),
                          discard=(*state.discard, card), markers=markers)
