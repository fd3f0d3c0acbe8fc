"""Replay of a 10,000-action samurai record (read + rules), budget 1 s (DESIGN §10).

The record is a random legal game with an unreachable target, so it runs long; if a team is
wiped out first, the next seed is tried."""

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
SEATS = 4
game = get_game("samurai")


def build(seed: int) -> tuple[list[dict], Match] | None:
    options = {"target": 10**6, "seed": seed}
    rng = random.Random(seed)
    live = Match.new(game, SEATS, options)
    actions: list[dict] = []
    while len(actions) < ACTIONS:
        state = live.state
        if game.is_over(state):
            return None
        table = game.table_actions(state, rng)
        if table:
            action = table[0]
        elif len(actions) % 97 == 96:
            action = {"type": "undo"}
        else:
            action = rng.choice([a for s in range(SEATS) for a in game.legal(state, s)])
        live.apply(action)
        actions.append(action)
    return actions, live


seed = 0
while (built := build(seed)) is None:
    seed += 1
actions, live = built
folder = Path(tempfile.mkdtemp(prefix="bench-samurai-"))
path = folder / "record.jsonl"
journal = Journal.create(path, "samurai", SEATS, {"target": 10**6, "seed": seed}, sync=False,
                         rules=get_game("samurai").rules_version)
for action in actions:
    journal.append(action)
journal.close()


def run() -> None:
    header, acts, _ = open_record(path)
    match = replay(game, header.seats, header.options, acts)
    assert match.state == live.state


report(f"samurai replay {ACTIONS} actions ({live.state.team_turns} team turns, seed {seed})",
       time_ms(run, repeat=5, warmup=1), 1000)
path.unlink()
folder.rmdir()
