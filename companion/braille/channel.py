"""The braille channel: the keyboard seat's screen lines, one at a time, on a braille display.

It is given every line the screen gets (with its audience) and keeps the public ones
and its owner's private ones, nothing else. While the reader is at the newest line,
a new line is shown as it comes; once they step back (previous, first), what they
read stays until they come forward to the newest line again. A line longer than the
display is cut into windows at word boundaries, panned with the display's keys.
"""

from __future__ import annotations

import functools
import threading
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

PUBLIC = "all"
MAX_LINES = 500  # history kept for "previous"


class Display(Protocol):
    columns: int

    def write_text(self, text: str) -> None: ...


@functools.cache
def key_actions() -> dict[int, str]:
    """BrlAPI command number -> channel action (keys.toml)."""
    data = tomllib.loads(resources.files("companion.braille").joinpath("keys.toml").read_text("utf-8"))
    return {int(spec["code"]): str(spec["action"]) for spec in data["commands"].values()}


def windows(line: str, width: int) -> list[str]:
    """``line`` in pieces of at most ``width`` characters, cut between words where it can."""
    if width <= 0 or len(line) <= width:
        return [line]
    out: list[str] = []
    rest = line
    while len(rest) > width:
        cut = rest.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out.append(rest)
    return out


@dataclass(frozen=True)
class Line:
    audience: Any
    text: str  # what was announced (said again by "repeat")
    shown: str  # the screen line ("Sud (privé) : ...")


class BrailleChannel:
    """Lines for one owner seat; navigation by the display's keys."""

    def __init__(self, owner: int | None, display: Display | None = None,
                 on_repeat: Callable[[Any, str], None] | None = None) -> None:
        self.owner = owner
        self.display = display
        self.on_repeat = on_repeat
        self.lines: list[Line] = []
        self.index = -1
        self.window = 0
        self.following = True
        self._lock = threading.Lock()

    # -- lines in ------------------------------------------------------------------------------

    def wants(self, audience: Any) -> bool:
        return audience == PUBLIC or audience is None or audience == self.owner

    def offer(self, audience: Any, text: str, shown: str) -> None:
        """A line the screen got; kept if it is public or the owner's."""
        if not self.wants(audience):
            return
        with self._lock:
            self.lines.append(Line(audience, text, shown))
            if len(self.lines) > MAX_LINES:
                del self.lines[0]
                self.index = max(0, self.index - 1)
            if self.following:
                self.index, self.window = len(self.lines) - 1, 0
                self._draw()

    # -- keys ----------------------------------------------------------------------------------

    def command(self, code: int) -> None:
        """A BrlAPI command key from the display (unknown ones do nothing)."""
        action = key_actions().get(code)
        if action is not None:
            self.act(action)

    def act(self, action: str) -> None:
        repeat: Line | None = None
        with self._lock:
            if not self.lines:
                return
            last = len(self.lines) - 1
            if action == "previous":
                self._go(max(0, self.index - 1))
            elif action == "next":
                self._go(min(last, self.index + 1))
            elif action == "first":
                self._go(0)
            elif action == "newest":
                self._go(last)
            elif action == "forward":
                if self.window < len(self._windows(self.index)) - 1:
                    self.window += 1
                else:
                    self._go(min(last, self.index + 1))
            elif action == "back":
                if self.window > 0:
                    self.window -= 1
                elif self.index > 0:
                    self._go(self.index - 1)
                    self.window = len(self._windows(self.index)) - 1
            elif action == "repeat":
                self.window = 0
                repeat = self.lines[self.index]
            self.following = self.index == last
            self._draw()
        if repeat is not None and self.on_repeat is not None:
            self.on_repeat(repeat.audience, repeat.text)

    def current(self) -> str:
        """What the display shows now."""
        with self._lock:
            return self._window_text()

    # -- drawing -------------------------------------------------------------------------------

    def attach(self, display: Display) -> None:
        with self._lock:
            self.display = display
            self._draw()

    def detach(self) -> None:
        with self._lock:
            self.display = None

    def _go(self, index: int) -> None:
        self.index, self.window = index, 0

    def _windows(self, index: int) -> list[str]:
        width = self.display.columns if self.display is not None else 0
        return windows(self.lines[index].shown, width)

    def _window_text(self) -> str:
        if not self.lines:
            return ""
        pieces = self._windows(self.index)
        return pieces[min(self.window, len(pieces) - 1)]

    def _draw(self) -> None:
        if self.display is None or not self.lines:
            return
        try:
            self.display.write_text(self._window_text())
        except Exception:  # a display gone: whoever owns the connection notices it and says so
            self.display = None
