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
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Event, Game, Option, Rejected, register

YELLOW, RED = "Y", "R"
CLANS = (YELLOW, RED)
TRICKS_PER_ROUND = 7
CARDS_PER_TRICK = 4
LAYOUT_SIZE = 7
GHOST = 3  # the Ghost's seat number (and table place) in the 3-player game
DEFAULT_YELLOW = {2: [0], 3: [0, 2], 4: [0, 2]}

OPTIONS = (
    Option("dealer", 0, "Seat that deals (and leads) the first round."),
    Option("yellow", None, "The yellow seats (4p: two opposite seats; 3p: the two yellow humans of round "
           "1, in any order: the humans sit clockwise by seat number, the red one opposite the Ghost; 2p: "
           "one seat). Default: North and South (2p: North)."),
    Option("target", 500, "The score that ends the game."),
    Option("seed", 0, "Seed for the examples `legal` draws (2-player layouts)."),
    Option("tie", "play_on", "A tie on top at the target: play another round, or share the win.",
           ("play_on", "shared"), "T9, T13"),
    Option("last_trick_fusion", "lose_all", "A fusion in the 7th trick: every pending card is lost, "
           "or the trick is won as if the fusion were a card of no power.",
           ("lose_all", "last_winner"), "T3"),
    Option("pending_multipliers", "travel",
           "Multipliers in a fused trick go to its final winner, or are lost.",
           ("travel", "lost"), "T4"),
    Option("double_fusion_leader", "first",
           "Both fusions in one trick: the first or the last one's seat leads.",
           ("first", "last"), "T5"),
    Option("fusion_leader", "front", "Who leads after a fusion: the seat it lies in front of, or the seat "
           "whose hand it came from.", ("front", "player"), "T7"),
    Option("multiplier_power", 0, "The power of a multiplier when comparing (below every spirit).",
           (0, -1), "T8"),
    Option("face_down", "per_source", "2p: a face-down card may be taken when that layout has no face-up "
           "card of the colour (per_source), or only when neither layout has one.",
           ("per_source", "neither"), "T10"),
    Option("dealer_2p", "alternate", "2p: the dealer card alternates each round, or stays.",
           ("alternate", "same"), "T11"),
    Option("ghost_hand", "open", "3p: the Ghost's hand is face up for all, or seen by the red player only.",
           ("open", "red"), "T12"),
    Option("ask_partner", True, "You may ask your partner to play for you.", (True, False), "T17"),
)


@dataclass(frozen=True, slots=True)
class CardInfo:
    clan: str
    power: int
    points: int
    multiplier: int
    fusion: bool


@dataclass(frozen=True, slots=True)
class Stack:
    """One place of a 2-player layout: a face-up card (id None: turned up, not yet named)
    and the colour of the face-down card under it."""

    up: str | None
    colour: str | None  # colour of the face-up card; None: nothing face up
    down: str | None  # colour of the face-down card; None: nothing under


class TatsuState(NamedTuple):
    """The whole game; immutable (a NamedTuple: cheap to evolve, so replaying stays fast)."""

    players: int  # 2, 3 or 4 people
    seat_count: int  # seats that may appear in actions (3p: the Ghost is seat 3)
    opts: Mapping[str, Any]  # read-only
    round: int
    dealer: int
    order: tuple[int, ...]  # seats in clockwise table order, this round
    clans: tuple[str, ...]  # clan of each seat, this round
    leader: int
    trick_no: int
    trick: tuple[tuple[int, str, int], ...]  # (front seat, card, hand it came from)
    pending: tuple[str, ...]
    pending_tricks: int
    captured: tuple[tuple[str, ...], tuple[str, ...]]  # by clan: yellow, red
    lost: tuple[str, ...]
    played: frozenset[str]
    hands: tuple[tuple[str, ...] | None, ...]  # registered hands (None: unknown)
    sizes: tuple[int, ...]  # cards left in each hand
    tableaux: tuple[tuple[Stack, ...] | None, ...]  # 2 players only
    totals: tuple[int, ...]  # per player
    over: bool = False
    winners: tuple[int, ...] = ()


@cache
def cards() -> dict[str, CardInfo]:
    """The 28 cards, by id, from the deck file."""
    return {
        c.id: CardInfo(c["clan"], c.get("power", 0), c["points"], c.get("multiplier", 0),
                       c.get("fusion", False))
        for c in load_deck("tatsu")
    }


class Tatsu(Game):
    """The Tatsu engine (2, 3 and 4 players)."""

    name = "tatsu"
    seat_counts = (2, 3, 4)
    default_seats = 4
    options = OPTIONS

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
        _check_options(seats, opts)
        seat_count = 4 if seats == 3 else seats
        totals = (0,) * seats
        return _start_round(seats, seat_count, MappingProxyType(opts), 1, opts["dealer"], totals)

    def start_events(self, state: TatsuState) -> list[Event]:
        return _round_start_events(state)

    # ------------------------------------------------------------------ apply
    def apply(self, state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
        kind = action.get("type") if isinstance(action, Mapping) else None
        handler = {"play": _play, "hand": _hand, "layout": _layout, "reveal": _reveal}.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise Rejected("unknown_action", type=str(kind))
        if state.over:
            raise Rejected("game_over")
        return handler(state, action)

    # ------------------------------------------------------------------ queries
    def legal(self, state: TatsuState, seat: int) -> list[dict[str, Any]]:
        if state.over:
            return []
        if state.players == 2 and state.tableaux[seat] is None:
            return _layout_examples(state, seat)
        out: list[dict[str, Any]] = []
        front = turn_seat(state)
        if front is not None and actor(state) == seat and all(t is not None for t in state.tableaux):
            out.extend(_legal_plays(state, front))
        if state.players == 2:
            out.extend(_legal_reveals(state, seat))
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
            view["hands"] = {str(s): _hand_summary(state, s) for s in range(state.seat_count)}
        if state.players == 3:
            view["ghost"] = GHOST
            view["red_player"] = red_human(state)
            if state.opts["ghost_hand"] == "open":
                view["ghost_hand"] = _listed(state.hands[GHOST])
        return view

    def private_view(self, state: TatsuState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat"] = seat
        if state.players != 2 and 0 <= seat < state.seat_count:
            view["hand"] = _listed(state.hands[seat])
        if state.players == 3 and state.opts["ghost_hand"] == "red" and seat == red_human(state):
            view["ghost_hand"] = _listed(state.hands[GHOST])
        return view

    def scores(self, state: TatsuState) -> dict[int, int]:
        return dict(enumerate(state.totals))

    def is_over(self, state: TatsuState) -> bool:
        return state.over

    def winners(self, state: TatsuState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: TatsuState, rng: random.Random) -> list[dict[str, Any]]:
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


# ---------------------------------------------------------------------- turn order
def turn_seat(state: TatsuState) -> int | None:
    """The seat in front of which the next card goes, or None when the game is over."""
    if state.over:
        return None
    i = len(state.trick)
    if state.players == 2:
        return state.leader if i % 2 == 0 else 1 - state.leader
    pos = state.order.index(state.leader)
    return state.order[(pos + i) % CARDS_PER_TRICK]


def actor(state: TatsuState) -> int | None:
    """The person who decides the next card (the red player acts for the Ghost)."""
    front = turn_seat(state)
    if front == GHOST and state.players == 3:
        return red_human(state)
    return front


def red_human(state: TatsuState) -> int:
    """3 players: the human on the Ghost's side this round."""
    return next(s for s in range(3) if state.clans[s] == RED)


def partner(state: TatsuState, seat: int) -> int | None:
    if state.players == 2:
        return None
    pos = state.order.index(seat)
    return state.order[(pos + 2) % 4]


# ---------------------------------------------------------------------- rounds
def _check_options(seats: int, opts: dict[str, Any]) -> None:
    humans = range(seats)
    if not isinstance(opts["dealer"], int) or opts["dealer"] not in humans:
        raise Rejected("bad_option_value", name="dealer", value=str(opts["dealer"]))
    target = opts["target"]
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise Rejected("bad_option_value", name="target", value=str(target))
    yellow = opts["yellow"]
    need = 1 if seats == 2 else 2
    ok = (isinstance(yellow, list | tuple) and len(set(yellow)) == need == len(yellow)
          and all(isinstance(s, int) and s in humans for s in yellow))
    if ok and seats == 4:
        ok = abs(yellow[0] - yellow[1]) == 2  # partners sit opposite
    if not ok:
        raise Rejected("bad_option_value", name="yellow", value=str(yellow))
    if not isinstance(opts["seed"], int):
        raise Rejected("bad_option_value", name="seed", value=str(opts["seed"]))


def _seating(players: int, opts: Mapping[str, Any], round_no: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Table order (clockwise) and each seat's clan for a round."""
    yellow = list(opts["yellow"])
    if players == 4:
        return (0, 1, 2, 3), tuple(YELLOW if s in yellow else RED for s in range(4))
    if players == 2:
        return (0, 1), tuple(YELLOW if s in yellow else RED for s in range(2))
    red = next(s for s in range(3) if s not in yellow)
    # places 0 (yellow), 1 (red, opposite the Ghost at place 3), 2 (yellow): the humans sit clockwise
    # by seat number whichever order `yellow` lists them in, so the dealer card's (dealer + 1) mod 3
    # is always the seat on the dealer's left
    first = [(red - 1) % 3, red, (red + 1) % 3]
    shift = round_no - 1  # each round every human moves one place left (clockwise), skipping the Ghost
    places = [first[(p - shift) % 3] for p in range(3)]
    order = (*places, GHOST)
    clans = [RED] * 4
    clans[places[0]] = clans[places[2]] = YELLOW
    return order, tuple(clans)


def _start_round(players: int, seat_count: int, opts: Mapping[str, Any], round_no: int, dealer: int,
                 totals: tuple[int, ...]) -> TatsuState:
    order, clans = _seating(players, opts, round_no)
    hand_size = 2 * LAYOUT_SIZE if players == 2 else TRICKS_PER_ROUND
    return TatsuState(
        players=players, seat_count=seat_count, opts=opts, round=round_no, dealer=dealer, order=order,
        clans=clans, leader=dealer, trick_no=1, trick=(), pending=(), pending_tricks=0, captured=((), ()),
        lost=(), played=frozenset(), hands=(None,) * seat_count, sizes=(hand_size,) * seat_count,
        tableaux=(None,) * seat_count if players == 2 else (), totals=totals,
    )


def _round_start_events(state: TatsuState) -> list[Event]:
    events = [Event("all", "round_start", {"round": state.round, "seat": state.dealer})]
    if state.players == 3:
        events.append(Event("all", "ghost_partner", {"seat": red_human(state)}))
    if state.players == 2:
        events.append(Event("all", "layouts_needed", {}))
    return events


def _end_round(state: TatsuState, events: list[Event]) -> TatsuState:
    """Score the round, then end the game or start the next round."""
    info = cards()
    totals = list(state.totals)
    for ci, clan in enumerate(CLANS):
        captured = state.captured[ci]
        base = sum(info[c].points for c in captured)
        factors = sorted(info[c].multiplier for c in captured if info[c].multiplier and info[c].clan == clan)
        mult = sum(factors)
        score = base * mult
        key = "round_score" if mult else "round_score_none"
        events.append(Event("all", key, {"clan": clan, "points": base, "factors": factors, "mult": mult,
                                         "score": score}))
        for player in range(state.players):
            if state.clans[player] == clan:
                totals[player] += score
    sides = _sides(state)
    for seats in sides:
        if len(seats) > 1:
            events.append(Event("all", "team_total", {"clan": state.clans[seats[0]], "seats": list(seats),
                                                      "score": totals[seats[0]]}))
        else:
            events.append(Event("all", "player_total", {"seat": seats[0], "score": totals[seats[0]]}))
    best = max(totals)
    if best >= state.opts["target"]:
        top = [seats for seats in sides if totals[seats[0]] == best]
        if len(top) == 1 or state.opts["tie"] == "shared":
            winners = tuple(sorted(s for seats in top for s in seats))
            events.append(Event("all", "game_over", {"seats": list(winners), "score": best}))
            return state._replace(totals=tuple(totals), over=True, winners=winners)
        events.append(Event("all", "tie_play_on", {"score": best}))
    if state.players == 2:
        dealer = 1 - state.dealer if state.opts["dealer_2p"] == "alternate" else state.dealer
    else:
        dealer = (state.dealer + 1) % state.players
    nxt = _start_round(state.players, state.seat_count, state.opts, state.round + 1, dealer, tuple(totals))
    events.extend(_round_start_events(nxt))
    return nxt


def _sides(state: TatsuState) -> list[tuple[int, ...]]:
    """Who shares a score: the two teams (4p) or each player alone (2p, 3p)."""
    if state.players == 4:
        return [tuple(s for s in range(4) if state.clans[s] == clan) for clan in CLANS]
    return [(p,) for p in range(state.players)]


# ---------------------------------------------------------------------- actions
def _seat(state: TatsuState, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = action.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seat_count:
        raise Rejected("bad_seat", value=str(seat))
    return seat


def _card(action: Mapping[str, Any], key: str = "card") -> str:
    card = action.get(key)
    if not isinstance(card, str) or card not in cards():
        raise Rejected("unknown_card", card=str(card))
    return card


def _holder(state: TatsuState, card: str) -> int | None:
    for seat, hand in enumerate(state.hands):
        if hand is not None and card in hand:
            return seat
    return None


def _play(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    front = _seat(state, action)
    card = _card(action)
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
    holder = _holder(state, card)
    source = _seat(state, action, "from") if action.get("from") is not None else (
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


def _identified(state: TatsuState) -> dict[str, tuple[int, int]]:
    """2p: face-up cards already named, by id -> (seat, place)."""
    out = {}
    for seat, tableau in enumerate(state.tableaux):
        for place, stack in enumerate(tableau or ()):
            if stack.up is not None:
                out[stack.up] = (seat, place)
    return out


def _face_down_allowed(state: TatsuState, source: int, clan: str) -> bool:
    """T10: a face-down card may be taken when no face-up card of the colour is available."""
    layouts = [state.tableaux[source]] if state.opts["face_down"] == "per_source" else list(state.tableaux)
    return not any(k.colour == clan for t in layouts for k in t or ())


def _take_from_layout(state: TatsuState, action: Mapping[str, Any], card: str,
                      front: int) -> tuple[int, TatsuState, str | None]:
    """2p: find the place the card left, turn up what was under it.

    Returns the layout's owner, the new state and the colour turned face up (if any)."""
    clan = cards()[card].clan
    known = _identified(state)
    flipped = None
    place_given = action.get("slot")
    if card in known:
        source, place = known[card]
        if action.get("from") is not None and _seat(state, action, "from") != source:
            raise Rejected("not_in_layout", seat=_seat(state, action, "from"), card=card)
        stack = state.tableaux[source][place]  # type: ignore[index]
        new = Stack(None, stack.down, None) if stack.down else Stack(None, None, None)
        flipped = stack.down
    else:
        source = _seat(state, action, "from") if action.get("from") is not None else front
        tableau = state.tableaux[source]
        assert tableau is not None
        places = range(LAYOUT_SIZE) if place_given is None else [_slot(place_given)]
        turned = [p for p in places if tableau[p].up is None and tableau[p].colour == clan]
        down = [p for p in places if tableau[p].down == clan]
        if turned:  # a turned-up card not yet named: nothing lies under it
            place, new = turned[0], Stack(None, None, None)
        elif down:
            if not _face_down_allowed(state, source, clan):
                raise Rejected("face_up_first", seat=source, clan=clan)
            place = down[0]
            new = replace(tableau[place], down=None)
        else:
            raise Rejected("not_in_layout", seat=source, card=card)
    tableau = list(state.tableaux[source])  # type: ignore[arg-type]
    tableau[place] = new
    tableaux = list(state.tableaux)
    tableaux[source] = tuple(tableau)
    sizes = list(state.sizes)
    sizes[source] -= 1
    return source, state._replace(tableaux=tuple(tableaux), sizes=tuple(sizes)), flipped


def _slot(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < LAYOUT_SIZE:
        raise Rejected("bad_slot", value=str(value))
    return value


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
        return _end_round(state, events)
    return state._replace(trick_no=state.trick_no + 1)


def _hand(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    if state.players == 2:
        raise Rejected("no_hands")
    seat = _seat(state, action)
    given = action.get("cards")
    if not isinstance(given, list):
        raise Rejected("bad_action")
    hand = tuple(_card({"card": c}) for c in given)
    if len(set(hand)) != len(hand):
        raise Rejected("duplicate_card", card=next(c for c in hand if hand.count(c) > 1))
    for card in hand:
        if card in state.played:
            raise Rejected("already_played", card=card)
        holder = _holder(state, card)
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


def _layout(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    if state.players != 2:
        raise Rejected("no_layouts")
    seat = _seat(state, action)
    if state.played or state.trick:
        raise Rejected("layout_closed")
    up, down = action.get("up"), action.get("down")
    if not (isinstance(up, list) and isinstance(down, list) and len(up) == len(down) == LAYOUT_SIZE):
        raise Rejected("layout_size", n=LAYOUT_SIZE)
    ups = tuple(_card({"card": c}) for c in up)
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


def _reveal(state: TatsuState, action: Mapping[str, Any]) -> tuple[TatsuState, list[Event]]:
    if state.players != 2:
        raise Rejected("no_layouts")
    seat = _seat(state, action)
    card = _card(action)
    tableau = state.tableaux[seat]
    if card in state.played or card in _identified(state):
        raise Rejected("card_elsewhere", card=card)
    clan = cards()[card].clan
    places = [p for p, k in enumerate(tableau or ()) if k.up is None and k.colour == clan]
    if action.get("slot") is not None:
        places = [p for p in places if p == _slot(action["slot"])]
    if not places:
        raise Rejected("nothing_to_reveal", seat=seat, clan=clan)
    new = list(tableau)  # type: ignore[arg-type]
    new[places[0]] = replace(new[places[0]], up=card)
    tableaux = list(state.tableaux)
    tableaux[seat] = tuple(new)
    return state._replace(tableaux=tuple(tableaux)), [Event("all", "reveal", {"seat": seat, "card": card})]


# ---------------------------------------------------------------------- legal moves
def _legal_plays(state: TatsuState, front: int) -> list[dict[str, Any]]:
    info = cards()
    clan = state.clans[front]
    out: list[dict[str, Any]] = []
    no_partner = None if state.opts["ask_partner"] else partner(state, front)
    if state.players == 2:
        pool = _pool(state, clan)
        for source, tableau in enumerate(state.tableaux):
            may_take_down = _face_down_allowed(state, source, clan)
            for place, k in enumerate(tableau or ()):
                if k.up is not None and k.colour == clan:
                    out.append({"type": "play", "seat": front, "card": k.up, "from": source})
                elif (k.up is None and k.colour == clan) or (k.down == clan and may_take_down):
                    out.extend({"type": "play", "seat": front, "card": c, "from": source, "slot": place}
                               for c in pool)
        return out
    for card, c in info.items():
        if c.clan != clan or card in state.played:
            continue
        holder = _holder(state, card)
        sources = [holder] if holder is not None else [
            s for s in range(state.seat_count) if state.hands[s] is None and state.sizes[s] > 0]
        out.extend({"type": "play", "seat": front, "card": card, "from": s}
                   for s in sources if s != no_partner)
    return out


def _pool(state: TatsuState, clan: str) -> list[str]:
    """2p: cards of a colour not yet seen (face down, or turned up and not named)."""
    known = _identified(state)
    return [c for c, i in cards().items() if i.clan == clan and c not in state.played and c not in known]


def _legal_reveals(state: TatsuState, seat: int) -> list[dict[str, Any]]:
    tableau = state.tableaux[seat] or ()
    colours = {k.colour for k in tableau if k.up is None and k.colour}
    return [{"type": "reveal", "seat": seat, "card": c}
            for clan in sorted(colours) for c in _pool(state, clan)]


def _layout_examples(state: TatsuState, seat: int, count: int = 3) -> list[dict[str, Any]]:
    """A few valid layouts (all of them are too many to list), drawn from the state's seed."""
    info = cards()
    other = state.tableaux[1 - seat]
    taken = {k.up for k in other or ()}
    out = []
    for n in range(count):
        rng = random.Random(f"{state.opts['seed']}-{state.round}-{seat}-{n}")
        mine: list[str] = []
        for clan in CLANS:
            free = [c for c, i in info.items() if i.clan == clan and c not in taken]
            mine += rng.sample(free, LAYOUT_SIZE)
        rng.shuffle(mine)
        down, up = mine[:LAYOUT_SIZE], mine[LAYOUT_SIZE:]
        out.append({"type": "layout", "seat": seat, "up": up, "down": [info[c].clan for c in down]})
    return out


# ---------------------------------------------------------------------- views
def _listed(hand: tuple[str, ...] | None) -> list[str] | None:
    return None if hand is None else list(hand)


def _hand_summary(state: TatsuState, seat: int) -> dict[str, Any]:
    """Public facts about a hand: its size, and its colours when known (the backs show them)."""
    hand = state.hands[seat]
    out: dict[str, Any] = {"size": state.sizes[seat]}
    if hand is not None:
        yellow = sum(cards()[c].clan == YELLOW for c in hand)
        out.update({YELLOW: yellow, RED: len(hand) - yellow})
    return out


GAME = register(Tatsu())
