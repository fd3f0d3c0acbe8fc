"""The pages in a real headless Chromium, as a screen reader's user meets them: axe-core finds no
violation in any state tested, Tab reaches every control in order, the live regions say each new
line in order (the seat's own turn and questions assertively), a question's answers are buttons
on that seat's page alone, a page reloaded mid-game catches up, and a page works with
JavaScript off (its forms send commands, a reload shows what is new)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.session.views import SeatView
from companion.web.seats import TABLE

from .browser import PagePlayer, browser, needs_browser
from .conftest import Served, serve

pytestmark = [needs_browser, pytest.mark.slow]  # a Chromium per module: make test runs it, make check not


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as b:
        yield b


@pytest.fixture
def table() -> Iterator[Served]:
    s = serve(seats=(1, 3))
    yield s
    s.server.stop()


ASKED = SeatView(sections=(("turn", "À vous. À Est : une carte rouge."),
                           ("hand", "Votre main : 1 : Esprit rouge 2."),
                           ("table", "Pli 2 : Nord : Esprit jaune 4."),
                           ("scores", "Scores : Jaunes 0, Rouges 3.")),
                 answers=(("Esprit rouge 2", "carte R-P2-V1"), ("Fusion rouge", "carte R-X1")),
                 asked="Une carte rouge de la main d'Est, à poser devant Nord. "
                       "Choisissez : 1 : Esprit rouge 2, "
                       "2 : Fusion rouge.",
                 buttons=(("main", "main"), ("coups", "coups"), ("score", "score")))


def wait_for(condition: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("not in time")


def test_no_accessibility_violation_in_any_state(chromium: Any, table: Served) -> None:
    east = PagePlayer(chromium, table.url(1), "Est")
    assert east.axe() == []  # before the game: nothing said, nothing asked
    table.tables.deliver("all", "La partie commence.", urgent=False, speaker=None)
    table.tables.deliver(1, "À vous.", urgent=True, speaker=None)
    table.tables.show(1, ASKED)
    wait_for(lambda: east.page.locator("#answers button").count() == 2)
    assert east.axe() == []  # a question with its answers, the hand, the table, the scores
    tablet = PagePlayer(chromium, table.url(TABLE), "Table")
    table.tables.show_table(SeatView(sections=(("turn", "Au tour d'Est."), ("scores", "Scores : 0, 3."))))
    wait_for(lambda: "Au tour" in tablet.page.inner_text("#view"))
    assert tablet.axe() == []
    east.page.set_viewport_size({"width": 195, "height": 422})  # 200 % zoom on a small phone
    assert east.axe() == []
    width = east.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 200, "at 200 % zoom the page scrolls sideways"
    assert not east.errors and not tablet.errors


def test_tab_reaches_every_control_in_order(chromium: Any, table: Served) -> None:
    table.tables.show(1, ASKED)
    east = PagePlayer(chromium, table.url(1), "Est")
    order = []
    for _ in range(12):
        east.page.keyboard.press("Tab")
        order.append(east.page.evaluate("document.activeElement.textContent || document.activeElement.id"))
    assert order[:7] == ["Esprit rouge 2", "Fusion rouge", "line", "Envoyer", "main", "coups", "score"]


def test_new_lines_are_said_in_order_and_my_turn_assertively(chromium: Any, table: Served) -> None:
    east = PagePlayer(chromium, table.url(1), "Est")
    for n in range(3):
        table.tables.deliver("all", f"Nord : carte {n}.", urgent=False, speaker=0)
    table.tables.deliver(1, "À vous. À Est : une carte rouge.", urgent=True, speaker=None)
    table.tables.deliver(3, "Ouest, en main : Fusion jaune.", urgent=False, speaker=None)  # not Est's
    wait_for(lambda: east.page.locator("#live-urgent p").count() == 1)
    polite = east.page.eval_on_selector_all("#live-polite p", "ps => ps.map(p => p.textContent)")
    urgent = east.page.eval_on_selector_all("#live-urgent p", "ps => ps.map(p => p.textContent)")
    assert polite == ["Nord : carte 0.", "Nord : carte 1.", "Nord : carte 2."]
    assert urgent == ["À vous. À Est : une carte rouge."]
    assert "Fusion jaune" not in east.page.content()


def test_a_question_is_answered_by_a_button_on_that_seats_page_alone(chromium: Any, table: Served) -> None:
    table.tables.show(1, ASKED)
    table.tables.show(3, SeatView(buttons=ASKED.buttons))  # nothing asked of Ouest
    east, west = PagePlayer(chromium, table.url(1), "Est"), PagePlayer(chromium, table.url(3), "Ouest")
    assert west.page.locator("#answers button").count() == 0 and west.page.locator("#asked").is_hidden()
    east.page.get_by_role("button", name="Fusion rouge").click()
    wait_for(lambda: table.posted.lines() == [(1, "carte R-X1")])
    west.page.get_by_role("button", name="score").click()
    wait_for(lambda: (3, "score") in table.posted.lines())
    east.page.fill("#line", "main")
    east.page.keyboard.press("Enter")
    wait_for(lambda: (1, "main") in table.posted.lines())
    assert east.page.input_value("#line") == "" and east.page.evaluate("document.activeElement.id") == "line"


def test_a_page_reloaded_or_dropped_catches_up_on_what_it_missed(chromium: Any, table: Served) -> None:
    east = PagePlayer(chromium, table.url(1), "Est")
    table.tables.deliver("all", "Un.", urgent=False, speaker=None)
    wait_for(lambda: "Un." in east.lines())
    east.context.set_offline(True)  # the Wi-Fi drops
    table.server.loop.call_soon_threadsafe(lambda: [p.ws._writer.transport.close()
                                                    for p in table.server.pages.values()])
    table.tables.deliver("all", "Deux.", urgent=False, speaker=None)
    table.tables.deliver(1, "Trois, pour Est.", urgent=False, speaker=None)
    east.context.set_offline(False)
    wait_for(lambda: len(east.lines()) == 3, timeout=20)
    assert east.lines() == ["Un.", "Deux.", "Trois, pour Est."]
    east.page.reload()
    table.tables.deliver("all", "Quatre.", urgent=False, speaker=None)
    wait_for(lambda: "Quatre." in east.lines())
    assert east.lines() == ["Un.", "Deux.", "Trois, pour Est.", "Quatre."]


def test_with_javascript_off_the_page_reads_and_its_forms_send(chromium: Any, table: Served) -> None:
    table.tables.deliver("all", "La partie commence.", urgent=False, speaker=None)
    table.tables.show(1, ASKED)
    context = chromium.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(table.url(1))
    assert "La partie commence." in page.inner_text("#said")
    with page.expect_navigation():  # the form is sent, the page comes back
        page.get_by_role("button", name="score").click()
    assert table.posted.lines() == [(1, "score")]
    page.fill("#line", "main")
    with page.expect_navigation():
        page.get_by_role("button", name="Envoyer").click()
    assert table.posted.lines() == [(1, "score"), (1, "main")]
    context.close()
