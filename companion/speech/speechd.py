"""Speech through speech-dispatcher (``spd-say``), the voice a screen reader already uses.

Each message is one ``spd-say`` process, run from the announcer's worker thread and
waited for (it returns once the server has the message, so messages keep their
order); the first call may spawn the server (~2.5 s). A failure or a timeout is
reported once, and speech-dispatcher is not used again.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Callable

SPD_PRIORITY = {0: "text", 1: "message", 2: "important"}
SPD_TIMEOUT_S = 10.0


class SpeechdSpeaker:
    """Speaks text with ``spd-say -l LANG -P PRIORITY``; ``on_error(reason)`` once on failure."""

    def __init__(self, lang: str, on_error: Callable[[str], None], command: str = "spd-say") -> None:
        self.lang = lang
        self.command = command
        self._on_error = on_error
        self.failed = False
        if shutil.which(command) is None:
            self._fail(f"{command} not found")

    def say(self, text: str, priority: int = 1) -> bool:
        """Hand the text to speech-dispatcher; False if it is not available."""
        if self.failed:
            return False
        args = [self.command, "-l", self.lang, "-P", SPD_PRIORITY.get(priority, "message"), "--", text]
        try:
            done = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=SPD_TIMEOUT_S, check=False)
        except subprocess.TimeoutExpired:
            self._fail("no answer")
            return False
        except OSError as err:
            self._fail(str(err))
            return False
        if done.returncode != 0:
            lines = done.stderr.decode(errors="replace").strip().splitlines()
            self._fail(lines[-1] if lines else f"exit code {done.returncode}")
            return False
        return True

    def cancel(self) -> None:
        """Stop what speech-dispatcher is saying and drop what it has queued (``spd-say -C``)."""
        if self.failed:
            return
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run([self.command, "-C"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=SPD_TIMEOUT_S, check=False)

    def _fail(self, reason: str) -> None:
        if not self.failed:
            self.failed = True
            self._on_error(reason)
