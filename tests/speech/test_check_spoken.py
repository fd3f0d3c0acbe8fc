"""`companion check` without --text says its two sentences aloud on the table's device."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from card_codes import load_deck
from companion.vision import write_video
from kit.realism import Laid, TableCamera, TableClip
from tests.speech.conftest import RECORD_RATE, audible_span

COMPANION = str(Path(sys.executable).with_name("companion"))


@pytest.mark.slow
def test_the_check_is_spoken_on_the_table_device(tmp_path: Path, recorder, home: Path) -> None:
    ids = load_deck("tatsu").ids()
    cards = [Laid(ids[i], 0.0, ((i % 4 - 1.5) * 100, (i // 4 - 0.5) * 120), slide=0.01) for i in range(8)]
    video = tmp_path / "far.avi"
    write_video(TableClip(load_deck("tatsu"), cards, camera=TableCamera(1100, 45), fps=15, duration=2.0),
                video)
    with recorder("table_monitor") as rec:
        done = subprocess.run([COMPANION, "check", "--video", str(video)], capture_output=True, text=True,
                              env={**os.environ, "COMPANION_HOME": str(home)}, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 2, done.stdout
    facts, advice = lines
    assert facts.startswith("Je lis ")
    assert advice.startswith("Rapprochez la caméra d'environ ")
    heard = rec.audio("table_monitor")
    assert audible_span(heard, RECORD_RATE) > 3.0  # two sentences said, not one earcon
    assert float(np.abs(heard).max()) > 0.05
