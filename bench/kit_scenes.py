"""Table scenes for the camera benchmarks, built from the realism kit (kit.realism).

(`resting_scene`, 12 cards at rest, is the kit's: kit.table_scenes.)

`trick_scene`: what happens around one trick at a real table, with ground truth: four cards slid
in by four seats and left at rest, then swept up towards the winner; around them a fan held by a
player (trembling, above the table), a hand reading a laid card's tactile code, another game's
card, a bar's coaster, glare on a card, the lamp switched on, a fan held close over the trick.
Which of these happen depends on ``kind`` (KINDS); positions scale with the camera's distance so
that the trick stays in view.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kit.realism import Coaster, Exposure, Fan, Glare, Hand, Happening, Laid

KINDS = ("trick", "glare", "exposure", "close-fan", "two-tricks")
SEAT_DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # table mm: North far, East right, South near, West left
SEAT_EDGES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Trick:
    """The four cards laid in seat order, the three held in a fan, another game's card."""

    laid: tuple[str, str, str, str]
    held: tuple[str, str, str]
    foreign: tuple[str, str]  # (game, card)
    second: tuple[str, str, str, str] | None = None  # a second trick, laid after the first is swept up


def trick_scene(trick: Trick, kind: str, distance: float, rng: np.random.Generator) -> list[Happening]:
    """One trick on the table as ``kind`` says (see KINDS), for a camera at ``distance`` mm."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    s = float(np.clip(distance / 550, 0.8, 1.25))
    out: list[Happening] = []
    t = 0.9
    rests = []
    places = []
    for k in range(len(trick.laid)):
        dx, dy = SEAT_DIRS[k]
        at = (dx * 100 * s + rng.uniform(-8, 8), dy * 72 * s + rng.uniform(-6, 6))
        places.append(at)
        rests.append(t)
        t += float(rng.uniform(0.9, 1.3))
    collect = t + 0.6
    winner = int(rng.integers(4))
    for k, card in enumerate(trick.laid):
        out.append(Laid(card, rests[k], places[k], angle=float(90 * k + rng.uniform(-20, 20)),
                        edge=SEAT_EDGES[k], slide=float(rng.uniform(0.35, 0.6)), until=collect,
                        taken_to=SEAT_EDGES[winner], seat=k))
    end = collect + 0.8
    if trick.second is not None and kind == "two-tricks":
        t = collect + 1.2
        for k, card in enumerate(trick.second):
            seat = (winner + k) % 4
            dx, dy = SEAT_DIRS[seat]
            at = (dx * 100 * s + rng.uniform(-8, 8), dy * 72 * s + rng.uniform(-6, 6))
            out.append(Laid(card, t, at, angle=float(90 * seat + rng.uniform(-20, 20)), edge=SEAT_EDGES[seat],
                            slide=float(rng.uniform(0.35, 0.6)), seat=seat))
            t += float(rng.uniform(0.9, 1.3))
        end = t + 0.3
    fan_side = 1 if rng.random() < 0.5 else -1
    if kind == "close-fan":  # held close to the camera over the trick while the first cards come
        out.append(Fan(trick.held, 0.3, rests[1] + 0.8, (fan_side * 60 * s, -40 * s), angle=-15 * fan_side,
                       lift=1.6, tremor=3.0))
    else:
        out.append(Fan(trick.held, 0.2, end - 0.2, (fan_side * 165 * s, -120 * s), angle=-20 * fan_side,
                       lift=float(rng.uniform(1.15, 1.35)), tremor=float(rng.uniform(2.0, 3.5))))
    first = places[0]
    out.append(Hand(first, rests[0] + 0.5, rests[0] + 1.9, edge=SEAT_EDGES[0]))  # reading its code
    out.append(Laid(trick.foreign[1], rests[1] + 0.3, (-fan_side * 165 * s, 115 * s),
                    angle=float(rng.uniform(0, 360)), edge=SEAT_EDGES[1 if fan_side < 0 else 3],
                    game=trick.foreign[0]))
    out.append(Coaster((-fan_side * 190 * s, -110 * s)))
    if kind == "glare":  # a lamp's reflection on two laid cards, for a second each
        for k in (1, 2):
            out.append(Glare(places[k], radius=14, strength=0.8, t0=rests[k] - 0.2, t1=rests[k] + 1.0))
    else:
        out.append(Glare(places[2], radius=10, strength=0.5, t0=rests[2] + 0.2, t1=rests[2] + 0.9))
    if kind == "exposure":  # the lamp switched on, then a cloud: auto-exposure takes a second each time
        out.append(Exposure(rests[1] - 0.1, 1.7, settle=1.0))
        out.append(Exposure(rests[3] - 0.3, 0.55, settle=1.0))
    return out


def scene_end(scene: list[Happening]) -> float:
    """When the last thing happening is over, plus a second of quiet table."""
    ends = [0.0]
    for h in scene:
        if isinstance(h, Laid):
            ends.append((h.until + h.slide) if h.until is not None else h.t + 0.5)
        elif isinstance(h, Fan | Hand):
            ends.append(h.t1)
    return max(ends) + 1.0
