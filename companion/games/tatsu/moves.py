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
    laid_so_far,
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
        # the card under it turns face up: said once, by its name, when the table names it (reveal)
        source, place, state, hidden = _take_from_layout(state, action, card, front)
        changes: dict[str, Any] = {"slot": place}
    else:
        source = _source(state, action, card, front)
        changes = _take_from_hand(state, card, source)
    if source != front and not state.opts["ask_partner"] and source == partner(state, front):
        raise Rejected("no_asking_partner")
    params: dict[str, Any] = {"seat": front, "card": card, "from": source}
    key = "play" if source == front else "play_for"
    if state.players == 2:
        params["slot"] = changes.pop("slot")
        key = "play_down" if hidden else key  # a face-down card: said so, with its place
    events = [Event("all", key, params)]
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
                      front: int) -> tuple[int, int, TatsuState, bool]:
    """2p: find the place the card left, turn up what was under it.

    Returns the layout's owner, the place, the new state and whether the card was face down."""
    clan = cards()[card].clan
    known = identified(state)
    place_given = action.get("slot")
    if card in known:
        source, place = known[card]
        if action.get("from") is not None and seat_field(state, action, "from") != source:
            raise Rejected("not_in_layout", seat=seat_field(state, action, "from"), card=card)
        if place_given is not None and slot_field(place_given) != place:
            raise Rejected("not_in_layout", seat=source, card=card)
        stack = state.tableaux[source][place]  # type: ignore[index]
        new = Stack(None, stack.down, None) if stack.down else Stack(None, None, None)
        hidden = False
    else:
        source = seat_field(state, action, "from") if action.get("from") is not None else front
        tableau = state.tableaux[source]
        assert tableau is not None
        places = range(LAYOUT_SIZE) if place_given is None else [slot_field(place_given)]
        turned = [p for p in places if tableau[p].up is None and tableau[p].colour == clan]
        down = [p for p in places if tableau[p].down == clan]
        hidden = not turned
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
    return source, place, state._replace(tableaux=tuple(tableaux), sizes=tuple(sizes)), hidden


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
        if "down" not in action:
            raise Rejected("no_hands")
        return _deal_2p(state, action)
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


def _deal_2p(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    """2p: a seat's 14 cards dealt: 7 laid face down (their colours, seen on the backs: `down`,
    place 1 to 7) and 7 in hand to lay face up on them (`cards`, told to the seat alone)."""
    seat = _laying_seat(state, action)
    if state.hands[seat] is not None or state.drafts[seat] is not None:
        raise Rejected("layout_closed")
    given, down = action.get("cards"), action.get("down")
    if not (isinstance(given, list) and isinstance(down, list) and len(given) == len(down) == LAYOUT_SIZE):
        raise Rejected("layout_size", n=LAYOUT_SIZE)
    hand = tuple(card_field({"card": c}) for c in given)
    if len(set(hand)) != len(hand):
        raise Rejected("duplicate_card", card=next(c for c in hand if hand.count(c) > 1))
    elsewhere = _taken(state, seat)
    for card in hand:
        if card in elsewhere:
            raise Rejected("card_elsewhere", card=card)
    _check_colours(state, seat, hand, down)
    hands = list(state.hands)
    hands[seat] = hand
    drafts = list(state.drafts)
    drafts[seat] = tuple((None, d) for d in down)
    return state._replace(hands=tuple(hands), drafts=tuple(drafts)), [
        Event(seat, "dealt_2p", {"seat": seat, "cards": list(hand)}),
        Event("all", "down_2p", {"seat": seat, "down": list(down)})]


def _laying_seat(state: TatsuState, action: Mapping[str, Any]) -> int:
    if state.players != 2:
        raise Rejected("no_layouts")
    seat = seat_field(state, action)
    if state.played or state.trick or state.tableaux[seat] is not None:
        raise Rejected("layout_closed")
    return seat


def _taken(state: TatsuState, seat: int) -> set[str]:
    """2p: the cards the other seat has dealt, laid or on its line."""
    other = 1 - seat
    out = {k.up for k in state.tableaux[other] or () if k.up}
    out |= set(state.hands[other] or ())
    out |= {up for up, _ in state.drafts[other] or () if up}
    return out


def _check_colours(state: TatsuState, seat: int, ups: tuple[str, ...], down: list[Any]) -> None:
    """Each player was dealt 7 yellow and 7 red cards: a line never holds more of one."""
    if any(d not in (*CLANS, None) for d in down):
        raise Rejected("layout_colours", seat=seat)
    info = cards()
    yellow = sum(info[c].clan == YELLOW for c in ups) + sum(d == YELLOW for d in down)
    red = len(ups) + sum(d is not None for d in down) - yellow
    if yellow > LAYOUT_SIZE or red > LAYOUT_SIZE:
        raise Rejected("layout_colours", seat=seat)


def apply_layout(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    seat = _laying_seat(state, action)
    up, down = action.get("up"), action.get("down")
    if not (isinstance(up, list) and isinstance(down, list) and len(up) == len(down) == LAYOUT_SIZE):
        raise Rejected("layout_size", n=LAYOUT_SIZE)
    ups = tuple(card_field({"card": c}) for c in up)
    if len(set(ups)) != LAYOUT_SIZE:
        raise Rejected("duplicate_card", card=next(c for c in ups if ups.count(c) > 1))
    elsewhere = _taken(state, seat)
    for card in ups:
        if card in elsewhere:
            raise Rejected("card_elsewhere", card=card)
    dealt, draft = state.hands[seat], state.drafts[seat]
    if dealt is not None and sorted(dealt) != sorted(ups):  # the cards dealt, and no other
        raise Rejected("not_in_hand", seat=seat, card=next(c for c in ups if c not in dealt))
    if draft is not None and any(d not in (None, given) for (_, d), given in zip(draft, down, strict=True)):
        raise Rejected("layout_colours", seat=seat)
    if any(d not in CLANS for d in down):
        raise Rejected("layout_colours", seat=seat)
    info = cards()
    yellow = sum(info[c].clan == YELLOW for c in ups) + sum(d == YELLOW for d in down)
    if yellow != LAYOUT_SIZE:  # each player was dealt 7 yellow and 7 red cards
        raise Rejected("layout_colours", seat=seat)
    return _laid(state, seat, ups, list(down), [
        Event("all", "layout", {"seat": seat, "slots": [{"card": c, "down": d} for c, d in zip(ups, down,
                                                                                                 strict=True)],
                                "yellow": down.count(YELLOW), "red": down.count(RED)})])


def _laid(state: TatsuState, seat: int, ups: tuple[str, ...], down: list[str],
          events: list[Event]) -> tuple[TatsuState, list[Event]]:
    """The whole line is down: it becomes the seat's layout."""
    info = cards()
    tableau = tuple(Stack(c, info[c].clan, d) for c, d in zip(ups, down, strict=True))
    tableaux, hands, drafts = list(state.tableaux), list(state.hands), list(state.drafts)
    tableaux[seat], hands[seat], drafts[seat] = tableau, None, None
    return state._replace(tableaux=tuple(tableaux), hands=tuple(hands), drafts=tuple(drafts)), events


def apply_lay(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    """2p: one place of a line laid: the face-up card (and the colour under it, when the deal
    did not say it)."""
    seat = _laying_seat(state, action)
    place = slot_field(action.get("slot"))
    card = card_field(action)
    draft = list(state.drafts[seat] or ((None, None),) * LAYOUT_SIZE)
    up, down = draft[place]
    if up is not None:
        raise Rejected("slot_taken", seat=seat, slot=place)
    given = action.get("down")
    if given is not None and given not in CLANS:
        raise Rejected("layout_colours", seat=seat)
    if down is not None and given is not None and given != down:
        raise Rejected("slot_colour", seat=seat, slot=place, clan=down)
    down = down if down is not None else given
    if down is None:
        raise Rejected("slot_colour_needed", slot=place)
    dealt = state.hands[seat]
    if dealt is not None and card not in dealt:
        raise Rejected("not_in_hand", seat=seat, card=card)
    if card in _taken(state, seat) or card in laid_so_far(state):
        raise Rejected("card_elsewhere", card=card)
    draft[place] = (card, down)
    ups = tuple(u for u, _ in draft if u is not None)
    _check_colours(state, seat, ups, [d for _, d in draft])
    hands = list(state.hands)
    if dealt is not None:
        hands[seat] = tuple(c for c in dealt if c != card)
    drafts = list(state.drafts)
    drafts[seat] = tuple(draft)
    state = state._replace(hands=tuple(hands), drafts=tuple(drafts))
    events = [Event("all", "laid", {"seat": seat, "slot": place, "card": card, "down": down})]
    if all(u is not None and d is not None for u, d in draft):
        done_ups = tuple(str(u) for u, _ in draft)
        return _laid(state, seat, done_ups, [str(d) for _, d in draft],
                     [*events, Event("all", "layout_done", {"seat": seat})])
    return state, events


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
    return state._replace(tableaux=tuple(tableaux)), [Event("all", "reveal", {"seat": seat, "card": card,
                                                                              "slot": places[0]})]
