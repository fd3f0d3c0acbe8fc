"""The judo game's state: options, card facts from the deck, rule tables, the immutable match state."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from card_codes import load_deck
from companion.engine import Option, Rejected
from companion.engine.protocol import named_card

Face = TypeVar("Face")  # what a random pick picks from: die faces, seats
RULES_FILE = Path(__file__).with_name("rules.toml")


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
    Option("die", "table", "Who rolls the GAKE die: the table, with its own die (the text's 'Lancer le dé "
           "GAKE': its face is typed or said, 'dé ippon'), or the companion (from the game's seed).",
           ("table", "companion"), "J11"),
    Option("die_faces", None, "The GAKE die's faces (None: the deck file's die), e.g. [\"IPPON\"] "
           "for a fixed die.", (), "J11"),
    Option("elements", "chain", "Which element may cover which (judo_rules.toml).",
           ("chain", "cycle", "ranking"), "J1"),
    Option("own_kuzushi", True, "A throw needs the top kuzushi placed by the thrower (else by anyone).",
           (True, False), "J2"),
    Option("kuzushi_needs_grips", True, "A kuzushi needs both of your grips placed.", (True, False), "J3"),
    Option("grip_hand", "by_target", "Which hand a grip card takes: the player's choice, or by the side of "
           "the judogi it targets, facing the opponent as in the text's 'mD = main gauche saisit la manche "
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
    Option("tie_break", "table", "Equal elements: the players play rock-paper-scissors and the action "
           "says who won (the text: \"faites un pierre-feuille-ciseaux\"), or the companion draws the "
           "winner (announced).", ("table", "companion"), "J19"),
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


def sort_of(card: str) -> tuple[str, ...]:
    """What a card is for the rules: its copies are the same sort (they make the same moves)."""
    c = cards()[card]
    return (c.kind, c.grip, c.arrow, c.element, c.ms, c.abbr)


def distinct(hand: Sequence[str]) -> list[str]:
    """One card of each sort in the hand (two copies of a card make the same move)."""
    out, seen = [], set()
    for card in hand:
        key = sort_of(card)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


def seat_field(action: Mapping[str, Any]) -> int:
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(SEATS):
        raise Rejected("bad_seat", value=str(seat))
    return seat


def card_field(action: Mapping[str, Any], key: str = "card") -> str:
    return named_card(action, cards(), key)


def holds(state: JudoState, seat: int, card: str) -> bool:
    return card in state.hands[seat] or (state.unknown[seat] > 0 and card in state.pool)


def taken(state: JudoState, seat: int, taken: Sequence[str], **changes: Any) -> JudoState:
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
    return state._replace(hands=with_seat(state.hands, seat, tuple(hand)),
                          unknown=with_seat(state.unknown, seat, unknown), pool=pool, **changes)


def with_seat(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def roll(state: JudoState, faces: Sequence[Face]) -> tuple[JudoState, Face]:
    """One random pick from the seed and the counter (a replay reproduces it)."""
    rng = random.Random(f"{state.opts['seed']}-{state.rolls}")
    return state._replace(rolls=state.rolls + 1), rng.choice(list(faces))


def quarters(state: JudoState, seat: int) -> int:
    values = die_data()[1]
    return sum(values[t] for t in state.tokens[seat])


def score_params(state: JudoState) -> dict[str, Any]:
    """Both seats' waza-ari and yuko, flat (w0, y0, w1, y1) so a phrase can name each."""
    return {"s0": 0, "s1": 1, **{f"{k}{s}": state.tokens[s].count(face) for s in range(SEATS)
                                 for k, face in (("w", WAZA_ARI), ("y", YUKO))}}
