"""Samurai team board game (unidentified; `rules/samurai.fr.txt`): two teams fight for three
control points on a board of squares; first team to 10 victory points wins.

The companion keeps the books a blind player cannot see: where every unit token stands,
health counters, command points (CP), resource markers, event cards and victory points.
Rule choices the text leaves open are the named options below with the defaults of
`rules/digest.md` §4 (S1-S17). Numbers (units, costs, events) are ASSUMED data:
`card_codes/decks/samurai.toml`; the board: `companion/games/samurai/board.toml`.

Teams Y (yellow, deploys north) and R (red, south), 1-3 players each, playing one after
the other in a fixed order (option `teams`: the seats of each team, in play order). Each
player places one unit of each type on his team's deployment squares (setup), then team
turns alternate. A player's turn: play event cards (phase 1, before any other action;
mandatory events must be played then), then spend CP on moves, attacks, recruits and
resource markers; `end_turn` passes to the next player of the team. After the team's last
player: a strict majority of the control points scores 1 victory point (all three: 3);
otherwise the team draws an event card. Health is pooled per player and unit type: a
counter of tiers, one tier (the type's hp) per unit; reaching a tier removes a unit (the
one attacked first, then the owner's choice). A player with no unit and no way to recruit
is out; a team with every player out loses.

Record actions (DESIGN §5 style; squares are "C4": column letter, row number; units are
token ids such as "KATANA-Y-2"):

- `{"type": "place", "seat": S, "unit": ID, "at": SQ}` setup: one unit of each type on an
  empty deployment square of the seat's team.
- `{"type": "move", "seat": S, "unit": ID, "to": SQ}`, optional `"path": [SQ, ...]` (the
  squares entered, destination last; default: the cheapest path, avoiding enemy markers).
- `{"type": "attack", "seat": S, "unit": ID, "target": ID}` melee (adjacent) or archer
  shot (range counted as a path).
- `{"type": "remove", "seat": S, "unit": ID}` the owner picks a further unit to remove
  when one attack reached several tiers.
- `{"type": "recruit", "seat": S, "unit": ID, "at": SQ}` a free token of the seat's team.
- `{"type": "mark", "seat": S, "at": SQ}` a resource marker under one of the seat's units.
- `{"type": "event", "seat": S, "card": ID}`, optional `"at": SQ` (Sabotage's square).
- `{"type": "end_turn", "seat": S}`.
- `{"type": "draw", "seat": S, "card": ID}` the event card drawn by a team that scored
  nothing, given to team member S (S3: the team chooses).

Options: `teams`, `first_team` (the youngest team starts: "Y" or "R"), `target` (10),
`seed`, and the rule options S1-S17.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.engine import Event, Game, Rejected
from companion.engine.protocol import handler_for
from companion.games.samurai.actions import DrawAction, SamuraiAction
from companion.games.samurai.board import TEAMS, TYPES, data
from companion.games.samurai.legal import HANDLERS, MAY_ELIMINATE, legal_choices
from companion.games.samurai.state import (
    DEFAULT_TEAMS,
    DRAW,
    OPTIONS,
    OVER,
    SETUP,
    TEAM_SEAT_KEYS,
    SamuraiState,
    team_of,
)
from companion.games.samurai.turns import check_out, recipients

# ---------------------------------------------------------------------- the game
# The closed set of this game's own rejection codes (the engine's common ones come on top);
# the conformance test checks that the code raises no other and that each has its phrases.
REJECTIONS = frozenset({
    "already_marked", "already_placed", "bad_path", "bad_square", "card_in_discard", "card_in_hand",
    "cmd_ambiguous_unit", "cmd_empty", "cmd_need_card", "cmd_need_square", "cmd_need_target",
    "cmd_need_unit", "cmd_no_free_token", "cmd_no_such_unit", "cmd_no_unit_on", "cmd_no_verb",
    "cmd_unknown_word", "cmd_unknown_word_hint", "draw_first", "enemy_in_path", "events_at_turn_start",
    "friendly_target", "mandatory_event", "missing_corners", "missing_resources", "no_draw_due",
    "no_enemy_marker", "no_path", "no_unit_there", "not_deploy_square", "not_enough_cp", "not_in_hand",
    "not_recipient", "not_resource", "not_your_unit", "nothing_to_remove", "out_of_range",
    "out_of_reach", "remove_first", "setup_first", "setup_over", "square_occupied", "unit_attacked",
    "unit_not_on_board", "unit_on_board", "unknown_query", "unknown_unit", "wrong_kind",
    "wrong_team_token"
})


class Samurai(Game):
    """The samurai team board game engine (2 to 6 players, two teams)."""

    name = "samurai"
    seat_counts = (2, 3, 4, 5, 6)
    default_seats = 4  # two teams of two: the text's 3-4 player row (30 command points a team)
    # 2: a unit that has attacked takes no marker; an eliminated player's points go to his team
    rules_version = 2
    options = OPTIONS
    rejections = REJECTIONS
    seed_option = "seed"
    target_option = "target"

    def default_option(self, name: str, seats: int) -> Any:
        if name == "teams":
            return [list(t) for t in DEFAULT_TEAMS[seats]]
        if name == "target":
            return data().target
        return super().default_option(name, seats)

    def seat_keys(self, seats: int) -> list[str]:
        keys = [""] * seats
        for team, members in zip(TEAMS, DEFAULT_TEAMS[seats], strict=True):
            for i, seat in enumerate(members):
                keys[seat] = TEAM_SEAT_KEYS[team][i]
        return keys

    # ------------------------------------------------------------------ setup
    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> SamuraiState:
        opts = self.resolve_options(seats, options)
        teams = _check_options(seats, opts)
        deck = tuple(data().events)
        n = seats
        return SamuraiState(
            players=n, opts=MappingProxyType(opts), teams=teams, phase=SETUP,
            team=TEAMS.index(opts["first_team"]), seat=None, team_turns=0, acted=False, cp=(0,) * n,
            units=MappingProxyType({}), hp=((0,) * len(TYPES),) * n, markers=MappingProxyType({}),
            hands=((),) * n, deck=deck, discard=(), effects=(), draws=0, removal=None, out=frozenset(),
            vp=(0, 0))

    def start_events(self, state: SamuraiState) -> list[Event]:
        return [Event("all", "setup", {"team_y": list(state.teams[0]), "team_r": list(state.teams[1]),
                                       "target": state.opts["target"]})]

    def apply(self, state: SamuraiState, action: Mapping[str, Any]) -> tuple[SamuraiState, list[Event]]:
        handler = handler_for(HANDLERS, action, state.phase == OVER)
        seat = action.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise Rejected("bad_seat", value=str(seat))
        events: list[Event] = []
        state = handler(state, seat, action, events)
        if action["type"] in MAY_ELIMINATE:
            state = check_out(state, events)
        return state, events

    # ------------------------------------------------------------------ queries
    def legal(self, state: SamuraiState, seat: int) -> list[SamuraiAction]:
        return legal_choices(state, seat)

    def public_view(self, state: SamuraiState) -> dict[str, Any]:
        return {
            "game": self.name, "players": state.players, "phase": state.phase,
            "teams": {t: list(m) for t, m in zip(TEAMS, state.teams, strict=True)},
            "team": TEAMS[state.team], "seat": state.seat, "team_turns": state.team_turns,
            "cp": {str(s): v for s, v in enumerate(state.cp)},
            "units": {u.id: {"type": u.type, "owner": u.owner, "square": u.square, "moved": u.moved,
                             "attacked": u.attacked} for u in state.units.values()},
            "hp": {str(s): dict(zip(TYPES, hp, strict=True)) for s, hp in enumerate(state.hp)},
            "markers": {sq: sorted(seats) for sq, seats in sorted(state.markers.items())},
            "hand_sizes": {str(s): len(h) for s, h in enumerate(state.hands)},
            "deck": len(state.deck), "discard": list(state.discard), "effects": list(state.effects),
            "draws": state.draws, "removal": list(state.removal) if state.removal else None,
            "out": sorted(state.out), "vp": dict(zip(TEAMS, state.vp, strict=True)),
            "over": state.phase == OVER, "winners": list(state.winners),
        }

    def private_view(self, state: SamuraiState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat_viewing"] = seat
        if 0 <= seat < state.players:
            view["hand"] = list(state.hands[seat])
        return view

    def scores(self, state: SamuraiState) -> dict[int, int]:
        return {s: state.vp[team_of(state, s)] for s in range(state.players)}

    def is_over(self, state: SamuraiState) -> bool:
        return state.phase == OVER

    def winners(self, state: SamuraiState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: SamuraiState, rng: random.Random) -> list[DrawAction]:
        """A pending draw: a random card from the face-down deck (the discard once it is
        empty), given to a random member of the team (the simulated team's choice)."""
        if state.phase != DRAW:
            return []
        pile = state.deck or state.discard
        members = recipients(state)
        return [{"type": "draw", "seat": rng.choice(members), "card": rng.choice(sorted(pile))}]

    def seats_of(self, state: SamuraiState) -> Sequence[int]:
        return range(state.players)

    def hidden_variants(self, state: SamuraiState, seat: int) -> list[SamuraiState]:
        """Another seat's event cards with one swapped for a card of the face-down deck."""
        out = []
        for other, hand in enumerate(state.hands):
            if other == seat or not hand or not state.deck:
                continue
            hands = list(state.hands)
            hands[other] = (state.deck[0], *hand[1:])
            out.append(state._replace(hands=tuple(hands), deck=(hand[0], *state.deck[1:])))
        return out


def _check_options(seats: int, opts: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    teams = opts["teams"]
    ok = (isinstance(teams, list | tuple) and len(teams) == 2
          and all(isinstance(t, list | tuple) and 1 <= len(t) <= 3 for t in teams))
    flat = [s for t in teams for s in t] if ok else []
    if not ok or sorted(flat) != list(range(seats)) or any(isinstance(s, bool) for s in flat):
        raise Rejected("bad_option_value", name="teams", value=str(teams))
    target = opts["target"]
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise Rejected("bad_option_value", name="target", value=str(target))
    given = opts["costs"]
    if given is not None and not (isinstance(given, Mapping) and set(given) <= {"move", "attack", "mark"}
                                  and all(isinstance(v, int) and v >= 0 for v in given.values())):
        raise Rejected("bad_option_value", name="costs", value=str(given))
    if not isinstance(opts["seed"], int):
        raise Rejected("bad_option_value", name="seed", value=str(opts["seed"]))
    return tuple(teams[0]), tuple(teams[1])


GAME = Samurai()
