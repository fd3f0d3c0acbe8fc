"""The judo game's placements: grips, kuzushi (with rock-paper-scissors), throws and the GAKE die."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import Event, Rejected
from companion.games.judo.state import (
    ECHEC,
    HANDS,
    IPPON,
    LEFT,
    ONE_POINT,
    RIGHT,
    JudoState,
    card_field,
    cards,
    die_data,
    holds,
    may_cover,
    quarters,
    roll,
    score_params,
    taken,
    with_seat,
)
from companion.games.judo.turns import apply_discard, apply_draw, apply_end_turn, next_turn, win_combat


# ---------------------------------------------------------------------- grips and kuzushi
def free_slots(state: JudoState, card: str) -> list[str]:
    """The hands a grip card may go to now (by_target: facing him, his right side is your left hand)."""
    if state.opts["grip_hand"] == "by_target":
        return [LEFT if cards()[card].grip.endswith("D") else RIGHT]
    return list(HANDS)


def grip_in_order(state: JudoState) -> bool:
    """May a grip be placed now: before one's kuzushi of this turn (the text's order), or always."""
    return state.stage <= 1 or bool(state.opts["grip_after_kuzushi"])


def top_element(state: JudoState) -> str | None:
    return cards()[state.pile[-1][0]].element if state.pile else None


def kuzushi_allowed(state: JudoState, seat: int, card: str) -> Rejected | None:
    """Why the kuzushi card may not be placed now, or None."""
    if state.opts["kuzushi_needs_grips"] and None in state.grips[seat]:
        return Rejected("grips_first", seat=seat)
    element = cards()[card].element
    verdict = may_cover(state.opts, top_element(state), element)
    if verdict == "no":
        top = state.pile[-1][0] if state.pile else None
        if top is None:
            return Rejected("cannot_start_pile", card=card)
        return Rejected("cannot_cover", card=card, top=top)
    retry = state.opts["tie_retry"]
    if verdict == "tie" and state.tried and retry != "again":
        if retry == "no_more_ties":
            return Rejected("tie_lost_no_more")
        if card in state.tried:
            return Rejected("tie_lost_this_turn", card=card)
    return None


def _play(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    card = card_field(action)
    if not holds(state, seat, card):
        raise Rejected("not_in_hand", seat=seat, card=card)
    kind = cards()[card].kind
    if kind == "grip":
        return grip(state, seat, card, action)
    if kind == "kuzushi":
        return _kuzushi(state, seat, card, action)
    raise Rejected("play_as_throw", card=card)


def grip(state: JudoState, seat: int, card: str, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if not grip_in_order(state):
        raise Rejected("order_grip")
    slots = free_slots(state, card)
    hand = action.get("hand")
    if hand is not None and hand not in HANDS:
        raise Rejected("bad_hand", value=str(hand))
    if hand is None:
        free = [h for h in slots if state.grips[seat][HANDS.index(h)] is None]
        if not free and len(slots) > 1:
            raise Rejected("which_hand")
        hand = (free or slots)[0]
    elif hand not in slots:
        raise Rejected("wrong_hand", card=card, hand=slots[0])
    state = taken(state, seat, [card])
    i = HANDS.index(hand)
    old = state.grips[seat][i]
    held = list(state.grips[seat])
    held[i] = card
    state = state._replace(grips=with_seat(state.grips, seat, (held[0], held[1])), stage=max(state.stage, 1),
                           placed=state.placed + 1,
                           active=with_seat(state.active, seat, state.active[seat] + 1))
    events = [Event("all", "grip", {"seat": seat, "card": card, "hand": hand})]
    if old is not None:
        events.append(Event("all", "grip_replaced", {"seat": seat, "card": old}))
        state = state._replace(discard=(*state.discard, old))
        if state.opts["any_replacement_resets"]:
            cleared = tuple(c for c, _ in state.pile)
            kept: tuple[tuple[str, int], ...] = ()
        else:
            cleared = tuple(c for c, s in state.pile if s == seat)
            kept = tuple((c, s) for c, s in state.pile if s != seat)
        if state.pile:
            state = state._replace(pile=kept, discard=state.discard + cleared)
            events.append(Event("all", "pile_reset", {"cards": list(cleared)}))
    return state, events


def _kuzushi(state: JudoState, seat: int, card: str,
             action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    reason = kuzushi_allowed(state, seat, card)
    if reason is not None:
        raise reason
    events: list[Event] = []
    top = state.pile[-1][0] if state.pile else None
    if may_cover(state.opts, top_element(state), cards()[card].element) == "tie":
        if state.opts["tie_break"] == "table":
            result = action.get("rps")
            if result not in ("won", "lost"):
                raise Rejected("rps_needed", card=card)
        else:
            state, result = roll(state, ("won", "lost"))
        if result == "lost":
            state = state._replace(tried=(*state.tried, card))
            if state.opts["lost_tie"] == "discard":
                events.append(Event("all", "rps_lost_discard", {"seat": seat, "card": card}))
                state = taken(state, seat, [card])._replace(discard=(*state.discard, card))
                events.append(Event("all", "discard", {"seat": seat, "card": card}))
            else:
                events.append(Event("all", "rps_lost", {"seat": seat, "card": card}))
            return state, events
        events.append(Event("all", "rps_won", {"seat": seat, "card": card}))
    state = taken(state, seat, [card])
    state = state._replace(pile=(*state.pile, (card, seat)), stage=2, placed=state.placed + 1,
                           active=with_seat(state.active, seat, state.active[seat] + 1))
    events.append(Event("all", "kuzushi", {"seat": seat, "card": card, "top": top}))
    return state, events


# ---------------------------------------------------------------------- throws
def needs_ippon_card(state: JudoState, throw: str) -> bool:
    return state.opts["ippon_card"] == "every_throw" or cards()[throw].ippon


def table_lacks(state: JudoState, seat: int, throw: str) -> list[dict[str, Any]]:
    """What the table (grips held, top of the pile) still lacks for the throw."""
    info = cards()
    c = info[throw]
    held = Counter(info[g].grip for g in state.grips[seat] if g is not None)
    out: list[dict[str, Any]] = [{"what": "grip", "grip": g} for g in (Counter(c.grips) - held).elements()]
    top = state.pile[-1] if state.pile else None
    ok = (top is not None and info[top[0]].arrow == c.arrow and info[top[0]].element == c.element
          and (top[1] == seat or not state.opts["own_kuzushi"]))
    if not ok:
        out.append({"what": "kuzushi", "arrow": c.arrow, "element": c.element})
    return out


def combo_error(state: JudoState, throw: str, ms: Sequence[str]) -> Rejected | None:
    """Why these MS cards do not fit the throw's recipe, or None."""
    info = cards()
    turns = sum(info[m].turns for m in ms)
    need = info[throw].turns
    if turns != need and not (state.opts["rotation"] == "at_least" and turns > need):
        return Rejected("throw_rotation", card=throw, need=need * 90, given=turns * 90)
    ippons = sum(info[m].ms == IPPON for m in ms)
    if ippons != int(needs_ippon_card(state, throw)):
        return Rejected("throw_ippon_card", card=throw, need=int(needs_ippon_card(state, throw)))
    return None


def throw_cards(state: JudoState, seat: int) -> list[str]:
    return [c for c in dict.fromkeys(state.hands[seat]) if cards()[c].kind == "throw"]


def ms_combos(state: JudoState, seat: int, throw: str) -> list[list[str]]:
    """The distinct MS combos (by card kind) from the hand that complete the throw."""
    info = cards()
    ms = [c for c in state.hands[seat] if info[c].kind == "ms"]
    out, seen = [], set()
    for r in range(len(ms) + 1):
        for combo in itertools.combinations(ms, r):
            key = tuple(sorted(info[m].ms for m in combo))
            if key not in seen and combo_error(state, throw, combo) is None:
                seen.add(key)
                out.append(list(combo))
    return out


def _throw(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    given = action.get("cards")
    if not isinstance(given, list) or not given:
        raise Rejected("bad_action")
    combo = [card_field({"card": c}) for c in given]
    info = cards()
    throws = [c for c in combo if info[c].kind == "throw"]
    if len(throws) != 1:
        raise Rejected("one_throw_card")
    throw = throws[0]
    ms = [c for c in combo if c != throw]
    for card in ms:
        if info[card].kind != "ms":
            raise Rejected("not_ms_card", card=card)
    if len(set(combo)) != len(combo):
        raise Rejected("duplicate_card", card=next(c for c in combo if combo.count(c) > 1))
    for card in combo:
        if not holds(state, seat, card):
            raise Rejected("not_in_hand", seat=seat, card=card)
    lacks = table_lacks(state, seat, throw)
    grips = [x["grip"] for x in lacks if x["what"] == "grip"]
    if grips:
        raise Rejected("throw_grips", card=throw, grips=grips)
    if lacks:
        top = state.pile[-1] if state.pile else None
        if top is not None and state.opts["own_kuzushi"] and top[1] != seat and \
                info[top[0]].arrow == info[throw].arrow and info[top[0]].element == info[throw].element:
            raise Rejected("throw_kuzushi_theirs", card=throw)
        raise Rejected("throw_kuzushi", card=throw, arrow=info[throw].arrow, element=info[throw].element)
    error = combo_error(state, throw, ms)
    if error is not None:
        raise error
    state = taken(state, seat, combo)
    state = state._replace(discard=state.discard + tuple(combo), placed=state.placed + 1,
                           active=with_seat(state.active, seat, state.active[seat] + 1))
    events = [Event("all", "throw", {"seat": seat, "card": throw, "cards": ms})]
    faces = state.opts["die_faces"] or die_data()[0]
    if state.opts["die"] == "table":  # the table rolled its own die: the action carries its face
        face = action.get("die")
        if face not in faces:
            raise Rejected("judo_die_face", faces=sorted(set(faces)))
    else:
        state, face = roll(state, faces)
    events.append(Event("all", "gake", {"seat": seat, "face": face}))
    if state.opts["throw_clears_pile"] and state.pile:
        events.append(Event("all", "pile_reset", {"cards": [c for c, _ in state.pile]}))
        state = state._replace(discard=state.discard + tuple(c for c, _ in state.pile), pile=())
    if face == IPPON:
        return win_combat(state, seat, events, "ippon")
    if face == ECHEC:
        events.append(Event("all", "echec", {"seat": seat}))
    else:
        state = state._replace(tokens=with_seat(state.tokens, seat, state.tokens[seat] + (face,)))
        events.append(Event("all", "combat_score", score_params(state)))
        if state.opts["accumulate"] and quarters(state, seat) >= ONE_POINT:
            return win_combat(state, seat, events, "points")
        if state.golden:
            return win_combat(state, seat, events, "golden")
    if state.opts["throw_ends_turn"]:
        return next_turn(state, events)
    return state, events


HANDLERS = {"draw": apply_draw, "play": _play, "throw": _throw, "end_turn": apply_end_turn,
            "discard": apply_discard}
