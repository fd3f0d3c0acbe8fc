"""The phones' pages (issue: every seat on its own device): a line said -> its text on the page,
with 4 seat pages open in a real headless Chromium on loopback (budget: 100 ms); and the
server's memory with 8 pages open.

Each page notes, with a MutationObserver, when each line reached its list (the browser's clock
and ours are the same machine's wall clock). Lines are said one at a time, 150 ms apart, as a
table says them. Reported as the median (and p90) over every line and page.
"""

import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))

from common import report

from companion.web.seats import Tables
from companion.web.server import WebServer
from tests.web.browser import CHROMIUM, browser

LINES = 60
BUDGET_MS = 100.0
WATCH = """() => { window.seen = {}; new MutationObserver(ms => { for (const m of ms)
  for (const n of m.addedNodes) if (n.dataset && n.dataset.n) window.seen[n.dataset.n] = Date.now(); })
  .observe(document.getElementById('said'), {childList: true}); }"""


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    if CHROMIUM is None:
        print("bench_web: no Chromium (make test installs it): skipped")
        return
    names = [f"Place {n}" for n in range(9)]
    before = rss_mib()
    tables = Tables(list(range(8)), names, "fr")
    server = WebServer(tables, lambda kind, payload: None, game_name="Tatsu", port=0)
    server.start()
    with browser() as chromium:
        pages = []
        for seat in range(8):
            page = chromium.new_context().new_page()
            page.goto(server.url(seat))
            page.wait_for_function("document.getElementById('status') !== null")
            pages.append(page)
        time.sleep(1.0)
        for n in range(20):  # the 8 pages get some lines
            tables.deliver("all", f"Ligne de chauffe {n}.", urgent=False, speaker=None)
        time.sleep(1.0)
        print(f"server memory with 8 pages open: max RSS {rss_mib():.0f} MiB "
              f"(the whole companion process; before the server {before:.0f} MiB)")
        for page in pages[4:]:
            page.context.close()
        watched = pages[:4]
        time.sleep(0.5)
        for page in watched:
            page.evaluate(WATCH)
        sent: dict[int, float] = {}
        first = tables.snapshot(0)[2] + 1
        for n in range(LINES):
            sent[first + n] = time.time() * 1000
            tables.deliver("all", f"Nord : Esprit jaune {n}.", urgent=False, speaker=0)
            time.sleep(0.15)
        time.sleep(1.0)
        latencies = []
        for page in watched:
            seen = page.evaluate("window.seen")
            latencies += [seen[str(n)] - at for n, at in sent.items() if str(n) in seen]
        missing = LINES * len(watched) - len(latencies)
    server.stop()
    name = f"line said -> on the page, 4 pages ({len(latencies)} lines, {missing} missing)"
    report(name, latencies, BUDGET_MS)
    p90 = statistics.quantiles(latencies, n=10)[-1]
    print(f"  p90 {p90:.1f} ms")


main()
