"""A blind player on their phone: a real headless Chromium (Debian's, driven by Playwright) on
their seat's page, typing only what they would type in its field and reading only its lines.

`PagePlayer` has the keyboard player's interface (tests/e2e/blind.py: `type`, `ask`,
`new_lines`, `private`), so the games' `decide` functions play a page as they play a terminal.
A page's own line reads "Est (privé) : …" here, as the terminal's would.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
AXE = Path(__file__).resolve().parents[2] / ".venv" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
QUIET = 0.25  # seconds with no new line: the table waits for someone
ANSWER_WITHIN = 30.0  # seconds a line sent may wait for its first answer (a loaded machine)

needs_browser = pytest.mark.skipif(CHROMIUM is None or not AXE.exists(),
                                   reason="Chromium and axe-core are installed by make test "
                                          "(scripts/bootstrap_browser.sh)")


@contextmanager
def browser() -> Iterator[Any]:
    """One headless Chromium for a test (its own profile: tests side by side never meet)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


class PagePlayer:
    """The person of seat ``seat`` (its French name), on the page at ``url``."""

    def __init__(self, chromium: Any, url: str, seat: str) -> None:
        self.seat = seat
        self.context = chromium.new_context(viewport={"width": 390, "height": 844})  # a small phone
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.goto(url)
        self.page.wait_for_function("document.getElementById('status') !== null")
        self.read = 0
        self.heard: list[str] = []
        self.typed: list[str] = []
        self.awaits_table = False

    def lines(self) -> list[str]:
        """Every line the page shows, as a terminal would show it."""
        said = self.page.eval_on_selector_all(
            "#said li:not(.empty)", "els => els.map(e => [e.classList.contains('private'), "
                                    "e.lastChild.textContent])")
        return [f"{self.seat} (privé) : {text}" if private else text for private, text in said]

    def new_lines(self, answered: str | None = None) -> list[str]:
        before, still_since = self.lines(), time.monotonic()
        if answered:
            deadline = still_since + ANSWER_WITHIN
            while time.monotonic() < deadline and len(before) <= self.read:
                time.sleep(0.05)
                before = self.lines()
            still_since = time.monotonic()
        while time.monotonic() - still_since < QUIET:
            time.sleep(0.1)
            now = self.lines()
            if now != before:
                before, still_since = now, time.monotonic()
        fresh, self.read = before[self.read:], len(before)
        return fresh

    def type(self, line: str) -> list[str]:
        """Type a line in the command field and press Enter; the lines said after it."""
        self.typed.append(line)
        self.page.fill("#line", line)
        self.page.press("#line", "Enter")
        return self.new_lines(answered=line)

    def press(self, label: str) -> list[str]:
        """Press a button by its text (an answer, a frequent command)."""
        self.page.get_by_role("button", name=label, exact=True).first.click()
        return self.new_lines(answered=label)

    def my_turn(self) -> bool:
        """What a screen-reader user hears under "Le tour": is the table waiting for me?"""
        turn = self.page.locator("#v-turn")
        return turn.count() > 0 and turn.inner_text().startswith(("À vous", "Your turn"))

    def private(self, lines: list[str]) -> list[str]:
        mark = f"{self.seat} (privé) : "
        return [ln.split(mark, 1)[1] for ln in lines if mark in ln]

    def ask(self, line: str) -> str:
        return " ".join(self.private(self.type(line)))

    def table_acts(self, heard: list[str], timeout: float = 60.0) -> list[str]:
        def acted(lines: list[str]) -> bool:
            return any(" (privé) : " not in ln and not ln.startswith(f"{self.seat} ") for ln in lines)

        fresh: list[str] = []
        deadline = time.monotonic() + timeout
        while not acted(heard + fresh) and time.monotonic() < deadline:
            fresh += self.new_lines()
        return fresh

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's violations on the page as it stands (WCAG 2.1 A and AA, best practices)."""
        # evaluated through the DevTools protocol: the page's own Content-Security-Policy stays on
        self.page.evaluate(AXE.read_text(encoding="utf-8"))
        result = self.page.evaluate("""async () => {
            const r = await axe.run(document, {runOnly: {type: 'tag',
                values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
            return r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html)}));
        }""")
        return list(result)
