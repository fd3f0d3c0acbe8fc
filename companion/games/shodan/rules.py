"""Shodan (rule text "RevB", author unknown): the aikido grade exam card game, 2 to 4 players.

Rules from `rules/shodan.fr.txt`; the choices the text leaves open are the named options
below, with the defaults of `rules/digest.md` §5 (SH1-SH19). Cards: `decks/shodan.toml`.

Five face-down draw piles (BLUE positions, RED attacks, GREEN techniques, YELLOW notions,
LIGHTGREEN interactive cards and omote/ura), each with a face-up pile beside it. One
objective card (the jury's list) is revealed. Players draw 5 cards one at a time in turn
(SH1), then play turns: one main action (place, discard, declare uke, play an interactive
card, activate a notion), then draw back up to their hand size. A technique is built in
order position -> attack -> technique card (SH3); notions go anywhere, omote/ura after the
technique card; its owner may close it once the three are there (SH5). When a draw pile
runs out, every player plays one more turn (SH15), then the jury checks the grade minima
and prestige is counted.

Record actions (`seat` is the acting player; techniques are numbered 1, 2, ... in the
order they were started, table-wide):
- `{"type": "setup", "objective": "OBJ-03", "face_up": [5 ids, one per pile colour]}`
- `{"type": "draw", "seat": S, "pile": "RED"}` a face-down card (unknown to the companion),
  optionally `"card": ID` when the drawer shows it; `"face_up": true` takes the face-up top.
- `{"type": "see", "seat": S, "card": ID}` S shows an unknown card of his hand (privately):
  the companion learns it. Hands are tracked as known cards + unknown cards per colour
  (the pile they came from), so play works with hands the companion never saw.
- `{"type": "place", "seat": S, "card": ID, "technique": N}` (no `technique`: start one)
- `{"type": "discard", "seat": S, "card": ID}` (SH14: the take is the refill draw after it)
- `{"type": "uke", "seat": S, "technique": N, "card": ID}` declare uke and place a card on N
- `{"type": "interactive", "seat": S, "card": ID, ...}`: pied dans le hakama `technique`,
  `target` (a card on it); kaeshi waza `technique`; stage (nothing); senpai `partner`,
  `ask` (a card id), `given` (bool), `technique`.
- `{"type": "activate", "seat": S, "notion": ID, ...}`: ma-ai `target` (an activated
  notion); atémi `victim`, `card` (the card taken); shisei/irimi/te sabaki/ki no nagare
  optionally `card` (the one chosen in the pile); kamae nothing.
- `{"type": "close", "seat": S, "technique": N}`, `{"type": "done", "seat": S}` (stop
  after a Stage or an activation), `{"type": "pass", "seat": S}` (only when nothing else
  is possible).
Options: `grade` (1-3), `first` (the first player: the last to have practised a martial
art), `seed`, and one named option per rule reading SH1-SH19 (see OPTIONS; the ones with
a single choice name the reading made, the others switch it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine import Event, Game, Rejected
from companion.engine.protocol import handler_for
from companion.games.shodan.actions import ShodanAction
from companion.games.shodan.legal import HANDLERS, legal_choices
from companion.games.shodan.moves import setup_example
from companion.games.shodan.scoring import completable, jury_requires, prestige
from companion.games.shodan.state import (
    HAND_SIZE,
    OPTIONS,
    PILES,
    ShodanState,
    cards,
    hand_count,
    jury,
    pile_sizes,
    tech_view,
    unseen,
)

# The closed set of this game's own rejection codes (the engine's common ones come on top);
# the conformance test checks that the code raises no other and that each has its phrases.
REJECTIONS = frozenset({
    "nothing_to_take",  # raised by the table rules: Atémi on an empty hand
    "uke_place_only",
    "phase_setup", "phase_draft", "phase_main", "phase_bonus", "phase_power", "phase_refill", "phase_over",
    "command_senpai_card",  # Senpai asking for neither a card's name nor its colour and number
    "already_activated", "already_set_up", "attack_first", "can_act", "cannot_hold", "command_card",
    "command_empty", "command_no_notion", "command_number", "command_pile", "command_power",
    "command_seat", "command_slot", "command_unknown", "command_yes_no", "draft_face_down",
    "engaged_as_uke", "engaged_with_uke", "had_notion", "has_notion", "has_uke", "incomplete",
    "no_discard_now", "no_more_places", "not_against_self", "not_in_hand", "not_in_pile",
    "not_on_technique", "not_placeable", "not_your_notion", "not_your_technique", "nothing_to_restore",
    "notion_on_closed", "one_action_a_turn", "one_card_a_turn", "one_open_technique", "own_technique",
    "partner_engaged", "partner_has_it", "pile_empty", "position_first", "say_given", "setup_face_up",
    "setup_first", "slot_taken", "technique_card_first", "technique_closed", "technique_closed_n",
    "technique_empty", "unknown_objective", "unknown_pile", "unknown_technique", "wrong_kind",
    "zanshin_passive", "zanshin_protects"
})


class Shodan(Game):
    """The Shodan engine (2 to 4 players)."""

    name = "shodan"
    seat_counts = (2, 3, 4)
    default_seats = 3  # the text says 2 to 4; three is the middle, and a jury for a table of friends
    options = OPTIONS
    rejections = REJECTIONS
    rules_version = 2  # 2: Kaeshi waza and uke read as the text's words (issue 27)
    seed_option = "seed"
    dealer_option = "first"  # the set-up's "donneur Est": who starts

    def seat_keys(self, seats: int) -> list[str]:
        return ["north", "south"] if seats == 2 else super().seat_keys(seats)

    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> ShodanState:
        opts = self.resolve_options(seats, options)
        first = opts["first"]
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
            raise Rejected("bad_option_value", name="first", value=str(opts["first"]))
        if not isinstance(opts["seed"], int):
            raise Rejected("bad_option_value", name="seed", value=str(opts["seed"]))
        return ShodanState(
            players=seats, opts=MappingProxyType(opts), phase="setup", turn=opts["first"], objective=None,
            draw=pile_sizes(), face_up=((),) * len(PILES), known=((),) * seats,
            unknown=((0,) * len(PILES),) * seats, hand_size=(HAND_SIZE,) * seats, techniques=(),
            uke_of=(None,) * seats, tokens=(0,) * seats, firsts=(), first_minima=None,
            draft_left=HAND_SIZE * seats)

    def start_events(self, state: ShodanState) -> list[Event]:
        return [Event("all", "start", {"grade": state.opts["grade"], "seat": state.opts["first"]})]

    def apply(self, state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
        handler = handler_for(HANDLERS, action, state.phase == "over")
        if action["type"] != "setup" and state.phase == "setup":
            raise Rejected("setup_first")
        return handler(state, action)

    def legal(self, state: ShodanState, seat: int) -> list[ShodanAction]:
        return legal_choices(state, seat)

    def public_view(self, state: ShodanState) -> dict[str, Any]:
        return {
            "game": self.name, "players": state.players, "grade": state.opts["grade"], "phase": state.phase,
            "turn": state.turn, "objective": state.objective,
            "jury": [list(e) for e in jury(state.objective)] if state.objective else [],
            "piles": {p: {"draw": n, "face_up": up[-1] if up else None}
                      for p, n, up in zip(PILES, state.draw, state.face_up, strict=True)},
            "hand_sizes": {str(s): hand_count(state, s) for s in range(state.players)},
            "techniques": [tech_view(t, n) for n, t in enumerate(state.techniques, start=1)],
            "uke_tokens": {str(s): v for s, v in enumerate(state.tokens)},
            "firsts": [[k, s] for k, s in state.firsts], "first_minima": state.first_minima,
            "last_round": state.final_turns is not None,
            "requires": {str(s): {str(p): n for p, n in jury_requires(state, s).items()}
                         for s in range(state.players)} if state.objective else {},
            "scores": {str(s): v for s, v in self.scores(state).items()},
            "over": state.phase == "over", "winners": list(state.winners),
        }

    def private_view(self, state: ShodanState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat"] = seat
        if 0 <= seat < state.players:
            view["hand"] = list(state.known[seat])
            view["hand_unknown"] = {p: n for p, n in zip(PILES, state.unknown[seat], strict=True) if n}
            view["could_complete"] = completable(state, seat)
        return view

    def scores(self, state: ShodanState) -> dict[int, int]:
        return {s: prestige(state, s)["total"] for s in range(state.players)}

    def is_over(self, state: ShodanState) -> bool:
        return state.phase == "over"

    def winners(self, state: ShodanState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: ShodanState, rng: random.Random) -> list[ShodanAction]:
        """Setup from a seeded shuffle, then every face-down card drawn is shown (`see`)."""
        if state.phase == "setup":
            return [setup_example(rng)]
        for seat in range(state.players):
            for i, n in enumerate(state.unknown[seat]):
                if n:
                    pool = sorted(unseen(state, PILES[i]))
                    return [{"type": "see", "seat": seat, "card": rng.choice(pool)}]
        return []

    def seats_of(self, state: ShodanState) -> Sequence[int]:
        return range(state.players)

    def hidden_variants(self, state: ShodanState, seat: int) -> list[ShodanState]:
        """Another seat's known hand with a card swapped for an unseen one of the same colour."""
        info = cards()
        out = []
        for other, hand in enumerate(state.known):
            if other == seat or not hand:
                continue
            swap = sorted(unseen(state, info[hand[0]].colour))
            if swap:
                known = list(state.known)
                known[other] = (swap[0], *hand[1:])
                out.append(state._replace(known=tuple(known)))
        return out


GAME = Shodan()
