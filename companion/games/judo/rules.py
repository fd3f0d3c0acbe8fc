"""The judo card game (unidentified; `rules/judo.fr.txt`): two judoka, grips, kuzushi, throws.

Rules from the text with the defaults of `rules/digest.md` §3 (J1-J20, each a named
option below). A turn: draw up to 9 cards, then place any number of cards in the order
grip (kumikata) -> kuzushi -> throw (`grip_after_kuzushi`), then end the turn; a player who
placed nothing discards one card instead. Two grip cards (one per hand) are needed before
a kuzushi (J3). Kuzushi cards go on one shared pile and must dominate the top card's
element (J1, a data table in `judo_rules.toml`); an equal element is settled by
rock-paper-scissors (J19: the loser takes the card back, and may not try that card again
this turn, `tie_retry`). Replacing a grip clears the pile (J5). A throw is one throw card
with the MS cards its recipe asks (rotation in quarter turns, J9; the IPPON card, J10),
with the required grips held and the required kuzushi on top of the pile, placed by the
thrower (J2). The companion rolls the GAKE die:
IPPON wins the combat, WAZA-ARI (1/2) and YUKO (1/4) add up to an ippon (J12), ECHEC
gives nothing; the combo goes to the discard (J13) and the turn ends (J14). A won combat
is one step on the TAI track; the first to `tai_length` wins the match (J16). The loser
of a combat starts the next (J17).

Record actions (DESIGN §5), seats 0 and 1:
- `{"type": "draw", "seat": S, "cards": [ID, ...]}`: S draws these cards (seen by the
  camera, private); or `{"type": "draw", "seat": S, "count": n}`: n unseen cards.
- `{"type": "play", "seat": S, "card": ID}`: a grip or kuzushi card; a grip may name its
  hand, `"hand": "left" | "right"` (default: the first free hand; required to replace).
  With `tie_break = "table"`, a tie carries the players' result: `"rps": "won" | "lost"`.
- `{"type": "throw", "seat": S, "cards": [THROW-ID, MS-ID, ...]}`: the combo.
- `{"type": "end_turn", "seat": S}` after placing a card; `{"type": "discard", "seat": S,
  "card": ID}` when none was placed (ends the turn).
Die rolls and companion rock-paper-scissors are not inputs: they are drawn from the
state's seed and a counter, so a replay reproduces them (and undo cannot re-roll).

Hidden information: hands (what a seat drew is told to that seat only). Grips, the pile,
combos, die results, discards, tokens and the TAI track are public.
Queries for a player: `lacks` (what a throw still lacks), `throwable` (the throws the
hand can complete now, with the cards to play), and `query_events` to speak them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine import Event, Game, Rejected
from companion.engine.protocol import handler_for
from companion.games.judo.actions import DrawAction, JudoAction, PlayAction, ThrowAction
from companion.games.judo.moves import (
    HANDLERS,
    free_slots,
    grip_in_order,
    kuzushi_allowed,
    ms_combos,
    table_lacks,
    throw_cards,
    top_element,
)
from companion.games.judo.state import (
    LEFT,
    OPTIONS,
    RIGHT,
    SEATS,
    JudoState,
    cards,
    die_data,
    distinct,
    may_cover,
    quarters,
    seat_field,
)
from companion.games.judo.turns import draw_action, draw_pile_size, need

# The closed set of this game's own rejection codes (the engine's common ones come on top);
# the conformance test checks that the code raises no other and that each has its phrases.
REJECTIONS = frozenset({
    "bad_hand", "cannot_cover", "cannot_start_pile", "draw_first", "duplicate_card", "grips_first",
    "judo_card_unknown", "judo_die_face", "judo_no_grip_waiting", "judo_no_tie_waiting", "judo_show_first",
    "judo_show_throw", "must_discard", "no_discard_after_play", "no_draw",
    "not_in_draw_pile", "not_in_hand", "not_ms_card", "one_throw_card", "order_grip", "play_as_throw",
    "rps_needed", "throw_grips", "throw_ippon_card", "throw_kuzushi", "throw_kuzushi_theirs",
    "throw_rotation", "tie_lost_no_more", "tie_lost_this_turn", "too_many_cards", "which_hand", "wrong_hand"
})


class Judo(Game):
    """The judo card game engine (2 players)."""

    name = "judo"
    seat_counts = (2,)
    default_seats = 2
    # 2: a card that lost its rock-paper-scissors is not tried again that turn; grips by the judogi's side
    # 3: equal elements are settled by the players' own rock-paper-scissors by default ("rps")
    rules_version = 4  # 4: the GAKE die is the table's, a grip's hand follows its target (issue 27)
    options = OPTIONS
    rejections = REJECTIONS
    seed_option = "seed"
    target_option = "tai_length"  # --target: the combats a judoka wins to win the match
    dealer_option = "first"  # the set-up's "donneur Est": who starts
    # random play almost never throws (about once in 1,800 actions): random tables (conformance
    # tests, `companion simulate`) end their combats on a clock; people, and the synthetic
    # table's judo bots (which throw), play the text's ippon-only default
    simulation_options = MappingProxyType({"time_limit": 20})

    def seat_keys(self, seats: int) -> list[str]:
        return ["north", "south"]

    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> JudoState:
        opts = self.resolve_options(seats, options)
        _check_options(opts)
        first = opts["first"]
        state = JudoState(
            opts=MappingProxyType(opts), rolls=0, turn=first, stage=0, placed=0, to_draw=0,
            hands=((), ()), unknown=(0, 0), pool=frozenset(cards()), grips=((None, None), (None, None)),
            pile=(), discard=(), tokens=((), ()), tai=(0, 0), combat=1, turns=0)
        return state._replace(to_draw=need(state, first))

    def start_events(self, state: JudoState) -> list[Event]:
        return [Event("all", "combat_start", {"combat": 1, "seat": state.turn}),
                Event("all", "turn", {"seat": state.turn, "draw": state.to_draw})]

    def apply(self, state: JudoState, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
        handler = handler_for(HANDLERS, action, state.over)
        seat = seat_field(action)
        if seat != state.turn:
            raise Rejected("not_turn", seat=state.turn)
        if action["type"] != "draw" and state.to_draw:
            raise Rejected("draw_first", seat=seat, n=state.to_draw)
        return handler(state, seat, action)

    def legal(self, state: JudoState, seat: int) -> list[JudoAction]:
        if state.over or seat != state.turn:
            return []
        if state.to_draw:
            rng = random.Random(f"{state.opts['seed']}-draw-{state.combat}-{state.turns}-{len(state.pool)}")
            return [draw_action(state, rng)]
        out: list[JudoAction] = []
        info = cards()
        for card in distinct(state.hands[seat]):
            c = info[card]
            if c.kind == "grip" and grip_in_order(state):
                out.extend({"type": "play", "seat": seat, "card": card, "hand": h}
                           for h in free_slots(state, card))
            elif c.kind == "kuzushi" and kuzushi_allowed(state, seat, card) is None:
                action: PlayAction = {"type": "play", "seat": seat, "card": card}
                if state.opts["tie_break"] == "table" and may_cover(state.opts, top_element(state),
                                                                    c.element) == "tie":
                    out.extend({**action, "rps": r} for r in ("won", "lost"))
                else:
                    out.append(action)
        # the table's own die: each face the table may roll is a throw of its own (as a tie's result)
        table_die = state.opts["die"] == "table"
        faces = sorted(set(state.opts["die_faces"] or die_data()[0])) if table_die else [None]
        for throw in throw_cards(state, seat):
            if table_lacks(state, seat, throw) == []:
                for ms in ms_combos(state, seat, throw):
                    for face in faces:
                        combo: ThrowAction = {"type": "throw", "seat": seat, "cards": [throw, *ms]}
                        if face is not None:
                            combo["die"] = face
                        out.append(combo)
        if state.placed and state.opts["discard_when_idle"]:
            out.append({"type": "end_turn", "seat": seat})
        else:
            out.extend({"type": "discard", "seat": seat, "card": c} for c in distinct(state.hands[seat]))
        return out

    def public_view(self, state: JudoState) -> dict[str, Any]:
        return {
            "game": self.name,
            "combat": state.combat,
            "turn": state.turn,
            "to_draw": state.to_draw,
            "draw_pile": draw_pile_size(state),
            "hand_sizes": [len(state.hands[s]) + state.unknown[s] for s in range(SEATS)],
            "grips": [{LEFT: g[0], RIGHT: g[1]} for g in state.grips],
            "pile": [{"card": c, "seat": s} for c, s in state.pile],
            "discard": list(state.discard),
            "tokens": [list(t) for t in state.tokens],
            "quarters": [quarters(state, s) for s in range(SEATS)],
            "tai": list(state.tai),
            "turns": state.turns,
            "time_limit": state.opts["time_limit"],
            "golden": state.golden,
            "active": list(state.active),
            "over": state.over,
            "winners": self.winners(state),
        }

    def private_view(self, state: JudoState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat"] = seat
        if seat in range(SEATS):
            view["hand"] = list(state.hands[seat])
            view["unseen_in_hand"] = state.unknown[seat]
        return view

    def scores(self, state: JudoState) -> dict[int, int]:
        return dict(enumerate(state.tai))

    def is_over(self, state: JudoState) -> bool:
        return state.over

    def winners(self, state: JudoState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def table_actions(self, state: JudoState, rng: random.Random) -> list[DrawAction]:
        """The seat on turn draws its cards from the shuffled draw pile."""
        if state.over or not state.to_draw:
            return []
        return [draw_action(state, rng)]

    def seats_of(self, state: JudoState) -> Sequence[int]:
        return range(SEATS)

    def hidden_variants(self, state: JudoState, seat: int) -> list[JudoState]:
        """The other seat's known hand with a card swapped for one nobody has seen."""
        other = 1 - seat
        hand = state.hands[other] if seat in range(SEATS) else ()
        unseen = sorted(state.pool)
        if not hand or not unseen:
            return []
        hands = list(state.hands)
        hands[other] = (unseen[0], *hand[1:])
        return [state._replace(hands=(hands[0], hands[1]), pool=state.pool - {unseen[0]} | {hand[0]})]


# ---------------------------------------------------------------------- checks
def _check_options(opts: dict[str, Any]) -> None:
    def positive(name: str, low: int) -> None:
        value = opts[name]
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise Rejected("bad_option_value", name=name, value=str(value))

    positive("seed", -(2**63))
    positive("hand_size", 1)
    positive("tai_length", 1)
    positive("time_limit", 0)
    faces = opts["die_faces"]
    if faces is not None and (not isinstance(faces, list | tuple) or not faces
                              or any(f not in die_data()[1] for f in faces)):
        raise Rejected("bad_option_value", name="die_faces", value=str(faces))


GAME = Judo()
