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
from pathlib import Path

from companion.language import LANGS
from companion.messages import os_reason
from companion.speech.audience import message

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
            self._fail(self._words("no_answer_reason"))
            return False
        except OSError as err:
            self._fail(os_reason(err, self._words_lang))
            return False
        if done.returncode != 0:  # spd-say's own words are English: its exit code is said, in ours
            self._fail(self._words("exit_reason", program=Path(self.command).name, code=done.returncode))
            return False
        return True

    def cancel(self) -> None:
        """Stop what speech-dispatcher is saying and drop what it has queued (``spd-say -C``)."""
        if self.failed:
            return
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run([self.command, "-C"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=SPD_TIMEOUT_S, check=False)

    @property
    def _words_lang(self) -> str:
        return self.lang if self.lang in LANGS else "fr"

    def _words(self, key: str, **params: object) -> str:
        return message(self._words_lang, key, **params)

    def _fail(self, reason: str) -> None:
        if not self.failed:
            self.failed = True
            self._on_error(reason)
