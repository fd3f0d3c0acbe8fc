"""What the tracker is not given: frames the table cannot be sure of (issue 28, finding 5).

A frame that holds more labels than the game has cards (`flooded`: a whole other deck spread
out, a sheet of labels held up) plays nothing: none of its labels reaches the tracker, nor
those of the frames in the next `HOLD` seconds (a frame that misses a few of them is no surer),
and the table hears one line for the whole flood, with how many labels of each kind it held.
A label whose camera tag and QR code name two different cards (a label printed with ``--code
both`` from two decks, or a QR sticker put on a tagged label) lies on the table as both: the
QR code sits under the tag, in the tag's own frame (`printables.label`). Neither text reaches
the tracker while they are read (`QUARANTINE` seconds after the last read of either, since a
frame may read only one of them), and the table hears once that the label contradicts itself.
The labels refused in one frame (other games', misread, unknown) are one line too, with how
many of each (`refused`), not one line each. Decided by the frames' times, never the clock.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from card_codes import Label, LabelErrorKind, load_deck, try_decode
from companion.vision.detection import Detection

FLOOD, CONTRADICTION, REFUSED = "flood", "contradiction", "refused"
HOLD = 1.0          # seconds after a flooded frame during which no frame reaches the tracker
QUARANTINE = 2.0    # seconds a contradicting label's two texts stay kept from the tracker after a read
CONFIRM_READS = 2   # frames a contradicting label must be read in (within HOLD) before it is said
# where a label's QR code lies in its camera tag's own frame (the tag's top-left corner at 0, its
# side 1): centred under the tag, its centre 1.675 sides down as printed (printables.label: a
# 30 mm tag, 2.75 + 2.8 mm of white, then a 29.4 mm QR code); the window allows for the camera
ACROSS = (-0.3, 1.3)
DOWN = (1.1, 2.3)
SIZES = (0.5, 2.0)  # the QR code's size over the tag's
KINDS = ("ours", "other_game", "bad_check", "unknown")  # what a label read is, in the order said


@dataclass(frozen=True)
class LabelNotice:
    """One line for the table about labels it cannot use: a flood (``counts`` of each kind of
    label read, ``total``), a contradicting label, or the labels refused in one frame."""

    kind: str
    t: float
    frame: int
    total: int = 0
    counts: tuple[tuple[str, int], ...] = ()  # (kind in KINDS, how many), the kinds read only
    texts: tuple[str, ...] = ()  # a contradiction's two texts (tag first)
    card: str | None = None  # no card, no seat, no error: a notice plays nothing
    seat: int | None = None
    error: Any = None
    labels: tuple[Any, ...] = ()


@functools.cache
def table_worth(game: str | None) -> int | None:
    """The most labels a table of this game can show at once: its deck's cards."""
    if game is None:
        return None
    try:
        return len(list(load_deck(game)))
    except Exception:  # a game without a deck file here: no flood is decided
        return None


@dataclass
class LabelScreen:
    """Feed it every decoded frame with `update`: the detections the tracker may have, and the
    notices to say (flood, contradiction). `refused` groups a frame's refused labels."""

    game: str | None = None
    worth: int | None = None
    _flood_t: float | None = None  # the last flooded frame's time
    _quarantine: dict[str, float] = field(default_factory=dict)  # text -> last time read
    # a contradicting label's (tag, QR) texts -> its last read, its reads in a row, said
    _pairs: dict[tuple[str, str], tuple[float, int, bool]] = field(default_factory=dict)
    _kinds: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.worth is None:
            self.worth = table_worth(self.game)

    @property
    def flooded(self) -> bool:
        return self._flood_t is not None

    def kind(self, text: str) -> str:
        """What a label read is for this game: one of KINDS."""
        known = self._kinds.get(text)
        if known is None:
            result = try_decode(text, self.game)
            if isinstance(result, Label):
                known = "ours"
            elif result.kind in (LabelErrorKind.OTHER_GAME, LabelErrorKind.BAD_CHECK):
                known = result.kind.value
            else:
                known = "unknown"
            if len(self._kinds) < 4096:
                self._kinds[text] = known
        return known

    def counts(self, texts: Sequence[str]) -> tuple[tuple[str, int], ...]:
        found = Counter(self.kind(t) for t in texts)
        return tuple((k, found[k]) for k in KINDS if found[k])

    def update(self, t: float, frame: int, detections: Sequence[Detection]
               ) -> tuple[list[Detection] | None, list[LabelNotice]]:
        """(the detections for the tracker, or None: this frame must not reach it; the notices)."""
        texts = list(dict.fromkeys(d.text for d in detections))
        if self.worth is not None and len(texts) > self.worth:
            notices = [] if self.flooded else [LabelNotice(FLOOD, t, frame, len(texts), self.counts(texts))]
            self._flood_t = t
            return None, notices
        if self._flood_t is not None:
            if t - self._flood_t < HOLD - 1e-9:
                return None, []
            self._flood_t = None
        notices = self._contradictions(t, frame, detections)
        for text, last in list(self._quarantine.items()):
            if text in texts:
                self._quarantine[text] = t
            elif t - last > QUARANTINE + 1e-9:
                del self._quarantine[text]
        return [d for d in detections if d.text not in self._quarantine], notices

    def _contradictions(self, t: float, frame: int, detections: Sequence[Detection]) -> list[LabelNotice]:
        tags = [d for d in detections if d.code == "tag"]
        codes = [d for d in detections if d.code != "tag"]
        notices = []
        if tags and codes:
            for tag in tags:
                for qr in codes:
                    if qr.text != tag.text and _one_label(tag, qr) and _two_cards(tag.text, qr.text):
                        notices += self._contradiction(t, frame, tag.text, qr.text)
        for pair, (last, _, _) in list(self._pairs.items()):
            if t - last > QUARANTINE + 1e-9:
                del self._pairs[pair]
        return notices

    def _contradiction(self, t: float, frame: int, tag: str, qr: str) -> list[LabelNotice]:
        self._quarantine[tag] = self._quarantine[qr] = t
        last, reads, said = self._pairs.get((tag, qr), (t, 0, False))
        reads = reads + 1 if t - last <= HOLD + 1e-9 else 1
        say = not said and reads >= CONFIRM_READS
        self._pairs[(tag, qr)] = (t, reads, said or say)
        return [LabelNotice(CONTRADICTION, t, frame, 2, texts=(tag, qr))] if say else []

    def refused(self, t: float, frame: int, texts: Sequence[str]) -> LabelNotice:
        """The labels a frame refused (other games', misread, unknown), as one notice."""
        return LabelNotice(REFUSED, t, frame, len(texts), self.counts(texts))


def _two_cards(a: str, b: str) -> bool:
    """Both texts are cards (of any game), and not the same one."""
    first, second = try_decode(a), try_decode(b)
    return isinstance(first, Label) and isinstance(second, Label) and \
        (first.game, first.card.id) != (second.game, second.card.id)


def _one_label(tag: Detection, qr: Detection) -> bool:
    """The QR code lies where a label's own QR code lies, under its tag (in the tag's frame)."""
    (x0, y0), (x1, y1), _, (x3, y3) = tag.quad
    ux, uy, vx, vy = x1 - x0, y1 - y0, x3 - x0, y3 - y0
    det = ux * vy - uy * vx
    if abs(det) < 1e-6 or tag.size <= 0:
        return False
    cx, cy = qr.centre[0] - x0, qr.centre[1] - y0
    across, down = (cx * vy - cy * vx) / det, (ux * cy - uy * cx) / det
    return ACROSS[0] <= across <= ACROSS[1] and DOWN[0] <= down <= DOWN[1] and \
        SIZES[0] <= qr.size / tag.size <= SIZES[1]
