"""A table of four, two of them on their phones: Nord at the keyboard (a real terminal), Est and
Ouest each on their own seat's page (a real headless Chromium), Sud played by the synthetic
table, and the table view open on a "tablet". Each blind player decides their own moves from
their own page, typing only what they would type; then every page is checked against the
record's replay: its seat's private lines and the public ones, in order, and nobody else's."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.web.browser import PagePlayer, browser, needs_browser

from .blind import BlindPlayer, check_screen, replayed
from .test_whole_games import dojo, tatsu

pytestmark = [needs_browser, pytest.mark.slow]

LINK = re.compile(r"^(\w+) : (http://127\.0\.0\.1:\d+/s/[\w-]+)$")
TABLE_LINK = re.compile(r"(http://127\.0\.0\.1:\d+/t/[\w-]+)")


def links(keyboard: BlindPlayer) -> tuple[dict[str, str], str]:
    keyboard.term.wait_for("Vue de la table", 60)
    screen = keyboard.lines()
    seats = {m.group(1): m.group(2) for ln in screen if (m := LINK.match(ln))}
    table = next(m.group(1) for ln in screen if (m := TABLE_LINK.search(ln)))
    return seats, table


def play_together(players: list[object], decide: object, over: str, keyboard: BlindPlayer,
                  limit: int = 500) -> None:
    """Each player in turn: what was said to them, else "coups", and what they make of it."""
    for _ in range(limit):
        if any(over in ln for ln in keyboard.lines()):
            return
        acted = False
        for me in players:
            said = " ".join(me.private([*me.heard, *me.new_lines()]))  # type: ignore[attr-defined]
            me.heard = []  # type: ignore[attr-defined]
            answer = decide(me, said) if said else None  # type: ignore[operator]
            if answer is None and isinstance(me, PagePlayer) and not me.my_turn():
                continue  # a page's "Le tour" says the table does not wait for me: nothing to ask
            if answer is None:
                answer = decide(me, me.ask("coups"))  # type: ignore[operator, attr-defined]
            if answer is None:
                continue
            me.heard = me.type(answer)  # type: ignore[attr-defined]
            me.awaits_table = False  # type: ignore[attr-defined]  # the others play on meanwhile
            acted = True
        if not acted:
            time.sleep(0.3)
    raise AssertionError("no end after the limit; screen:\n" + "\n".join(keyboard.lines()[-30:]))


def whole_game(tmp_path: Path, game: str, decide: object, over: str, *extra: str) -> None:
    keyboard = BlindPlayer(game, 4, "Nord", tmp_path, "--web", "--web-port", "0", "--phone", "Est",
                           "--phone", "Ouest", *extra)
    try:
        seats, table_url = links(keyboard)
        assert set(seats) == {"Est", "Ouest"}
        with browser() as chromium:
            east = PagePlayer(chromium, seats["Est"], "Est")
            west = PagePlayer(chromium, seats["Ouest"], "Ouest")
            tablet = PagePlayer(chromium, table_url, "Table")
            keyboard.term.wait_for("Entrée pour commencer", 60)
            keyboard.type("")
            play_together([keyboard, east, west], decide, over, keyboard)
            time.sleep(1.0)  # the last lines reach every page
            pages = {"Est": east.lines(), "Ouest": west.lines()}
            public = tablet.lines()
            assert not east.errors and not west.errors and not tablet.errors
        keyboard.quit()
        for seat, lines in pages.items():  # each page: its own and the public lines, nobody else's
            check_screen(keyboard.record, seat, lines)
        check_screen(keyboard.record, "Nord", keyboard.lines())
        shown = replayed(keyboard.record)
        said_publicly = {ln for ln in shown if not ln.startswith("[")}
        secrets = {ln.split("] ", 1)[1] for ln in shown if ln.startswith("[")} - said_publicly
        leaks = [ln for ln in public for secret in secrets if secret in ln]
        assert public and not leaks, f"the table view shows a private line: {leaks[:3]}"
        assert over in " ".join(public)
    finally:
        keyboard.close()


def test_tatsu_with_two_seats_on_phones_is_played_to_its_end(tmp_path: Path) -> None:
    whole_game(tmp_path, "tatsu", tatsu, "Partie terminée.", "--target", "1")


def test_dojo_with_two_seats_on_phones_is_played_to_its_end(tmp_path: Path) -> None:
    whole_game(tmp_path, "dojo", dojo, "Partie terminée.")
