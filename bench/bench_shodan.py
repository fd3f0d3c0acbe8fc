"""Shodan: replay of 10,000 recorded actions (budget 1 s, DESIGN §10), and the per-action costs
the live companion pays (apply, the private queries)."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

from common import report, time_ms

from companion.engine import Match, get_game, replay
from companion.engine.simulate import random_action
from companion.games.shodan.scoring import completable, jury_requires

ACTIONS = 10_000
game = get_game("shodan")
records: list[tuple[int, dict, list, Match]] = []  # one exam per record: a record is one game
total = 0
seed = 0
while total < ACTIONS:
    seats = 2 + seed % 3
    options = {"seed": seed}
    rng = random.Random(seed)
    live = Match.new(game, seats, options)
    actions = []
    while not game.is_over(live.state) and total + len(actions) < ACTIONS:
        action = random_action(live, rng)
        live.apply(action)
        actions.append(action)
    records.append((seats, options, actions, live))
    total += len(actions)
    seed += 1


def run() -> None:
    for seats, options, actions, live in records:
        match = replay(game, seats, options, enumerate(actions, start=1))
        assert match.state == live.state


report(f"shodan replay {total} actions ({len(records)} exams)", time_ms(run, repeat=5, warmup=1), 1000)
states = [s for *_, live in records for s in live.states[::10]]
report("shodan legal() for the seat to play", time_ms(lambda: [game.legal(s, s.turn) for s in states[:200]],
                                                      repeat=5, warmup=1))
report("shodan jury_requires + completable, 200 states x all seats",
       time_ms(lambda: [(jury_requires(s, p), completable(s, p)) for s in states[:200] if s.objective
                        for p in range(s.players)], repeat=5, warmup=1))
