"""Reading the samurai board from one 1080p overhead photo (4 corners + 8 tokens).

No budget in DESIGN for this (a one-shot command, not a per-frame path): reported as
measured; the decode is the still decoder, read_board alone is the pure part."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import report, time_ms
from companion.games.samurai.board import data
from companion.games.samurai.camera import read_board
from companion.vision import make_decoder
from tests.games.samurai.board_helpers import SETUP, render_board

image = render_board({**SETUP[0], **SETUP[1]}, board_angle=4.0)
decoder = make_decoder("zxing", still=True)
detections = decoder.decode(image)
reading = read_board(detections, data().board)
assert len(reading.squares) == 8, reading
report("board: still decode of a 1920x1080 photo", time_ms(lambda: decoder.decode(image), repeat=15))
report("board: read_board (12 labels -> squares)", time_ms(lambda: read_board(detections, data().board)))
