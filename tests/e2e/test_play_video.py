"""`companion play --video`: a real video file through cv2.VideoCapture, the tracker, the rules
and the announcements, as a webcam would feed them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from card_codes import load_deck
from companion.vision import Shown, SyntheticTable, write_video

COMPANION = str(Path(sys.executable).with_name("companion"))


def test_a_trick_filmed_on_video_is_played_and_won(tmp_path: Path) -> None:
    script = [Shown("Y-P4-V1", 1.0, None, (0.5, 0.3), 0, "top"),
              Shown("R-P2-V1", 2.0, None, (0.74, 0.5), 5, "right"),
              Shown("Y-P3-V1", 3.0, None, (0.5, 0.72), -5, "bottom"),
              Shown("R-P5-V1", 4.0, None, (0.26, 0.5), 3, "left")]
    video = tmp_path / "trick.avi"
    assert write_video(SyntheticTable(load_deck("tatsu"), script, fps=15, duration=6.0, seed=3), video) > 80
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    record = tmp_path / "game.jsonl"
    proc = subprocess.Popen([COMPANION, "play", "tatsu", "--video", str(video), "--fast", "--text",
                             "--record",
                             str(record)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n")  # accept the set-up at once: the video is already rolling
    proc.stdin.flush()
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        lines.append(line.rstrip("\n"))
        if "remporte le pli" in line:
            break
    proc.stdin.write("quitte\n")
    proc.stdin.flush()
    proc.wait(timeout=30)
    out = "\n".join(lines)
    plays = ["Nord : Esprit jaune 4.", "Est : Esprit rouge 2.",
             "Sud : Esprit jaune 3.", "Ouest : Esprit rouge 5."]
    assert "\n".join(plays) in out
    assert "Ouest remporte le pli : 4 cartes, 4 points." in out
    assert proc.returncode == 0
    assert len(record.read_text(encoding="utf-8").splitlines()) == 5  # header + the 4 plays
