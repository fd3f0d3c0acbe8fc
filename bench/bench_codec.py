"""Label payload codec: encode and decode every card of every deck."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import report, time_ms

from card_codes import available_games, decode, encode, load_deck

decks = [load_deck(g) for g in available_games()]
payloads = [encode(d, c) for d in decks for c in d.ids()]
report(f"encode {len(payloads)} cards", time_ms(lambda: [encode(d, c) for d in decks for c in d.ids()]))
report(f"decode {len(payloads)} payloads", time_ms(lambda: [decode(p) for p in payloads]))
