"""The Dojo bot of the synthetic table: it trains where its dojo scores best, and challenges
the dealer when its belt is likely to win.

It plays from what its seat knows: its own tatami, every dojo on the table, the tatamis
shown in duels; never another player's face-down tatami (the dealer's is guessed from the
tatamis it has not seen). The dealer's part (flipping trophies, handing out tatamis) is the
table's.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine import Action, Match, Seat
from companion.engine.bots import PurposefulBot
from companion.games.dojo.scoring import legal_cells, score_cells
from companion.games.dojo.state import CHALLENGE, ROWS, TRAINING, DojoState, tatamis, trophies

DARE = 0.6  # the chance of winning the duel a bot wants before it challenges


class DojoBot(PurposefulBot):
    """A sensei who trains where his dojo scores best and challenges when his belt likely wins."""

    def choose(self, match: Match, seat: Seat, rng: random.Random) -> Action | None:
        state: DojoState = match.state
        legal = [dict(a) for a in match.game.legal(state, seat)]
        if state.phase == CHALLENGE and legal:
            return _answer(state, seat, legal)
        if state.phase == TRAINING and legal:
            return _train(state, seat, legal)
        return super().choose(match, seat, rng)


def _decide(state: DojoState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The duel's winner swaps when the loser's tatami trains better in his dojo, else says he
    keeps his own (the loser places once the winner has decided)."""
    swap = next((a for a in legal if a["type"] == "swap"), None)
    if swap is None:
        return None
    return swap if _swap_gains(state, seat) else next(a for a in legal if a["type"] == "keep")


def _answer(state: DojoState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    decided = _decide(state, seat, legal)
    if decided is not None:
        return decided
    challenge = next((a for a in legal if a["type"] == "challenge"), None)
    if challenge is not None and state.in_play and _win_chance(state, seat) >= DARE:
        return challenge
    return next((a for a in legal if a["type"] == "pass"), legal[0])


def _win_chance(state: DojoState, seat: int) -> float:
    """The chance that the seat's belt beats the dealer's unseen tatami (a tie wins)."""
    info = tatamis()
    mine = state.pending[seat]
    assert mine is not None
    seen = {card for dojo in state.dojos for _, _, card in dojo} | {mine}
    seen |= {state.pending[s] for s in state.shown if state.pending[s] is not None}  # type: ignore[misc]
    unseen = [t for t in info if t not in seen]
    return sum(info[t].belt <= info[mine].belt for t in unseen) / max(1, len(unseen))


def _train(state: DojoState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    decided = _decide(state, seat, legal)
    if decided is not None:
        return decided
    places = [a for a in legal if a["type"] == "place"]
    card = state.pending[seat]
    if not places or card is None:
        return legal[0]
    return max(places, key=lambda a: (_value(state, seat, card, (a["row"], a["col"])), -a["row"], -a["col"]))


def _best(state: DojoState, seat: int, card: str) -> float:
    cells = [(r, c) for r, c, _ in state.dojos[seat]]
    return max(_value(state, seat, card, cell) for cell in legal_cells(cells, state.opts["orientation"]))


def _swap_gains(state: DojoState, seat: int) -> bool:
    """The duel's loser's tatami (shown) trains better in the winner's dojo than his own."""
    assert state.swap_offer is not None
    loser = state.swap_offer[1]
    mine, theirs = state.pending[seat], state.pending[loser]
    if mine is None or theirs is None:
        return False
    return _best(state, seat, theirs) > _best(state, seat, mine)


def _value(state: DojoState, seat: int, card: str, cell: tuple[int, int]) -> float:
    """The dojo's score with the tatami there, plus half the belts of columns still on track."""
    info = tatamis()
    cells = {(r, c): t for r, c, t in state.dojos[seat]}
    cells[cell] = card
    opts = state.opts
    score = score_cells(cells, sum(trophies()[t] for t in state.won[seat]), raccoons=opts["raccoons"],
                        raccoon_belts=opts["raccoon_belts"], orientation=opts["orientation"]).total
    hope = 0.0
    for col in {c for _, c in cells}:
        column = [t for (r, c), t in cells.items() if c == col]
        belts = {info[t].belt for t in column}
        if len(column) < ROWS and len(belts) == 1:
            hope += belts.pop() * len(column) / (2 * ROWS)
    return score + hope
