"""Helpers for the judo tests: arranged positions and turn passing through real actions."""

from __future__ import annotations

from typing import Any

from companion.engine import Match, get_game
from companion.games.judo.state import JudoState

JUDO = get_game("judo")
NORTH, SOUTH = 0, 1
FILLER = ["KUZ-LEFT-WOOD-1", "KUZ-LEFT-WOOD-2", "KUZ-RIGHT-WATER-1"]


def arrange(options: dict[str, Any] | None = None, hands: tuple[list[str], list[str]] = ([], []),
            grips: tuple[tuple[str | None, str | None], ...] = ((None, None), (None, None)),
            pile: tuple[tuple[str, int], ...] = (), turn: int = NORTH) -> JudoState:
    """A position set up by hand (a unit seam): cards leave the draw pile where they are put."""
    state = JUDO.new_state(2, {"seed": 1, "die": "companion", **(options or {})})  # a seeded die
    used = set(hands[0]) | set(hands[1]) | {g for pair in grips for g in pair if g} | {c for c, _ in pile}
    return state._replace(hands=(tuple(hands[0]), tuple(hands[1])), pool=state.pool - used,
                          grips=(tuple(grips[0]), tuple(grips[1])), pile=tuple(pile), turn=turn, to_draw=0)


def match_from(state: JudoState) -> Match:
    return Match(JUDO, 2, dict(state.opts), [state], [])


def draw_named(m: Match, seat: int, first: list[str]) -> None:
    """`seat` draws the named cards, then fillers from the pile up to its due."""
    due = m.state.to_draw
    rest = [c for c in sorted(m.state.pool) if c not in first][: max(0, due - len(first))]
    m.apply({"type": "draw", "seat": seat, "cards": (first + rest)[:due]})


def pass_turn(m: Match) -> None:
    """The seat on turn draws what it must and discards its first card."""
    seat = m.state.turn
    if m.state.to_draw:
        draw_named(m, seat, [])
    m.apply({"type": "discard", "seat": seat, "card": m.state.hands[seat][0]})
