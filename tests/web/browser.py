"""A blind player on their phone: a real headless Chromium (Debian's, driven by Playwright) on
their seat's page, typing only what they would type in its field and reading only its lines.

`PagePlayer` has the keyboard player's interface (tests/e2e/blind.py: `type`, `ask`,
`new_lines`, `private`), so the games' `decide` functions play a page as they play a terminal.
A page's lines read as the terminal's do: the table's and the seat's own, no seat's name in front.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.blind import settled

CHROMIUM = shutil.which("chromium")
AXE = Path(__file__).resolve().parents[2] / ".venv" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
QUIET = 0.25  # seconds with no new line: the table waits for someone

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
        return [text for _private, text in said]

    def new_lines(self, answered: str | None = None) -> list[str]:
        # a page does not echo what was typed: any new line answers it
        before = settled(self.lines, self.read, "" if answered else None, QUIET)
        fresh, self.read = before[self.read:], len(before)
        return fresh

    def type(self, line: str) -> list[str]:
        """Type a line in the command field and press Enter; the lines said after it."""
        self.typed.append(line)
        self.page.fill("#line", line)
        self.page.press("#line", "Enter")
        return self.new_lines(answered=line)

    def my_turn(self) -> bool:
        """What a screen-reader user hears under "Le tour": is the table waiting for me?"""
        turn = self.page.locator("#v-turn")
        return turn.count() > 0 and turn.inner_text().startswith(("À vous", "Your turn"))

    def private(self, lines: list[str]) -> list[str]:
        return list(lines)  # a page does not echo what was typed: every line was said to me

    def ask(self, line: str) -> str:
        return " ".join(self.private(self.type(line)))

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
