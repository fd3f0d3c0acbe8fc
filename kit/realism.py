"""The realism kit: table videos as a webcam beside a real table would film them, with ground truth.

A pinhole camera (65° lens, 720p) looks at the table from ``distance`` at ``elevation``
degrees above it, so labels are shortened by sin(elevation) as they are at a real table.
A scene is a list of what happens: cards laid (sliding in, moving blurred, coming to rest),
fans of cards held in a hand (trembling, above the table), hands resting on a card (a
player reading its tactile code), tricks collected, lamp glare, exposure jumps, foreign
codes (a URL QR code on a coaster, a card of another game). Frames are coded as an MJPG
webcam sends them. Everything is seeded: the same scene gives the same frames.

`TableClip.truth()` says what a perfect companion would conclude: which cards were laid,
where and when they came to rest, and which cards were only held, covered, collected or
foreign. Positions are table millimetres from the point the camera looks at: x to the
right, y away from the camera (the far side is the top of the image).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from card_codes import Deck, load_deck
from companion.vision.synthetic import CARD_MM, MODULE_MM, RenderedFrames, card_texture, code_block_mm

SURFACES = ("wood", "felt", "gingham", "laminate", "dark")
SKIN = ((120, 150, 200), (95, 125, 175), (70, 95, 140), (150, 175, 215))  # BGR, light to dark
EXPOSURE = 0.5  # fraction of a frame the shutter is open: motion blur = speed x this
CLEAR_FOR = 0.3  # seconds a code must stay clear in view to count as readable (ground truth)


@dataclass(frozen=True)
class TableCamera:
    """A webcam beside the table: ``distance`` mm from the lens to the point it looks at on the
    table, ``elevation`` degrees above the table plane, ``hfov`` its horizontal field."""

    distance: float = 550.0
    elevation: float = 45.0
    hfov: float = 65.0
    size: tuple[int, int] = (1280, 720)
    roll: float = 0.0

    @property
    def focal(self) -> float:
        return self.size[0] / 2 / math.tan(math.radians(self.hfov) / 2)

    @property
    def px_per_mm(self) -> float:
        """Scale at the image centre across the view (the other way is shortened by sin(elevation))."""
        return self.focal / self.distance

    def homography(self) -> Any:
        """Table mm (x right, y away from the camera) -> image pixels."""
        import numpy as np

        f, d = self.focal, self.distance
        c, s = math.cos(math.radians(self.elevation)), math.sin(math.radians(self.elevation))
        cx, cy = self.size[0] / 2, self.size[1] / 2
        H = np.array([[f, cx * c, cx * d], [0.0, -f * s + cy * c, cy * d], [0.0, c, d]])
        r = math.radians(self.roll)
        R = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
        T, Ti = np.eye(3), np.eye(3)
        T[:2, 2], Ti[:2, 2] = (cx, cy), (-cx, -cy)
        return T @ R @ Ti @ H

    def projection(self) -> Any:
        """Table mm in space (x right, y away, z up from the table) -> image pixels: the 3 x 4
        matrix (its x, y and last columns are `homography`)."""
        import numpy as np

        f, d = self.focal, self.distance
        c, s = math.cos(math.radians(self.elevation)), math.sin(math.radians(self.elevation))
        cx, cy = self.size[0] / 2, self.size[1] / 2
        P = np.array([[f, cx * c, -cx * s, cx * d], [0.0, -f * s + cy * c, -f * c - cy * s, cy * d],
                      [0.0, c, -s, d]])
        return self._roll() @ P

    def held_at(self, at: tuple[float, float], mm: float) -> tuple[tuple[float, float], float]:
        """Where to hold a thing ``mm`` from the lens, in line with table point ``at``: the table
        point under it and its height (a Fan's ``at`` and ``height``)."""
        c, s = math.cos(math.radians(self.elevation)), math.sin(math.radians(self.elevation))
        lens = (0.0, -self.distance * c, self.distance * s)
        k = mm / math.dist(lens, (at[0], at[1], 0.0))
        return (k * at[0], lens[1] + k * (at[1] - lens[1])), lens[2] * (1 - k)

    def _roll(self) -> Any:
        import numpy as np

        cx, cy = self.size[0] / 2, self.size[1] / 2
        r = math.radians(self.roll)
        R = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
        T, Ti = np.eye(3), np.eye(3)
        T[:2, 2], Ti[:2, 2] = (cx, cy), (-cx, -cy)
        return T @ R @ Ti


# -- what happens on the table ------------------------------------------------------------------
@dataclass(frozen=True)
class Laid:
    """A card slid in from ``edge`` over ``slide`` s, at rest at ``at`` (mm) from ``t`` on; taken
    away towards ``taken_to`` from ``until`` (None: stays). ``seat`` is the truth of who played."""

    card: str
    t: float
    at: tuple[float, float]
    angle: float = 0.0
    edge: str = "bottom"
    slide: float = 0.5
    until: float | None = None
    taken_to: str | None = None
    seat: int | None = None
    game: str | None = None  # another game's card (a foreign code): its game


@dataclass(frozen=True)
class Fan:
    """Cards held fanned in a hand from ``t0`` to ``t1``, ``lift`` times closer to the camera
    than the table, trembling by ``tremor`` mm; the top card (last) faces the camera best.

    With ``height`` (mm above the table) the fan is drawn in space instead: its grip that high
    over ``at``, its plane turned up by ``tilt`` degrees towards the camera (0: parallel to the
    table; 90 minus the camera's elevation: facing it), ``lift`` unused; it sways by ``sway`` mm
    as the arm moves (a slow drift, 0.7 Hz), and from ``still[0]`` to ``still[1]`` it is held
    still: no sway, and the tremor down to ``still_tremor`` mm (a hand is never quite still)."""

    cards: tuple[str, ...]
    t0: float
    t1: float
    at: tuple[float, float]
    angle: float = 0.0
    spread: float = 12.0  # degrees between two cards
    lift: float = 1.25
    tremor: float = 2.5
    height: float | None = None
    tilt: float = 0.0
    sway: float = 0.0
    still: tuple[float, float] | None = None
    still_tremor: float = 0.2


@dataclass(frozen=True)
class Hand:
    """A hand resting flat on the table at ``at`` from ``t0`` to ``t1`` (a player reading a
    card's tactile code covers its label), coming in from and leaving by ``edge``."""

    at: tuple[float, float]
    t0: float
    t1: float
    edge: str = "bottom"
    angle: float = 0.0


@dataclass(frozen=True)
class Glare:
    """A lamp's reflection on the cards: a white spot of ``radius`` mm at ``at`` from t0 to t1."""

    at: tuple[float, float]
    radius: float = 30.0
    strength: float = 1.0
    t0: float = 0.0
    t1: float = 1e9


@dataclass(frozen=True)
class Exposure:
    """The light changes at ``t`` by ``gain``; the camera's auto-exposure brings it back over ``settle`` s."""

    t: float
    gain: float
    settle: float = 1.0


@dataclass(frozen=True)
class Coaster:
    """A cork coaster with a QR code that is no card (a bar's menu URL), at ``at`` all along."""

    at: tuple[float, float]
    text: str = "HTTPS://EXAMPLE.ORG/MENU"


Happening = Laid | Fan | Hand | Glare | Exposure | Coaster


@dataclass(frozen=True)
class Look:
    """Camera faults: lens blur, sensor noise, uneven light, MJPG quality; ``gain`` the room's
    light as the picture shows it (0.3: a dim room where auto-exposure is at its limit).

    What a camera nobody here tuned to adds (all off by default, so older clips stay the same):
    ``distortion`` the lens's barrel distortion (k1 of r_d = r (1 + k1 r^2), r the distance from
    the centre over half the image's diagonal: -0.12 draws the picture's corners 12 % of the way
    in), ``defocus`` a lens out of focus (the radius in px of its disc of confusion, on top of
    ``blur``), ``denoise`` the camera's own noise reduction (a bilateral filter of this sigma in
    grey levels), ``sharpen`` its sharpening (an unsharp mask of this amount, radius 1.5 px)."""

    blur: float = 0.8
    noise: float = 3.0
    light: float = 0.35
    jpeg: int | None = 80
    gain: float = 1.0
    distortion: float = 0.0
    defocus: float = 0.0
    denoise: float = 0.0
    sharpen: float = 0.0


INDEPENDENT = Look(blur=0.7, noise=4.0, jpeg=70, distortion=-0.12, defocus=1.2, denoise=12.0, sharpen=0.8)
"""A camera model unlike the kit's own (issue 29): barrel distortion, a little out of focus, its own
noise reduction and sharpening, stronger MJPG coding at 720p."""


@dataclass
class Truth:
    """What a perfect companion concludes from a clip."""

    plays: list[tuple[str, float, int | None]] = field(default_factory=list)  # card, rest time, seat
    readable: dict[str, float] = field(default_factory=dict)  # card put down -> when its code is clear
    held: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)
    collected: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)


# -- the clip -----------------------------------------------------------------------------------
class TableClip(RenderedFrames):
    """Frames of a scene on a table, as a webcam beside it films them."""

    live = False

    def __init__(self, deck: Deck, scene: Sequence[Happening], *, camera: TableCamera = TableCamera(),
                 surface: str = "wood", fps: float = 30.0, duration: float | None = None,
                 look: Look = Look(), seed: int = 0, code: str = "tag", lang: str = "fr") -> None:
        import numpy as np

        if surface not in SURFACES:
            raise ValueError(f"surface must be one of {SURFACES}, not {surface!r}")
        self.deck, self.scene, self.camera, self.surface = deck, list(scene), camera, surface
        self.fps, self.look, self.seed, self.code, self.lang = fps, look, seed, code, lang
        self.name = f"clip:{deck.game}:{surface}"
        if duration is None:
            ends = [self._end(h) for h in self.scene] or [1.0]
            duration = max(ends) + 1.0
        self.duration = duration
        self._H = camera.homography()
        rng = np.random.default_rng(seed)
        self._table = _surface(surface, camera, self._H, rng)
        self._gain = _light_field(camera.size, look.light, rng)
        w, h = camera.size
        self._noise = [rng.normal(0, 1, (h + 64, w + 64)).astype(np.float32) for _ in range(3)]
        self._textures: dict[str, Any] = {}
        self._shrunk_cache: dict[tuple[int, int], Any] = {}
        self._index = 0
        self._barrel_maps: tuple[Any, Any] | None = None

    @staticmethod
    def _end(h: Happening) -> float:
        if isinstance(h, Laid):
            return (h.until + h.slide) if h.until is not None else h.t + 1.5
        if isinstance(h, Fan | Hand):
            return h.t1 + 0.5
        if isinstance(h, Exposure):
            return h.t + h.settle
        return 0.0

    # -- geometry ---------------------------------------------------------------------------------
    def to_image(self, pts_mm: Any) -> Any:
        import numpy as np

        pts = np.asarray(pts_mm, dtype=float).reshape(-1, 2)
        hom = np.c_[pts, np.ones(len(pts))] @ self._H.T
        return hom[:, :2] / hom[:, 2:3]

    def card_corners_mm(self, centre: tuple[float, float], angle: float) -> Any:
        """Table corners of a card (top-left, top-right, bottom-right, bottom-left as printed);
        angle 0: the card's top points away from the camera."""
        import numpy as np

        a = math.radians(angle)
        ux, uy = np.array([math.cos(a), -math.sin(a)]), np.array([math.sin(a), math.cos(a)])
        hw, hh = CARD_MM[0] / 2, CARD_MM[1] / 2
        c = np.asarray(centre, dtype=float)
        return np.array([c + sx * hw * ux + sy * hh * uy for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1))])

    def _laid_pose(self, h: Laid, t: float) -> tuple[tuple[float, float], float] | None:
        """Where a laid card is at time t (its centre in mm and its speed in mm/s), None if away."""
        start = h.t - h.slide
        end = None if h.until is None else h.until + h.slide
        if t < start or (end is not None and t > end):
            return None
        reach = 0.6 * self.camera.size[0] / self.camera.px_per_mm
        dirs = {"bottom": (0, -1), "top": (0, 1), "left": (-1, 0), "right": (1, 0)}
        if t < h.t:
            f, edge = (h.t - t) / h.slide, h.edge
        elif h.until is not None and t > h.until:
            f, edge = (t - h.until) / h.slide, h.taken_to or h.edge
        else:
            return h.at, 0.0
        ease = f * f * (3 - 2 * f)
        dx, dy = dirs.get(edge, (0, -1))
        speed = 6 * f * (1 - f) * reach / h.slide  # derivative of the ease
        return (h.at[0] + dx * reach * ease, h.at[1] + dy * reach * ease), speed

    # -- drawing ----------------------------------------------------------------------------------
    def _texture(self, card: str, game: str | None) -> Any:
        key = f"{game or self.deck.game}/{card}"
        if key not in self._textures:
            deck = self.deck if game is None else load_deck(game)
            self._textures[key] = card_texture(deck, card, self.lang, self.code)
        return self._textures[key]

    def _warp(self, img: Any, tex: Any, quad: Any, blur_px: float = 0.0, direction: float = 0.0) -> None:
        """Draw ``tex`` onto ``img`` inside the image quad (tl, tr, br, bl), with motion blur."""
        import cv2
        import numpy as np

        h, w = img.shape[:2]
        x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 3
        cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if cx1 <= cx0 or cy1 <= cy0:
            return
        side = float(np.linalg.norm(quad[1] - quad[0]))
        tex = self._shrunk(tex, side)
        th, tw = tex.shape[:2]
        src = np.float32([[0, 0], [tw, 0], [tw, th], [0, th]])
        M = cv2.getPerspectiveTransform(src, (quad - np.float32([cx0, cy0])).astype(np.float32))
        size = (cx1 - cx0, cy1 - cy0)
        layer = cv2.warpPerspective(tex, M, size, flags=cv2.INTER_LINEAR)
        mask = cv2.warpPerspective(np.full((th, tw), 255, np.uint8), M, size, flags=cv2.INTER_LINEAR)
        if blur_px >= 1.0:
            kernel = _line_kernel(blur_px, direction)
            layer = cv2.filter2D(layer, -1, kernel)
            mask = cv2.filter2D(mask, -1, kernel)
        roi = img[cy0:cy1, cx0:cx1]
        a = (mask.astype(np.float32) / 255)[:, :, None]
        roi[:] = (layer * a + roi * (1 - a)).astype(np.uint8)

    def _shrunk(self, tex: Any, side_px: float) -> Any:
        """The texture area-averaged near its size on screen (as lens and sensor integrate), so
        the warp does not alias the code's cells; cached by steps of 5 %."""
        import cv2

        step = max(1, min(20, math.ceil(20 * 1.5 * side_px / tex.shape[1])))
        if step == 20:
            return tex
        key = (id(tex), step)
        if key not in self._shrunk_cache:
            f = step / 20
            self._shrunk_cache[key] = cv2.resize(tex, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        return self._shrunk_cache[key]

    def _draw_laid(self, img: Any, h: Laid, t: float) -> None:
        import numpy as np

        pose = self._laid_pose(h, t)
        if pose is None:
            return
        centre, speed = pose
        quad = self.to_image(self.card_corners_mm(centre, h.angle)).astype(np.float32)
        dirs = {"bottom": 90.0, "top": -90.0, "left": 0.0, "right": 0.0}
        moving = h.edge if t < h.t else (h.taken_to or h.edge)
        blur = speed * self.camera.px_per_mm * EXPOSURE / self.fps
        self._warp(img, self._texture(h.card, h.game), quad, blur, dirs.get(moving, 90.0))

    def _fan_tremor(self, fan: Fan, t: float) -> float:
        """The fan's tremor at time t, mm: its own, or ``still_tremor`` while held still."""
        if fan.still is not None and fan.still[0] <= t <= fan.still[1]:
            return fan.still_tremor
        return fan.tremor

    def _fan_layout(self, fan: Fan, t: float, jitter: tuple[float, float] = (0.0, 0.0)) -> tuple[Any, list]:
        """Where a fan is at time t: the image point of its grip and each card's image quad
        (lifted towards the camera). The tremor: a few mm at 3-9 Hz, different on each axis, plus
        ``jitter`` (the frame's own, random)."""
        import numpy as np

        k = self._fan_tremor(fan, t)
        jx = k * (math.sin(2 * math.pi * 4.1 * t) + 0.5 * math.sin(2 * math.pi * 8.7 * t + 1)) / 1.5
        jy = k * (math.sin(2 * math.pi * 3.3 * t + 2) + 0.5 * math.sin(2 * math.pi * 7.9 * t)) / 1.5
        if fan.height is not None:
            return self._fan_in_space(fan, t, (jx + jitter[0], jy + jitter[1]))
        pivot = np.array([fan.at[0] + jx + jitter[0], fan.at[1] + jy + jitter[1]])
        n = len(fan.cards)
        centre_img = self.to_image([pivot])[0]
        quads = []
        for i in range(n):
            a = fan.angle + (i - (n - 1) / 2) * fan.spread
            r = math.radians(a)
            centre = pivot + 40 * np.array([-math.sin(r), math.cos(r)])  # cards radiate from the grip
            quad = self.to_image(self.card_corners_mm(tuple(centre), a))
            quads.append(centre_img + (quad - centre_img) * fan.lift)  # nearer the camera than the table
        return centre_img, quads

    def _fan_sway(self, fan: Fan, t: float) -> tuple[float, float, float]:
        """The arm's slow drift (mm in x, y, z), none while the fan is held still (it stays where
        the drift left it when the stillness began)."""
        if fan.still is not None and t >= fan.still[0]:
            t = fan.still[0] if t <= fan.still[1] else t - (fan.still[1] - fan.still[0])
        w = 2 * math.pi * 0.7 * (t - fan.t0)
        k = fan.sway
        return k * math.sin(w), 0.6 * k * math.sin(1.3 * w + 1), 0.5 * k * math.sin(0.8 * w + 2)

    def _fan_in_space(self, fan: Fan, t: float, jitter: tuple[float, float]) -> tuple[Any, list]:
        """A fan held in space (``height``, ``tilt``): the grip's image point and the cards' quads,
        projected with the camera's full projection (a card nearer the camera is larger, and one
        turned towards it is not shortened as the table is)."""
        import numpy as np

        P = self.camera.projection()
        sx, sy, sz = self._fan_sway(fan, t)
        grip = np.array([fan.at[0] + sx + jitter[0], fan.at[1] + sy + jitter[1], float(fan.height or 0) + sz])
        b = math.radians(fan.tilt)
        ex, ey = np.array([1.0, 0.0, 0.0]), np.array([0.0, math.cos(b), math.sin(b)])  # the fan's plane

        def image(pts: Any) -> Any:
            hom = np.c_[pts, np.ones(len(pts))] @ P.T
            return hom[:, :2] / hom[:, 2:3]

        n = len(fan.cards)
        quads = []
        for i in range(n):
            a = fan.angle + (i - (n - 1) / 2) * fan.spread
            r = math.radians(a)
            centre = 58 * np.array([-math.sin(r), math.cos(r)])  # from the grip, its palm below the codes
            flat = self.card_corners_mm(tuple(centre), a)
            quads.append(image(np.array([grip + u * ex + v * ey for u, v in flat])))
        return image(grip[None, :])[0], quads

    def _fan_hand_size(self, fan: Fan, t: float) -> float:
        """The holding hand's size in pixels (nearer the camera, larger)."""
        import numpy as np

        if fan.height is None:
            return 95 * self.camera.px_per_mm * fan.lift
        P = self.camera.projection()
        sx, sy, sz = self._fan_sway(fan, t)
        x, y = fan.at[0] + sx, fan.at[1] + sy
        depth = float(P[2] @ np.array([x, y, float(fan.height) + sz, 1.0]))
        return 95 * self.camera.focal / max(depth, 50.0)

    def _draw_fan(self, img: Any, fan: Fan, t: float, rng: Any) -> None:
        import numpy as np

        if not fan.t0 <= t <= fan.t1:
            return
        k = self._fan_tremor(fan, t)
        centre_img, quads = self._fan_layout(fan, t, (rng.normal(0, k / 4), rng.normal(0, k / 4)))
        for card, quad in zip(fan.cards, quads, strict=True):
            self._warp(img, self._texture(card, None), quad.astype(np.float32), 0.0)
        _draw_hand(img, centre_img, self._fan_hand_size(fan, t), fan.angle + 180, 0)

    def _hand_centre(self, hand: Hand, t: float) -> Any | None:
        """The image point of a resting hand at time t (coming in and leaving by its edge), or None."""
        if not hand.t0 - 0.4 <= t <= hand.t1 + 0.4:
            return None
        f = 0.0 if hand.t0 <= t <= hand.t1 else min(abs(t - hand.t0), abs(t - hand.t1)) / 0.4
        dirs = {"bottom": (0, -1), "top": (0, 1), "left": (-1, 0), "right": (1, 0)}
        dx, dy = dirs.get(hand.edge, (0, -1))
        reach = 300 * f
        return self.to_image([(hand.at[0] + dx * reach, hand.at[1] + dy * reach)])[0]

    def _draw_hand(self, img: Any, hand: Hand, t: float) -> None:
        centre = self._hand_centre(hand, t)
        if centre is not None:
            _draw_hand(img, centre, 95 * self.camera.px_per_mm, hand.angle, 1)

    def _draw_coaster(self, img: Any, c: Coaster) -> None:
        import numpy as np

        key = f"coaster/{c.text}"
        if key not in self._textures:
            self._textures[key] = _coaster_texture(c.text)
        r = 45.0
        corners = [(c.at[0] - r, c.at[1] + r), (c.at[0] + r, c.at[1] + r), (c.at[0] + r, c.at[1] - r),
                   (c.at[0] - r, c.at[1] - r)]
        self._warp(img, self._textures[key], self.to_image(corners).astype(np.float32))

    def render(self, t: float, index: int = 0) -> Any:
        """The camera image at time t."""
        import cv2
        import numpy as np

        rng = np.random.default_rng((self.seed, index))
        img = self._table.copy()
        for h in self.scene:
            if isinstance(h, Coaster):
                self._draw_coaster(img, h)
        for h in self.scene:
            if isinstance(h, Laid):
                self._draw_laid(img, h, t)
        for h in self.scene:
            if isinstance(h, Hand):
                self._draw_hand(img, h, t)
        for h in self.scene:
            if isinstance(h, Fan):
                self._draw_fan(img, h, t, rng)
        f = cv2.multiply(img, self._gain, dtype=cv2.CV_32F)
        f = f * (self._exposure(t) * self.look.gain)
        for h in self.scene:
            if isinstance(h, Glare) and h.t0 <= t <= h.t1:
                f = _add_glare(f, self.to_image([h.at])[0], h.radius * self.camera.px_per_mm, h.strength)
        lk = self.look
        if lk.distortion:
            f = cv2.remap(f, *self._barrel(), interpolation=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        if lk.blur > 0:
            f = cv2.GaussianBlur(f, (0, 0), lk.blur)
        if lk.defocus > 0:
            f = cv2.filter2D(f, -1, _disc_kernel(lk.defocus))
        if lk.noise > 0:
            n = self._noise[int(rng.integers(len(self._noise)))]
            dy, dx = (int(v) for v in rng.integers(64, size=2))
            hh, ww = f.shape[:2]
            f = cv2.scaleAdd(cv2.cvtColor(n[dy : dy + hh, dx : dx + ww], cv2.COLOR_GRAY2BGR), lk.noise, f)
        out = cv2.convertScaleAbs(f)
        if lk.denoise > 0:  # the camera's own processing, on its 8-bit picture
            out = cv2.bilateralFilter(out, 5, lk.denoise, 3)
        if lk.sharpen > 0:
            soft = cv2.GaussianBlur(out, (0, 0), 1.5)
            out = cv2.addWeighted(out, 1 + lk.sharpen, soft, -lk.sharpen, 0)
        if lk.jpeg:
            _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, lk.jpeg])
            out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        return out

    def _barrel(self) -> tuple[Any, Any]:
        """remap's maps for the lens's barrel distortion: each image pixel's place in the
        undistorted picture (kept: the same for every frame). A point of the table moves towards
        the centre, so a code in the undistorted view is in this one too (ground truth holds)."""
        import numpy as np

        if self._barrel_maps is None:
            w, h = self.camera.size
            ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
            cx, cy, half = w / 2, h / 2, math.hypot(w, h) / 2
            dx, dy = (xs - cx) / half, (ys - cy) / half
            r2 = dx * dx + dy * dy
            # invert r_d = r (1 + k r^2) by fixed-point steps: r = r_d / (1 + k r^2)
            k = self.look.distortion
            scale = np.ones_like(r2)
            for _ in range(6):
                scale = 1 / (1 + k * r2 * scale * scale)
            self._barrel_maps = ((cx + dx * scale * half).astype(np.float32),
                                 (cy + dy * scale * half).astype(np.float32))
        return self._barrel_maps

    def _exposure(self, t: float) -> float:
        g = 1.0
        for h in self.scene:
            if isinstance(h, Exposure) and t >= h.t:
                k = min((t - h.t) / h.settle, 1.0) if h.settle > 0 else 1.0
                g *= h.gain + (1.0 - h.gain) * k  # auto-exposure pulls the level back
        return g

    # -- ground truth -----------------------------------------------------------------------------
    def truth(self) -> Truth:
        out = Truth()
        laid = [h for h in self.scene if isinstance(h, Laid)]
        for h in laid:
            if h.game is not None:
                out.foreign.append(f"{h.game}/{h.card}")
            elif (clear := self.readable_from(h)) is not None:
                out.plays.append((h.card, h.t, h.seat))
                out.readable[h.card] = clear
            if h.until is not None and h.game is None:
                out.collected.append(h.card)
        for h in self.scene:
            if isinstance(h, Fan):
                out.held.extend(h.cards)
            elif isinstance(h, Hand):
                out.covered.extend(c.card for c in laid if _near(c.at, h.at, 40) and c.t < h.t0)
            elif isinstance(h, Coaster):
                out.foreign.append(h.text)
        out.plays.sort(key=lambda p: p[1])
        return out

    def code_quad_mm(self, centre: tuple[float, float], angle: float) -> Any:
        """Table corners of a card's code block with its quiet zone (as printed: tl, tr, br, bl)."""
        import numpy as np

        u0, v0, u1, v1 = code_block_mm(self.code)
        a = math.radians(angle)
        ux, uy = np.array([math.cos(a), -math.sin(a)]), np.array([math.sin(a), math.cos(a)])
        hw, hh = CARD_MM[0] / 2, CARD_MM[1] / 2
        c = np.asarray(centre, dtype=float)
        corners = ((u0, v0), (u1, v0), (u1, v1), (u0, v1))
        return np.array([c + (u - hw) * ux + (hh - v) * uy for u, v in corners])

    def code_clear(self, h: Laid, t: float) -> bool:
        """True when the code of card ``h`` (at rest), quiet zone included, lies wholly in the
        image (3 px from its edge, as detectors need) and nothing drawn over it covers any of it
        at time t: a card laid after it, a fan and the hand holding it, a resting hand."""
        import cv2
        import numpy as np

        block = self.to_image(self.code_quad_mm(h.at, h.angle)).astype(np.float32)
        w, hh = self.camera.size
        margin = 3
        if not (block[:, 0].min() >= margin and block[:, 1].min() >= margin
                and block[:, 0].max() < w - margin and block[:, 1].max() < hh - margin):
            return False
        later = self.scene[next(i for i, x in enumerate(self.scene) if x is h) + 1:]  # drawn over it
        covers = []
        for g in later:
            pose = self._laid_pose(g, t) if isinstance(g, Laid) else None
            if pose is not None:
                covers.append(self.to_image(self.card_corners_mm(pose[0], g.angle)))
        hands = []
        for g in self.scene:
            if isinstance(g, Fan) and g.t0 <= t <= g.t1:
                grip, quads = self._fan_layout(g, t)
                covers.extend(quads)
                hands.append((grip, self._fan_hand_size(g, t), g.angle + 180))
            elif isinstance(g, Hand) and (centre := self._hand_centre(g, t)) is not None:
                hands.append((centre, 95 * self.camera.px_per_mm, g.angle))
        if any(cv2.intersectConvexConvex(block, q.astype(np.float32))[0] > 0 for q in covers):
            return False
        for centre, size, angle in hands:
            found = _hand_mask(self.camera.size, centre, size, angle)
            if found is None:
                continue
            mask, x0, y0 = found
            code = np.zeros_like(mask)
            cv2.fillConvexPoly(code, np.round(block - (x0, y0)).astype(np.int32), 255)
            if cv2.countNonZero(cv2.bitwise_and(mask, code)):
                return False
        return True

    def readable_from(self, h: Laid) -> float | None:
        """The first time, once card ``h`` is at rest, from which its code stays clear for
        `CLEAR_FOR` seconds (a detector needs a few frames); None if it never does before it is
        taken away or the clip ends. (Ground truth once counted a whole card in view as readable,
        even when a neighbour turned across it hid half its tag.)"""
        end = self.duration if h.until is None else min(h.until, self.duration)
        step = 1 / self.fps
        t, clear_since = h.t, None
        while t <= end + 1e-9:
            if self.code_clear(h, t):
                clear_since = t if clear_since is None else clear_since
                if t - clear_since >= CLEAR_FOR - 1e-9:
                    return clear_since
            else:
                clear_since = None
            t += step
        return None

    def visible_at_rest(self, h: Laid) -> bool:
        """True when the card's code can be read at some point while it rests (readable_from)."""
        return self.readable_from(h) is not None

    def label_px_per_cell(self, h: Laid) -> float:
        """The code's pixels per cell at rest, along its most shortened way (for read-rate tables)."""
        from companion.vision.detection import square_axes
        from printables.label import TAG_CELL

        u0, _v0, u1, _v1 = code_block_mm(self.code)
        _across, along = square_axes(self.to_image(self.code_quad_mm(h.at, h.angle)))
        return along / (u1 - u0) * (TAG_CELL if self.code == "tag" else MODULE_MM)


def _coaster_texture(text: str) -> Any:
    """A square of cork with a white patch and a QR code of ``text`` on it."""
    import cv2
    import numpy as np
    import segno

    size, side = 300, 170
    tex = np.zeros((size, size, 3), np.uint8)
    tex[:] = (90, 140, 185)
    m = np.array(segno.make_qr(text, error="m").matrix, dtype=bool)
    cells = cv2.resize(np.where(m, 25, 245).astype(np.uint8), (side, side), interpolation=cv2.INTER_NEAREST)
    o = (size - side) // 2
    cv2.rectangle(tex, (o - 14, o - 14), (o + side + 14, o + side + 14), (245, 245, 245), -1)
    tex[o : o + side, o : o + side] = cells[:, :, None]
    return tex


def _near(a: tuple[float, float], b: tuple[float, float], mm: float) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= mm


def _disc_kernel(radius: float) -> Any:
    """A lens out of focus: a uniform disc of ``radius`` px, antialiased at its rim."""
    import cv2
    import numpy as np

    n = 2 * math.ceil(radius) + 3
    big = np.zeros((n * 8, n * 8), np.float32)
    cv2.circle(big, (n * 4, n * 4), round(radius * 8), 1.0, -1)
    k = cv2.resize(big, (n, n), interpolation=cv2.INTER_AREA)
    return k / max(float(k.sum()), 1e-6)


def _line_kernel(length: float, degrees: float) -> Any:
    import cv2
    import numpy as np

    n = max(3, math.ceil(length) | 1)
    k = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    cv2.line(k, (round(c - dx * length / 2), round(c - dy * length / 2)),
             (round(c + dx * length / 2), round(c + dy * length / 2)), 1.0, 1)
    return k / max(k.sum(), 1e-6)


def _hand_mask(image_wh: tuple[int, int], centre: Any, size: float,
               angle: float) -> tuple[Any, int, int] | None:
    """A hand seen from above (palm, four fingers, a thumb; ``size`` about its length in px) as a
    mask in a window around it: (mask, x0, y0) of the window, None when it lies outside the image."""
    import cv2
    import numpy as np

    w, h = image_wh
    r = int(size * 1.3) + 4
    x0, y0 = max(int(centre[0]) - r, 0), max(int(centre[1]) - r, 0)
    x1, y1 = min(int(centre[0]) + r, w), min(int(centre[1]) + r, h)
    if x1 <= x0 or y1 <= y0:
        return None
    cx, cy = float(centre[0]) - x0, float(centre[1]) - y0
    a = math.radians(angle)
    fwd = np.array([-math.sin(a), -math.cos(a)])
    side = np.array([math.cos(a), -math.sin(a)])
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.ellipse(mask, (int(cx), int(cy)), (int(size * 0.42), int(size * 0.5)), -angle, 0, 360, 255, -1)

    def pt(v: Any) -> tuple[int, int]:
        return int(v[0]), int(v[1])

    for k in range(4):
        base = np.array([cx, cy]) + fwd * size * 0.4 + side * size * (k - 1.5) * 0.2
        tip = base + fwd * size * (0.5 - 0.07 * abs(k - 1.5))
        cv2.line(mask, pt(base), pt(tip), 255, max(2, int(size * 0.16)))
    thumb = np.array([cx, cy]) + side * size * 0.45
    cv2.line(mask, pt(thumb), pt(thumb + side * size * 0.3 + fwd * size * 0.3), 255, max(2, int(size * 0.17)))
    return mask, x0, y0


def _draw_hand(img: Any, centre: Any, size: float, angle: float, shade: int) -> None:
    """A hand with a soft shadow under it, drawn in a window around it (a hand is a small part of
    a frame)."""
    import cv2
    import numpy as np

    found = _hand_mask((img.shape[1], img.shape[0]), centre, size, angle)
    if found is None:
        return
    mask, x0, y0 = found
    y1, x1 = y0 + mask.shape[0], x0 + mask.shape[1]
    shift = np.float32([[1, 0, size * 0.08], [0, 1, size * 0.12]])
    shadow = cv2.warpAffine(mask, shift, (mask.shape[1], mask.shape[0]))
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(size * 0.08, 1))
    roi = img[y0:y1, x0:x1].astype(np.float32)
    s = (shadow.astype(np.float32) / 255 * 0.45)[:, :, None]
    roi *= 1 - s
    colour = np.array(SKIN[shade % len(SKIN)], np.float32)
    soft = cv2.GaussianBlur(mask, (0, 0), 1.2).astype(np.float32)[:, :, None] / 255
    img[y0:y1, x0:x1] = (colour * soft + roi * (1 - soft)).astype(np.uint8)


def _add_glare(f: Any, centre: Any, radius_px: float, strength: float) -> Any:
    """A specular spot: near white at its core, a soft halo around it."""
    import numpy as np

    h, w = f.shape[:2]
    x0, x1 = max(int(centre[0] - 3 * radius_px), 0), min(int(centre[0] + 3 * radius_px), w)
    y0, y1 = max(int(centre[1] - 3 * radius_px), 0), min(int(centre[1] + 3 * radius_px), h)
    if x1 <= x0 or y1 <= y0:
        return f
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    d2 = ((xs - centre[0]) ** 2 + ((ys - centre[1]) * 1.6) ** 2) / (radius_px**2)
    spot = 260 * strength * np.exp(-d2 * 1.5)
    f = f.copy()
    f[y0:y1, x0:x1] += spot[:, :, None]
    return f


def _surface(name: str, camera: TableCamera, H: Any, rng: Any) -> Any:
    """The bare table as the camera sees it, patterns drawn in table millimetres."""
    import cv2
    import numpy as np

    w, h = camera.size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    Hi = np.linalg.inv(H)
    den = Hi[2, 0] * xs + Hi[2, 1] * ys + Hi[2, 2]
    tx = (Hi[0, 0] * xs + Hi[0, 1] * ys + Hi[0, 2]) / den
    ty = (Hi[1, 0] * xs + Hi[1, 1] * ys + Hi[1, 2]) / den
    rough = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.5)
    if name == "gingham":  # a checked cloth of 12 mm squares: the worst case for square detectors
        a = (np.floor(tx / 12) % 2).astype(np.float32)
        b = (np.floor(ty / 12) % 2).astype(np.float32)
        white, red = np.array([235, 235, 240], np.float32), np.array([60, 50, 200], np.float32)
        mix = (a + b) / 2
        img = white * (1 - mix[:, :, None]) + red * mix[:, :, None]
    elif name == "felt":
        img = np.array([60, 110, 40], np.float32) + 0 * tx[:, :, None]
    elif name == "laminate":
        img = np.array([200, 205, 210], np.float32) + 8 * np.sin(tx / 40)[:, :, None]
    elif name == "dark":
        img = np.array([35, 45, 60], np.float32) + 6 * np.sin(tx / 9 + 2 * np.sin(ty / 60))[:, :, None]
    else:
        grain = np.sin(tx / 10.0 + 2.5 * np.sin(ty / 45.0)) + 0.5 * np.sin(tx / 3.1 + ty / 70.0)
        img = np.array([60, 95, 140], np.float32) + 12 * grain[:, :, None]
    img = img + 5 * rough[:, :, None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _light_field(size: tuple[int, int], depth: float, rng: Any) -> Any:
    """Gain per pixel: a lamp off to one side and a vignette; an auto-exposed camera's whites."""
    import numpy as np

    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    lx, ly = rng.uniform(0.1, 0.9) * w, rng.uniform(0.0, 0.5) * h
    lamp = np.exp(-(((xs - lx) ** 2 + (ys - ly) ** 2) / (2 * (0.45 * w) ** 2)))
    vignette = 1 - 0.5 * (((xs - w / 2) / w) ** 2 + ((ys - h / 2) / h) ** 2)
    g = ((1 - depth) + depth * (0.6 * lamp + 0.4 * (xs / w)) * 1.6) * vignette
    g = (g * 0.97 / g.max()).astype(np.float32)
    return np.dstack([g, g, g])


__all__ = [
    "INDEPENDENT",
    "SURFACES",
    "Coaster",
    "Exposure",
    "Fan",
    "Glare",
    "Hand",
    "Laid",
    "Look",
    "TableCamera",
    "TableClip",
    "Truth",
]
