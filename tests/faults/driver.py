"""A whole game played by the real session into a real record, for kill -9 tests.

    python -m tests.faults.driver RECORD SEED TOTAL [--resume]

Every seat is played by seeded dice that depend only on the seed and the number of
actions recorded so far (undos included), so a game killed at any moment and resumed
from its record goes on exactly as an unbroken one. Prints "ready" once the record is
open and locked, then one dot per accepted action.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from companion.session import Session, SessionOptions


class Silent:
    """The announcer seam: nothing to hear in this test, only the record counts."""

    def announce(self, audience: Any, text: str, priority: int = 1, *, speaker: int | None = None,
                 urgent: bool = False) -> None:
        pass

    def earcon(self, name: str, audience: Any = "all") -> None:
        pass

    def set_keyboard_seat(self, seat: Any) -> None:
        pass


def main(record: Path, seed: int, total: int, resume: bool) -> None:
    opts = SessionOptions(game="tatsu", seats=4, record=None if resume else record,
                          resume=record if resume else None, setup=False, seed=seed)
    session = Session(opts, Silent())
    session.open()
    if not session.started:
        session.begin()
    assert session.journal is not None and session.match is not None
    print("ready", flush=True)
    game = session.game
    while session.journal.seq < total and not game.is_over(session.match.state):
        dice = random.Random(f"{seed}-{session.journal.seq}")
        if dice.random() < 0.05 and len(session.match.states) > 1:
            action: dict[str, Any] | None = {"type": "undo"}
        else:
            action = session.bot.choose(session.match, session.rules.actor(session.match.state) or 0, dice)
        assert action is not None and session.apply(action), action
        print(".", end="", flush=True)
    session.close()
    print("\ndone", session.journal.seq, flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), "--resume" in sys.argv[4:])
