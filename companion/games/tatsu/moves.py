"""Tatsu's actions applied: plays (from a hand or a 2-player layout), tricks, hands, layouts, reveals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine import Event, Rejected
from companion.games.tatsu.rounds import end_round
from companion.games.tatsu.state import (
    CARDS_PER_TRICK,
    CLANS,
    GHOST,
    LAYOUT_SIZE,
    RED,
    TRICKS_PER_ROUND,
    YELLOW,
    Stack,
    TatsuState,
    card_field,
    cards,
    face_down_allowed,
    holder_of,
    identified,
    partner,
    red_human,
    seat_field,
    slot_field,
    turn_seat,
)


def apply_play(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    front = seat_field(state, action)
    card = card_field(action)
    expected = turn_seat(state)
    if state.players == 2:
        missing = [s for s, t in enumerate(state.tableaux) if t is None]
        if missing:
            raise Rejected("layout_missing", seat=missing[0])
    if front != expected:
        raise Rejected("not_turn", seat=expected)
    if card in state.played:
        raise Rejected("already_played", card=card)
    info = cards()[card]
    clan = state.clans[front]
    if info.clan != clan:
        raise Rejected("wrong_colour", seat=front, clan=clan)
    if state.players == 2:
        source, state, flipped = _take_from_layout(state, action, card, front)
        flip_events = [Event("all", "flip", {"seat": source, "clan": flipped})] if flipped else []
        changes: dict[str, Any] = {}
    else:
        source = _source(state, action, card, front)
        changes = _take_from_hand(state, card, source)
        flip_events = []
    if source != front and not state.opts["ask_partner"] and source == partner(state, front):
        raise Rejected("no_asking_partner")
    events = [Event("all", "play" if source == front else "play_for", {"seat": front, "card": card,
                                                                       "from": source})]
    events.extend(flip_events)
    state = state._replace(trick=(*state.trick, (front, card, source)), played=state.played | {card},
                           **changes)
    if len(state.trick) == CARDS_PER_TRICK:
        state = _resolve_trick(state, events)
    return state, events


def _source(state: TatsuState, action: Mapping[str, Any], card: str, front: int) -> int:
    """The hand a 3p/4p card came from, checked against registered hands and sizes."""
    holder = holder_of(state, card)
    source = seat_field(state, action, "from") if action.get("from") is not None else (
        holder if holder is not None else front)
    hand = state.hands[source]
    if (holder is not None and holder != source) or (hand is not None and card not in hand):
        raise Rejected("not_in_hand", seat=source, card=card)
    if state.sizes[source] == 0:
        raise Rejected("hand_empty", seat=source)
    return source


def _take_from_hand(state: TatsuState, card: str, source: int) -> dict[str, Any]:
    """The state changes when a card leaves a hand: its size, and the registered hand."""
    sizes = list(state.sizes)
    sizes[source] -= 1
    changes: dict[str, Any] = {"sizes": tuple(sizes)}
    hand = state.hands[source]
    if hand is not None:
        hands = list(state.hands)
        hands[source] = tuple(c for c in hand if c != card)
        changes["hands"] = tuple(hands)
    return changes


def _take_from_layout(state: TatsuState, action: Mapping[str, Any], card: str,
                      front: int) -> tuple[int, TatsuState, str | None]:
    """2p: find the place the card left, turn up what was under it.

    Returns the layout's owner, the new state and the colour turned face up (if any)."""
    clan = cards()[card].clan
    known = identified(state)
    flipped = None
    place_given = action.get("slot")
    if card in known:
        source, place = known[card]
        if action.get("from") is not None and seat_field(state, action, "from") != source:
            raise Rejected("not_in_layout", seat=seat_field(state, action, "from"), card=card)
        stack = state.tableaux[source][place]  # type: ignore[index]
        new = Stack(None, stack.down, None) if stack.down else Stack(None, None, None)
        flipped = stack.down
    else:
        source = seat_field(state, action, "from") if action.get("from") is not None else front
        tableau = state.tableaux[source]
        assert tableau is not None
        places = range(LAYOUT_SIZE) if place_given is None else [slot_field(place_given)]
        turned = [p for p in places if tableau[p].up is None and tableau[p].colour == clan]
        down = [p for p in places if tableau[p].down == clan]
        if turned:  # a turned-up card not yet named: nothing lies under it
            place, new = turned[0], Stack(None, None, None)
        elif down:
            if not face_down_allowed(state, source, clan):
                raise Rejected("face_up_first", seat=source, clan=clan)
            place = down[0]
            new = replace(tableau[place], down=None)
        else:
            raise Rejected("not_in_layout", seat=source, card=card)
    stacks = list(state.tableaux[source] or ())
    stacks[place] = new
    tableaux = list(state.tableaux)
    tableaux[source] = tuple(stacks)
    sizes = list(state.sizes)
    sizes[source] -= 1
    return source, state._replace(tableaux=tuple(tableaux), sizes=tuple(sizes)), flipped


def _power(state: TatsuState, card: str) -> int:
    info = cards()[card]
    if info.fusion:
        return -2  # only compared under last_trick_fusion = last_winner: never wins
    return state.opts["multiplier_power"] if info.multiplier else info.power


def _resolve_trick(state: TatsuState, events: list[Event]) -> TatsuState:
    info = cards()
    trick_cards = tuple(c for _, c, _ in state.trick)
    fusions = [i for i, (_, c, _) in enumerate(state.trick) if info[c].fusion]
    last = state.trick_no == TRICKS_PER_ROUND
    if fusions and last and state.opts["last_trick_fusion"] == "lose_all":
        lost = state.pending + trick_cards
        events.append(Event("all", "fusion_lost", {"cards": list(lost)}))
        state = state._replace(lost=state.lost + lost, pending=(), pending_tricks=0, trick=())
    elif fusions and not last:
        i = fusions[0] if state.opts["double_fusion_leader"] == "first" else fusions[-1]
        front, _, source = state.trick[i]
        leader = front if state.opts["fusion_leader"] == "front" else source
        pending = state.pending + trick_cards
        events.append(Event("all", "fusion", {"seat": leader, "cards": list(pending),
                                              "tricks": state.pending_tricks + 1}))
        return state._replace(pending=pending, pending_tricks=state.pending_tricks + 1, leader=leader,
                       trick=(), trick_no=state.trick_no + 1)
    else:
        best = 0
        for i in range(1, CARDS_PER_TRICK):  # strictly higher: ties stay with the first played
            if _power(state, state.trick[i][1]) > _power(state, state.trick[best][1]):
                best = i
        winner = state.trick[best][0]
        won = state.pending + trick_cards
        lost = ()
        if state.opts["pending_multipliers"] == "lost":
            lost = tuple(c for c in state.pending if info[c].multiplier)
            won = tuple(c for c in won if c not in lost)
        clan_index = CLANS.index(state.clans[winner])
        captured = list(state.captured)
        captured[clan_index] = captured[clan_index] + won
        events.append(Event("all", "trick_won", {"seat": winner, "cards": list(won),
                                                 "points": sum(info[c].points for c in won)}))
        if lost:
            events.append(Event("all", "cards_lost", {"cards": list(lost)}))
        state = state._replace(captured=(captured[0], captured[1]), lost=state.lost + lost, pending=(),
                        pending_tricks=0, leader=winner, trick=())
    if last:
        return end_round(state, events)
    return state._replace(trick_no=state.trick_no + 1)


def apply_hand(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    if state.players == 2:
        raise Rejected("no_hands")
    seat = seat_field(state, action)
    given = action.get("cards")
    if not isinstance(given, list):
        raise Rejected("bad_action")
    hand = tuple(card_field({"card": c}) for c in given)
    if len(set(hand)) != len(hand):
        raise Rejected("duplicate_card", card=next(c for c in hand if hand.count(c) > 1))
    for card in hand:
        if card in state.played:
            raise Rejected("already_played", card=card)
        holder = holder_of(state, card)
        if holder is not None and holder != seat:
            raise Rejected("card_elsewhere", card=card)
    if len(hand) != state.sizes[seat]:
        raise Rejected("hand_size", seat=seat, n=state.sizes[seat])
    hands = list(state.hands)
    hands[seat] = hand
    state = state._replace(hands=tuple(hands))
    info = cards()
    yellow = sum(info[c].clan == YELLOW for c in hand)
    audience: Any = seat
    if seat == GHOST and state.players == 3:
        audience = "all" if state.opts["ghost_hand"] == "open" else red_human(state)
    events = [Event(audience, "hand", {"seat": seat, "cards": list(hand)}),
              Event("all", "hand_colours", {"seat": seat, "yellow": yellow, "red": len(hand) - yellow})]
    return state, events


def apply_layout(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    if state.players != 2:
        raise Rejected("no_layouts")
    seat = seat_field(state, action)
    if state.played or state.trick:
        raise Rejected("layout_closed")
    up, down = action.get("up"), action.get("down")
    if not (isinstance(up, list) and isinstance(down, list) and len(up) == len(down) == LAYOUT_SIZE):
        raise Rejected("layout_size", n=LAYOUT_SIZE)
    ups = tuple(card_field({"card": c}) for c in up)
    if len(set(ups)) != LAYOUT_SIZE:
        raise Rejected("duplicate_card", card=next(c for c in ups if ups.count(c) > 1))
    other = state.tableaux[1 - seat]
    for card in ups:
        if other is not None and any(k.up == card for k in other):
            raise Rejected("card_elsewhere", card=card)
    if any(d not in CLANS for d in down):
        raise Rejected("layout_colours", seat=seat)
    info = cards()
    yellow = sum(info[c].clan == YELLOW for c in ups) + sum(d == YELLOW for d in down)
    if yellow != LAYOUT_SIZE:  # each player was dealt 7 yellow and 7 red cards
        raise Rejected("layout_colours", seat=seat)
    tableau = tuple(Stack(c, info[c].clan, d) for c, d in zip(ups, down, strict=True))
    tableaux = list(state.tableaux)
    tableaux[seat] = tableau
    return state._replace(tableaux=tuple(tableaux)), [
        Event("all", "layout", {"seat": seat, "cards": list(ups), "down": list(down),
                                "yellow": down.count(YELLOW), "red": down.count(RED)})]


def apply_reveal(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    if state.players != 2:
        raise Rejected("no_layouts")
    seat = seat_field(state, action)
    card = card_field(action)
    tableau = state.tableaux[seat]
    if card in state.played or card in identified(state):
        raise Rejected("card_elsewhere", card=card)
    clan = cards()[card].clan
    places = [p for p, k in enumerate(tableau or ()) if k.up is None and k.colour == clan]
    if action.get("slot") is not None:
        places = [p for p in places if p == slot_field(action["slot"])]
    if not places:
        raise Rejected("nothing_to_reveal", seat=seat, clan=clan)
    new = list(tableau)  # type: ignore[arg-type]
    new[places[0]] = replace(new[places[0]], up=card)
    tableaux = list(state.tableaux)
    tableaux[seat] = tuple(new)
    return state._replace(tableaux=tuple(tableaux)), [Event("all", "reveal", {"seat": seat, "card": card})]
