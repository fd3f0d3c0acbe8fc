"""Tatsu (Wolfgang Werner, Matagot 2022): a trick-taking game for 2, 3 or 4 players.

Rules from `rules/tatsu.fr.txt`; the choices the text leaves open are the named options
below, with the defaults of `rules/digest.md` §2 (T1-T17).

- 4 players, two teams (yellow, red) sitting opposite. A trick is one card in front of
  each seat, clockwise from the leader; the card in front of a seat has that seat's clan
  colour and may come from any hand (`from`): you play yourself or ask anyone to play for
  you. Highest power wins, ties go to the first played, multipliers have power 0. A
  fusion suspends the trick: its cards wait for the winner of the next trick, and the
  seat in front of the (first) fusion leads. A fusion in the 7th trick loses every
  pending card. A round is 7 tricks; each clan scores the points of everything it
  captured times the sum of its own captured multipliers. The dealer moves left and
  leads. The game ends after a round where a side reached `target`; a tie on top plays on.
- 2 players: each lays 7 face-up cards on 7 face-down cards whose colours are known.
  Players alternate, two cards each per trick, from their own layout or the opponent's;
  a face-down card may be taken only when that layout shows no face-up card of the colour
  (T10). Playing a face-up card turns the card below face up (`reveal` names it).
- 3 players: two yellow humans against one red human and the Ghost (seat 3, a fixed place
  at the table). The red human acts for the Ghost. Scores are per player; after each
  round the humans move one place to the left, the Ghost stays.

Hands are unknown to the companion unless registered (`hand`): a card is "out" until it
is seen played, and a play's `from` is checked against registered hands and hand sizes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from card_codes import load_deck
from companion.engine import Event, Game
from companion.engine.protocol import handler_for
from companion.games.tatsu.actions import HandAction, TatsuAction
from companion.games.tatsu.legal import layout_examples, legal_plays, legal_reveals
from companion.games.tatsu.moves import apply_hand, apply_layout, apply_play, apply_reveal
from companion.games.tatsu.rounds import check_options, round_start_events, start_round
from companion.games.tatsu.state import (
    DEFAULT_YELLOW,
    GHOST,
    OPTIONS,
    RED,
    TRICKS_PER_ROUND,
    YELLOW,
    TatsuState,
    actor,
    cards,
    hand_summary,
    listed,
    red_human,
    turn_seat,
)

HANDLERS = {"play": apply_play, "hand": apply_hand, "layout": apply_layout, "reveal": apply_reveal}


# The closed set of this game's own rejection codes (the engine's common ones come on top);
# the conformance test checks that the code raises no other and that each has its phrases.
REJECTIONS = frozenset({
    "bad_slot", "card_elsewhere", "duplicate_card", "face_up_first", "hand_empty", "hand_size",
    "layout_closed", "layout_colours", "layout_missing", "layout_size", "no_asking_partner", "no_hands",
    "no_layouts", "not_in_hand", "not_in_layout", "nothing_to_reveal", "wrong_colour"
})


class Tatsu(Game):
    """The Tatsu engine (2, 3 and 4 players)."""

    name = "tatsu"
    seat_counts = (2, 3, 4)
    default_seats = 4
    # 2: three players sit clockwise by seat number whatever order `yellow` lists them in
    rules_version = 2
    options = OPTIONS
    rejections = REJECTIONS
    seed_option = "seed"
    target_option = "target"

    def default_option(self, name: str, seats: int) -> Any:
        if name == "yellow":
            return list(DEFAULT_YELLOW[seats])
        return super().default_option(name, seats)

    def seat_keys(self, seats: int) -> list[str]:
        special = {2: ["north", "south"], 3: ["north", "east", "south", "ghost"]}
        return special.get(seats, super().seat_keys(4))

    # ------------------------------------------------------------------ setup
    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> TatsuState:
        opts = self.resolve_options(seats, options)
        check_options(seats, opts)
        seat_count = 4 if seats == 3 else seats
        totals = (0,) * seats
        return start_round(seats, seat_count, MappingProxyType(opts), 1, opts["dealer"], totals)

    def start_events(self, state: TatsuState) -> list[Event]:
        return round_start_events(state)

    # ------------------------------------------------------------------ apply
    def apply(self, state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
        handler = handler_for(HANDLERS, action, state.over)
        return handler(state, action)

    # ------------------------------------------------------------------ queries
    def legal(self, state: TatsuState, seat: int) -> list[TatsuAction]:
        if state.over:
            return []
        if state.players == 2 and state.tableaux[seat] is None:
            return [*layout_examples(state, seat)]
        out: list[TatsuAction] = []
        front = turn_seat(state)
        if front is not None and actor(state) == seat and all(t is not None for t in state.tableaux):
            out.extend(legal_plays(state, front))
        if state.players == 2:
            out.extend(legal_reveals(state, seat))
        return out

    def public_view(self, state: TatsuState) -> dict[str, Any]:
        info = cards()
        view: dict[str, Any] = {
            "game": self.name,
            "players": state.players,
            "round": state.round,
            "dealer": state.dealer,
            "clans": {str(s): c for s, c in enumerate(state.clans)},
            "trick_no": state.trick_no,
            "leader": state.leader,
            "turn": turn_seat(state),
            "actor": actor(state),
            "trick": [{"seat": f, "card": c, "from": t} for f, c, t in state.trick],
            "pending": list(state.pending),
            "pending_tricks": state.pending_tricks,
            "captured": {YELLOW: list(state.captured[0]), RED: list(state.captured[1])},
            "lost": list(state.lost),
            "out": [c for c in info if c not in state.played],
            "scores": {str(s): v for s, v in self.scores(state).items()},
            "over": state.over,
            "winners": list(state.winners),
        }
        if state.players == 2:
            view["tableaux"] = {
                str(s): None if t is None else [{"up": k.up, "clan": k.colour, "down": k.down} for k in t]
                for s, t in enumerate(state.tableaux)
            }
        else:
            view["hands"] = {str(s): hand_summary(state, s) for s in range(state.seat_count)}
        if state.players == 3:
            view["ghost"] = GHOST
            view["red_player"] = red_human(state)
            if state.opts["ghost_hand"] == "open":
                view["ghost_hand"] = listed(state.hands[GHOST])
        return view

    def private_view(self, state: TatsuState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat"] = seat
        if state.players != 2 and 0 <= seat < state.seat_count:
            view["hand"] = listed(state.hands[seat])
        if state.players == 3 and state.opts["ghost_hand"] == "red" and seat == red_human(state):
            view["ghost_hand"] = listed(state.hands[GHOST])
        return view

    def scores(self, state: TatsuState) -> dict[int, int]:
        return dict(enumerate(state.totals))

    def is_over(self, state: TatsuState) -> bool:
        return state.over

    def winners(self, state: TatsuState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: TatsuState, rng: random.Random) -> list[HandAction]:
        """3-4 players, before a round's first card: deal the next unregistered hand."""
        if state.players == 2 or state.played or state.trick or None not in state.hands:
            return []
        seat = state.hands.index(None)
        dealt = {c for h in state.hands if h is not None for c in h}
        free = [c for c in load_deck("tatsu").ids() if c not in dealt]
        rng.shuffle(free)
        return [{"type": "hand", "seat": seat, "cards": free[:TRICKS_PER_ROUND]}]  # 7 cards: one per trick

    def seats_of(self, state: TatsuState) -> Sequence[int]:
        return range(state.seat_count)

    def hidden_variants(self, state: TatsuState, seat: int) -> list[TatsuState]:
        """Another seat's registered hand with a card swapped for an unseen one of the same clan
        (the backs show colours); the Ghost's hand is no secret when it lies open (or to red)."""
        if state.players == 2:
            return []  # layouts are public: face up, and the face-down colours are known
        info = cards()
        registered = {c for hand in state.hands if hand for c in hand}
        free = [c for c in info if c not in state.played and c not in registered]
        out = []
        for other, hand in enumerate(state.hands):
            ghost_seen = other == GHOST and state.players == 3 and (
                state.opts["ghost_hand"] == "open" or seat == red_human(state))
            if other == seat or not hand or ghost_seen:
                continue
            swap = next((c for c in free if info[c].clan == info[hand[0]].clan), None)
            if swap is not None:
                hands = list(state.hands)
                hands[other] = (swap, *hand[1:])
                out.append(state._replace(hands=tuple(hands)))
        return out


GAME = Tatsu()
