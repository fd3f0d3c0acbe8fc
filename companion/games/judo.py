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

import itertools
import random
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Event, Game, Option, Rejected, register

RULES_FILE = Path(__file__).with_name("judo_rules.toml")
SEATS = 2
LEFT, RIGHT = "left", "right"
HANDS = (LEFT, RIGHT)
IPPON, WAZA_ARI, YUKO, ECHEC = "IPPON", "WAZA-ARI", "YUKO", "ECHEC"
ONE_POINT = 4  # quarters: an ippon

OPTIONS = (
    Option("seed", 0, "Seed of the GAKE die and the companion's rock-paper-scissors."),
    Option("first", 0, "Seat that starts the match.", (0, 1)),
    Option("hand_size", 9, "Cards in hand at the start of a turn."),
    Option("tai_length", 3, "Combats to win on the TAI track to win the match (DATA, assumed).", (), "J16"),
    Option("die_faces", None, "The GAKE die's faces (None: the deck file's die), e.g. [\"IPPON\"] "
           "for a fixed die.", (), "J11"),
    Option("elements", "chain", "Which element may cover which (judo_rules.toml).",
           ("chain", "cycle", "ranking"), "J1"),
    Option("own_kuzushi", True, "A throw needs the top kuzushi placed by the thrower (else by anyone).",
           (True, False), "J2"),
    Option("kuzushi_needs_grips", True, "A kuzushi needs both of your grips placed.", (True, False), "J3"),
    Option("grip_hand", "choose", "Which hand a grip card takes: the player's choice, or by the side of the "
           "judogi it targets, facing the opponent as in the text's 'mD = main gauche saisit la manche "
           "droite', 'rG = main droite saisit le revers gauche' (his right side: your left hand; his left "
           "side: your right hand).", ("choose", "by_target"), "J4"),
    Option("grip_after_kuzushi", False, "A grip (even a replacement) may follow your own kuzushi in the "
           "same turn. Default no: the text's 'règles d'enchaînement: Prise du Kumikata, Déséquilibre, "
           "Projection' is an order of steps; yes is the digest's 'any order' (§3.4).",
           (False, True), "§3.4"),
    Option("any_replacement_resets", True, "Replacing a grip clears the whole pile (else only the "
           "replacer's own kuzushi cards leave it).", (True, False), "J5"),
    Option("grip_cancel", "none", "How the opponent cancels grips. Fixed: the text names 'annulées par "
           "l'adversaire' but gives no mechanism and the digest lists no other reading; the opponent "
           "undoes your kuzushi by covering it, or the pile by replacing a grip (J5).", ("none",), "J6"),
    Option("discard_when_idle", True, "Discard only when you placed no card (else every turn).",
           (True, False), "J7"),
    Option("reshuffle", True, "When the draw pile runs short, the discard is shuffled into it.",
           (True, False), "J8"),
    Option("rotation", "exact", "MS rotation must equal the throw's, or at least reach it.",
           ("exact", "at_least"), "J9"),
    Option("ippon_card", "recipe", "The IPPON MS card: needed by the throws whose recipe names it, "
           "or by every throw.", ("recipe", "every_throw"), "J10"),
    Option("accumulate", True, "Waza-ari and yuko add up; 1 point is an ippon.", (True, False), "J12"),
    Option("throw_clears_pile", False, "After a throw the kuzushi pile goes to the discard too.",
           (True, False), "J13"),
    Option("throw_ends_turn", True, "A throw ends the turn (the opponent starts the next).",
           (True, False), "J14"),
    Option("time_limit", 0, "Not in the text, off by default: a combat ends by ippon only (J15, the text's "
           "example). For simulated tables of random players: turns per combat (both players) before the "
           "better score wins; equal scores go to golden score (the next score wins) for as many turns "
           "again, then to the referees' decision: the judoka who placed more cards this combat (equal: "
           "the flags, drawn by the companion).", (), "J15"),
    Option("next_combat", "loser", "Who starts the next combat.", ("loser", "winner", "alternate"), "J17"),
    Option("tie_break", "companion", "Equal elements: the companion draws the rock-paper-scissors "
           "winner (announced), or the players play it and the action says who won.",
           ("companion", "table"), "J19"),
    Option("lost_tie", "back_to_hand", "The card of a lost rock-paper-scissors goes back to hand, or "
           "to the discard.", ("back_to_hand", "discard"), "J19"),
    Option("tie_retry", "next_turn", "After a lost rock-paper-scissors: that card may be tried again only "
           "next turn (default: else a card could be retried until it wins, and any Fire card would end "
           "up on an opponent's Fire), no other tie this turn at all, or again at once.",
           ("next_turn", "no_more_ties", "again"), "J19"),
    Option("empty_pile", "any", "An empty pile takes any element, or only the start of the chain "
           "(an element nothing may cover).", ("any", "chain_start"), "J20"),
)


@dataclass(frozen=True, slots=True)
class CardInfo:
    kind: str
    grip: str = ""
    arrow: str = ""
    element: str = ""
    grips: tuple[str, ...] = ()
    turns: int = 0
    ippon: bool = False
    ms: str = ""
    abbr: str = ""


class JudoState(NamedTuple):
    """The whole match; immutable."""

    opts: Mapping[str, Any]
    rolls: int  # random draws so far (die, rock-paper-scissors): the seed's counter
    turn: int  # seat on turn
    stage: int  # this turn: 0 nothing placed, 1 grips, 2 kuzushi (order grip -> kuzushi -> throw)
    placed: int  # cards placed this turn
    to_draw: int  # cards the seat on turn must still draw
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # cards known in each hand
    unknown: tuple[int, int]  # unseen cards in each hand
    pool: frozenset[str]  # cards nobody has seen: the draw pile and the unseen hand cards
    grips: tuple[tuple[str | None, str | None], tuple[str | None, str | None]]  # (left, right)
    pile: tuple[tuple[str, int], ...]  # kuzushi pile, bottom first: (card, placed by)
    discard: tuple[str, ...]
    tokens: tuple[tuple[str, ...], tuple[str, ...]]  # waza-ari / yuko this combat
    tai: tuple[int, int]  # combats won
    combat: int
    turns: int  # turns played this combat
    active: tuple[int, int] = (0, 0)  # cards placed this combat (the referees' decision)
    golden: bool = False  # golden score: the next score wins
    over: bool = False
    winner: int | None = None
    tried: tuple[str, ...] = ()  # kuzushi cards that lost their rock-paper-scissors this turn


@cache
def cards() -> dict[str, CardInfo]:
    """Every card's rule facts, by id, from the deck file."""
    out = {}
    for c in load_deck("judo"):
        grips = tuple(c["grips"].split("+")) if c.kind == "throw" else ()
        out[c.id] = CardInfo(c.kind, c.get("grip", ""), c.get("arrow", ""), c.get("element", ""), grips,
                             c.get("turns", 0), c.get("ippon", False), c.get("ms", ""), c.get("abbr", ""))
    return out


@cache
def _rules() -> dict[str, Any]:
    return tomllib.loads(RULES_FILE.read_text(encoding="utf-8"))


def element_table(name: str) -> dict[str, tuple[str, ...]]:
    """J1: may_cover[top] -> elements that may go on it (ties aside)."""
    return {top: tuple(new) for top, new in _rules()["elements"][name].items()}


@cache
def die_data() -> tuple[tuple[str, ...], dict[str, int]]:
    """The GAKE die of the deck file: its faces, and each result's value in quarters."""
    gake = load_deck("judo").extra["gake"]
    return tuple(gake["faces"]), dict(gake["quarters"])


def may_cover(opts: Mapping[str, Any], top: str | None, new: str) -> str:
    """'yes', 'tie' (rock-paper-scissors) or 'no': may a `new` element go on `top`?"""
    table = element_table(opts["elements"])
    if top is None:
        if opts["empty_pile"] == "any":
            return "yes"
        return "yes" if not any(new in v for v in table.values()) else "no"
    if new == top:
        return "tie"
    return "yes" if new in table[top] else "no"


class Judo(Game):
    """The judo card game engine (2 players)."""

    name = "judo"
    seat_counts = (2,)
    default_seats = 2
    options = OPTIONS
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
        return state._replace(to_draw=_need(state, first))

    def start_events(self, state: JudoState) -> list[Event]:
        return [Event("all", "combat_start", {"combat": 1, "seat": state.turn}),
                Event("all", "turn", {"seat": state.turn, "draw": state.to_draw})]

    def apply(self, state: JudoState, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
        kind = action.get("type") if isinstance(action, Mapping) else None
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise Rejected("unknown_action", type=str(kind))
        if state.over:
            raise Rejected("game_over")
        seat = _seat(action)
        if seat != state.turn:
            raise Rejected("not_turn", seat=state.turn)
        if kind != "draw" and state.to_draw:
            raise Rejected("draw_first", seat=seat, n=state.to_draw)
        return handler(state, seat, action)

    def legal(self, state: JudoState, seat: int) -> list[dict[str, Any]]:
        if state.over or seat != state.turn:
            return []
        if state.to_draw:
            rng = random.Random(f"{state.opts['seed']}-draw-{state.combat}-{state.turns}-{len(state.pool)}")
            return [_draw_action(state, rng)]
        out: list[dict[str, Any]] = []
        info = cards()
        for card in _distinct(state.hands[seat]):
            c = info[card]
            if c.kind == "grip" and _grip_in_order(state):
                out.extend({"type": "play", "seat": seat, "card": card, "hand": h}
                           for h in _slots(state, card))
            elif c.kind == "kuzushi" and _kuzushi_allowed(state, seat, card) is None:
                action = {"type": "play", "seat": seat, "card": card}
                if state.opts["tie_break"] == "table" and may_cover(state.opts, _top_element(state),
                                                                    c.element) == "tie":
                    out.extend({**action, "rps": r} for r in ("won", "lost"))
                else:
                    out.append(action)
        for throw in _throw_cards(state, seat):
            if _table_lacks(state, seat, throw) == []:
                out.extend({"type": "throw", "seat": seat, "cards": [throw, *ms]}
                           for ms in _ms_combos(state, seat, throw))
        if state.placed and state.opts["discard_when_idle"]:
            out.append({"type": "end_turn", "seat": seat})
        else:
            out.extend({"type": "discard", "seat": seat, "card": c} for c in _distinct(state.hands[seat]))
        return out

    def public_view(self, state: JudoState) -> dict[str, Any]:
        return {
            "game": self.name,
            "combat": state.combat,
            "turn": state.turn,
            "to_draw": state.to_draw,
            "draw_pile": _draw_pile_size(state),
            "hand_sizes": [len(state.hands[s]) + state.unknown[s] for s in range(SEATS)],
            "grips": [{LEFT: g[0], RIGHT: g[1]} for g in state.grips],
            "pile": [{"card": c, "seat": s} for c, s in state.pile],
            "discard": list(state.discard),
            "tokens": [list(t) for t in state.tokens],
            "quarters": [_quarters(state, s) for s in range(SEATS)],
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

    def table_actions(self, state: JudoState, rng: random.Random) -> list[dict[str, Any]]:
        """The seat on turn draws its cards from the shuffled draw pile."""
        if state.over or not state.to_draw:
            return []
        return [_draw_action(state, rng)]

    def seats_of(self, state: JudoState) -> Sequence[int]:
        return range(SEATS)


def _distinct(hand: Sequence[str]) -> list[str]:
    """One card of each sort in the hand (two copies of a card make the same move)."""
    out, seen = [], set()
    info = cards()
    for card in hand:
        c = info[card]
        key = (c.kind, c.grip, c.arrow, c.element, c.ms, c.abbr)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


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


def _seat(action: Mapping[str, Any]) -> int:
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(SEATS):
        raise Rejected("bad_seat", value=str(seat))
    return seat


def _card(action: Mapping[str, Any], key: str = "card") -> str:
    card = action.get(key)
    if not isinstance(card, str) or card not in cards():
        raise Rejected("unknown_card", card=str(card))
    return card


def _holds(state: JudoState, seat: int, card: str) -> bool:
    return card in state.hands[seat] or (state.unknown[seat] > 0 and card in state.pool)


def _take(state: JudoState, seat: int, taken: Sequence[str], **changes: Any) -> JudoState:
    """Cards leave the seat's hand (known cards first, else unseen ones), checked; `changes` too."""
    hand = list(state.hands[seat])
    unknown, seen = state.unknown[seat], []
    for card in taken:
        if card in hand:
            hand.remove(card)
        elif unknown > 0 and card in state.pool and card not in seen:
            unknown -= 1
            seen.append(card)
        else:
            raise Rejected("not_in_hand", seat=seat, card=card)
    pool = state.pool.difference(seen) if seen else state.pool
    return state._replace(hands=_set(state.hands, seat, tuple(hand)),
                          unknown=_set(state.unknown, seat, unknown), pool=pool, **changes)


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


# ---------------------------------------------------------------------- draw
def _draw_pile_size(state: JudoState) -> int:
    return len(state.pool) - sum(state.unknown)


def _need(state: JudoState, seat: int) -> int:
    return max(0, state.opts["hand_size"] - len(state.hands[seat]) - state.unknown[seat])


def _draw_action(state: JudoState, rng: random.Random) -> dict[str, Any]:
    drawable = sorted(state.pool)
    return {"type": "draw", "seat": state.turn, "cards": rng.sample(drawable, state.to_draw)}


def _draw(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if not state.to_draw:
        raise Rejected("no_draw", seat=seat)
    given, count = action.get("cards"), action.get("count")
    if given is not None:
        if not isinstance(given, list) or not given:
            raise Rejected("bad_action")
        drawn = [_card({"card": c}) for c in given]
        for card in drawn:
            if card not in state.pool or drawn.count(card) > 1:
                raise Rejected("not_in_draw_pile", card=card)
        n = len(drawn)
    elif isinstance(count, int) and not isinstance(count, bool) and count > 0:
        drawn, n = [], count
    else:
        raise Rejected("bad_action")
    if n > state.to_draw:
        raise Rejected("too_many_cards", n=state.to_draw)
    state = state._replace(
        to_draw=state.to_draw - n, hands=_set(state.hands, seat, state.hands[seat] + tuple(drawn)),
        unknown=_set(state.unknown, seat, state.unknown[seat] + n - len(drawn)),
        pool=state.pool - set(drawn))
    events = [Event("all", "draws", {"seat": seat, "n": n})]
    if drawn:
        events.append(Event(seat, "drew", {"seat": seat, "cards": drawn}))
    return state, events


# ---------------------------------------------------------------------- grips and kuzushi
def _slots(state: JudoState, card: str) -> list[str]:
    """The hands a grip card may go to now (by_target: facing him, his right side is your left hand)."""
    if state.opts["grip_hand"] == "by_target":
        return [LEFT if cards()[card].grip.endswith("D") else RIGHT]
    return list(HANDS)


def _grip_in_order(state: JudoState) -> bool:
    """May a grip be placed now: before one's kuzushi of this turn (the text's order), or always."""
    return state.stage <= 1 or state.opts["grip_after_kuzushi"]


def _top_element(state: JudoState) -> str | None:
    return cards()[state.pile[-1][0]].element if state.pile else None


def _kuzushi_allowed(state: JudoState, seat: int, card: str) -> Rejected | None:
    """Why the kuzushi card may not be placed now, or None."""
    if state.opts["kuzushi_needs_grips"] and None in state.grips[seat]:
        return Rejected("grips_first", seat=seat)
    element = cards()[card].element
    verdict = may_cover(state.opts, _top_element(state), element)
    if verdict == "no":
        top = state.pile[-1][0] if state.pile else None
        if top is None:
            return Rejected("cannot_start_pile", card=card)
        return Rejected("cannot_cover", card=card, top=top)
    retry = state.opts["tie_retry"]
    if verdict == "tie" and state.tried and retry != "again":
        if retry == "no_more_ties":
            return Rejected("tie_lost_no_more")
        if card in state.tried:
            return Rejected("tie_lost_this_turn", card=card)
    return None


def _play(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    card = _card(action)
    if not _holds(state, seat, card):
        raise Rejected("not_in_hand", seat=seat, card=card)
    kind = cards()[card].kind
    if kind == "grip":
        return _grip(state, seat, card, action)
    if kind == "kuzushi":
        return _kuzushi(state, seat, card, action)
    raise Rejected("play_as_throw", card=card)


def _grip(state: JudoState, seat: int, card: str, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if not _grip_in_order(state):
        raise Rejected("order_grip")
    slots = _slots(state, card)
    hand = action.get("hand")
    if hand is not None and hand not in HANDS:
        raise Rejected("bad_hand", value=str(hand))
    if hand is None:
        free = [h for h in slots if state.grips[seat][HANDS.index(h)] is None]
        if not free and len(slots) > 1:
            raise Rejected("which_hand")
        hand = (free or slots)[0]
    elif hand not in slots:
        raise Rejected("wrong_hand", card=card, hand=slots[0])
    state = _take(state, seat, [card])
    i = HANDS.index(hand)
    old = state.grips[seat][i]
    held = list(state.grips[seat])
    held[i] = card
    state = state._replace(grips=_set(state.grips, seat, (held[0], held[1])), stage=max(state.stage, 1),
                           placed=state.placed + 1,
                           active=_set(state.active, seat, state.active[seat] + 1))
    events = [Event("all", "grip", {"seat": seat, "card": card, "hand": hand})]
    if old is not None:
        events.append(Event("all", "grip_replaced", {"seat": seat, "card": old}))
        state = state._replace(discard=(*state.discard, old))
        if state.opts["any_replacement_resets"]:
            cleared = tuple(c for c, _ in state.pile)
            kept: tuple[tuple[str, int], ...] = ()
        else:
            cleared = tuple(c for c, s in state.pile if s == seat)
            kept = tuple((c, s) for c, s in state.pile if s != seat)
        if state.pile:
            state = state._replace(pile=kept, discard=state.discard + cleared)
            events.append(Event("all", "pile_reset", {"cards": list(cleared)}))
    return state, events


def _roll(state: JudoState, faces: Sequence[str]) -> tuple[JudoState, str]:
    """One random pick from the seed and the counter (a replay reproduces it)."""
    rng = random.Random(f"{state.opts['seed']}-{state.rolls}")
    return state._replace(rolls=state.rolls + 1), rng.choice(list(faces))


def _kuzushi(state: JudoState, seat: int, card: str,
             action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    reason = _kuzushi_allowed(state, seat, card)
    if reason is not None:
        raise reason
    events: list[Event] = []
    top = state.pile[-1][0] if state.pile else None
    if may_cover(state.opts, _top_element(state), cards()[card].element) == "tie":
        if state.opts["tie_break"] == "table":
            result = action.get("rps")
            if result not in ("won", "lost"):
                raise Rejected("rps_needed", card=card)
        else:
            state, result = _roll(state, ("won", "lost"))
        if result == "lost":
            state = state._replace(tried=(*state.tried, card))
            if state.opts["lost_tie"] == "discard":
                events.append(Event("all", "rps_lost_discard", {"seat": seat, "card": card}))
                state = _take(state, seat, [card])._replace(discard=(*state.discard, card))
                events.append(Event("all", "discard", {"seat": seat, "card": card}))
            else:
                events.append(Event("all", "rps_lost", {"seat": seat, "card": card}))
            return state, events
        events.append(Event("all", "rps_won", {"seat": seat, "card": card}))
    state = _take(state, seat, [card])
    state = state._replace(pile=(*state.pile, (card, seat)), stage=2, placed=state.placed + 1,
                           active=_set(state.active, seat, state.active[seat] + 1))
    events.append(Event("all", "kuzushi", {"seat": seat, "card": card, "top": top}))
    return state, events


# ---------------------------------------------------------------------- throws
def _needs_ippon_card(state: JudoState, throw: str) -> bool:
    return state.opts["ippon_card"] == "every_throw" or cards()[throw].ippon


def _table_lacks(state: JudoState, seat: int, throw: str) -> list[dict[str, Any]]:
    """What the table (grips held, top of the pile) still lacks for the throw."""
    info = cards()
    c = info[throw]
    held = Counter(info[g].grip for g in state.grips[seat] if g is not None)
    out: list[dict[str, Any]] = [{"what": "grip", "grip": g} for g in (Counter(c.grips) - held).elements()]
    top = state.pile[-1] if state.pile else None
    ok = (top is not None and info[top[0]].arrow == c.arrow and info[top[0]].element == c.element
          and (top[1] == seat or not state.opts["own_kuzushi"]))
    if not ok:
        out.append({"what": "kuzushi", "arrow": c.arrow, "element": c.element})
    return out


def _combo_error(state: JudoState, throw: str, ms: Sequence[str]) -> Rejected | None:
    """Why these MS cards do not fit the throw's recipe, or None."""
    info = cards()
    turns = sum(info[m].turns for m in ms)
    need = info[throw].turns
    if turns != need and not (state.opts["rotation"] == "at_least" and turns > need):
        return Rejected("throw_rotation", card=throw, need=need * 90, given=turns * 90)
    ippons = sum(info[m].ms == IPPON for m in ms)
    if ippons != int(_needs_ippon_card(state, throw)):
        return Rejected("throw_ippon_card", card=throw, need=int(_needs_ippon_card(state, throw)))
    return None


def _throw_cards(state: JudoState, seat: int) -> list[str]:
    return [c for c in dict.fromkeys(state.hands[seat]) if cards()[c].kind == "throw"]


def _ms_combos(state: JudoState, seat: int, throw: str) -> list[list[str]]:
    """The distinct MS combos (by card kind) from the hand that complete the throw."""
    info = cards()
    ms = [c for c in state.hands[seat] if info[c].kind == "ms"]
    out, seen = [], set()
    for r in range(len(ms) + 1):
        for combo in itertools.combinations(ms, r):
            key = tuple(sorted(info[m].ms for m in combo))
            if key not in seen and _combo_error(state, throw, combo) is None:
                seen.add(key)
                out.append(list(combo))
    return out


def _throw(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    given = action.get("cards")
    if not isinstance(given, list) or not given:
        raise Rejected("bad_action")
    combo = [_card({"card": c}) for c in given]
    info = cards()
    throws = [c for c in combo if info[c].kind == "throw"]
    if len(throws) != 1:
        raise Rejected("one_throw_card")
    throw = throws[0]
    ms = [c for c in combo if c != throw]
    for card in ms:
        if info[card].kind != "ms":
            raise Rejected("not_ms_card", card=card)
    if len(set(combo)) != len(combo):
        raise Rejected("duplicate_card", card=next(c for c in combo if combo.count(c) > 1))
    for card in combo:
        if not _holds(state, seat, card):
            raise Rejected("not_in_hand", seat=seat, card=card)
    lacks = _table_lacks(state, seat, throw)
    grips = [x["grip"] for x in lacks if x["what"] == "grip"]
    if grips:
        raise Rejected("throw_grips", card=throw, grips=grips)
    if lacks:
        top = state.pile[-1] if state.pile else None
        if top is not None and state.opts["own_kuzushi"] and top[1] != seat and \
                info[top[0]].arrow == info[throw].arrow and info[top[0]].element == info[throw].element:
            raise Rejected("throw_kuzushi_theirs", card=throw)
        raise Rejected("throw_kuzushi", card=throw, arrow=info[throw].arrow, element=info[throw].element)
    error = _combo_error(state, throw, ms)
    if error is not None:
        raise error
    state = _take(state, seat, combo)
    state = state._replace(discard=state.discard + tuple(combo), placed=state.placed + 1,
                           active=_set(state.active, seat, state.active[seat] + 1))
    events = [Event("all", "throw", {"seat": seat, "card": throw, "cards": ms})]
    faces = state.opts["die_faces"] or die_data()[0]
    state, face = _roll(state, faces)
    events.append(Event("all", "gake", {"seat": seat, "face": face}))
    if state.opts["throw_clears_pile"] and state.pile:
        events.append(Event("all", "pile_reset", {"cards": [c for c, _ in state.pile]}))
        state = state._replace(discard=state.discard + tuple(c for c, _ in state.pile), pile=())
    if face == IPPON:
        return _win_combat(state, seat, events, "ippon")
    if face == ECHEC:
        events.append(Event("all", "echec", {"seat": seat}))
    else:
        state = state._replace(tokens=_set(state.tokens, seat, state.tokens[seat] + (face,)))
        events.append(Event("all", "combat_score", _score_params(state)))
        if state.opts["accumulate"] and _quarters(state, seat) >= ONE_POINT:
            return _win_combat(state, seat, events, "points")
        if state.golden:
            return _win_combat(state, seat, events, "golden")
    if state.opts["throw_ends_turn"]:
        return _next_turn(state, events)
    return state, events


# ---------------------------------------------------------------------- turns and combats
def _end_turn(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if not state.placed or not state.opts["discard_when_idle"]:
        raise Rejected("must_discard")
    return _next_turn(state, [Event("all", "end_turn", {"seat": seat})])


def _discard(state: JudoState, seat: int, action: Mapping[str, Any]) -> tuple[JudoState, list[Event]]:
    if state.placed and state.opts["discard_when_idle"]:
        raise Rejected("no_discard_after_play")
    card = _card(action)
    state = _take(state, seat, [card], discard=(*state.discard, card))
    return _next_turn(state, [Event("all", "discard", {"seat": seat, "card": card})])


def _quarters(state: JudoState, seat: int) -> int:
    values = die_data()[1]
    return sum(values[t] for t in state.tokens[seat])


def _score_params(state: JudoState) -> dict[str, Any]:
    """Both seats' waza-ari and yuko, flat (w0, y0, w1, y1) so a phrase can name each."""
    return {"s0": 0, "s1": 1, **{f"{k}{s}": state.tokens[s].count(face) for s in range(SEATS)
                                 for k, face in (("w", WAZA_ARI), ("y", YUKO))}}


def _start_turn(state: JudoState, seat: int, events: list[Event], **changes: Any) -> JudoState:
    """`seat` starts a turn: the cards it must draw (the discard reshuffled if short)."""
    need = max(0, state.opts["hand_size"] - len(state.hands[seat]) - state.unknown[seat])
    pool, discard = state.pool, state.discard
    if need > len(pool) - sum(state.unknown) and state.opts["reshuffle"] and discard:
        events.append(Event("all", "reshuffle", {"n": len(discard)}))
        pool, discard = pool | set(discard), ()
    to_draw = min(need, len(pool) - sum(state.unknown))
    events.append(Event("all", "turn", {"seat": seat, "draw": to_draw}))
    return state._replace(turn=seat, stage=0, placed=0, pool=pool, discard=discard, to_draw=to_draw,
                          tried=(), **changes)


def _next_turn(state: JudoState, events: list[Event]) -> tuple[JudoState, list[Event]]:
    turns = state.turns + 1
    limit = state.opts["time_limit"]
    if not limit or (turns < limit and not state.golden):  # the common case: no clock to check
        return _start_turn(state, 1 - state.turn, events, turns=turns), events
    state = state._replace(turns=turns)
    if state.turns >= limit and not state.golden:
        q = [_quarters(state, s) for s in range(SEATS)]
        if q[0] != q[1]:
            return _win_combat(state, q.index(max(q)), events, "score")
        state = state._replace(golden=True)
        events.append(Event("all", "golden_score", {}))
    elif limit and state.golden and state.turns >= 2 * limit:
        active = state.active
        if active[0] != active[1]:
            winner = active.index(max(active))
            decision = {"seat": winner, "cards": max(active), "other": min(active)}
            events.append(Event("all", "hantei", decision))
        else:  # as active as each other: the flags decide, and the companion says so
            state, winner = _roll(state, (0, 1))
            events.append(Event("all", "hantei_flags", {"seat": winner, "cards": active[0]}))
        return _win_combat(state, winner, events, "hantei")
    return _start_turn(state, 1 - state.turn, events), events


def _win_combat(state: JudoState, winner: int, events: list[Event],
                how: str) -> tuple[JudoState, list[Event]]:
    tai = _set(state.tai, winner, state.tai[winner] + 1)
    table = [g for pair in state.grips for g in pair if g is not None] + [c for c, _ in state.pile]
    if how in ("ippon", "points"):
        events.append(Event("all", "sore_made", {}))
    events.append(Event("all", "combat_won", {"seat": winner, "combat": state.combat, "how": how}))
    events.append(Event("all", "tai", {"s0": 0, "s1": 1, "t0": tai[0], "t1": tai[1]}))
    state = state._replace(tai=tai, grips=((None, None), (None, None)), pile=(), tokens=((), ()),
                           discard=state.discard + tuple(table), golden=False, turns=0, active=(0, 0))
    if tai[winner] >= state.opts["tai_length"]:
        final = {"seat": winner, "won": tai[winner], "lost": tai[1 - winner]}
        events.append(Event("all", "match_won", final))
        return state._replace(over=True, winner=winner, to_draw=0, stage=0, placed=0), events
    rule = state.opts["next_combat"]
    starter = {"loser": 1 - winner, "winner": winner, "alternate": 1 - _combat_starter(state)}[rule]
    state = state._replace(combat=state.combat + 1)
    events.append(Event("all", "combat_start", {"combat": state.combat, "seat": starter}))
    return _start_turn(state, starter, events), events


def _combat_starter(state: JudoState) -> int:
    """Who started the current combat under `alternate` (the match's first seat, then in turn)."""
    return (state.opts["first"] + state.combat - 1) % SEATS


_HANDLERS = {"draw": _draw, "play": _play, "throw": _throw, "end_turn": _end_turn, "discard": _discard}


# ---------------------------------------------------------------------- queries for a player
def lacks(state: JudoState, seat: int, throw: str) -> list[dict[str, Any]]:
    """What the throw still lacks for `seat`: what is neither on the table nor in the hand.

    Items: `{"what": "throw"}` (the card itself), `{"what": "grip", "grip": "rG"}`,
    `{"what": "kuzushi", "arrow", "element"}` (none in hand; `"kuzushi_cover"`: in hand, but it
    cannot go on the pile now), `{"what": "turns", "degrees": n}` (no MS cards for that rotation),
    `{"what": "ippon_card"}`. An empty list: the hand completes it (see `throwable`)."""
    info = cards()
    if throw not in info or info[throw].kind != "throw":
        raise Rejected("unknown_card", card=str(throw))
    hand = state.hands[seat]
    out: list[dict[str, Any]] = [] if throw in hand else [{"what": "throw"}]
    in_hand = Counter(info[c].grip for c in hand if info[c].kind == "grip")
    for item in _table_lacks(state, seat, throw):
        if item["what"] == "grip":
            if in_hand[item["grip"]] > 0:
                in_hand[item["grip"]] -= 1
            else:
                out.append(item)
        else:
            matching = [c for c in hand if info[c].kind == "kuzushi" and info[c].arrow == item["arrow"]
                        and info[c].element == item["element"]]
            if not matching:
                out.append(item)
            elif not _could_cover(state, seat, throw):
                out.append({**item, "what": "kuzushi_cover"})
    ms = [c for c in hand if info[c].kind == "ms"]
    combos = [combo for r in range(len(ms) + 1) for combo in itertools.combinations(ms, r)]
    if not any(_combo_error(state, throw, combo) is None for combo in combos):
        if _needs_ippon_card(state, throw) and not any(info[m].ms == IPPON for m in ms):
            out.append({"what": "ippon_card"})
        turn_cards = [m for m in ms if info[m].ms != IPPON]
        sums = {sum(info[m].turns for m in combo) for r in range(len(turn_cards) + 1)
                for combo in itertools.combinations(turn_cards, r)}
        need = info[throw].turns
        if not any(t == need or (t > need and state.opts["rotation"] == "at_least") for t in sums):
            out.append({"what": "turns", "degrees": need * 90})
    return out


def _could_cover(state: JudoState, seat: int, throw: str) -> bool:
    """Could the throw's kuzushi go on the pile once the throw's grips are taken?

    Taking a missing grip with a free hand keeps the pile; replacing one clears it (J5)."""
    info = cards()
    missing = [x for x in _table_lacks(state, seat, throw) if x["what"] == "grip"]
    pile = state.pile
    if len(missing) > list(state.grips[seat]).count(None):
        pile = () if state.opts["any_replacement_resets"] else tuple(p for p in pile if p[1] != seat)
    top = info[pile[-1][0]].element if pile else None
    return may_cover(state.opts, top, info[throw].element) != "no"


def _plan(state: JudoState, seat: int, throw: str) -> dict[str, Any] | None:
    """The cards to play from the hand, in order, to make the throw now; None if impossible.

    Returns {"actions": [...], "tie": bool} (tie: a kuzushi needs rock-paper-scissors)."""
    info = cards()
    c = info[throw]
    sim = state if state.turn == seat else state._replace(turn=seat, stage=0, placed=0, to_draw=0, tried=())
    if throw not in sim.hands[seat]:
        return None
    actions: list[dict[str, Any]] = []
    needed = [x["grip"] for x in _table_lacks(sim, seat, throw) if x["what"] == "grip"]
    if needed:
        if not _grip_in_order(sim):
            return None
        held = list(sim.grips[seat])
        keep = Counter(c.grips)
        # hands whose grip is not needed (or is a surplus) may take a new grip
        free = []
        for i, g in enumerate(held):
            code = info[g].grip if g else None
            if code is not None and keep[code] > 0:
                keep[code] -= 1
            else:
                free.append(HANDS[i])
        pool = [h for h in sim.hands[seat] if info[h].kind == "grip"]
        for code in needed:
            card = next((h for h in pool if info[h].grip == code), None)
            if card is None or not free:
                return None
            pool.remove(card)
            hand = free.pop(0)
            if sim.opts["grip_hand"] == "by_target" and hand not in _slots(sim, card):
                return None
            actions.append({"type": "play", "seat": seat, "card": card, "hand": hand})
    tie = False
    try:
        for a in actions:
            sim, _ = _grip(sim, seat, a["card"], a)
    except Rejected:
        return None
    if _table_lacks(sim, seat, throw):
        kuz = [h for h in sim.hands[seat] if info[h].kind == "kuzushi" and info[h].arrow == c.arrow
               and info[h].element == c.element]
        if not kuz:
            return None
        if _kuzushi_allowed(sim, seat, kuz[0]) is not None:
            return {"blocked": True}
        tie = may_cover(sim.opts, _top_element(sim), c.element) == "tie"
        actions.append({"type": "play", "seat": seat, "card": kuz[0]})
        sim = _take(sim, seat, [kuz[0]])._replace(pile=(*sim.pile, (kuz[0], seat)))
    combos = _ms_combos(sim, seat, throw)
    if not combos:
        return None
    actions.append({"type": "throw", "seat": seat, "cards": [throw, *combos[0]]})
    return {"actions": actions, "tie": tie}


def throwable(state: JudoState, seat: int) -> list[dict[str, Any]]:
    """The throws `seat` could make now from its hand: [{"card", "actions", "tie"}, ...]."""
    out = []
    for throw in _throw_cards(state, seat):
        plan = _plan(state, seat, throw)
        if plan is not None and not plan.get("blocked"):
            out.append({"card": throw, **plan})
    return out


def query_events(state: JudoState, seat: int, throw: str | None = None) -> list[Event]:
    """Private answers to speak: what `throw` lacks, or (no throw) what the hand can throw now."""
    if throw is not None:
        items = lacks(state, seat, throw)
        if not items:
            return [Event(seat, "lacks_nothing", {"card": throw})]
        return [Event(seat, f"lacks_{x['what']}", _lack_params(throw, x)) for x in items]
    found = throwable(state, seat)
    if not found:
        return [Event(seat, "can_throw_none", {})]
    events = []
    for f in found:
        played = [c for a in f["actions"] for c in ([a["card"]] if "card" in a else a["cards"])]
        key = "can_throw_tie" if f["tie"] else "can_throw"
        events.append(Event(seat, key, {"card": f["card"], "cards": played}))
    return events


def _lack_params(throw: str, item: dict[str, Any]) -> dict[str, Any]:
    return {"card": throw, **{k: v for k, v in item.items() if k != "what"}}


GAME = register(Judo())
