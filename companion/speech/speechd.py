"""Speech through speech-dispatcher (``spd-say``), the voice a screen reader already uses.

Each message is one ``spd-say`` process, not waited for (the first call may spawn the
server, ~2.5 s); a reaper thread collects exit codes with a timeout and reports a
failure once.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Callable

SPD_PRIORITY = {0: "text", 1: "message", 2: "important"}
SPD_TIMEOUT_S = 10.0


class SpeechdSpeaker:
    """Speaks text with ``spd-say -l LANG -P PRIORITY``; ``on_error(reason)`` once on failure."""

    def __init__(self, lang: str, on_error: Callable[[str], None], command: str = "spd-say") -> None:
        self.lang = lang
        self.command = command
        self._on_error = on_error
        self.failed = shutil.which(command) is None
        if self.failed:
            on_error(f"{command} not found")

    def say(self, text: str, priority: int = 1) -> bool:
        if self.failed:
            return False
        args = [self.command, "-l", self.lang, "-P", SPD_PRIORITY.get(priority, "message"), "--", text]
        try:
            proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE)
        except OSError as err:
            self._fail(str(err))
            return False
        threading.Thread(target=self._reap, args=(proc,), daemon=True).start()
        return True

    def _reap(self, proc: subprocess.Popen) -> None:
        try:
            _, err = proc.communicate(timeout=SPD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            self._fail("no answer")
            return
        if proc.returncode != 0:
            lines = (err or b"").decode(errors="replace").strip().splitlines()
            self._fail(lines[-1] if lines else f"exit code {proc.returncode}")

    def _fail(self, reason: str) -> None:
        if not self.failed:
            self.failed = True
            self._on_error(reason)
