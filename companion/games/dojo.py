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
challenge may have no pass at all); `{"type": "swap"}` (the challenge winner swaps);
`{"type": "place", "seat": S, "row": R, "col": C}` (relative to the seat's first tatami
at 0,0; rows grow downwards, columns to the right; either may be negative).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Event, Game, GamePackage, Option, Rejected, register

ROUNDS = 12
ROWS, COLS = 3, 4
RACCOON = "RACCOON"
ROW_POINTS = (0, 1, 3, 6, 10)  # by the number of cards of the row's disciple
SEAT_KEYS = {3: ["north", "east", "south"], 4: ["north", "east", "south", "west"],
             5: ["north", "northeast", "southeast", "southwest", "northwest"]}

OPTIONS = (
    Option("first_dealer", 0, "Seat that deals the first round (the youngest player)."),
    Option("challenges", "one", "One challenge a round (the first challenger ends the asking), or each "
           "opponent in turn may challenge.", ("one", "several"), "D1"),
    Option("trophy_flip", "when_none", "Flip a trophy only when none is in play, or every round (the "
           "unclaimed ones pile up).", ("when_none", "every_round"), "D2"),
    Option("rotation", "clockwise", "The deal passes to the dealer's left, or right.",
           ("clockwise", "counterclockwise"), "D3"),
    Option("orientation", "fixed", "The dojo is 3 rows x 4 columns as its owner sees it, or may also be "
           "4 x 3 (scored turned a quarter).", ("fixed", "free"), "D4"),
    Option("raccoons", "per_card", "Each raccoon joins its row's best disciple, or all raccoons of a dojo "
           "are one disciple.", ("per_card", "one_disciple"), "D5"),
    Option("raccoon_belts", "printed", "In columns raccoons keep their printed belt, or match any belt.",
           ("printed", "any"), "D6"),
    Option("swap", "optional", "The challenge winner may swap tatamis with the loser, or never.",
           ("optional", "never"), "D7"),
    Option("tie_break", "trophies", "Equal totals: more trophies wins, then shared; or always shared.",
           ("trophies", "shared"), "D8"),
    Option("deal_order", "any", "The dealer hands tatamis in any order, or clockwise from his left, "
           "himself last.", ("any", "clockwise"), "D9"),
    Option("empty_pile", "challenges", "With no trophy left, challenges still happen (for the swap), or "
           "none.", ("challenges", "none"), "D10"),
    Option("challenge_order", "skip", "A challenge from a seat further round means the seats before it "
           "passed, or each seat must answer in turn.", ("skip", "strict"), "D1"),
)

# phases of a round
TROPHY, RECRUIT, CHALLENGE, TRAINING, OVER = "trophy", "recruit", "challenge", "training", "over"

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Tatami:
    disciple: str
    belt: int


class DojoState(NamedTuple):
    """The whole game; immutable."""

    seats: int
    opts: Mapping[str, Any]
    round: int
    dealer: int
    phase: str
    flipped: frozenset[str]  # trophies flipped so far (in play or won)
    in_play: tuple[str, ...]  # trophies face up, at stake
    won: tuple[tuple[str, ...], ...]  # trophies won, per seat
    pending: tuple[str | None, ...]  # the face-down tatami each seat holds this round
    shown: frozenset[int]  # seats whose held tatami was revealed (challenge)
    asked: int  # challenge phase: index in `challenge_order` of the next seat to ask
    challenges: int  # challenges this round
    swap_offer: tuple[int, int] | None  # (winner, loser) of the last duel, while he may swap
    dojos: tuple[tuple[tuple[int, int, str], ...], ...]  # per seat: (row, col, card) in placing order
    used: frozenset[str]  # tatamis given so far (held or placed)
    over: bool = False
    winners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RowScore:
    row: int
    disciple: str  # the disciple counted (RACCOON: a row of raccoons only)
    count: int
    points: int


@dataclass(frozen=True, slots=True)
class ColumnScore:
    col: int
    belt: int | None  # the belt of three equal ones, or None
    points: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A dojo's score: rows, columns, trophies."""

    rows: tuple[RowScore, ...]
    columns: tuple[ColumnScore, ...]
    trophy_points: int
    turned: bool = False  # orientation "free": a 4 x 3 dojo scored turned a quarter

    @property
    def row_points(self) -> int:
        return sum(r.points for r in self.rows)

    @property
    def column_points(self) -> int:
        return sum(c.points for c in self.columns)

    @property
    def total(self) -> int:
        return self.row_points + self.column_points + self.trophy_points


@cache
def tatamis() -> dict[str, Tatami]:
    """The 60 tatamis, by id, from the deck file."""
    return {c.id: Tatami(c["disciple"], c["belt"]) for c in load_deck("dojo") if c.kind == "tatami"}


@cache
def trophies() -> dict[str, int]:
    """The 12 trophies, by id, with their points (deck file)."""
    return {c.id: c["points"] for c in load_deck("dojo") if c.kind == "trophy"}


# ---------------------------------------------------------------------- scoring (pure)
def _row_scores(rows: Sequence[Sequence[str]], raccoon_as: str | None) -> list[tuple[str, int]]:
    """(disciple, count) of each row; raccoons join the best disciple, or `raccoon_as`."""
    info = tatamis()
    out = []
    for cards in rows:
        counts = Counter(info[c].disciple for c in cards)
        jokers = counts.pop(RACCOON, 0)
        if raccoon_as is not None:
            counts[raccoon_as] += jokers
            jokers = 0
        if not counts:
            out.append((RACCOON, min(len(cards), 4)))
            continue
        best = max(sorted(counts), key=lambda d: counts[d])  # ties: alphabetical, for a stable answer
        out.append((best, min(counts[best] + jokers, 4)))
    return out


def score_cells(cells: Mapping[Cell, str], trophy_points: int = 0, *, raccoons: str = "per_card",
                raccoon_belts: str = "printed", orientation: str = "fixed") -> Breakdown:
    """The score of a dojo (complete or not) given its cells by (row, column) as its owner
    sees it; the breakdown names rows and columns by the numbers they were given."""
    info = tatamis()
    if not cells:
        return Breakdown((), (), trophy_points)
    grid = dict(cells)  # rows and columns keep the numbers they were given
    top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
    turned = orientation == "free" and bottom - top + 1 > ROWS
    if turned:  # a 4 x 3 dojo, turned a quarter clockwise: old columns become rows
        left = min(c for _, c in cells)
        grid = {(c - left, bottom - r): card for (r, c), card in cells.items()}
    row_ids = sorted({r for r, _ in grid})
    col_ids = sorted({c for _, c in grid})
    rows = [[grid[(r, c)] for c in col_ids if (r, c) in grid] for r in row_ids]
    if raccoons == "one_disciple":
        disciples = sorted({t.disciple for t in info.values()} - {RACCOON})
        best_rows: list[tuple[str, int]] = []
        for d in disciples:
            candidate = _row_scores(rows, d)
            if sum(ROW_POINTS[n] for _, n in candidate) > sum(ROW_POINTS[n] for _, n in best_rows):
                best_rows = candidate
    else:
        best_rows = _row_scores(rows, None)
    row_scores = tuple(RowScore(r, d, n, ROW_POINTS[n]) for r, (d, n) in zip(row_ids, best_rows, strict=True))
    col_scores = []
    for c in col_ids:
        column = [grid[(r, c)] for r in row_ids if (r, c) in grid]
        belt = _column_belt(column, raccoon_belts)
        col_scores.append(ColumnScore(c, belt, belt or 0))
    return Breakdown(row_scores, tuple(col_scores), trophy_points, turned)


def _column_belt(column: Sequence[str], raccoon_belts: str) -> int | None:
    """The belt of a column of three equal belts, else None."""
    if len(column) != ROWS:
        return None
    info = tatamis()
    if raccoon_belts == "any":
        belts = {info[c].belt for c in column if info[c].disciple != RACCOON}
        if not belts:
            return max(info[c].belt for c in column)
    else:
        belts = {info[c].belt for c in column}
    return belts.pop() if len(belts) == 1 else None


def breakdown(state: DojoState, seat: int) -> Breakdown:
    """A seat's running score: its dojo so far and the trophies it won."""
    cells = {(r, c): card for r, c, card in state.dojos[seat]}
    points = sum(trophies()[t] for t in state.won[seat])
    return score_cells(cells, points, raccoons=state.opts["raccoons"],
                       raccoon_belts=state.opts["raccoon_belts"], orientation=state.opts["orientation"])


# ---------------------------------------------------------------------- placement (pure)
def box_fits(cells: Iterable[Cell], orientation: str = "fixed") -> bool:
    """Whether cells fit in 3 rows x 4 columns (or 4 x 3 with orientation "free")."""
    cells = list(cells)
    if not cells:
        return True
    h = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    w = max(c for _, c in cells) - min(c for _, c in cells) + 1
    return (h <= ROWS and w <= COLS) or (orientation == "free" and h <= COLS and w <= ROWS)


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def legal_cells(cells: Iterable[Cell], orientation: str = "fixed") -> list[Cell]:
    """Where the next tatami may go (sorted by row, then column)."""
    taken = set(cells)
    if not taken:
        return [(0, 0)]
    free = {n for cell in taken for n in neighbours(cell)} - taken
    return sorted(cell for cell in free if box_fits(taken | {cell}, orientation))


def check_cell(cells: Iterable[Cell], cell: Cell, orientation: str = "fixed") -> None:
    """Raise Rejected when `cell` is not a legal place for the next tatami."""
    taken = set(cells)
    r, c = cell
    if not taken:
        if cell != (0, 0):
            raise Rejected("first_at_origin")
        return
    if cell in taken:
        raise Rejected("cell_taken", row=r, col=c)
    if not any(n in taken for n in neighbours(cell)):
        raise Rejected("not_adjacent", row=r, col=c)
    if not box_fits(taken | {cell}, orientation):
        raise Rejected("outside_grid", row=r, col=c)


# ---------------------------------------------------------------------- the engine
class Dojo(Game):
    """The Dojo engine (3 to 5 players)."""

    name = "dojo"
    seat_counts = (3, 4, 5)
    default_seats = 4
    options = OPTIONS
    dealer_option = "first_dealer"

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
        return _round_phase(state)

    def start_events(self, state: DojoState) -> list[Event]:
        return _round_events(state)

    def apply(self, state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
        kind = action.get("type") if isinstance(action, Mapping) else None
        handler = HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise Rejected("unknown_action", type=str(kind))
        if state.over:
            raise Rejected("game_over")
        return handler(state, action)

    def legal(self, state: DojoState, seat: int) -> list[dict[str, Any]]:
        if state.over:
            return []
        if state.phase == TROPHY:
            return [{"type": "trophy", "card": t} for t in trophies() if t not in state.flipped] \
                if seat == state.dealer else []
        if state.phase == RECRUIT:
            if seat != state.dealer:
                return []
            free = [t for t in tatamis() if t not in state.used]
            return [{"type": "give", "seat": s, "card": t} for s in _may_receive(state) for t in free]
        out: list[dict[str, Any]] = []
        if state.phase == CHALLENGE:
            order = challenge_order(state)
            # the orderly flow: the seat being asked answers (apply also takes a challenge
            # from further round under "skip", and a placement that closes the asking)
            if _challenge_open(state) and order[state.asked] == seat:
                out += [{"type": "challenge", "seat": seat}, {"type": "pass", "seat": seat}]
            if state.swap_offer and state.swap_offer[0] == seat:
                out.append({"type": "swap"})
            return out
        if state.swap_offer and state.swap_offer[0] == seat:
            out.append({"type": "swap"})
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
            "asked": _asked_seat(state),
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

    def table_actions(self, state: DojoState, rng: random.Random) -> list[dict[str, Any]]:
        """Flip a trophy when one is needed; draw the top tatami of the (seeded) shuffled deck,
        handed to a seat still without one (the simulated dealer picks at random)."""
        if state.over:
            return []
        if state.phase == TROPHY:
            return [{"type": "trophy", "card": rng.choice([t for t in trophies() if t not in state.flipped])}]
        if state.phase == RECRUIT:
            card = rng.choice([t for t in tatamis() if t not in state.used])
            return [{"type": "give", "seat": rng.choice(_may_receive(state)), "card": card}]
        return []

    def seats_of(self, state: DojoState) -> Sequence[int]:
        return range(state.seats)


# ---------------------------------------------------------------------- round flow
def seat_after(state: DojoState, seat: int, n: int = 1) -> int:
    """The seat `n` places round the table in the deal's direction."""
    sign = 1 if state.opts["rotation"] == "clockwise" else -1
    return (seat + sign * n) % state.seats


def challenge_order(state: DojoState) -> list[int]:
    """The opponents in the order they are asked: from the dealer's left, clockwise."""
    return [(state.dealer + i) % state.seats for i in range(1, state.seats)]


def _asked_seat(state: DojoState) -> int | None:
    order = challenge_order(state)
    if state.phase != CHALLENGE or not _challenge_open(state):
        return None
    return order[state.asked]


def _challenge_open(state: DojoState) -> bool:
    """Whether a seat may still be asked to challenge."""
    if state.asked >= state.seats - 1:
        return False
    if state.challenges and state.opts["challenges"] == "one":
        return False
    return not (not state.in_play and state.opts["empty_pile"] == "none")


def _may_receive(state: DojoState) -> list[int]:
    """Seats the dealer may hand the next tatami to."""
    waiting = [s for s in range(state.seats) if state.pending[s] is None]
    if state.opts["deal_order"] == "clockwise":
        order = [(state.dealer + i) % state.seats for i in range(1, state.seats + 1)]
        return [next(s for s in order if s in waiting)] if waiting else []
    return waiting


def _round_phase(state: DojoState) -> DojoState:
    """The first phase of a round: a trophy to flip, or straight to recruitment."""
    pile_left = len(state.flipped) < len(trophies())
    need = not state.in_play or state.opts["trophy_flip"] == "every_round"
    return state._replace(phase=TROPHY if need and pile_left else RECRUIT)


def _round_events(state: DojoState) -> list[Event]:
    events = [Event("all", "round_start", {"round": state.round, "seat": state.dealer})]
    if state.phase == RECRUIT:
        if state.in_play:
            events.append(Event("all", "trophy_stays", {"cards": list(state.in_play)}))
        else:
            events.append(Event("all", "no_trophy", {}))
        events.append(Event("all", "recruit", {"seat": state.dealer}))
    else:
        events.append(Event("all", "flip_trophy", {"seat": state.dealer}))
    return events


def _end_challenges(state: DojoState, events: list[Event]) -> DojoState:
    """Close the challenge phase (everyone asked, or someone started placing)."""
    if state.phase != CHALLENGE:
        return state
    if not state.challenges:
        key = "no_challenge_trophy_stays" if state.in_play else "no_challenge"
        events.append(Event("all", key, {"cards": list(state.in_play)}))
    events.append(Event("all", "training", {}))
    return state._replace(phase=TRAINING, asked=state.seats - 1)


def _after_answer(state: DojoState, events: list[Event]) -> DojoState:
    """After a pass or a duel: go on asking, or close the challenges."""
    if _challenge_open(state):
        asked = challenge_order(state)[state.asked]
        events.append(Event("all", "ask", {"seat": asked, "dealer": state.dealer}))
        return state
    return _end_challenges(state, events)


def _end_round(state: DojoState, events: list[Event]) -> DojoState:
    if state.round == ROUNDS:
        return _end_game(state, events)
    state = state._replace(round=state.round + 1, dealer=seat_after(state, state.dealer), shown=frozenset(),
                           asked=0, challenges=0, swap_offer=None)
    state = _round_phase(state)
    events.extend(_round_events(state))
    return state


def _end_game(state: DojoState, events: list[Event]) -> DojoState:
    totals = {}
    for seat in range(state.seats):
        b = breakdown(state, seat)
        totals[seat] = b.total
        events.append(Event("all", "final_score", {"seat": seat, "rows": b.row_points,
                                                   "columns": b.column_points, "trophies": b.trophy_points,
                                                   "total": b.total}))
    best = max(totals.values())
    top = [s for s in range(state.seats) if totals[s] == best]
    if state.opts["tie_break"] == "trophies" and len(top) > 1:
        most = max(len(state.won[s]) for s in top)
        top = [s for s in top if len(state.won[s]) == most]
    events.append(Event("all", "game_over", {"seats": top, "score": best}))
    return state._replace(phase=OVER, over=True, winners=tuple(top), swap_offer=None)


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
    if seat not in _may_receive(state):
        raise Rejected("deal_in_order", seat=_may_receive(state)[0])
    pending = list(state.pending)
    pending[seat] = card
    state = state._replace(pending=tuple(pending), used=state.used | {card})
    dealer = state.dealer
    if seat == dealer:
        events = [Event(dealer, "kept_card", {"card": card}), Event("all", "kept", {"seat": dealer})]
    else:
        events = [Event(dealer, "gave", {"seat": seat, "card": card}),
                  Event(seat, "received", {"seat": seat, "card": card}),
                  Event("all", "given", {"seat": seat, "dealer": dealer})]
    if all(p is not None for p in state.pending):
        state = state._replace(phase=CHALLENGE, asked=0)
        events.append(Event("all", "recruited", {}))
        state = _after_answer(state, events)
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
    if not _challenge_open(state):
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
    return _after_answer(state, events), events


def _pass(state: DojoState, action: Mapping[str, Any]) -> tuple[DojoState, list[Event]]:
    seat, pos = _challenge_seat(state, action)
    if pos != state.asked:
        raise Rejected("not_asked", seat=challenge_order(state)[state.asked])
    events = [Event("all", "pass", {"seat": seat})]
    state = state._replace(asked=pos + 1, swap_offer=None)
    return _after_answer(state, events), events


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
    return state._replace(pending=tuple(pending), swap_offer=None), events


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
    cells = [(r, c) for r, c, _ in state.dojos[seat]]
    cell = _position(action, not cells)
    check_cell(cells, cell, state.opts["orientation"])
    events: list[Event] = []
    state = _end_challenges(state, events)
    if state.swap_offer and seat in state.swap_offer:  # a duellist placing ends the swap privilege
        state = state._replace(swap_offer=None)
    dojos = list(state.dojos)
    dojos[seat] = (*dojos[seat], (cell[0], cell[1], card))
    pending = list(state.pending)
    pending[seat] = None
    state = state._replace(dojos=tuple(dojos), pending=tuple(pending), shown=state.shown - {seat})
    events.append(Event("all", "placed", {"seat": seat, "card": card, "row": cell[0], "col": cell[1]}))
    if all(p is None for p in state.pending):
        state = _end_round(state._replace(swap_offer=None), events)
    return state, events


HANDLERS = {"trophy": _trophy, "give": _give, "challenge": _challenge, "pass": _pass, "swap": _swap,
            "place": _place}

GAME = Dojo()
register(GamePackage(GAME, Path(__file__).parent))
