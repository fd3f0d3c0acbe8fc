"""The samurai removal choice and Sabotage, played blind in a real terminal (tmux).

Both moments need a position: two tiers of one unit type reached by one blow takes five damage
or more on a counter of three units or more already hit, which a whole game reaches only by
luck. So the game is resumed from a record (`records/samurai-two-tiers.jsonl`, every action
legal, target 2): North holds Sabotage, South a resource marker on E7 and Forge, North's three
archers are down to 9 health points with South's naginata beside one. The blind player, North,
finds the marker with `table`, plays Sabotage by its name, ends the turn; South's Forge-driven
naginata reaches two tiers; North is asked which archer goes and types it; South then wins.
"""

from __future__ import annotations

from pathlib import Path

from companion.engine import get_game, replay
from companion.journal import open_record

from .blind import BlindPlayer, check_screen
from .test_whole_games import samurai
from .tmux import NEEDS_TMUX

PREFIX = Path(__file__).parent / "records" / "samurai-two-tiers.jsonl"
pytestmark = NEEDS_TMUX


def test_the_removal_choice_and_sabotage_by_keyboard_to_the_end(tmp_path: Path) -> None:
    me = BlindPlayer("samurai", 2, "Nord", tmp_path, resume=PREFIX)
    try:
        screen = me.play(samurai, "Partie terminée.")
        me.quit()
    finally:
        me.close()
    assert not any("Traceback" in ln or "\x1b" in ln for ln in screen)
    header, actions, _ = open_record(me.record)
    done = [a for _, a in actions][len(open_record(PREFIX)[1]):]  # what was played at this keyboard's table
    assert {"type": "event", "seat": 0, "card": "E8", "at": "E7"} in done, "Sabotage typed by its name"
    attack = next(i for i, a in enumerate(done) if a["type"] == "attack")
    chosen = next(t for t in me.typed if t.startswith("retire "))  # the last archer listed: not a default
    assert chosen == "retire archer 3"
    assert done[attack + 1] == {"type": "remove", "seat": 0, "unit": "ARCHER-Y-3"}, \
        "nothing recorded between the blow and my answer"
    assert any("Deux paliers atteints : choisissez 1 pion à retirer : Archer jaune 2 en F3 ou Archer jaune 3 "
               "en D3." in ln for ln in screen)
    end = replay(get_game("samurai"), header.seats, header.options, actions)
    assert get_game("samurai").is_over(end.state)
    check_screen(me.record, "Nord", screen, resumed=PREFIX)
