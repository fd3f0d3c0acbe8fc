"""The live companion at the table: cards seen -> rules applied -> words heard.

`Session` owns one game and is made of small parts: the record → announce pipeline
(`pipeline`: an action is written and fsynced before it is announced), what the typed
commands do (`commands`: the common ones and the kinds a game declares), the set-up dialogue
(`setup`) and the synthetic table's driver (`driver`). The game's own table rules (found in
its package) turn a card seen or a typed line into an action, a question or a refusal, and
answer with events that the session renders. Inputs (camera events, typed lines, the
synthetic table's moves) arrive on one queue and are handled one at a time.
"""

from companion.session.loop import Session
from companion.session.options import SessionOptions

__all__ = ["Session", "SessionOptions"]
