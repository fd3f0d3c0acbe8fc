"""Frames of real labels for the fault cases, drawn by the project's own label code, and a real
`companion play --images` on them (issue 28, findings 2 and 5).

`sheet_of_labels` lays cards' printed labels (companion.vision.synthetic.card_texture: the
camera tag of each deck file) side by side on a grey table, as a sheet of labels or a spread-out
deck held up to the camera would be; `contradicting_label` prints, with printables (plan_label,
write_pngs: the PNG a user prints), a label with a tag and a QR code, the QR code of another
card; `play_images` runs `companion play GAME --images FOLDER --text` as a player would, Enter
to start, then "quitte" once the images are read, and gives what the screen showed.
"""

from __future__ import annotations

import dataclasses
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from card_codes import available_games, load_deck

from .conftest import COMPANION, TIMEOUT, child_env

GREY = 120
BLANK_FRAMES = 5  # frames (one a second) before the labels: the game has begun when they come
LABEL_FRAMES = 4


def cards_with_tags(game: str) -> list[tuple[str, str]]:
    return [(game, card.id) for card in load_deck(game) if card.tag is not None]


def others(game: str) -> list[tuple[str, str]]:
    """Every tagged card of the other games."""
    return [c for g in available_games() if g != game for c in cards_with_tags(g)]


def sheet_of_labels(cards: Sequence[tuple[str, str]], px_per_mm: float = 1.5,
                    columns: int = 20) -> np.ndarray:
    """The cards (game, card id) face up in rows, their labels as printed today."""
    from companion.vision.synthetic import card_texture

    w, h, gap = round(63 * px_per_mm), round(88 * px_per_mm), 6
    rows = (len(cards) + columns - 1) // columns
    image = np.full((rows * (h + gap) + gap, min(columns, len(cards)) * (w + gap) + gap, 3), GREY, np.uint8)
    for i, (game, card) in enumerate(cards):
        face = card_texture(load_deck(game), card, code="tag")
        face = cv2.resize(face, (w, h), interpolation=cv2.INTER_AREA)
        r, c = divmod(i, columns)
        image[gap + r * (h + gap):gap + r * (h + gap) + h, gap + c * (w + gap):gap + c * (w + gap) + w] = face
    return image


def contradicting_label(folder: Path, game: str, tag_card: str, qr_card: str) -> np.ndarray:
    """A printed label (tag and QR code, `labels --code both`) whose QR code is another card's,
    as a 1280 x 720 frame of it lying on the table."""
    from printables.label import Frame, plan_label
    from printables.render import write_pngs
    from printables.sheets import load_sheet

    deck = load_deck(game)
    frame = Frame.of(load_sheet("avery-l7163"))  # a label where both codes fit
    plan = plan_label(deck, deck.card(tag_card), frame, code="both")
    other = plan_label(deck, deck.card(qr_card), frame, code="both")
    wrong = dataclasses.replace(plan, payload=other.payload, qr_runs=other.qr_runs)
    [png] = write_pngs([wrong], folder / "printed")
    label = cv2.imread(str(png))
    scale = 2.4 / (300 / 25.4)  # 2.4 px a mm on the table (a webcam at 45 cm); the PNG is 300 dpi
    label = cv2.resize(label, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    image = np.full((720, 1280, 3), GREY, np.uint8)
    lh, lw = label.shape[:2]
    image[200:200 + lh, 600:600 + lw] = label
    return image


def image_folder(folder: Path, image: np.ndarray, blank: int = BLANK_FRAMES,
                 frames: int = LABEL_FRAMES) -> Path:
    """``blank`` empty frames of the table, then ``frames`` of ``image``."""
    folder.mkdir(parents=True)
    empty = np.full_like(image, GREY)
    for i in range(blank + frames):
        cv2.imwrite(str(folder / f"{i:03}.png"), empty if i < blank else image)
    return folder


@dataclasses.dataclass
class Played:
    code: int
    lines: list[str]
    err: str

    @property
    def record(self) -> Path | None:
        prefix = "Partie enregistrée dans "
        found = [ln[len(prefix):].rstrip(".") for ln in self.lines if ln.startswith(prefix)]
        return Path(found[0]) if found else None


def play_images(home: Path, game: str, folder: Path, *extra: str, until: str = "Fin des images") -> Played:
    """`companion play GAME --images FOLDER --text`: Enter to begin, "quitte" once ``until`` shows."""
    process = subprocess.Popen([COMPANION, "play", game, "--images", str(folder), "--text", *extra],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=child_env(home, COMPANION_STRICT_PHRASES="1"), cwd=home, text=True)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    lines: list[str] = []
    err: list[str] = []
    readers = [threading.Thread(target=lambda: lines.extend(ln.rstrip("\n") for ln in process.stdout),
                                daemon=True),  # type: ignore[union-attr]
               threading.Thread(target=lambda: err.append(process.stderr.read()), daemon=True)]  # type: ignore[union-attr]
    for reader in readers:
        reader.start()
    process.stdin.write("\n")
    process.stdin.flush()
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and process.poll() is None and not any(until in ln for ln in lines):
        time.sleep(0.1)
    try:
        process.stdin.write("quitte\n")
        process.stdin.close()
    except OSError:
        pass
    code = process.wait(timeout=TIMEOUT)
    for reader in readers:
        reader.join(TIMEOUT)
    return Played(code, lines, "".join(err))
