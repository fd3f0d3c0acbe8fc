"""A second, differently built camera model for the realism kit's scenes (issue 29, part 4).

`TableClip` draws what a pinhole camera sees, then blurs, adds noise and codes the frame as MJPG.
Real webcams differ in ways no one tuned the project to; `OtherWebcam` films the same scene as a
different camera would: a wider lens (75°) with barrel distortion, defocus, an auto-exposure that
sets the picture's mean level from the whole frame (a small share of white cards on a dark table
is pushed up to near saturation), its own sharpening (halos that overshoot to white), noise that
grows with the light (shot noise) and is coloured, and JPEG coding at a lower quality. Seeded: the
same scene gives the same frames.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from card_codes import Deck
from companion.vision.synthetic import RenderedFrames
from kit.realism import Happening, Look, TableCamera, TableClip

CLEAN = Look(blur=0.0, noise=0.0, jpeg=None)
WIDE = TableCamera(hfov=75.0)


@dataclass(frozen=True)
class Optics:
    """The other camera's make: barrel distortion ``k1`` (of the radius normalised to the half
    diagonal), defocus (px), auto-exposure's target mean level, sharpening, noise, JPEG quality."""

    k1: float = -0.22
    defocus: float = 1.1
    target_mean: float = 100.0
    sharpen: float = 0.6
    noise: float = 2.5
    shot: float = 0.025
    jpeg: int = 72


class OtherWebcam(RenderedFrames):
    """A scene of the realism kit filmed by another camera (module doc)."""

    live = False

    def __init__(self, deck: Deck, scene: Sequence[Happening], *, camera: TableCamera = WIDE,
                 optics: Optics = Optics(), surface: str = "wood", fps: float = 15.0,
                 duration: float | None = None, look: Look = CLEAN, seed: int = 0) -> None:
        import numpy as np

        self.clip = TableClip(deck, scene, camera=camera, surface=surface, fps=fps, duration=duration,
                              look=look, seed=seed)
        self.camera, self.optics, self.seed = camera, optics, seed
        self.fps, self.duration = fps, self.clip.duration
        self.name = f"other:{deck.game}:{surface}"
        self._index = 0
        w, h = camera.size
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy, r0 = w / 2, h / 2, math.hypot(w / 2, h / 2)
        # barrel distortion: the output pixel at radius r shows the scene at r (1 + k1 (r / r0)²)⁻¹
        # (points near the edge are pulled in), so the scene's edge comes into the picture
        rr = ((xs - cx) ** 2 + (ys - cy) ** 2) / (r0 * r0)
        scale = 1 / (1 + optics.k1 * rr)
        scale = scale / scale.max() if optics.k1 < 0 else scale
        self._map = ((xs - cx) * scale + cx, (ys - cy) * scale + cy)

    def render(self, t: float, index: int = 0) -> Any:
        import cv2
        import numpy as np

        o = self.optics
        rng = np.random.default_rng((self.seed, index, 29))
        img = self.clip.render(t, index)
        img = cv2.remap(img, self._map[0], self._map[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        f = img.astype(np.float32)
        if o.defocus > 0:
            f = cv2.GaussianBlur(f, (0, 0), o.defocus)
        gain = float(np.clip(o.target_mean / max(float(f.mean()), 1.0), 0.5, 3.0))  # auto-exposure
        f = f * gain
        if o.sharpen > 0:
            f = f + o.sharpen * (f - cv2.GaussianBlur(f, (0, 0), 1.6))
        sigma = o.noise + o.shot * np.clip(f, 0, 255)
        f = f + sigma * rng.standard_normal(f.shape, dtype=np.float32)
        out = np.clip(f, 0, 255).astype(np.uint8)
        _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, o.jpeg])
        return cv2.imdecode(buf, cv2.IMREAD_COLOR)


__all__ = ["CLEAN", "WIDE", "Optics", "OtherWebcam"]
