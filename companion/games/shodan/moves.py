"""Shodan's other actions applied: draws, cards seen, interactive cards, notions, set-up, a turn's end."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.engine import Event, Rejected
from companion.games.shodan.actions import SetupAction
from companion.games.shodan.state import (
    HAND_SIZE,
    PILES,
    SEARCH_PILE,
    ShodanState,
    action_cards,
    can_draw,
    card_field,
    cards,
    first_of,
    give_card,
    give_unknown,
    jury,
    located,
    my_turn,
    pile_field,
    seat_field,
    take_from_hand,
    tech_index,
    to_face_up,
    tori_of,
    unseen,
    with_seat,
)
from companion.games.shodan.techniques import check_target, place_card
from companion.games.shodan.turns import check_last_round, draft_step, to_refill


def act_done(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("bonus",))
    events: list[Event] = []
    state = state._replace(places_left=0, may_discard=False)
    return to_refill(state, events), events


# ---------------------------------------------------------------------- interactive cards
def act_interactive(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("main",))
    card = card_field(action, kinds=("interactive",))
    effect = cards()[card].effect
    if (engaged := state.uke_of[seat]) is not None:
        raise Rejected("engaged_as_uke", technique=engaged + 1)
    tori = tori_of(state, seat)
    if tori is not None and effect in ("HAKAMA", "KAESHI"):
        raise Rejected("engaged_with_uke", technique=tori + 1, seat=state.techniques[tori].uke)
    state = to_face_up(take_from_hand(state, seat, card), card)
    events: list[Event] = []
    if effect == "STAGE":
        events.append(Event("all", "stage", {"seat": seat}))
        return state._replace(phase="bonus", places_left=2, may_discard=False), events
    if effect == "SENPAI":
        return _senpai(state, seat, action, events)
    index = tech_index(state, action)
    tech = state.techniques[index]
    if tech.owner == seat:
        raise Rejected("not_against_self")
    if tech.closed:
        raise Rejected("technique_closed_n", technique=index + 1)
    if effect == "HAKAMA":
        target = card_field(action, "target")
        if target not in tech.order:
            raise Rejected("not_on_technique", card=target, technique=index + 1)
        if any(cards()[c].power == "ZANSHIN" and not used for c, used in tech.notions):
            raise Rejected("zanshin_protects", technique=index + 1)
        state = to_face_up(_remove_from_tech(state, index, target), target)
        events.append(Event("all", "hakama", {"seat": seat, "owner": tech.owner, "technique": index + 1,
                                              "card": target}))
    else:  # KAESHI
        if tech.notions:
            raise Rejected("has_notion", technique=index + 1)
        if tech.had_notion and state.opts["kaeshi_notion"] == "ever":
            raise Rejected("had_notion", technique=index + 1)
        if not tech.order:
            raise Rejected("technique_empty", technique=index + 1)
        target = tech.order[-1]
        state = give_card(_remove_from_tech(state, index, target), seat, target)
        events.append(Event("all", "kaeshi", {"seat": seat, "owner": tech.owner, "technique": index + 1,
                                              "card": target}))
    return to_refill(state, events), events


def _remove_from_tech(state: ShodanState, index: int, card: str) -> ShodanState:
    tech = state.techniques[index]
    changes: dict[str, Any] = {"order": tuple(c for c in tech.order if c != card),
                               "notions": tuple(n for n in tech.notions if n[0] != card)}
    for slot in ("position", "attack", "technique", "form"):
        if tech.in_slot(slot) == card:
            changes[slot] = None
    return state._replace(techniques=with_seat(state.techniques, index, tech._replace(**changes)))


def _senpai(state: ShodanState, seat: int, action: Mapping[str, Any],
            events: list[Event]) -> tuple[ShodanState, list[Event]]:
    partner = seat_field(state, action, "partner")
    if partner == seat:
        raise Rejected("not_against_self")
    asked = card_field(action, "ask")
    given = action.get("given")
    if not isinstance(given, bool):
        raise Rejected("say_given")
    if not given:
        if asked in state.known[partner]:
            raise Rejected("partner_has_it", seat=partner, card=asked)
        events.append(Event("all", "senpai_refused", {"seat": seat, "partner": partner, "card": asked}))
        return to_refill(state, events), events
    index = tech_index(state, action)
    check_target(state, seat, index)
    if state.techniques[index].owner != seat:
        raise Rejected("not_your_technique", technique=index + 1)
    events.append(Event("all", "senpai", {"seat": seat, "partner": partner, "card": asked}))
    state = place_card(take_from_hand(state, partner, asked), seat, asked, index, events)
    return to_refill(state, events), events


# ---------------------------------------------------------------------- notions
def act_activate(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("main",))
    if (engaged := state.uke_of[seat]) is not None:
        raise Rejected("engaged_as_uke", technique=engaged + 1)
    notion = card_field(action, "notion", kinds=("notion",))
    where = _notion_place(state, notion)
    if where is None or state.techniques[where].owner != seat:
        raise Rejected("not_your_notion", card=notion)
    if state.techniques[where].closed and not state.opts["activate_closed"]:
        raise Rejected("notion_on_closed", card=notion, technique=where + 1)
    power = cards()[notion].power
    if dict(state.techniques[where].notions)[notion]:
        raise Rejected("already_activated", card=notion)
    if power == "ZANSHIN":
        raise Rejected("zanshin_passive")
    state = _set_notion(state, where, notion, True)
    events = [Event("all", "activate", {"seat": seat, "card": notion})]
    if power == "MAAI":
        target = card_field(action, "target", kinds=("notion",))
        spot = _notion_place(state, target)
        if target == notion or spot is None or state.techniques[spot].owner != seat \
                or not dict(state.techniques[spot].notions)[target]:
            raise Rejected("nothing_to_restore", card=target)
        state = _set_notion(state, spot, target, False)
        events.append(Event("all", "maai", {"seat": seat, "card": target}))
    elif power == "ATEMI":
        victim = seat_field(state, action, "victim")
        if victim == seat:
            raise Rejected("not_against_self")
        taken = card_field(action)
        state = give_card(take_from_hand(state, victim, taken), seat, taken)
        events += [Event("all", "atemi", {"seat": seat, "victim": victim}),
                   Event(seat, "atemi_took", {"seat": seat, "victim": victim, "card": taken}),
                   Event(victim, "atemi_lost", {"seat": seat, "victim": victim, "card": taken})]
    elif power == "KAMAE":
        events.append(Event("all", "kamae", {"seat": seat}))
        if state.opts["kamae"] == "hand_six":
            state = state._replace(hand_size=with_seat(state.hand_size, seat, HAND_SIZE + 1))
        else:
            state = state._replace(power_draws=1)
    else:
        pile = SEARCH_PILE[power]
        ci = PILES.index(pile)
        state = _take_face_down(state, seat, ci, action, "search_card", events)
        events.insert(1, Event("all", "search", {"seat": seat, "pile": pile}))
        state = check_last_round(state, seat, events)
    state = state._replace(phase="power" if state.power_draws else "bonus", places_left=1, may_discard=True)
    if state.phase == "power" and not can_draw(state):
        state = state._replace(phase="bonus", power_draws=0)
    return state, events


def _notion_place(state: ShodanState, notion: str) -> int | None:
    for i, t in enumerate(state.techniques):
        if any(c == notion for c, _ in t.notions):
            return i
    return None


def _set_notion(state: ShodanState, index: int, notion: str, used: bool) -> ShodanState:
    tech = state.techniques[index]
    notions = tuple((c, used if c == notion else u) for c, u in tech.notions)
    return state._replace(techniques=with_seat(state.techniques, index, tech._replace(notions=notions)))


# ---------------------------------------------------------------------- drawing
def _take_face_down(state: ShodanState, seat: int, ci: int, action: Mapping[str, Any], private_key: str,
                    events: list[Event]) -> ShodanState:
    """A card off pile ``ci``'s face-down stack into ``seat``'s hand: named when the action
    says which (told to the seat alone, under ``private_key``), else an unknown card."""
    pile = PILES[ci]
    if state.draw[ci] == 0:
        raise Rejected("pile_empty", pile=pile)
    if action.get("card") is not None:
        card = card_field(action)
        if cards()[card].colour != pile or card not in unseen(state, pile):
            raise Rejected("not_in_pile", card=card, pile=pile)
        state = give_card(state, seat, card)
        events.append(Event(seat, private_key, {"seat": seat, "card": card}))
    else:
        state = give_unknown(state, seat, pile)
    return state._replace(draw=with_seat(state.draw, ci, state.draw[ci] - 1))


def act_draw(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    my_turn(state, seat, ("draft", "power", "refill"))
    ci = pile_field(action)
    pile = PILES[ci]
    face_up = action.get("face_up", False) is True
    events: list[Event] = []
    if face_up:
        if state.phase == "draft":
            raise Rejected("draft_face_down")
        if not state.face_up[ci]:
            raise Rejected("pile_empty", pile=pile)
        card = state.face_up[ci][-1]
        state = state._replace(face_up=with_seat(state.face_up, ci, state.face_up[ci][:-1]))
        state = give_card(state, seat, card)
        events.append(Event("all", "take", {"seat": seat, "card": card}))
    else:
        state = _take_face_down(state, seat, ci, action, "drawn", events)
        events.insert(0, Event("all", "draw", {"seat": seat, "pile": pile}))
        state = check_last_round(state, seat, events)
    if state.phase == "draft":
        return draft_step(state, events), events
    if state.phase == "power":
        state = state._replace(power_draws=state.power_draws - 1)
        if state.power_draws == 0 or not can_draw(state):
            state = state._replace(phase="bonus", power_draws=0)
        return state, events
    return to_refill(state, events), events


def act_see(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = seat_field(state, action)
    card = card_field(action)
    ci = PILES.index(cards()[card].colour)
    if state.unknown[seat][ci] == 0 or card in located(state):
        raise Rejected("cannot_hold", seat=seat, card=card)
    state = give_card(take_from_hand(state, seat, card), seat, card)
    return state, [Event(seat, "seen", {"seat": seat, "card": card})]


# ---------------------------------------------------------------------- setup
def act_setup(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    if state.phase != "setup":
        raise Rejected("already_set_up")
    objective = action.get("objective")
    if not isinstance(objective, str) or objective not in cards() or cards()[objective].kind != "objective":
        raise Rejected("unknown_objective", card=str(objective))
    given = action.get("face_up")
    if not isinstance(given, list) or len(given) != len(PILES):
        raise Rejected("setup_face_up")
    ups = [card_field({"card": c}) for c in given]
    if sorted(PILES.index(cards()[c].colour) for c in ups) != list(range(len(PILES))):
        raise Rejected("setup_face_up")
    face_up = tuple((next(c for c in ups if cards()[c].colour == p),) for p in PILES)
    draw = tuple(n - 1 for n in state.draw)
    state = state._replace(objective=objective, face_up=face_up, draw=draw, phase="draft")
    events = [Event("all", "setup", {"card": objective, "cards": [f[0] for f in face_up]})]
    events += [Event("all", "jury_entry", {"position": first_of("position", p),
                                           "attack": first_of("attack", a),
                                           "technique_card": first_of("technique", t)})
               for p, a, t in jury(objective)]
    events.append(Event("all", "draft", {"seat": state.turn}))
    return state, events


def setup_example(rng: random.Random) -> SetupAction:
    info = cards()
    objectives = sorted(c for c, i in info.items() if i.kind == "objective")
    ups = []
    for pile in PILES:
        ids = sorted(c for c in action_cards() if info[c].colour == pile)
        rng.shuffle(ids)
        ups.append(ids[0])
    return {"type": "setup", "objective": rng.choice(objectives), "face_up": ups}
