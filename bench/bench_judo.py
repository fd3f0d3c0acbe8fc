"""Judo: replay of a 10,000-action record (budget 1 s, DESIGN §10), and a player's queries."""

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

from common import report, time_ms

from companion.engine import Match, get_game, replay
from companion.games.judo.queries import query_events
from companion.journal import Journal, open_record

ACTIONS = 10_000
game = get_game("judo")
options = {"tai_length": 10**6, "seed": 1}  # one long match: combats keep coming
rng = random.Random(1)
live = Match.new(game, 2, options)
folder = Path(tempfile.mkdtemp(prefix="bench-judo-"))
path = folder / "record.jsonl"
journal = Journal.create(path, "judo", 2, options, sync=False,
                         rules=get_game("judo").rules_version)  # building the input, not timed
states = []
for _ in range(ACTIONS):
    state = live.state
    action = (game.table_actions(state, rng) or [rng.choice(game.legal(state, state.turn))])[0]
    live.apply(action)
    journal.append(action)
    if not live.state.to_draw:
        states.append(live.state)
journal.close()


def run() -> None:
    header, actions, _ = open_record(path)
    match = replay(game, header.seats, header.options, actions)
    assert match.state == live.state


report(f"judo replay {ACTIONS} actions ({live.state.combat} combats)", time_ms(run, repeat=7, warmup=1), 1000)
sample = [states[i] for i in range(0, len(states), max(1, len(states) // 200))]


def ask_all() -> None:
    for s in sample:
        query_events(s, s.turn)
        query_events(s, s.turn, "THROW-ISN")


per_state = [t / len(sample) for t in time_ms(ask_all, repeat=7, warmup=1)]
report("judo queries (what can I throw + what ISN lacks), per position", per_state)
path.unlink()
folder.rmdir()
