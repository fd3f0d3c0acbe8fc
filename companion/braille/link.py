"""The link between a braille channel and a BrlAPI display: connected in the background,
its trouble said once as a line, and nothing changes for a player without a display."""

from __future__ import annotations

import threading
from collections.abc import Callable

from companion.braille.brlapi import BrlapiClient, BrlapiError
from companion.braille.channel import BrailleChannel, key_actions
from companion.braille.config import BrailleConfig

CONNECT_TIMEOUT_S = 2.0


class BrailleLink:
    """Opens the display for ``channel``; ``notice(key, detail)`` says what a player should know:
    "braille_on" (cells), "braille_none" (reason, only when braille = on), "braille_lost" (reason),
    a reason in ``lang``."""

    def __init__(self, channel: BrailleChannel, config: BrailleConfig,
                 notice: Callable[[str, str], None], lang: str = "fr") -> None:
        self.channel = channel
        self.config = config
        self._notice = notice
        self.lang = lang
        self.client: BrlapiClient | None = None
        self.connected = threading.Event()
        self.done = threading.Event()  # connected, or given up
        self._closed = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.config.mode == "off":
            self.done.set()
            return
        self._thread = threading.Thread(target=self._connect, name="braille", daemon=True)
        self._thread.start()

    def _connect(self) -> None:
        try:
            client = BrlapiClient(self.config.server, timeout=CONNECT_TIMEOUT_S)
            try:
                columns, rows = client.display_size()
                if columns * rows == 0:
                    raise BrlapiError("no_display")
                client.enter_tty_mode(commands=sorted(key_actions()))
            except BaseException:
                client.close()
                raise
        except BrlapiError as err:
            if self.config.mode == "on":
                self._notice("braille_none", err.text(self.lang))
            self.done.set()
            return
        if self._closed:
            client.close()
            self.done.set()
            return
        self.client = client
        self.channel.attach(client)
        client.read_keys(self.channel.command, self._lost)
        self._notice("braille_on", str(columns * rows))
        self.connected.set()
        self.done.set()

    def _lost(self, error: BrlapiError) -> None:
        self.channel.detach()
        self._notice("braille_lost", error.text(self.lang))

    def close(self) -> None:
        self._closed = True
        self.channel.detach()
        if self.client is not None:
            self.client.close()
