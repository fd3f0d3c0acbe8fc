"""What a Tatsu seat may do now: the legal plays, reveals and (2 players) layout examples."""

from __future__ import annotations

import random

from companion.games.tatsu.actions import LayoutAction, PlayAction, RevealAction
from companion.games.tatsu.state import (
    CLANS,
    LAYOUT_SIZE,
    TatsuState,
    cards,
    face_down_allowed,
    holder_of,
    identified,
    partner,
)


# ---------------------------------------------------------------------- legal moves
def legal_plays(state: TatsuState, front: int) -> list[PlayAction]:
    info = cards()
    clan = state.clans[front]
    out: list[PlayAction] = []
    no_partner = None if state.opts["ask_partner"] else partner(state, front)
    if state.players == 2:
        pool = _pool(state, clan)
        for source, tableau in enumerate(state.tableaux):
            may_take_down = face_down_allowed(state, source, clan)
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
        holder = holder_of(state, card)
        sources = [holder] if holder is not None else [
            s for s in range(state.seat_count) if state.hands[s] is None and state.sizes[s] > 0]
        out.extend({"type": "play", "seat": front, "card": card, "from": s}
                   for s in sources if s != no_partner)
    return out


def _pool(state: TatsuState, clan: str) -> list[str]:
    """2p: cards of a colour not yet seen (face down, or turned up and not named)."""
    known = identified(state)
    return [c for c, i in cards().items() if i.clan == clan and c not in state.played and c not in known]


def legal_reveals(state: TatsuState, seat: int) -> list[RevealAction]:
    tableau = state.tableaux[seat] or ()
    colours = {k.colour for k in tableau if k.up is None and k.colour}
    return [{"type": "reveal", "seat": seat, "card": c}
            for clan in sorted(colours) for c in _pool(state, clan)]


def layout_examples(state: TatsuState, seat: int, count: int = 3) -> list[LayoutAction]:
    """A few valid layouts (all of them are too many to list), drawn from the state's seed."""
    info = cards()
    other = state.tableaux[1 - seat]
    taken = {k.up for k in other or ()}
    out: list[LayoutAction] = []
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
