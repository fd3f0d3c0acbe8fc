"""QR decoders behind one interface: the text and the four corners of every code in a frame.

zxing-cpp is the default (faster and reads smaller codes than zbar, notes/decoders.md);
pyzbar is selectable. Both libraries are imported when a decoder is built, not before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from companion.messages import ProgramError
from companion.vision.detection import Detection, Quad

DECODERS = ("auto", "tag", "tag-aruco", "zxing", "pyzbar", "tag+zxing")
DEFAULT_DECODER = "auto"  # camera tags every frame, QR codes when there are some (AutoDecoder)
# "auto" looks for QR codes on one frame in QR_PROBE_EVERY while none is in view (the first
# labels were QR only), and on every frame for QR_KEEP frames after one was read.
QR_PROBE_EVERY = 4
QR_KEEP = 300  # frames: 10 s at 30 fps
QR_CONFIRM = 2  # frames of QR after a probe first reads a code that is no card's (to say it once)
TAG_IDLE = 300  # frames with cards' QR codes in view and no tag read: the tag pass then probes too
# A code zxing-cpp locates but cannot read gets one more try on a 2x cubic upscale of its
# region: measured to pay for codes near 2 px per module (bench/bench_vision.py).
UPSCALE = 2.0
UPSCALE_MARGIN = 0.35  # of the code's size, around its region
# zxing-cpp finds finder patterns along rows and columns: small codes turned near 45° are
# often missed and read once the frame is turned 45° (bench: 12-label frames at 50 cm went
# from 90 % to 100 %). The turned pass costs about twice a plain one, so live decoding
# does it on every other frame, which the tracker's "2 of the last 3" absorbs.
DIAGONAL_MODES = ("never", "always", "alternate")

class Decoder(Protocol):
    name: str

    def decode(self, image: Any) -> list[Detection]:
        """Every QR code readable in a BGR or grey image."""
        ...


class DecoderError(ProgramError, RuntimeError):
    """A decoder that cannot run here (library missing) or that does not exist (companion/
    messages.toml, area ``decoder``; the library's own words a parameter)."""

    area = "decoder"


def grey(image: Any) -> Any:
    import cv2

    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


class ZxingDecoder:
    """zxing-cpp, QR only, plain text; a 2x retry of regions it found but could not read."""

    name = "zxing"

    def __init__(self, upscale: bool = True, fast: bool = False, diagonal: str = "alternate") -> None:
        try:
            import zxingcpp
        except ImportError as err:  # pragma: no cover - a broken install
            raise DecoderError("no_zxing", reason=err) from err
        self._zx = zxingcpp
        self.upscale = upscale
        if diagonal not in DIAGONAL_MODES:
            raise DecoderError("bad_diagonal", modes=DIAGONAL_MODES, value=diagonal)
        self.diagonal = diagonal
        self._calls = 0
        self._opts = dict(
            formats=zxingcpp.BarcodeFormat.QRCode,
            text_mode=zxingcpp.TextMode.Plain,
            try_rotate=not fast,
            try_downscale=not fast,
            try_invert=False,  # labels are printed dark on light
        )

    def _read(self, g: Any, errors: bool) -> list[Any]:
        return self._zx.read_barcodes(g, return_errors=errors, **self._opts)

    def decode(self, image: Any) -> list[Detection]:
        g = grey(image)
        out: list[Detection] = []
        failed: list[Quad] = []
        for b in self._read(g, self.upscale):
            quad = _zx_quad(b.position)
            if b.valid:
                out.append(Detection(_zx_text(b), quad))
            else:
                failed.append(quad)
        for quad in failed:
            out.extend(d for d in self._retry_upscaled(g, quad) if d.text not in {o.text for o in out})
        self._calls += 1
        if self.diagonal == "always" or (self.diagonal == "alternate" and self._calls % 2 == 0):
            known = {o.text for o in out}
            out.extend(d for d in self._read_turned(g) if d.text not in known)
        return out

    def _read_turned(self, g: Any) -> list[Detection]:
        """Read the frame turned 45° on a canvas that keeps all of it; quads mapped back."""
        import cv2
        import numpy as np

        h, w = g.shape[:2]
        side = int((w + h) / math.sqrt(2)) + 2
        M = cv2.getRotationMatrix2D((w / 2, h / 2), 45, 1.0)
        M[0, 2] += side / 2 - w / 2
        M[1, 2] += side / 2 - h / 2
        turned = cv2.warpAffine(g, M, (side, side), flags=cv2.INTER_LINEAR, borderValue=128)
        back = cv2.invertAffineTransform(M)
        found = []
        for b in self._read(turned, False):
            pts = np.array(_zx_quad(b.position), dtype=float)
            orig = pts @ back[:, :2].T + back[:, 2]
            found.append(Detection(_zx_text(b), tuple((float(x), float(y)) for x, y in orig)))  # type: ignore[arg-type]
        return found

    def _retry_upscaled(self, g: Any, quad: Quad) -> list[Detection]:
        import cv2

        xs, ys = [p[0] for p in quad], [p[1] for p in quad]
        pad = UPSCALE_MARGIN * max(max(xs) - min(xs), max(ys) - min(ys), 8)
        x0, y0 = max(int(min(xs) - pad), 0), max(int(min(ys) - pad), 0)
        x1, y1 = min(int(max(xs) + pad) + 1, g.shape[1]), min(int(max(ys) + pad) + 1, g.shape[0])
        if x1 - x0 < 8 or y1 - y0 < 8:
            return []
        roi = cv2.resize(g[y0:y1, x0:x1], None, fx=UPSCALE, fy=UPSCALE, interpolation=cv2.INTER_CUBIC)
        found = []
        for b in self._read(roi, False):
            q = _zx_quad(b.position)
            found.append(Detection(_zx_text(b), _shift(q, 1 / UPSCALE, x0, y0)))
        return found


def _zx_text(b: Any) -> str:
    return b.text  # Plain mode: the character set applied, no <SOH>-style escapes


def _zx_quad(pos: Any) -> Quad:
    return tuple(  # type: ignore[return-value]
        (float(p.x), float(p.y)) for p in (pos.top_left, pos.top_right, pos.bottom_right, pos.bottom_left)
    )


def _shift(quad: Quad, scale: float, dx: float, dy: float) -> Quad:
    return tuple((x * scale + dx, y * scale + dy) for x, y in quad)  # type: ignore[return-value]


class PyzbarDecoder:
    """zbar through pyzbar, QR only. Its corners follow zbar's polygon order."""

    name = "pyzbar"

    def __init__(self) -> None:
        try:
            from pyzbar import pyzbar
        except (ImportError, OSError) as err:
            raise DecoderError("no_pyzbar", reason=err) from err
        self._zb = pyzbar

    def decode(self, image: Any) -> list[Detection]:
        g = grey(image)
        out = []
        for s in self._zb.decode(g, symbols=[self._zb.ZBarSymbol.QRCODE]):
            text = s.data.decode("utf-8", errors="replace")
            out.append(Detection(text, _polygon_quad(s.polygon)))
        return out


def _polygon_quad(points: Sequence[Any]) -> Quad:
    pts = [(float(p.x), float(p.y)) for p in points]
    if len(pts) != 4:
        import cv2
        import numpy as np

        box = cv2.boxPoints(cv2.minAreaRect(np.array(pts, dtype=np.float32)))
        pts = [(float(x), float(y)) for x, y in box]
    return tuple(pts)  # type: ignore[return-value]


class BothDecoder:
    """Camera tags and QR codes in the same frames (labels of both kinds on one table)."""

    def __init__(self, *decoders: Decoder) -> None:
        self.decoders = decoders
        self.name = "+".join(d.name for d in decoders)

    def decode(self, image: Any) -> list[Detection]:
        out: list[Detection] = []
        for d in self.decoders:
            out.extend(d.decode(image))
        return out


class AutoDecoder:
    """Camera tags on every frame; QR codes too, but only as often as the table needs them.

    While no card's QR code is in view, zxing-cpp reads one frame in `QR_PROBE_EVERY` (a table
    of today's labels pays a quarter of a QR pass); once one is read (a first, QR-only label,
    of this game or another), every frame for the next `QR_KEEP` frames, so the tracker's "2 of
    the last 3 frames" confirms it as it would with QR alone, one to three frames later. A QR
    code that is no card's (a coaster's URL) does not keep QR on: the first time it is read,
    QR_CONFIRM more frames, so that it is refused once, then one frame in four. The other way
    round, a table of QR-only labels where no tag has been read for `TAG_IDLE` frames reads tags
    on one frame in `QR_PROBE_EVERY` only (between the QR probes' frames), until one is read.
    A tag newly in view (none read for `QR_PROBE_EVERY` frames) has its frame read for QR codes
    too, the frame it first appears: a label whose QR code names another card than its tag is then
    known before the tracker can play its tag (companion.vision.screen).
    Decided by the frame count, not the clock. ``stats`` counts the tag and QR passes."""

    name = "auto"

    def __init__(self, tags: Decoder, qr: Decoder) -> None:
        self.tags, self.qr = tags, qr
        self.stats = {"frames": 0, "tags": 0, "qr": 0}
        self._frame = 0
        self._qr_until = -1  # last frame of the every-frame QR stretch
        self._last_tag = 0  # last frame a tag was read (at the start: as if just now)
        self._strangers: set[str] = set()  # codes read that are no card's
        self._tags_read: dict[str, int] = {}  # a tag's text -> the last frame it was read

    def decode(self, image: Any) -> list[Detection]:
        frame = self._frame
        self._frame += 1
        self.stats["frames"] += 1
        out: list[Detection] = []
        idle = frame <= self._qr_until and frame - self._last_tag > TAG_IDLE
        if not idle or frame % QR_PROBE_EVERY == QR_PROBE_EVERY // 2:
            self.stats["tags"] += 1
            out = self.tags.decode(image)
            if out:
                self._last_tag = frame
        fresh = self._fresh(out, frame)
        if frame <= self._qr_until or frame % QR_PROBE_EVERY == 0 or fresh:
            self.stats["qr"] += 1
            codes = self.qr.decode(image)
            if any(_card_payload(c.text) for c in codes):
                self._qr_until = frame + QR_KEEP
            elif any(c.text not in self._strangers for c in codes):
                self._qr_until = max(self._qr_until, frame + QR_CONFIRM)
                self._strangers.update(c.text for c in codes)
            out.extend(codes)
        return out


    def _fresh(self, tags: list[Detection], frame: int) -> bool:
        """Whether a tag read now was not read in the last QR_PROBE_EVERY frames (noted as read)."""
        fresh = False
        for d in tags:
            fresh = fresh or frame - self._tags_read.get(d.text, -QR_PROBE_EVERY - 1) > QR_PROBE_EVERY
            self._tags_read[d.text] = frame
        if len(self._tags_read) > 4 * 1024:  # a flood of tags: keep the recent ones
            self._tags_read = {t: f for t, f in self._tags_read.items() if frame - f <= QR_PROBE_EVERY}
        return fresh


def _card_payload(text: str) -> bool:
    """True for a text in the labels' grammar (a card of any game, even with a bad check)."""
    from card_codes import Label, LabelErrorKind, try_decode

    result = try_decode(text)
    return isinstance(result, Label) or result.kind != LabelErrorKind.NOT_OURS


def make_decoder(name: str = DEFAULT_DECODER, still: bool = False) -> Decoder:
    """The decoder called ``name`` (one of DECODERS); DecoderError if unknown or missing.

    ``still``: for single images (no next frame): zxing-cpp does its 45° pass every time and
    the tag decoder reads the whole image carefully; live decoders keep what they read.
    """
    if name in ("tag", "tag-aruco"):  # camera tags: AprilTag 3's second looks, or aruco alone
        from companion.vision.tags import TagDecoder

        reader = "aruco" if name == "tag-aruco" else "apriltag"
        try:
            return TagDecoder(live=not still, reader=reader, name=name)
        except ImportError as err:  # pupil-apriltags missing: a broken install
            raise DecoderError("no_apriltag", reason=err) from err
    if name == "tag+zxing" or (name == "auto" and still):  # a single image: look for both
        return BothDecoder(make_decoder("tag", still), make_decoder("zxing", still))
    if name == "auto":
        return AutoDecoder(make_decoder("tag"), make_decoder("zxing"))
    if name == "zxing":
        return ZxingDecoder(diagonal="always" if still else "alternate")
    if name == "pyzbar":
        return PyzbarDecoder()
    raise DecoderError("unknown", name=name, decoders=", ".join(DECODERS))
