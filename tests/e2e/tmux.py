"""Drive a program in a real terminal (tmux), as a person at a keyboard would."""

from __future__ import annotations

import shlex
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from tests.worker import worker_name

# every terminal test needs tmux (make test's bootstrap installs it)
NEEDS_TMUX = pytest.mark.skipif(subprocess.run(["which", "tmux"], capture_output=True).returncode != 0,
                                reason="tmux is installed by make test's bootstrap")


def tmux(*args: str) -> list[str]:
    """A tmux command line for this test process's own tmux server (tests side by side never meet)."""
    return ["tmux", "-L", worker_name(), *args]


class Terminal:
    """A tmux session running one command; type lines, read the screen."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str], width: int = 160) -> None:
        self.name = f"companion-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        run = f"env {exports} {shlex.join(command)}"
        shell = f"cd {shlex.quote(str(cwd))} && {run}; echo '[exited]' $?; sleep 600"
        for _attempt in range(10):  # a tmux server that is just exiting refuses new sessions briefly
            done = subprocess.run(
                tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", "50", shell),
                capture_output=True, text=True,
            )
            if done.returncode == 0:
                break
            time.sleep(0.3)
        else:
            raise RuntimeError(f"tmux would not start: {done.stderr.strip()}")
        subprocess.run(tmux("set-option", "-t", self.name, "history-limit", "20000"), check=True)

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        subprocess.run(tmux("send-keys", "-t", self.name, "-l", line), check=True)
        subprocess.run(tmux("send-keys", "-t", self.name, "Enter"), check=True)

    def press(self, key: str) -> None:
        """Press one key by its tmux name ("Tab", "Escape"), no Enter."""
        subprocess.run(tmux("send-keys", "-t", self.name, key), check=True)

    def screen(self) -> str:
        """Everything the terminal shows, scroll-back included."""
        out = subprocess.run(
            tmux("capture-pane", "-p", "-J", "-t", self.name, "-S", "-20000"),
            capture_output=True, text=True, check=True,
        )
        return out.stdout

    def wait_for(self, text: str, timeout: float = 30.0, after: int = 0) -> str:
        """Wait until ``text`` appears on screen (past character ``after``); return the screen."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen[after:]:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not appear within {timeout} s; screen:\n{screen[-3000:]}")

    def close(self) -> None:
        subprocess.run(tmux("kill-session", "-t", self.name), capture_output=True)
