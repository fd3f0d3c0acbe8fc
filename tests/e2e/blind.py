"""A blind player at a real terminal (tmux) playing a whole game: types only what a person types,
reads only the screen; then the screen is checked against the record's replay.

`BlindPlayer.play` asks `coups` (what may I do now?) whenever the table is quiet, and types what
a game's `decide` function makes of the answer, until the game is over. `check_screen` compares
every screen line with the replay of the record: no other seat's private fact on this screen,
and every public announcement and each of my own private ones shown, in order.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from companion.speech.text import LINE_MAX, fit

from .test_play_terminal import COMPANION, ROOT, env
from .tmux import Terminal

QUIET = 0.2  # seconds without a new screen line, after the first: the table waits for someone
ANSWER_WITHIN = 30.0  # seconds a typed line may wait for its first answer (a loaded machine)
SEATS = ("Nord", "Est", "Sud", "Ouest")
Decide = Callable[["BlindPlayer", str], str | None]


def settled(lines: Callable[[], list[str]], read: int, echo: str | None, quiet: float = QUIET) -> list[str]:
    """All the lines ``lines()`` shows once they have been still for ``quiet`` seconds. ``echo``:
    a line was just typed (``echo`` is how it shows, "" where it does not), so an answer will
    come: the first line after ``read`` that is not the echo is waited for first (as long as a
    loaded machine needs)."""
    before, still_since = lines(), time.monotonic()
    if echo is not None:
        deadline = still_since + ANSWER_WITHIN
        while time.monotonic() < deadline and all(ln == echo for ln in before[read:]):
            time.sleep(0.05)
            before = lines()
        still_since = time.monotonic()
    while time.monotonic() - still_since < quiet:
        time.sleep(0.1)
        now = lines()
        if now != before:
            before, still_since = now, time.monotonic()
    return before


class BlindPlayer:
    """The person at seat ``seat`` (its French name): types lines, reads new screen lines."""

    def __init__(self, game: str, seats: int, seat: str, tmp_path: Path, *extra: str, seed: int = 3,
                 resume: Path | None = None) -> None:
        """``resume``: a record to go on with (copied first: the game is written on in the copy)."""
        self.game, self.seat, self.resumed = game, seat, resume is not None
        self.record = tmp_path / f"{game}-{seats}.jsonl"
        if resume is not None:
            shutil.copyfile(resume, self.record)
        start = ["--resume"] if resume is not None else ["--seats", str(seats), "--record"]
        # --fast: the synthetic table plays at once (its cards still go through the camera and decoder)
        cmd = [COMPANION, "play", game, "--synthetic", "--fast", "--text", "--me", seat.lower(),
               "--seed", str(seed), *start, str(self.record), *extra]
        self.term = Terminal(cmd, ROOT, env(tmp_path / f"home-{game}-{seats}"))
        self.read = 0  # screen lines already read
        self.heard: list[str] = []  # what was said after my last line, not acted on yet
        self.typed: list[str] = []
        self.awaits_table = False  # I asked the table to act (a card asked of another seat): I listen

    def lines(self) -> list[str]:
        return [ln.rstrip() for ln in self.term.screen().splitlines() if ln.strip()]

    def new_lines(self, answered: str | None = None) -> list[str]:
        """The screen lines not read yet, once the screen has been still for a moment.

        ``answered``: the line just typed (the terminal echoes it), so the companion will say
        something: its first line is waited for (as long as a loaded machine needs), then a short
        stillness ends the reading.
        Whatever comes later is read on the next call: nothing is lost by reading early."""
        before = settled(self.lines, self.read, answered)
        fresh, self.read = before[self.read:], len(before)
        return fresh

    def type(self, line: str) -> list[str]:
        """Type a line; the lines said after it."""
        self.typed.append(line)
        self.term.type(line)
        return self.new_lines(answered=line.rstrip())

    def private(self, lines: list[str]) -> list[str]:
        """What was said to me in ``lines``: my screen shows the table's lines and my own, with no
        seat's name in front of mine, so everything but the echo of what I typed."""
        return [ln for ln in lines if ln not in self.typed]

    def ask(self, line: str) -> str:
        """Type a question; what was said after it (its lines joined, the echo left out)."""
        return " ".join(self.private(self.type(line)))

    def play(self, decide: Decide, over: str, limit: int = 400) -> list[str]:
        """Start the game (or see it resumed), then ask `coups` and act on it until ``over`` is on the
        screen."""
        if self.resumed:
            self.term.wait_for("Reprise de la partie", 60)
        else:
            self.term.wait_for("Entrée pour commencer", 60)
            self.type("")
        repeats, last, last_heard = 0, "", [""]
        for _ in range(limit):
            if any(over in ln for ln in self.lines()):
                return self.lines()
            said = " ".join(self.private([*self.heard, *self.new_lines()]))
            self.heard = []
            answer = decide(self, said) if said else None  # a question put to me is answered at once
            if answer is None:
                said = self.ask("coups")
                answer = decide(self, said)
            if answer is None:
                time.sleep(0.3)  # another seat's turn: the table plays on
                continue
            self.heard = self.type(answer)
            if self.awaits_table:  # a person who asked another seat for a card waits to hear it
                self.awaits_table = False
                self.heard += self.table_acts(self.heard)
            moved = self.private(self.heard) != last_heard  # not the same answer again: something happened
            repeats = repeats + 1 if answer == last and not answer.isdigit() and not moved else 0
            last, last_heard = answer, self.private(self.heard)
            if repeats > 5:  # the same words again and again: the table does not take them
                raise AssertionError(f"{answer!r} typed {repeats} times, nothing happened; screen:\n"
                                     + "\n".join(self.lines()[-30:]))
        raise AssertionError(f"no end after {limit} decisions; screen:\n" + "\n".join(self.lines()[-40:]))

    def table_acts(self, heard: list[str], timeout: float = 60.0) -> list[str]:
        """The lines said until another seat does something public (``heard``: read already)."""
        others = [seat for seat in SEATS if seat != self.seat]

        def acted(lines: list[str]) -> bool:  # a line about another seat's move begins with its name
            return any(ln.startswith(tuple(f"{seat}{sep}" for seat in others for sep in " ,:"))
                       and ln not in self.typed for ln in lines)

        fresh: list[str] = []
        deadline = time.monotonic() + timeout
        while not acted(heard + fresh) and time.monotonic() < deadline:
            fresh += self.new_lines()
        if acted(heard + fresh):
            return fresh
        raise AssertionError(f"the table said nothing for {timeout} s; screen:\n"
                             + "\n".join(self.lines()[-20:]))

    def quit(self) -> None:
        self.type("quitte")
        self.term.wait_for("[exited] 0", 30)

    def close(self) -> None:
        self.term.close()


def numbered(text: str, after: str) -> list[tuple[str, str]]:
    """The numbered choices ("1 : X ; 2 : Y") said after ``after``: (number, name) pairs."""
    tail = text.split(after, 1)[1]
    return re.findall(r"(\d+) : ([^;]+?)(?= ; |\.(?: |$))", tail)


def replayed(record: Path) -> list[str]:
    """What `companion replay` prints for a record."""
    return subprocess.run([COMPANION, "replay", str(record)], capture_output=True, text=True, check=True,
                          env=env(record.parent / "home-replay")).stdout.splitlines()


def check_screen(record: Path, seat: str, screen: list[str], resumed: Path | None = None) -> list[str]:
    """Compare the screen with `companion replay` of the record: no line shows another seat's
    private fact; the public announcements and my private ones appear on it, in order (those
    after the record ``resumed`` from, if the game was resumed). Returns the replay's lines."""
    shown = replayed(record)
    before = len(replayed(resumed)) if resumed is not None else 0  # said before this screen was opened
    mine_mark = f"[{seat}] "
    theirs = [ln.split("] ", 1)[1] for ln in shown if ln.startswith("[") and not ln.startswith(mine_mark)]
    mine_or_public = {ln.removeprefix(mine_mark) for ln in shown if not ln.startswith("[")
                      or ln.startswith(mine_mark)}
    secrets = [t for t in theirs if t not in mine_or_public]  # a fact also told to me is no secret
    leaks = [(ln, t) for ln in screen for t in secrets if t in ln]
    assert not leaks, f"another seat's private fact on {seat}'s screen: {leaks[:3]}"
    marked = [ln for ln in screen if " (privé) : " in ln]  # one screen, one seat: no line needs a seat's name
    assert not marked, f"a line marked with a seat on {seat}'s own screen: {marked[:3]}"
    # my own lines show as they are, with no seat's name in front (the screen is mine)
    expected = [piece for ln in shown[before:] if not ln.startswith("[") or ln.startswith(mine_mark)
                for piece in fit(ln.removeprefix(mine_mark))]  # a long one shows as lines of LINE_MAX
    too_long = [ln for ln in screen if len(ln) > LINE_MAX]
    assert not too_long, f"lines longer than {LINE_MAX} characters on {seat}'s screen: {too_long[:2]}"
    at = 0
    for line in expected:  # in order: each announcement is on the screen after the one before
        found = next((i for i in range(at, len(screen)) if screen[i].strip().endswith(line)), None)
        assert found is not None, f"replay line not on the screen (after line {at}): {line!r}"
        at = found + 1
    return shown
