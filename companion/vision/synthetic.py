"""A synthetic table: real label images of a deck, seen through a simulated webcam.

Cards carry today's printed label (the camera tag of their deck file) or the first labels'
QR code (segno, of `card_codes.encode`), a face colour and their name. They are drawn onto
a wooden table under a perspective camera, then blurred, lit unevenly and given sensor
noise, so the decoders see what a webcam would give them. A script of `Shown` entries
makes cards slide into view, stay and leave.
"""

from __future__ import annotations

import functools
import math
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from card_codes import Deck, encode
from companion.language import ascii_text
from companion.vision.frames import Frame, FrameSource

FACES_FILE = Path(__file__).with_name("faces.toml")
CARD_MM = (63.0, 88.0)      # width, height of a card
MODULE_MM = 1.4             # QR module size printed on labels (notes/printables.md §4.3)
QUIET_MODULES = 2           # printed quiet zone; the white label margin adds more
LABEL_MARGIN_MM = 2.5       # white label around the QR block
LABEL_TOP_MM = 6.0          # distance from the card's top edge to the label
TAG_LABEL_MM = (38.1, 63.5)  # an Avery L7160 label, upright on the card, as printed today
TEXTURE_PX_PER_MM = 8.0     # resolution the card faces are drawn at
NOISE_PAD = 64              # noise fields are cut at random offsets from a larger one
EDGES = ("bottom", "top", "left", "right", "none")


@dataclass(frozen=True)
class Camera:
    """Where the webcam looks from. px_per_mm is the scale at the image centre.

    1.83 px/mm is a 720p webcam with a 70° field at 50 cm (notes/printables.md §4.1).
    tilt > 0 makes the far (top) side of the table smaller; roll turns the whole image.
    """

    size: tuple[int, int] = (1280, 720)
    px_per_mm: float = 2.2
    tilt: float = 0.25
    roll: float = 0.0


@dataclass(frozen=True)
class Look:
    """What makes a frame look like a camera's: blur, noise, uneven light, compression."""

    blur: float = 0.7             # Gaussian sigma, px
    noise: float = 3.0            # sensor noise sigma, grey levels
    light: float = 0.35           # depth of the uneven lighting (0 = flat)
    jpeg: int | None = None       # JPEG quality, as an MJPG webcam would send


@dataclass(frozen=True)
class Shown:
    """A card on the table: in place from ``start`` until ``end`` (None: stays).

    ``at`` is where its centre lands, as a fraction of the image (x, y); ``angle`` its
    turn on the table in degrees (0: its top towards the image top). It slides in from
    ``enter`` over ``slide`` seconds and leaves the same way.
    """

    card: str
    start: float
    end: float | None = None
    at: tuple[float, float] = (0.5, 0.5)
    angle: float = 0.0
    enter: str = "bottom"
    slide: float = 0.4

    def __post_init__(self) -> None:
        if self.enter not in EDGES:
            raise ValueError(f"enter must be one of {EDGES}, not {self.enter!r}")


@functools.cache
def _faces() -> dict[str, Any]:
    with FACES_FILE.open("rb") as f:
        return tomllib.load(f)


def _face_colour(deck: Deck, card: Any) -> tuple[int, int, int]:
    table = deck.extra.get("faces", {})
    for attr, colours in table.items():
        value = card.kind if attr == "kind" else card.get(attr)
        if value is not None and str(value) in colours:
            return tuple(colours[str(value)])  # type: ignore[return-value]
    return tuple(_faces()["default"]["face"])  # type: ignore[return-value]


def qr_matrix(payload: str) -> Any:
    """The QR symbol of a payload as a boolean array (True = dark), level H, no quiet zone."""
    import numpy as np
    import segno

    q = segno.make_qr(payload, error="h", boost_error=False)
    return np.array(q.matrix, dtype=bool)


def card_texture(deck: Deck, card_id: str, lang: str = "fr", code: str = "qr") -> Any:
    """A card's face drawn at TEXTURE_PX_PER_MM: colour, white label with its code, the name.

    ``code`` "qr" draws the QR label of the first labels; "tag" the printed label of today
    (printables.label: a white 38.1 x 63.5 mm label, the AprilTag at its top).
    """
    import cv2
    import numpy as np

    s = TEXTURE_PX_PER_MM
    w, h = round(CARD_MM[0] * s), round(CARD_MM[1] * s)
    card = deck.card(card_id)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = _face_colour(deck, card)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (245, 245, 245), max(1, round(2 * s)))
    draw = _draw_tag_label if code == "tag" else _draw_qr_label
    y = draw(img, card.tag if code == "tag" else encode(deck, card_id), s)
    ink = tuple(_faces()["default"]["ink"])
    words = ascii_text(card.name(lang)).split()  # cv2.putText draws ASCII only
    lines, line = [], ""
    for word in words:  # wrap the name to the card's width
        if line and len(line) + 1 + len(word) > 13:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    for text in lines[:3]:
        thick = max(1, round(s / 3))
        cv2.putText(img, text, (round(4 * s), y), cv2.FONT_HERSHEY_SIMPLEX, 0.15 * s, ink, thick)
        y += round(9 * s)
    return img


def _draw_qr_label(img: Any, payload: Any, s: float) -> int:
    """The white square label with the QR code; the y (px) where the name's first line goes."""
    import cv2
    import numpy as np

    m = qr_matrix(payload)
    block_mm = (m.shape[0] + 2 * QUIET_MODULES) * MODULE_MM
    label_mm = block_mm + 2 * LABEL_MARGIN_MM
    lx, ly = round((CARD_MM[0] - label_mm) / 2 * s), round(LABEL_TOP_MM * s)
    ls = round(label_mm * s)
    img[ly : ly + ls, lx : lx + ls] = 250
    mod_px = MODULE_MM * s
    qr = np.where(m, 20, 250).astype(np.uint8)
    side = round(m.shape[0] * mod_px)
    qr = cv2.resize(qr, (side, side), interpolation=cv2.INTER_NEAREST)
    qx = lx + round((LABEL_MARGIN_MM + QUIET_MODULES * MODULE_MM) * s)
    qy = ly + round((LABEL_MARGIN_MM + QUIET_MODULES * MODULE_MM) * s)
    img[qy : qy + side, qx : qx + side] = qr[:, :, None]
    return ly + ls + round(9 * s)


def _draw_tag_label(img: Any, tag: Any, s: float) -> int:
    """The printed label (38.1 x 63.5 mm, upright) with its camera tag; y of the name's line."""
    import cv2
    import numpy as np

    from printables.label import TAG_CELL, TAG_QUIET
    from printables.tagcode import tag_matrix

    if tag is None:
        raise ValueError("this card has no camera tag in its deck file")
    lw, lh = TAG_LABEL_MM
    lx, ly = round((CARD_MM[0] - lw) / 2 * s), round(LABEL_TOP_MM * s)
    img[ly : ly + round(lh * s), lx : lx + round(lw * s)] = 250
    m = np.array(tag_matrix(tag), dtype=bool)
    side = round(m.shape[0] * TAG_CELL * s)
    cells = cv2.resize(np.where(m, 20, 250).astype(np.uint8), (side, side), interpolation=cv2.INTER_NEAREST)
    tx, ty = lx + round((lw * s - side) / 2), ly + round(TAG_QUIET * s)
    img[ty : ty + side, tx : tx + side] = cells[:, :, None]
    return ty + side + round((TAG_QUIET + 9) * s)


def code_block_mm(code: str = "tag") -> tuple[float, float, float, float]:
    """Where a card's code lies with its quiet zone, in mm from the card's top-left corner as
    printed (u0, v0, u1, v1; u to the right, v down): what must be seen whole to be read."""
    if code == "tag":
        from printables.label import TAG_CELL, TAG_QUIET
        from printables.tagcode import TAG_CELLS

        side = TAG_CELLS * TAG_CELL + 2 * TAG_QUIET
        return ((CARD_MM[0] - side) / 2, LABEL_TOP_MM, (CARD_MM[0] + side) / 2, LABEL_TOP_MM + side)
    side = (21 + 2 * QUIET_MODULES) * MODULE_MM  # a version 1 QR code and its printed quiet zone
    top = LABEL_TOP_MM + LABEL_MARGIN_MM
    return ((CARD_MM[0] - side) / 2, top, (CARD_MM[0] + side) / 2, top + side)


@dataclass
class _Placed:
    card: str
    centre_px: tuple[float, float]  # image position of the card's centre
    angle: float


class RenderedFrames(FrameSource):
    """A source whose frames are drawn: ``render(t, index)`` at ``fps`` for ``duration`` seconds."""

    live = False
    drawn = True
    duration: float
    fps: float
    _index: int

    def render(self, t: float, index: int = 0) -> Any:
        raise NotImplementedError

    def frame_count(self) -> int:
        return math.floor(self.duration * self.fps) + 1

    def read(self) -> Frame | None:
        if self._index >= self.frame_count():
            return None
        i = self._index
        self._index += 1
        t = i / self.fps
        return Frame(i, t, self.render(t, i))

    def close(self) -> None:
        self._index = self.frame_count()


class SyntheticTable(RenderedFrames):
    """Frames of a table where a script of cards is played, as a webcam would see it."""

    live = False

    def __init__(
        self,
        deck: Deck,
        script: Sequence[Shown] = (),
        *,
        fps: float = 15.0,
        duration: float | None = None,
        camera: Camera = Camera(),
        look: Look = Look(),
        seed: int = 0,
        lang: str = "fr",
        code: str = "tag",
    ) -> None:
        import numpy as np

        self.deck = deck
        self.code = code  # what the labels carry: "tag" (today's labels) or "qr" (the first ones)
        self.script = list(script)
        for shown in self.script:
            deck.card(shown.card)  # an unknown id fails here, not mid-video
        self.fps = fps
        self.camera = camera
        self.look = look
        self.seed = seed
        self.lang = lang
        self.name = f"synthetic:{deck.game}"
        if duration is None:
            ends = [(s.end if s.end is not None else s.start + 1.0) + s.slide for s in self.script] or [0.0]
            duration = max(ends) + 1.0
        self.duration = duration
        self._index = 0
        self._textures: dict[str, Any] = {}
        self._H = self._homography()
        rng = np.random.default_rng(seed)
        self._table = self._table_image(rng)
        self._gain = self._light_field(rng)
        w, h = camera.size
        self._noise = [rng.normal(0, 1, (h + NOISE_PAD, w + NOISE_PAD)).astype(np.float32) for _ in range(3)]
        # the last frame's picture before noise and coding, and what lay where in it: a still table
        # is drawn once, and each frame only gets its own noise (the same pixels as drawn anew)
        self._still_key: tuple[tuple[str, tuple[float, float], float], ...] | None = None
        self._still: Any = None

    # -- geometry ---------------------------------------------------------------
    def _homography(self) -> Any:
        """Table millimetres (origin at the view's centre) -> image pixels."""
        import numpy as np

        c = self.camera
        w, h = c.size
        k = -c.tilt / h  # the far (top) side of the table looks smaller
        S = np.diag([c.px_per_mm, c.px_per_mm, 1.0])
        P = np.array([[1, 0, 0], [0, 1, 0], [0, k, 1]], dtype=float)
        r = math.radians(c.roll)
        R = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
        T = np.array([[1, 0, w / 2], [0, 1, h / 2], [0, 0, 1]], dtype=float)
        return T @ R @ P @ S

    def to_image(self, pts_mm: Any) -> Any:
        import numpy as np

        pts = np.asarray(pts_mm, dtype=float).reshape(-1, 2)
        hom = np.c_[pts, np.ones(len(pts))] @ self._H.T
        return hom[:, :2] / hom[:, 2:3]

    def to_table(self, pts_px: Any) -> Any:
        import numpy as np

        pts = np.asarray(pts_px, dtype=float).reshape(-1, 2)
        hom = np.c_[pts, np.ones(len(pts))] @ np.linalg.inv(self._H).T
        return hom[:, :2] / hom[:, 2:3]

    # -- fixed parts of the picture --------------------------------------------
    def _table_image(self, rng: Any) -> Any:
        import cv2
        import numpy as np

        w, h = self.camera.size
        wood = np.array(_faces()["table"]["wood"], dtype=np.float32)
        grain = float(_faces()["table"]["grain"])
        ys = np.arange(h, dtype=np.float32)[:, None]
        xs = np.arange(w, dtype=np.float32)[None, :]
        phase = rng.uniform(0, 6.28)
        stripes = np.sin(xs / 23.0 + 2.5 * np.sin(ys / 97.0 + phase)) + 0.5 * np.sin(xs / 7.3 + ys / 151.0)
        rough = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 3) * 6
        shade = (stripes * grain / 1.5 + rough)[:, :, None]
        return np.clip(wood[None, None, :] + shade, 0, 255).astype(np.uint8)

    def _light_field(self, rng: Any) -> Any:
        """Gain per pixel: a lamp off to one side, a gradient and a vignette."""
        import numpy as np

        w, h = self.camera.size
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        lx, ly = rng.uniform(0.1, 0.9) * w, rng.uniform(0.0, 0.5) * h
        lamp = np.exp(-(((xs - lx) ** 2 + (ys - ly) ** 2) / (2 * (0.45 * w) ** 2)))
        vignette = 1 - 0.5 * (((xs - w / 2) / w) ** 2 + ((ys - h / 2) / h) ** 2)
        depth = self.look.light
        gain = (1 - depth) + depth * (0.6 * lamp + 0.4 * (xs / w)) * 1.6
        g = gain * vignette
        g = (g * 0.97 / g.max()).astype(np.float32)  # an auto-exposed camera: whites do not clip
        return np.dstack([g, g, g])

    def _texture(self, card_id: str) -> Any:
        if card_id not in self._textures:
            self._textures[card_id] = card_texture(self.deck, card_id, self.lang, self.code)
        return self._textures[card_id]

    def _scaled_texture(self, card_id: str, side_px: float) -> Any:
        """The face shrunk near its size on screen (area average, as lens and sensor
        integrate), so the warp does not alias the QR modules. Cached by 5 % steps."""
        import cv2

        full = self._texture(card_id)
        step = max(1, min(20, math.ceil(20 * 1.5 * side_px / full.shape[1])))
        key = f"{card_id}@{step}"
        if key not in self._textures:
            f = step / 20
            self._textures[key] = (
                full if step == 20 else cv2.resize(full, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
            )
        return self._textures[key]

    # -- frames -----------------------------------------------------------------
    def placed_at(self, t: float) -> list[_Placed]:
        """Which cards are (at least partly) in view at time t, and where."""
        w, h = self.camera.size
        out = []
        for s in self.script:
            x, y = s.at[0] * w, s.at[1] * h
            if t < s.start - s.slide or (s.end is not None and t > s.end + s.slide):
                continue
            if t < s.start:
                f = (s.start - t) / s.slide
            elif s.end is not None and t > s.end:
                f = (t - s.end) / s.slide
            else:
                f = 0.0
            if s.enter == "none" and f > 0:
                continue
            f = f * f * (3 - 2 * f)  # ease in and out
            off = 0.55 * (w if s.enter in ("left", "right") else h) + 60 * self.camera.px_per_mm
            dx, dy = {"bottom": (0, off), "top": (0, -off), "left": (-off, 0), "right": (off, 0)}.get(
                s.enter, (0, 0)
            )
            out.append(_Placed(s.card, (x + dx * f, y + dy * f), s.angle))
        return out

    def card_quad(self, placed: _Placed) -> Any:
        """Image corners of a placed card (top-left, top-right, bottom-right, bottom-left)."""
        import numpy as np

        centre_mm = self.to_table([placed.centre_px])[0]
        a = math.radians(placed.angle)
        ux, uy = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
        hw, hh = CARD_MM[0] / 2, CARD_MM[1] / 2
        corners = [centre_mm + sx * hw * ux + sy * hh * uy for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        return self.to_image(corners)

    def render(self, t: float, index: int = 0, placed: Iterable[_Placed] | None = None) -> Any:
        """The camera image at time t (or of the given placements)."""
        import cv2
        import numpy as np

        cards = list(self.placed_at(t) if placed is None else placed)
        still = tuple((p.card, p.centre_px, p.angle) for p in cards)
        if still == self._still_key:  # nothing moved since the last frame: the same light and blur
            f = self._still
        else:
            img = self._table.copy()
            for p in cards:
                self._draw_card(img, p)
            f = cv2.multiply(img, self._gain, dtype=cv2.CV_32F)
            if self.look.blur > 0:
                f = cv2.GaussianBlur(f, (0, 0), self.look.blur)
            self._still_key, self._still = still, f
        rng = np.random.default_rng((self.seed, index))
        lk = self.look
        if lk.noise > 0:
            n = self._noise[int(rng.integers(len(self._noise)))]
            dy, dx = (int(v) for v in rng.integers(NOISE_PAD, size=2))
            h, w = f.shape[:2]
            f = cv2.scaleAdd(cv2.cvtColor(n[dy : dy + h, dx : dx + w], cv2.COLOR_GRAY2BGR), lk.noise, f)
        out = cv2.convertScaleAbs(f)  # saturates at 255
        if lk.jpeg:
            _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, lk.jpeg])
            out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        return out

    def _draw_card(self, img: Any, p: _Placed) -> None:
        import cv2
        import numpy as np

        dst = self.card_quad(p).astype(np.float32)
        h, w = img.shape[:2]
        x0, y0 = np.floor(dst.min(axis=0)).astype(int)
        x1, y1 = np.ceil(dst.max(axis=0)).astype(int) + 1
        cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if cx1 <= cx0 or cy1 <= cy0:
            return
        side = float(np.linalg.norm(dst[1] - dst[0]))
        tex = self._scaled_texture(p.card, side)
        th, tw = tex.shape[:2]
        src = np.float32([[0, 0], [tw, 0], [tw, th], [0, th]])
        M = cv2.getPerspectiveTransform(src, dst - np.float32([cx0, cy0]))
        roi = img[cy0:cy1, cx0:cx1]
        cv2.warpPerspective(
            tex, M, (cx1 - cx0, cy1 - cy0), dst=roi, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT
        )



def grid_script(
    cards: Sequence[str],
    rows: int = 3,
    cols: int = 4,
    *,
    centre: tuple[float, float] = (0.5, 0.5),
    rotation: float = 0.0,
    pitch_mm: tuple[float, float] = (72.0, 100.0),
    camera: Camera = Camera(),
    start: float = 0.0,
) -> list[Shown]:
    """Cards laid out in rows x cols (row-major) turned by ``rotation`` degrees on the table.

    The owner looks at the grid from its bottom: with rotation 0 the cards' tops face
    the image top. Positions are computed in table millimetres at the camera's scale.
    """
    if len(cards) > rows * cols:
        raise ValueError("more cards than cells")
    w, h = camera.size
    a = math.radians(rotation + camera.roll)  # positions are image fractions: the camera's turn too
    out = []
    for i, card in enumerate(cards):
        r, c = divmod(i, cols)
        dx = (c - (cols - 1) / 2) * pitch_mm[0] * camera.px_per_mm
        dy = (r - (rows - 1) / 2) * pitch_mm[1] * camera.px_per_mm
        x = centre[0] * w + dx * math.cos(a) - dy * math.sin(a)
        y = centre[1] * h + dx * math.sin(a) + dy * math.cos(a)
        out.append(Shown(card, start, None, (x / w, y / h), rotation, enter="none"))
    return out


def write_video(source: FrameSource, path: str | Path, fps: float | None = None) -> int:
    """Write every frame of a source to a video file; the number of frames written.

    ``.avi`` is written as MJPG, anything else (``.mp4``) as mp4v: both are what this
    OpenCV build writes and reads back (checked in tests/vision).
    """
    import cv2

    path = Path(path)
    fourcc = cv2.VideoWriter_fourcc(*("MJPG" if path.suffix.lower() == ".avi" else "mp4v"))
    rate = fps or getattr(source, "fps", 15.0)
    writer = None
    n = 0
    try:
        for frame in source:
            if writer is None:
                h, w = frame.image.shape[:2]
                writer = cv2.VideoWriter(str(path), fourcc, rate, (w, h))
                if not writer.isOpened():
                    raise OSError(f"cannot write video {path}")
                if path.suffix.lower() == ".avi":
                    writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 95)
            writer.write(frame.image)
            n += 1
    finally:
        if writer is not None:
            writer.release()
    return n


__all__ = [
    "Camera",
    "Look",
    "Shown",
    "SyntheticTable",
    "card_texture",
    "code_block_mm",
    "grid_script",
    "qr_matrix",
    "write_video",
]
