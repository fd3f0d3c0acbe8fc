"""Dojo: replay of 10,000 actions of 5-player games (rules only, budget 1 s as DESIGN §10 sets
for records), one action's latency, and scoring a dojo photo (decode + grid + score)."""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

from common import report, time_ms

from companion.engine import Match, get_game, replay
from companion.engine.simulate import random_action

ACTIONS = 10_000
game = get_game("dojo")
rng = random.Random(1)
records: list[list[dict]] = []
count = 0
while count < ACTIONS:  # whole 5-player games (about 150 actions each), built untimed
    m = Match.new(game, 5, {})
    actions = []
    while not game.is_over(m.state):
        action = random_action(m, rng)
        m.apply(action)
        actions.append(action)
    records.append(actions)
    count += len(actions)


def run() -> None:
    for actions in records:
        replay(game, 5, {}, enumerate(actions, 2))


report(f"dojo replay {count} actions ({len(records)} games of 5)", time_ms(run, repeat=5, warmup=1), 1000)

m = Match.new(game, 5, {})
for action in records[0][:40]:
    m.apply(action)
state, nxt = m.state, records[0][40]
report(f"dojo apply one action ({nxt['type']})", time_ms(lambda: game.apply(state, nxt), repeat=200))

from card_codes import decode, load_deck  # noqa: E402
from companion.games.dojo.scoring import score_cells  # noqa: E402
from companion.vision import Camera, SyntheticTable, grid_script, make_decoder, read_grid  # noqa: E402

deck = load_deck("dojo")
ids = [c.id for c in deck][:12]
camera = Camera(px_per_mm=1.9)
image = SyntheticTable(deck, grid_script(ids, 3, 4, rotation=30, camera=camera), camera=camera).render(0.0)
decoder = make_decoder("zxing", still=True)


def score_photo() -> None:
    grid = read_grid(decoder.decode(image))
    assert len(grid.cells) == 12
    score_cells({k: decode(d.text, "dojo").card.id for k, d in grid.cells.items()})


report("dojo score a 720p photo of 12 tatamis (decode + grid + score)", time_ms(score_photo, repeat=10))
