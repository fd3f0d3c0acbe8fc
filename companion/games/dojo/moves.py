"""Dojo's actions applied: a trophy flipped, a tatami given, a challenge, a pass, a swap, a placement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Event, Rejected
from companion.games.dojo.places import frame_fixed, named_once, neighbours, origin
from companion.games.dojo.rounds import (
    after_answer,
    challenge_open,
    challenge_order,
    end_challenges,
    end_round,
    may_receive,
)
from companion.games.dojo.scoring import check_cell
from companion.games.dojo.state import (
    CHALLENGE,
    RECRUIT,
    TRAINING,
    TROPHY,
    Cell,
    DojoState,
    tatamis,
    trophies,
)


# ---------------------------------------------------------------------- actions
def _seat(state: DojoState, action: Mapping[str, Any], key: str = "seat") -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < state.seats:
        raise Rejected("bad_seat", value=str(value))
    return value


def _card(action: Mapping[str, Any]) -> str:
    card = action.get("card")
    if not isinstance(card, str) or (card not in tatamis() and card not in trophies()):
        raise Rejected("unknown_card", card=str(card))
    return card


def _trophy(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    card = _card(action)
    if card not in trophies():
        raise Rejected("not_a_trophy", card=card)
    if state.phase != TROPHY:
        if state.in_play:
            raise Rejected("trophy_in_play", card=state.in_play[0])
        raise Rejected("no_trophy_now")
    if card in state.flipped:
        raise Rejected("trophy_seen", card=card)
    state = state._replace(flipped=state.flipped | {card}, in_play=(*state.in_play, card), phase=RECRUIT)
    return state, [Event("all", "trophy", {"card": card, "points": trophies()[card]}),
                   Event("all", "recruit", {"seat": state.dealer})]


def _give(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    seat = _seat(state, action)
    card = _card(action)
    if card not in tatamis():
        raise Rejected("not_a_tatami", card=card)
    if state.phase == TROPHY:
        raise Rejected("trophy_first", seat=state.dealer)
    if state.phase != RECRUIT:
        raise Rejected("recruit_over")
    if state.pending[seat] is not None:
        raise Rejected("has_tatami", seat=seat)
    if card in state.used:
        raise Rejected("tatami_used", card=card)
    if seat not in may_receive(state):
        raise Rejected("deal_in_order", seat=may_receive(state)[0])
    pending = list(state.pending)
    pending[seat] = card
    state = state._replace(pending=tuple(pending), used=state.used | {card})
    dealer = state.dealer
    # the last tatami has one seat left to go to: the dealer hears that it went there by itself
    last = all(p is not None for p in pending)
    if seat == dealer:
        events = [Event(dealer, "kept_last" if last else "kept_card", {"card": card}),
                  Event("all", "kept", {"seat": dealer})]
    else:
        events = [Event(dealer, "gave_last" if last else "gave", {"seat": seat, "card": card}),
                  Event(seat, "received", {"seat": seat, "card": card}),
                  Event("all", "given", {"seat": seat, "dealer": dealer})]
    if all(p is not None for p in state.pending):
        state = state._replace(phase=CHALLENGE, asked=0)
        events.append(Event("all", "recruited", {}))
        state = after_answer(state, events)
    return state, events


def _challenge_seat(state: DojoState, action: Mapping[str, Any]) -> tuple[int, int]:
    """The seat of a challenge or pass and its place in the asking order (checked)."""
    seat = _seat(state, action)
    if state.phase in (TROPHY, RECRUIT):
        raise Rejected("recruit_first")
    if seat == state.dealer:
        raise Rejected("dealer_no_challenge", seat=seat)
    if state.phase != CHALLENGE:
        raise Rejected("challenge_over")
    if state.challenges and state.opts["challenges"] == "one":
        raise Rejected("one_challenge")
    if not challenge_open(state):
        raise Rejected("nothing_at_stake")
    pos = challenge_order(state).index(seat)
    if pos < state.asked:
        raise Rejected("already_asked", seat=seat)
    return seat, pos


def _challenge(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    seat, pos = _challenge_seat(state, action)
    if pos > state.asked and state.opts["challenge_order"] == "strict":
        raise Rejected("not_asked", seat=challenge_order(state)[state.asked])
    dealer = state.dealer
    mine, theirs = state.pending[seat], state.pending[dealer]
    assert mine is not None and theirs is not None
    info = tatamis()
    winner, loser = (seat, dealer) if info[mine].belt >= info[theirs].belt else (dealer, seat)
    events = [Event("all", "challenge", {"seat": seat, "dealer": dealer}),
              Event("all", "duel", {"seat": seat, "card": mine, "dealer": dealer, "dealer_card": theirs}),
              Event("all", "duel_won", {"seat": winner, "loser": loser})]
    won = list(state.won)
    if state.in_play:
        won[winner] = won[winner] + state.in_play
        events.append(Event("all", "trophy_won", {"seat": winner, "cards": list(state.in_play)}))
    offer = (winner, loser) if state.opts["swap"] == "optional" else None
    if offer:
        events.append(Event("all", "swap_offer", {"seat": winner, "loser": loser}))
    state = state._replace(won=tuple(won), in_play=(), shown=state.shown | {seat, dealer}, asked=pos + 1,
                           challenges=state.challenges + 1, swap_offer=offer)
    return after_answer(state, events), events


def _pass(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    seat, pos = _challenge_seat(state, action)
    if pos != state.asked:
        raise Rejected("not_asked", seat=challenge_order(state)[state.asked])
    events = [Event("all", "pass", {"seat": seat})]
    state = state._replace(asked=pos + 1, swap_offer=None)
    return after_answer(state, events), events


def _swap(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    if state.swap_offer is None:
        raise Rejected("no_swap")
    winner, loser = state.swap_offer
    pending = list(state.pending)
    if pending[winner] is None or pending[loser] is None:
        raise Rejected("no_swap")
    pending[winner], pending[loser] = pending[loser], pending[winner]
    events = [Event("all", "swap", {"seat": winner, "other": loser, "card": pending[winner],
                                    "other_card": pending[loser]})]
    return _chosen(state._replace(pending=tuple(pending), swap_offer=None), events)


def _keep(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    """The challenge winner keeps his own tatami."""
    if state.swap_offer is None:
        raise Rejected("no_swap")
    events = [Event("all", "swap_kept", {"seat": state.swap_offer[0]})]
    return _chosen(state._replace(swap_offer=None), events)


def _chosen(state: DojoState, events: list[Event]) -> tuple[DojoState, list[Event]]:
    """The duel's winner has chosen: if the challenges are over, the training is said now."""
    if state.phase == TRAINING:
        events.append(Event("all", "training", {}))
    return state, events


def _position(action: Mapping[str, Any], first: bool) -> Cell:
    row, col = action.get("row"), action.get("col")
    if first and row is None and col is None:
        return (0, 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, col)):
        raise Rejected("bad_position")
    return (row, col)  # type: ignore[return-value]


def _place(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    seat = _seat(state, action)
    if state.phase in (TROPHY, RECRUIT):
        raise Rejected("recruit_first")
    card = state.pending[seat]
    if card is None:
        raise Rejected("no_tatami", seat=seat)
    if state.swap_offer and seat == state.swap_offer[1]:  # the winner may still take this tatami
        raise Rejected("swap_pending", seat=state.swap_offer[0])
    cells = [(r, c) for r, c, _ in state.dojos[seat]]
    cell = _position(action, not cells)
    check_cell(cells, cell, state.opts["orientation"])
    events: list[Event] = []
    state = end_challenges(state, events)
    if state.swap_offer and seat in state.swap_offer:  # a duellist placing ends the swap privilege:
        state = state._replace(swap_offer=None)  # the winner placing his own keeps it, said so
        events.append(Event("all", "swap_kept", {"seat": seat}))
        events.append(Event("all", "training", {}))  # held back while the swap was open
    before = {(r, c): placed for r, c, placed in state.dojos[seat]}
    dojos = list(state.dojos)
    dojos[seat] = (*dojos[seat], (cell[0], cell[1], card))
    pending = list(state.pending)
    pending[seat] = None
    state = state._replace(dojos=tuple(dojos), pending=tuple(pending), shown=state.shown - {seat})
    events.append(_placed(seat, card, cell, before, state.opts["orientation"]))
    if all(p is None for p in state.pending):
        state = end_round(state._replace(swap_offer=None), events)
    return state, events


def _placed(seat: int, card: str, cell: Cell, before: Mapping[Cell, str], orientation: str) -> Event:
    """A placement as a listener can follow it: until the dojo spans its 3 x 4 frame, its top left
    corner may still move, so the new tatami is said beside one already there ("à droite du
    renard"), one no other tatami of the dojo shares a name with; once the frame is whole (or
    when every neighbour has a twin), by its row and column as the dojo now stands."""
    after = {**before, cell: card}
    top, left = origin(after)
    params: dict[str, Any] = {"seat": seat, "card": card, "row": cell[0], "col": cell[1],
                              "at_row": cell[0] - top + 1, "at_col": cell[1] - left + 1}
    if not before:  # the first tatami: the dojo starts there
        return Event("all", "placed_first", params)
    beside = [(side, other) for side, other in neighbours(before, cell) if named_once(before, other)]
    if frame_fixed(after, orientation) or not beside:
        return Event("all", "placed", params)
    return Event("all", "placed_beside", {**params, "side": beside[0][0], "beside": beside[0][1]})


HANDLERS = {"trophy": _trophy, "give": _give, "challenge": _challenge, "pass": _pass, "swap": _swap,
            "keep": _keep, "place": _place}
