"""`companion play --video` on realism-kit clips: a camera beside the table at 45°, a trick laid by
hands while a player holds a fan, another reads a card's tactile code, a card of another game
and a bar's coaster lie there, and the trick is swept up. Only the four cards put down are plays,
with today's labels (camera tags) and with the first, QR-only ones, by default."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from card_codes import load_deck
from companion.vision import write_video
from kit.realism import Coaster, Fan, Glare, Hand, Laid, TableCamera, TableClip

COMPANION = str(Path(sys.executable).with_name("companion"))
TRICK = (("Y-P4-V1", (-95, 70), "top"), ("R-P2-V1", (95, 20), "right"),
         ("Y-P3-V1", (-20, -70), "bottom"), ("R-P5-V1", (-170, -10), "left"))
FAN = ("R-P1-V3", "R-P1-V4", "Y-X1")  # held by a player all along: never played


def scene() -> list:
    out: list = [Laid(card, 1.0 + 1.1 * k, at, angle=8 * k - 10, edge=edge, until=5.6, taken_to="bottom",
                      seat=k) for k, (card, at, edge) in enumerate(TRICK)]
    out += [Fan(FAN, 0.2, 6.4, (250, -150), angle=-20),
            Hand((-95, 70), 2.3, 3.8, edge="top"),              # reading the first card's code
            Laid("FOX-2-1", 1.6, (260, 130), angle=30, edge="right", game="dojo"),
            Coaster((-300, 150)),
            Glare((95, 20), radius=12, strength=0.6, t0=3.0, t1=4.0)]
    return out


def play(video: Path, tmp_path: Path, decoder: str | None, wait_s: float = 120) -> tuple[list[str], Path]:
    """The clip read frame by frame (`--fast`: what it shows, not how fast a loaded machine plays
    it), then `quitte` once the companion says the images have ended."""
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    record = tmp_path / f"game-{decoder}.jsonl"
    chosen = [] if decoder is None else ["--decoder", decoder]  # None: the default
    proc = subprocess.Popen([COMPANION, "play", "tatsu", "--video", str(video), "--fast", "--text",
                             "--record",
                             str(record), *chosen], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n")  # accept the set-up at once: the video is already rolling
    proc.stdin.flush()
    lines: list[str] = []
    deadline = time.monotonic() + wait_s
    while select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))[0]:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("Fin des images"):
            break
    assert lines and lines[-1].startswith("Fin des images"), lines
    proc.stdin.write("quitte\n")
    proc.stdin.flush()
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0
    return lines + out.splitlines(), record


@pytest.fixture(scope="module")
def clip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    video = tmp_path_factory.mktemp("clips") / "trick.avi"
    table = TableClip(load_deck("tatsu"), scene(), camera=TableCamera(550, 45), fps=15, duration=7.0, seed=4)
    assert write_video(table, video) == 106
    return video


@pytest.fixture(scope="module")
def qr_clip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same trick with the first labels (QR only, 1.4 mm modules), filmed from 40 cm at 50°,
    within their reach (the Dojo card and the coaster are then out of the picture)."""
    video = tmp_path_factory.mktemp("clips") / "trick-qr.avi"
    table = TableClip(load_deck("tatsu"), scene(), camera=TableCamera(400, 50), fps=15, duration=7.0, seed=4,
                      code="qr")
    assert write_video(table, video) == 106
    return video


PLAYS = ["Nord : Esprit jaune 4.", "Est : Esprit rouge 2.", "Sud : Esprit jaune 3.",
         "Ouest : Esprit rouge 5."]


def check_trick(lines: list[str], record: Path, foreign: int = 1) -> str:
    out = "\n".join(lines)
    said = [line for line in lines if line.split(" : ")[0] in ("Nord", "Est", "Sud", "Ouest")]
    assert said == PLAYS, out  # each card once, in order, the covered one not again
    assert "Ouest remporte le pli" in out
    assert "Esprit rouge 1" not in out and "Multiplicateur" not in out  # the fan: never a play
    assert "déjà jouée" not in out and "Carte refusée" not in out
    assert out.count("Carte d'un autre jeu.") == foreign  # the Dojo card, once (when in view)
    assert len(record.read_text(encoding="utf-8").splitlines()) == 5  # header + the 4 plays
    return out


@pytest.mark.parametrize("decoder", [None, "tag", "tag+zxing"])
def test_only_the_cards_put_down_are_played_in_order(clip: Path, tmp_path: Path, decoder: str | None) -> None:
    out = check_trick(*play(clip, tmp_path, decoder))
    # the coaster's URL, once, where QR codes are looked for (by default: found by a probe frame)
    assert out.count("Étiquette inconnue.") == (0 if decoder == "tag" else 1)


def test_the_first_qr_only_labels_are_played_by_default(qr_clip: Path, tmp_path: Path) -> None:
    out = check_trick(*play(qr_clip, tmp_path, None), foreign=0)
    assert "Étiquette inconnue." not in out
