"""The live companion at the table: cards seen -> rules applied -> words heard.

`Session` owns one game: the engine's match, the record (written and fsynced before an
action is announced), the announcer (text always, speech where routed), the table rules
that turn a card seen or a typed command into an engine action, and the queries a blind
player asks. Inputs (camera events, typed lines, the synthetic table's moves) arrive on one
queue and are handled one at a time, so the game state never races.
"""

from companion.session.loop import Session, SessionOptions
from companion.session.table import TableRules, table_rules

__all__ = ["Session", "SessionOptions", "TableRules", "table_rules"]
