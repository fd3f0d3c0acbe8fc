"""The judo bot of the synthetic table: grips, kuzushi and throws, like a judoka who wants ippon.

It plays from what its seat knows (its hand, the table), never the opponent's hand: first a
throw its hand completes now (the companion's own `throwable` plan, step by step); else it
takes the grips its best throw card needs, puts down that throw's kuzushi early when the
opponent can hardly cover it, covers the opponent's kuzushi with a card it does not need
(his throw needs his own kuzushi on top), and ends its turn; with nothing to place, it
discards the card it needs least.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.engine import Action, Match, Seat
from companion.engine.bots import PurposefulBot
from companion.games.judo.queries import lacks, throwable
from companion.games.judo.state import HANDS, JudoState, cards, die_data, may_cover

# Without a throw card in hand, the grips most throws of the deck ask for (standard kumikata).
USUAL_GRIPS = ("mD", "rG")


def seat_view(state: JudoState, seat: int) -> JudoState:
    """The match as `seat` may know it: the opponent's cards are unseen ones (back in the pool)."""
    other = 1 - seat
    hidden = state.hands[other]
    hands = list(state.hands)
    hands[other] = ()
    unknown = list(state.unknown)
    unknown[other] += len(hidden)
    return state._replace(hands=(hands[0], hands[1]), unknown=(unknown[0], unknown[1]),
                          pool=state.pool | set(hidden))


class JudoBot(PurposefulBot):
    """A judoka who wants ippon (no clock needed: he ends his combats by throwing, as the text does)."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        state: JudoState = match.state
        if state.over or seat != state.turn or state.to_draw:
            return super().choose(match, seat, rng)
        mine = seat_view(state, seat)
        legal = [dict(a) for a in match.game.legal(mine, seat)]
        action = (_throw_step(mine, seat) or _grip_step(mine, seat, legal) or _kuzushi_step(mine, seat, legal)
                  or _finish(mine, seat, legal))
        if action is not None and _needs_hands_game(mine, action):  # players playing it themselves
            action = {**action, "rps": rng.choice(("won", "lost"))}
        if action is not None and action["type"] == "throw" and state.opts["die"] == "table":
            # the table's die decides, not the bot: it rolls (the synthetic table's dice)
            action = {**action, "die": rng.choice(list(state.opts["die_faces"] or die_data()[0]))}
        return action


def _needs_hands_game(state: JudoState, action: dict[str, Any]) -> bool:
    """A kuzushi tie the players settle with their own rock-paper-scissors (`tie_break = table`)."""
    if action["type"] != "play" or state.opts["tie_break"] != "table":
        return False
    if cards()[action["card"]].kind != "kuzushi":
        return False
    top = cards()[state.pile[-1][0]].element if state.pile else None
    return may_cover(state.opts, top, cards()[action["card"]].element) == "tie"


def _throw_step(state: JudoState, seat: int) -> dict[str, Any] | None:
    """The next card of the shortest sure plan that throws now (a tie only if nothing surer)."""
    plans = throwable(state, seat)
    if not plans:
        return None
    best = min(plans, key=lambda p: (p["tie"], len(p["actions"]), p["card"]))
    step: dict[str, Any] = best["actions"][0]
    return step


def _target(state: JudoState, seat: int) -> tuple[str | None, tuple[str, ...]]:
    """The throw card in hand nearest to done (None: none held) and the grips it needs."""
    info = cards()
    throws = sorted({c for c in state.hands[seat] if info[c].kind == "throw"})
    if not throws:
        return None, USUAL_GRIPS
    best = min(throws, key=lambda t: (len(lacks(state, seat, t)), t))
    return best, info[best].grips


def _grip_step(state: JudoState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A grip the target throw needs: into a free hand, else in place of a grip it does not need."""
    info = cards()
    _, wanted = _target(state, seat)
    held = [info[g].grip if g else None for g in state.grips[seat]]
    keep = Counter(wanted)
    spare = []  # hands whose grip the target does not need
    for hand, code in zip(HANDS, held, strict=True):
        if code is not None and keep[code] > 0:
            keep[code] -= 1
        else:
            spare.append(hand)
    grips = [a for a in legal if a["type"] == "play" and "hand" in a]
    for code in keep.elements():
        for hand in sorted(spare, key=lambda h: held[HANDS.index(h)] is not None):  # free hands first
            move = next((a for a in grips if a["hand"] == hand and info[a["card"]].grip == code), None)
            if move is not None:
                return move
    if None in state.grips[seat]:  # any grip at all: a kuzushi needs both hands on the judogi
        return next((a for a in grips if state.grips[seat][HANDS.index(a["hand"])] is None), None)
    if _pile_blocks(state, seat) and grips:  # a new grip clears the pile (J5): keep the same kumikata
        same = [a for a in grips if info[a["card"]].grip == held[HANDS.index(a["hand"])]]
        return min(same or grips, key=lambda a: (a["card"], a["hand"]))
    return None


def _pile_blocks(state: JudoState, seat: int) -> bool:
    """A kuzushi on top that no throw in hand wants (the opponent's, or the seat's own that its
    throws do not use: a Fire nothing covers but a tie would stall it), and none of the seat's
    kuzushi may cover it for sure."""
    info = cards()
    if not state.pile or not state.opts["any_replacement_resets"]:
        return False
    card, by = state.pile[-1]
    if by == seat and (info[card].arrow, info[card].element) in _needed_kuzushi(state, seat):
        return False
    top = info[card].element
    return not any(may_cover(state.opts, top, info[c].element) == "yes"
                   for c in state.hands[seat] if info[c].kind == "kuzushi")


def _needed_kuzushi(state: JudoState, seat: int) -> set[tuple[str, str]]:
    info = cards()
    return {(info[c].arrow, info[c].element) for c in state.hands[seat] if info[c].kind == "throw"}


def _kuzushi_step(state: JudoState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The target's kuzushi put down early when hard to cover (nothing covers Fire but a tie);
    else the opponent's kuzushi covered with a card no throw in hand needs."""
    info = cards()
    plays = [a for a in legal if a["type"] == "play" and info[a["card"]].kind == "kuzushi"
             and a.get("rps", "won") == "won"]  # one of each (the result is the players')
    if not plays:
        return None
    top = state.pile[-1] if state.pile else None
    mine_on_top = top is not None and top[1] == seat
    target, _ = _target(state, seat)
    if target is not None and not mine_on_top:
        t = info[target]
        early = [a for a in plays if (info[a["card"]].arrow, info[a["card"]].element) == (t.arrow, t.element)]
        if early and not _coverable(state, t.element):
            return early[0]
    if top is not None and top[1] != seat:
        needed = _needed_kuzushi(state, seat)
        spare = [a for a in plays if (info[a["card"]].arrow, info[a["card"]].element) not in needed]
        if spare:  # a sure cover before a tie
            ties = {a["card"]: may_cover(state.opts, info[top[0]].element, info[a["card"]].element) == "tie"
                    for a in spare}
            return min(spare, key=lambda a: (ties[a["card"]], a["card"]))
    return None


def _coverable(state: JudoState, element: str) -> bool:
    """Could a card of another element go on top of this one (a tie aside)?"""
    return any(may_cover(state.opts, element, other) == "yes" for other in ("FIRE", "WOOD", "WATER"))


def _finish(state: JudoState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    ending = next((a for a in legal if a["type"] == "end_turn"), None)
    if ending is not None:
        return ending
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        return legal[0] if legal else None
    return min(discards, key=lambda a: (_worth(state, seat, a["card"]), a["card"]))


def _worth(state: JudoState, seat: int, card: str) -> float:
    """How much the hand needs a card (the least needed is discarded): the two throws nearest
    to done, their kuzushi, grips and a few MS cards; the rest is ballast."""
    info = cards()
    c = info[card]
    hand = state.hands[seat]
    throws = sorted((t for t in set(hand) if info[t].kind == "throw"),
                    key=lambda t: (len(lacks(state, seat, t)), t))[:2]
    kept = [info[t] for t in throws]
    if c.kind == "throw":
        return 5 - throws.index(card) if card in throws else 0.5
    if c.kind == "kuzushi":
        return 3 if any((t.arrow, t.element) == (c.arrow, c.element) for t in kept) else 0
    if c.kind == "ms":
        same = sorted(m for m in hand if info[m].ms == c.ms)
        return 4 if same.index(card) < 2 else 0.5  # two of each kind make any rotation the deck asks
    wanted = {g for t in kept for g in t.grips} or set(USUAL_GRIPS)
    held = {info[g].grip for g in state.grips[seat] if g}
    spares = sorted(g for g in hand if info[g].kind == "grip")
    return 2 if c.grip in wanted and c.grip not in held else (1 if spares.index(card) == 0 else 0.5)
