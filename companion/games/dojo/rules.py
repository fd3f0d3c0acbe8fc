"""Dojo (Antoine Bauza, Hazgaard 2011): 3 to 5 players build a dojo of 3 x 4 tatami cards.

Rules from `rules/dojo.fr.txt`; the choices the text leaves open are the named options
below, with the defaults of `rules/digest.md` §1 (D1-D10).

A game is 12 rounds; the dealer rotates clockwise from `first_dealer`. Each round:
1. when no trophy is in play (D2) and the pile is not empty (D10), the dealer flips one;
2. recruitment: the dealer hands one tatami to each seat, himself included, in any
   order (D9); the companion learns a tatami when the dealer shows it to the camera;
3. challenge: from the dealer's left, each opponent may challenge the dealer; one
   challenge a round (D1). Belts are compared, a tie goes to the challenger; the winner
   takes the trophies in play and may swap tatamis with the loser (D7);
4. training: everyone adds the tatami to their dojo: the first anywhere (it is 0,0),
   the next ones beside a placed one, the whole within 3 rows x 4 columns as the owner
   sees it (D4).
Scoring: each row by its most frequent disciple, raccoons joining it (D5): 1/3/6/10;
each column of three equal belts scores the belt (raccoons keep their belt, D6); the
trophies' points come from the deck file. Ties: the tie-break option (D8).

Record actions (DESIGN §5): `{"type": "trophy", "card": ID}` (the flipped trophy);
`{"type": "give", "seat": S, "card": ID}` (the dealer hands a tatami to S);
`{"type": "challenge", "seat": S}`; `{"type": "pass", "seat": S}` (S lets the dealer be:
optional in records, since a placement closes the challenges, so a round with no
challenge may have no pass at all); `{"type": "swap"}` (the challenge winner swaps) or
`{"type": "keep"}` (he keeps his tatami; his placing it says the same): the loser places
only once the winner has decided (rules version 2);
`{"type": "place", "seat": S, "row": R, "col": C}` (relative to the seat's first tatami
at 0,0; rows grow downwards, columns to the right; either may be negative).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine import Event, Game, Rejected
from companion.engine.protocol import handler_for
from companion.games.dojo.actions import DojoAction
from companion.games.dojo.moves import HANDLERS
from companion.games.dojo.rounds import (
    asked_seat,
    challenge_open,
    challenge_order,
    may_receive,
    round_events,
    round_phase,
)
from companion.games.dojo.scoring import breakdown, legal_cells
from companion.games.dojo.state import (
    CHALLENGE,
    OPTIONS,
    RECRUIT,
    SEAT_KEYS,
    TROPHY,
    DojoState,
    tatamis,
    trophies,
)

# ---------------------------------------------------------------------- the engine
# The closed set of this game's own rejection codes (the engine's common ones come on top);
# the conformance test checks that the code raises no other and that each has its phrases.
REJECTIONS = frozenset({
    "already_asked", "bad_position", "cell_taken", "challenge_over", "deal_in_order",
    "dealer_no_challenge", "first_at_origin", "has_tatami", "no_swap", "no_tatami", "no_trophy_now",
    "not_a_tatami", "not_a_trophy", "not_adjacent", "not_asked", "nothing_at_stake", "one_challenge",
    "outside_grid", "place_ambiguous", "place_no_card", "place_unclear", "recruit_first",
    "recruit_over", "score_bad_trophy", "score_labels", "score_not_grid", "score_other_labels",
    "tatami_used", "trophy_first", "trophy_in_play", "trophy_seen", "swap_pending",
    "dealer_gives", "recruit_done", "recruit_done_kept",  # "donne" with no tatami shown (table.py)
})


class Dojo(Game):
    """The Dojo engine (3 to 5 players)."""

    name = "dojo"
    seat_counts = (3, 4, 5)
    default_seats = 4
    options = OPTIONS
    rejections = REJECTIONS
    dealer_option = "first_dealer"
    # 2: the challenge's loser waits for the winner's swap decision before placing ("keep")
    rules_version = 2

    def seat_keys(self, seats: int) -> list[str]:
        return list(SEAT_KEYS.get(seats, SEAT_KEYS[5]))

    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> DojoState:
        opts = self.resolve_options(seats, options)
        first = opts["first_dealer"]
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
            raise Rejected("bad_option_value", name="first_dealer", value=str(first))
        state = DojoState(
            seats=seats, opts=MappingProxyType(opts), round=1, dealer=first, phase=RECRUIT,
            flipped=frozenset(), in_play=(), won=((),) * seats, pending=(None,) * seats, shown=frozenset(),
            asked=0, challenges=0, swap_offer=None, dojos=((),) * seats, used=frozenset())
        return round_phase(state)

    def start_events(self, state: DojoState) -> list[Event]:
        return round_events(state)

    def apply(self, state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
        handler = handler_for(HANDLERS, action, state.over)
        return handler(state, action)

    def legal(self, state: DojoState, seat: int) -> list[DojoAction]:
        if state.over:
            return []
        if state.phase == TROPHY:
            return [{"type": "trophy", "card": t} for t in trophies() if t not in state.flipped] \
                if seat == state.dealer else []
        if state.phase == RECRUIT:
            if seat != state.dealer:
                return []
            free = [t for t in tatamis() if t not in state.used]
            return [{"type": "give", "seat": s, "card": t} for s in may_receive(state) for t in free]
        out: list[DojoAction] = []
        if state.phase == CHALLENGE:
            order = challenge_order(state)
            # the orderly flow: the seat being asked answers (apply also takes a challenge
            # from further round under "skip", and a placement that closes the asking)
            if challenge_open(state) and order[state.asked] == seat:
                out += [{"type": "challenge", "seat": seat}, {"type": "pass", "seat": seat}]
            if state.swap_offer and state.swap_offer[0] == seat:
                out += [{"type": "swap"}, {"type": "keep"}]
            return out
        if state.swap_offer and state.swap_offer[0] == seat:
            out += [{"type": "swap"}, {"type": "keep"}]
        if state.swap_offer and state.swap_offer[1] == seat:
            return out  # the loser waits for the winner's decision
        if state.pending[seat] is not None:
            cells = [(r, c) for r, c, _ in state.dojos[seat]]
            out.extend({"type": "place", "seat": seat, "row": r, "col": c}
                       for r, c in legal_cells(cells, state.opts["orientation"]))
        return out

    def public_view(self, state: DojoState) -> dict[str, Any]:
        return {
            "game": self.name,
            "seats": state.seats,
            "round": state.round,
            "dealer": state.dealer,
            "phase": state.phase,
            "trophies_in_play": list(state.in_play),
            "trophies_left": len(trophies()) - len(state.flipped),
            "trophies_won": {str(s): list(w) for s, w in enumerate(state.won)},
            "holding": [p is not None for p in state.pending],
            "shown": {str(s): state.pending[s] for s in sorted(state.shown)},
            "asked": asked_seat(state),
            "challenges": state.challenges,
            "swap_offer": list(state.swap_offer) if state.swap_offer else None,
            "dojos": {str(s): [[r, c, card] for r, c, card in d] for s, d in enumerate(state.dojos)},
            "scores": {str(s): v for s, v in self.scores(state).items()},
            "over": state.over,
            "winners": list(state.winners),
        }

    def private_view(self, state: DojoState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat"] = seat
        if 0 <= seat < state.seats:
            view["tatami"] = state.pending[seat]
            if seat == state.dealer:  # he saw every tatami he handed out
                view["given"] = {str(s): c for s, c in enumerate(state.pending) if c is not None}
        return view

    def scores(self, state: DojoState) -> dict[int, int]:
        return {s: breakdown(state, s).total for s in range(state.seats)}

    def is_over(self, state: DojoState) -> bool:
        return state.over

    def winners(self, state: DojoState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: DojoState, rng: random.Random) -> list[DojoAction]:
        """Flip a trophy when one is needed; draw the top tatami of the (seeded) shuffled deck,
        handed to a seat still without one (the simulated dealer picks at random)."""
        if state.over:
            return []
        if state.phase == TROPHY:
            return [{"type": "trophy", "card": rng.choice([t for t in trophies() if t not in state.flipped])}]
        if state.phase == RECRUIT:
            card = rng.choice([t for t in tatamis() if t not in state.used])
            return [{"type": "give", "seat": rng.choice(may_receive(state)), "card": card}]
        return []

    def seats_of(self, state: DojoState) -> Sequence[int]:
        return range(state.seats)

    def hidden_variants(self, state: DojoState, seat: int) -> list[DojoState]:
        """Another seat's face-down tatami (not shown in a challenge) swapped for one nobody has
        had; the dealer saw every tatami he handed out, so nothing is hidden from him."""
        if seat == state.dealer:
            return []
        free = [t for t in tatamis() if t not in state.used]
        out = []
        for other, held in enumerate(state.pending):
            if other == seat or held is None or other in state.shown or not free:
                continue
            pending = list(state.pending)
            pending[other] = free[0]
            out.append(state._replace(pending=tuple(pending), used=state.used - {held} | {free[0]}))
        return out


GAME = Dojo()
