"""Table scenes where a play is easily lost or made up (issue 29), built with the realism kit.

- `held_fan_scene`: a fan of five cards held close to the camera and turned towards it, swaying,
  then held still for a second, before any card is laid; then a trick of four laid by the four
  seats; then the fan again over the table, held still for three seconds. Only the trick is played.
- `glare_scene`: a trick of four under a lamp whose reflection hides each card's code for 0.6 s:
  as it slides in, as it stops, just after and well after. All four are played.
- `far_dim_scene`: a trick of four on a dark table in a dim room, the camera far. All four played.
- `resting_scene`: 12 cards at rest in a 4 x 3 layout, turned at random, far enough apart that no
  card ever covers another's code (112 mm: a card turned any way fits in a 108 mm circle).

Positions scale with the camera's distance so that the trick stays in view.
"""

from __future__ import annotations

from typing import Any

from card_codes import load_deck
from kit.realism import Fan, Glare, Happening, Laid, TableCamera, TableClip

TRICK = (("Y-P4-V1", (-95.0, 70.0), "top"), ("R-P2-V1", (95.0, 20.0), "right"),
         ("Y-P3-V1", (-20.0, -70.0), "bottom"), ("R-P5-V1", (-170.0, -10.0), "left"))
FAN = ("R-P1-V3", "R-P1-V4", "Y-X1", "Y-P6-V1", "R-X2")  # held: never played


def trick(camera: TableCamera, start: float, step: float = 1.2) -> list[Laid]:
    """The four cards of TRICK laid in seat order from ``start``, one every ``step`` seconds."""
    s = max(camera.distance / 550, 0.8)
    return [Laid(card, start + step * k, (at[0] * s, at[1] * s), angle=8 * k - 10, edge=edge, seat=k)
            for k, (card, at, edge) in enumerate(TRICK)]


def held_fan_scene(camera: TableCamera, mm: float = 300.0, tilt: float = 30.0) -> list[Happening]:
    """A fan ``mm`` from the lens turned up by ``tilt``, before and after a trick (module doc)."""
    s = max(camera.distance / 550, 0.8)
    first, first_height = camera.held_at((60 * s, -100 * s), mm)
    again, again_height = camera.held_at((-40 * s, -20 * s), mm + 40)
    return [Fan(FAN, 0.3, 3.0, first, angle=-10, spread=10, height=first_height, tilt=tilt, sway=12,
                still=(1.2, 2.3), tremor=2.5),
            *trick(camera, 3.5, 1.0),
            Fan(FAN[::-1], 7.2, 11.5, again, angle=12, spread=12, height=again_height, tilt=tilt, sway=10,
                still=(8.0, 10.8), tremor=2.0)]


def glare_scene(camera: TableCamera) -> list[Happening]:
    """The trick under a lamp's reflection on each card's code in turn (module doc)."""
    laid = trick(camera, 1.0)
    probe = TableClip(load_deck("tatsu"), [], camera=camera, duration=0.1)  # where a card's code lies
    out: list[Happening] = list(laid)
    for k, h in enumerate(laid):
        code = probe.code_quad_mm(h.at, h.angle).mean(axis=0)
        off = (-0.3, -0.05, 0.1, 0.3)[k]  # before it stops, as it stops, just after, well after
        out.append(Glare((float(code[0]), float(code[1])), radius=14, strength=1.4, t0=h.t + off,
                         t1=h.t + off + 0.6))
    return out


def far_dim_scene(camera: TableCamera) -> list[Happening]:
    return list(trick(camera, 1.0))


def resting_scene(ids: list[str], rng: Any, shift: int = 0) -> list[Laid]:
    """12 cards at rest around the point the camera looks at, turned at random (``rng``: a numpy
    Generator)."""
    return [Laid(ids[(i + shift) % len(ids)], 0.0,
                 ((i % 4 - 1.5) * 112 + rng.uniform(-4, 4), (i // 4 - 1) * 112 + rng.uniform(-4, 4)),
                 angle=float(rng.uniform(0, 360)), slide=0.01) for i in range(12)]
