"""Shodan's techniques built: cards placed, discarded, given to uke, techniques closed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Event, Rejected
from companion.games.shodan.scoring import admitted, requirement_events
from companion.games.shodan.state import (
    CLOSE_PHASES,
    ShodanState,
    Technique,
    card_field,
    cards,
    hand_options,
    jury,
    my_turn,
    seat_field,
    take_from_hand,
    tech_cards,
    tech_index,
    tech_points,
    technique_key,
    to_face_up,
    tori_of,
    with_seat,
)
from companion.games.shodan.turns import after_bonus_step, to_refill


# ---------------------------------------------------------------------- placing
def placed(tech: Technique | None, card: str, owner: int, strict: bool = True) -> Technique:
    """The technique with `card` added (SH3 order unless not `strict`); Rejected with the reason otherwise."""
    info = cards()[card]
    tech = tech or Technique(owner)
    if tech.closed:
        raise Rejected("technique_closed")
    kind = info.kind
    if kind == "notion":
        return tech._replace(notions=(*tech.notions, (card, False)), order=(*tech.order, card),
                             had_notion=True)
    if kind == "position":
        if tech.position is not None:
            raise Rejected("slot_taken", card=tech.position)
        return tech._replace(position=card, order=(*tech.order, card))
    if kind == "attack":
        if tech.position is None and strict:
            raise Rejected("position_first")
        if tech.attack is not None:
            raise Rejected("slot_taken", card=tech.attack)
        return tech._replace(attack=card, order=(*tech.order, card))
    if kind == "technique":
        if tech.position is None and strict:
            raise Rejected("position_first")
        if tech.attack is None and strict:
            raise Rejected("attack_first")
        if tech.technique is not None:
            raise Rejected("slot_taken", card=tech.technique)
        return tech._replace(technique=card, order=(*tech.order, card))
    if kind == "form":
        if tech.technique is None:
            raise Rejected("technique_card_first")
        if tech.form is not None:
            raise Rejected("slot_taken", card=tech.form)
        return tech._replace(form=card, order=(*tech.order, card))
    raise Rejected("not_placeable", card=card)


def place_card(state: ShodanState, seat: int, card: str, index: int | None,
           events: list[Event]) -> ShodanState:
    """Put `card` (already out of the hand) on technique `index` (None: a new one of `seat`)."""
    strict = state.opts["core_order"] == "strict"
    if index is None:
        check_new(state, seat)
        tech = placed(None, card, seat, strict)
        state = state._replace(techniques=(*state.techniques, tech))
        index = len(state.techniques) - 1
    else:
        tech = placed(state.techniques[index], card, state.techniques[index].owner, strict)
        state = state._replace(techniques=with_seat(state.techniques, index, tech))
    events.append(_place_event(seat, card, index, tech))
    return state


def check_new(state: ShodanState, seat: int) -> None:
    """SH4: starting a technique while one is open, when the table plays one at a time."""
    if not state.opts["several_open"]:
        for n, t in enumerate(state.techniques, start=1):
            if t.owner == seat and not t.closed:
                raise Rejected("one_open_technique", technique=n)


def _place_event(seat: int, card: str, index: int, tech: Technique) -> Event:
    n = len(tech_cards(tech))
    params = {"seat": seat, "owner": tech.owner, "card": card, "technique": index + 1, "n": n}
    if technique_key(tech) is not None:
        params.update(position=tech.position, attack=tech.attack, technique_card=tech.technique)
        return Event("all", "built" if seat == tech.owner else "built_uke", params)
    return Event("all", "placed" if seat == tech.owner else "placed_uke", params)


def check_target(state: ShodanState, seat: int, index: int | None) -> None:
    """Engagement (SH8): an uke places only on the common technique, and so does its owner."""
    common = state.uke_of[seat]
    if common is not None and index != common:
        raise Rejected("engaged_as_uke", technique=common + 1)
    tori = tori_of(state, seat)
    if tori is not None and index != tori:
        raise Rejected("engaged_with_uke", technique=tori + 1, seat=state.techniques[tori].uke)
    if index is not None:
        tech = state.techniques[index]
        if tech.closed:
            raise Rejected("technique_closed_n", technique=index + 1)
        if tech.owner != seat and common != index:
            raise Rejected("not_your_technique", technique=index + 1)


def act_place(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    if seat == state.turn and state.phase == "refill":  # a second card: the text's one card a turn
        raise Rejected("one_card_a_turn")
    my_turn(state, seat, ("main", "bonus"))
    if state.phase == "bonus" and state.places_left < 1:
        raise Rejected("no_more_places")
    card = card_field(action)
    index = None if action.get("technique") in (None, "new") else tech_index(state, action)
    check_target(state, seat, index)
    events: list[Event] = []
    state = place_card(take_from_hand(state, seat, card), seat, card, index, events)
    if state.phase == "bonus":
        state = state._replace(places_left=state.places_left - 1, may_discard=False)
        return after_bonus_step(state, events), events
    return to_refill(state, events), events


# ---------------------------------------------------------------------- other main actions
def uke_may_place(state: ShodanState, seat: int) -> bool:
    """An uke holds a card that goes on the technique it is engaged on."""
    index = state.uke_of[seat]
    if index is None:
        return False
    for card in hand_options(state, seat):
        try:
            check_target(state, seat, index)
            placed(state.techniques[index], card, seat, state.opts["core_order"] == "strict")
        except Rejected:
            continue
        return True
    return False


def act_discard(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("main", "bonus"))
    if state.phase == "bonus" and not state.may_discard:
        raise Rejected("no_discard_now")
    # SH8, the text's "ne pourras faire autre chose tant que la technique n'est pas validée": an
    # engaged uke only places on it (a discard only when no card of his can go there)
    if state.opts["uke_may"] == "place_only" and uke_may_place(state, seat):
        raise Rejected("uke_place_only", technique=int(state.uke_of[seat] or 0) + 1)
    card = card_field(action)
    state = to_face_up(take_from_hand(state, seat, card), card)
    events = [Event("all", "discard", {"seat": seat, "card": card})]
    state = state._replace(places_left=0, may_discard=False)
    return to_refill(state, events), events


def act_uke(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("main",))
    index = tech_index(state, action)
    tech = state.techniques[index]
    _check_free(state, seat)
    if tech.owner == seat:
        raise Rejected("own_technique")
    if tech.closed:
        raise Rejected("technique_closed_n", technique=index + 1)
    if tech.uke is not None:
        raise Rejected("has_uke", technique=index + 1, seat=tech.uke)
    if state.uke_of[tech.owner] is not None or tori_of(state, tech.owner) is not None:
        raise Rejected("partner_engaged", seat=tech.owner)
    card = card_field(action)
    events = [Event("all", "uke", {"seat": seat, "partner": tech.owner, "technique": index + 1})]
    state = take_from_hand(state, seat, card)
    state = place_card(state, seat, card, index, events)
    tech = state.techniques[index]._replace(uke=seat)
    state = state._replace(techniques=with_seat(state.techniques, index, tech),
                           uke_of=with_seat(state.uke_of, seat, index))
    return to_refill(state, events), events


def _check_free(state: ShodanState, seat: int) -> None:
    if (engaged := state.uke_of[seat]) is not None:
        raise Rejected("engaged_as_uke", technique=engaged + 1)
    tori = tori_of(state, seat)
    if tori is not None:
        raise Rejected("engaged_with_uke", technique=tori + 1, seat=state.techniques[tori].uke)


def act_close(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, CLOSE_PHASES)
    index = tech_index(state, action)
    tech = state.techniques[index]
    if tech.owner != seat:
        raise Rejected("not_your_technique", technique=index + 1)
    if tech.closed:
        raise Rejected("technique_closed_n", technique=index + 1)
    key = technique_key(tech)
    if key is None:
        raise Rejected("incomplete", technique=index + 1)
    tech = tech._replace(closed=True)
    state = state._replace(techniques=with_seat(state.techniques, index, tech))
    events = [Event("all", "closed", {"seat": seat, "technique": index + 1, "position": tech.position,
                                      "attack": tech.attack, "technique_card": tech.technique,
                                      "points": tech_points(tech)})]
    if tech.uke is not None:
        state = state._replace(tokens=with_seat(state.tokens, tech.uke, state.tokens[tech.uke] + 1),
                               uke_of=with_seat(state.uke_of, tech.uke, None))
        events.append(Event("all", "uke_token", {"seat": tech.uke, "partner": seat}))
    triple = tuple(int(n) for n in key.split("-"))
    counts = state.opts["jury_match"] == "any" or triple in jury(state.objective)
    if counts and key not in {k for k, _ in state.firsts}:
        state = state._replace(firsts=(*state.firsts, (key, seat)))
        events.append(Event("all", "first_done", {"seat": seat, "technique": index + 1}))
    if state.first_minima is None and admitted(state, seat):
        state = state._replace(first_minima=seat)
        events.append(Event("all", "first_minima", {"seat": seat}))
    events.extend(requirement_events(state, seat))
    return state, events
