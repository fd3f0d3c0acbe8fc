"""What a samurai seat may do now: the legal orders of each kind."""

from __future__ import annotations

from companion.games.samurai.actions import (
    AttackAction,
    EventAction,
    MarkAction,
    MoveAction,
    PlaceAction,
    RecruitAction,
    SamuraiAction,
)
from companion.games.samurai.board import TEAMS, TYPES, data
from companion.games.samurai.moves import (
    apply_attack,
    apply_event,
    apply_mark,
    apply_move,
    apply_place,
    apply_recruit,
    apply_remove,
)
from companion.games.samurai.state import (
    DRAW,
    OVER,
    REMOVE,
    SETUP,
    SamuraiState,
    access,
    costs,
    free_tokens,
    in_reach,
    mandatory_card,
    movement_left,
    occupant,
    reachable,
    team_of,
    units_of,
)
from companion.games.samurai.turns import apply_draw, apply_end_turn, recipients

MAY_ELIMINATE = {"attack", "remove", "move", "event", "recruit"}  # what removes units or markers


HANDLERS = {"place": apply_place, "move": apply_move, "attack": apply_attack, "remove": apply_remove,
            "recruit": apply_recruit, "mark": apply_mark, "event": apply_event, "end_turn": apply_end_turn,
            "draw": apply_draw}


# ---------------------------------------------------------------------- legal choices
def legal_choices(state: SamuraiState, seat: int) -> list[SamuraiAction]:
    if state.phase == OVER or seat in state.out:
        return []
    if state.phase == SETUP:
        return [*_legal_places(state, seat)]
    if state.phase == DRAW:
        if seat not in recipients(state):
            return []
        return [{"type": "draw", "seat": seat, "card": c} for c in state.deck]
    if state.phase == REMOVE:
        assert state.removal is not None
        owner, kind, _ = state.removal
        return [{"type": "remove", "seat": seat, "unit": u.id} for u in units_of(state, owner, kind)
                ] if seat == owner else []
    if seat != state.seat:
        return []
    out: list[SamuraiAction] = []
    if not state.acted:
        out.extend(_legal_events(state, seat))
        if mandatory_card(state, seat) is not None:
            return out
    out.extend(_legal_moves(state, seat))
    out.extend(_legal_attacks(state, seat))
    out.extend(_legal_recruits(state, seat))
    out.extend(_legal_marks(state, seat))
    out.append({"type": "end_turn", "seat": seat})
    return out


def _legal_places(state: SamuraiState, seat: int) -> list[PlaceAction]:
    team = team_of(state, seat)
    empty = [sq for sq in data().board.deploy[TEAMS[team]] if occupant(state, sq) is None]
    out: list[PlaceAction] = []
    for kind in TYPES:
        free = free_tokens(state, team, kind)
        if not units_of(state, seat, kind) and free:
            out.extend({"type": "place", "seat": seat, "unit": free[0], "at": sq} for sq in empty)
    return out


def _legal_events(state: SamuraiState, seat: int) -> list[EventAction]:
    out: list[EventAction] = []
    mandatory = mandatory_card(state, seat)
    enemy = set(state.teams[1 - team_of(state, seat)])
    for card in sorted(set(state.hands[seat])):
        info = data().events[card]
        if mandatory is not None and not info.mandatory:
            continue
        if info.sabotage:
            out.extend({"type": "event", "seat": seat, "card": card, "at": sq}
                       for sq, seats in sorted(state.markers.items()) if seats & enemy)
        else:
            out.append({"type": "event", "seat": seat, "card": card})
    return out


def _legal_moves(state: SamuraiState, seat: int) -> list[MoveAction]:
    per_point = costs(state)["move"]
    out: list[MoveAction] = []
    for unit in units_of(state, seat):
        budget = movement_left(state, unit)
        if per_point:
            budget = min(budget, state.cp[seat] // per_point)
        if budget <= 0:
            continue
        out.extend({"type": "move", "seat": seat, "unit": unit.id, "to": sq}
                   for sq in reachable(state, unit, budget))
    return out


def _legal_attacks(state: SamuraiState, seat: int) -> list[AttackAction]:
    if state.cp[seat] < costs(state)["attack"]:
        return []
    team = team_of(state, seat)
    enemies = [u for u in state.units.values() if team_of(state, u.owner) != team]
    return [{"type": "attack", "seat": seat, "unit": u.id, "target": e.id}
            for u in units_of(state, seat) if not u.attacked for e in enemies if in_reach(state, u, e)]


def _legal_recruits(state: SamuraiState, seat: int) -> list[RecruitAction]:
    team = team_of(state, seat)
    have = access(state, seat)
    deploy = data().board.deploy
    squares = deploy[TEAMS[team]]
    if state.opts["recruit_square"] == "any_deploy":
        squares = (*deploy["Y"], *deploy["R"])
    empty = [sq for sq in squares if occupant(state, sq) is None]
    out: list[RecruitAction] = []
    for kind, utype in data().units.items():
        free = free_tokens(state, team, kind)
        if free and utype.cost <= state.cp[seat] and set(utype.recipe) <= have:
            out.extend({"type": "recruit", "seat": seat, "unit": free[0], "at": sq} for sq in empty)
    return out


def _legal_marks(state: SamuraiState, seat: int) -> list[MarkAction]:
    if state.cp[seat] < costs(state)["mark"]:
        return []
    board = data().board
    return [{"type": "mark", "seat": seat, "at": u.square} for u in units_of(state, seat)
            if board.cell(u.square).resource and seat not in state.markers.get(u.square, frozenset())
            and (not u.attacked or state.opts["mark_after_attack"])]
