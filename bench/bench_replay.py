"""Replay of a 10,000-action Tatsu record (read + rules), budget 1 s (DESIGN §10)."""

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

from common import report, time_ms

from companion.engine import Match, get_game, replay
from companion.journal import Journal, open_record

ACTIONS = 10_000
game = get_game("tatsu")
options = {"target": 10**9, "seed": 1}
rng = random.Random(1)
live = Match.new(game, 4, options)
folder = Path(tempfile.mkdtemp(prefix="bench-replay-"))
path = folder / "record.jsonl"
journal = Journal.create(path, "tatsu", 4, options, sync=False,
                         rules=get_game("tatsu").rules_version)  # building the input, not timed
count = 0
while count < ACTIONS:
    state = live.state
    if deal := game.table_actions(state, rng):
        batch = deal
    elif count % 97 == 96:
        batch = [{"type": "undo"}]
    else:
        batch = [rng.choice([a for s in range(4) for a in game.legal(state, s)])]
    for action in batch[: ACTIONS - count]:
        live.apply(action)
        journal.append(action)
        count += 1
journal.close()


def run() -> None:
    header, actions, _ = open_record(path)
    match = replay(game, header.seats, header.options, actions)
    assert match.state == live.state


report(f"replay {ACTIONS} actions ({live.state.round} rounds)", time_ms(run, repeat=7, warmup=1), 1000)
path.unlink()
folder.rmdir()
