"""200 labels to PDF (DESIGN §10 budget: 1.5 s): layout, QR, Braille and drawing, file written."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import report, time_ms

from card_codes import load_deck
from printables import make_labels

COUNT = 200
deck = load_deck("dojo")
ids = (deck.ids() * 3)[:COUNT]  # 72-card deck, repeated to 200 labels (10 A4 sheets of L7160)

with tempfile.TemporaryDirectory() as tmp:
    out = Path(tmp) / "labels.pdf"
    samples = time_ms(lambda: make_labels(deck, out, card_ids=ids, legend=False), repeat=5, warmup=1)
    report(f"{COUNT} labels to PDF (avery-l7160)", samples, budget_ms=1500)
    print(f"{COUNT} labels: {out.stat().st_size / 1024:.0f} KiB", flush=True)
    tactile = lambda: make_labels(deck, out, card_ids=ids, legend=False, tactile=True)  # noqa: E731
    report(f"{COUNT} labels, ink and tactile PDFs", time_ms(tactile, repeat=3, warmup=0))
