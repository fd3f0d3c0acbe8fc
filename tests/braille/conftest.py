"""A real BrlAPI server without hardware: BRLTTY with its Virtual driver, whose "display" is
this test's own socket peer (BRLTTY's documented text protocol, Virtual.README).

The peer says it has 40 cells, records every "Visual" line BRLTTY sends (the text the
display shows) and can press the display's keys ("LnUp", "FWinRt", ...), which BRLTTY
turns into BrlAPI commands for the client that holds the display.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.speech.conftest import audio, recorder  # noqa: F401  (the null-sink fixtures, for repeat)

CELLS = 40
_VISUAL = re.compile(r'^Visual "(.*)"\s*$')


def _unquote(text: str) -> str:
    r"""The Virtual protocol's string escapes: \\, \" and \Xhh (bytes of the locale's UTF-8)."""
    raw = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            if text[i + 1] in "Xx":
                raw.append(int(text[i + 2: i + 4], 16))
                i += 4
                continue
            raw.extend(text[i + 1].encode())
            i += 2
            continue
        raw.extend(text[i].encode("latin-1", errors="replace") if ord(text[i]) < 256 else text[i].encode())
        i += 1
    return raw.decode("utf-8", errors="replace")


class VirtualDisplay:
    """The display end of BRLTTY's Virtual driver, on a Unix socket."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.shown: list[str] = []  # every text the display was given, in order
        self._lock = threading.Lock()
        self._conn: socket.socket | None = None
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(path))
        self._server.listen(1)
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        conn, _ = self._server.accept()
        self._conn = conn
        conn.sendall(f"cells {CELLS}\n".encode())
        buffer = b""
        while True:
            try:
                data = conn.recv(4096)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                found = _VISUAL.match(line.decode("latin-1"))
                if found:
                    with self._lock:
                        self.shown.append(_unquote(found.group(1)).rstrip())

    def press(self, command: str) -> None:
        """A key of the display: a BRLTTY command name (LnUp, LnDn, FWinLt, FWinRt, Home...)."""
        assert self._conn is not None, "BRLTTY is not connected to the display"
        self._conn.sendall(f"{command}\n".encode())
        # BRLTTY's Virtual driver takes one command per read and drops the rest of a burst
        # (measured: 6 presses sent at once gave 1 key); a finger is slower than that anyway
        time.sleep(0.12)

    def texts(self) -> list[str]:
        with self._lock:
            return list(self.shown)

    def now(self) -> str:
        with self._lock:
            return self.shown[-1] if self.shown else ""

    def wait_for(self, text: str, timeout: float = 10.0, after: int = 0) -> int:
        """Wait until a shown text starts with ``text`` (past index ``after``); its index."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, shown in enumerate(self.texts()[after:], after):
                if shown.startswith(text):
                    return i
            time.sleep(0.02)
        raise AssertionError(f"{text!r} never shown; the display showed: {self.texts()[-10:]}")

    def connected(self) -> bool:
        return self._conn is not None

    def close(self) -> None:
        for sock in (self._conn, self._server):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()


class Brltty:
    """A BRLTTY process: Virtual braille driver, no screen, no speech, BrlAPI on a TCP port."""

    def __init__(self, folder: Path, display: VirtualDisplay, auth: str = "none") -> None:
        self.number = self._free_number()
        self.host = f"127.0.0.1:{self.number}"
        self.log = folder / "brltty.log"
        self.process = subprocess.Popen(
            ["brltty", "-n", "-e", "-q", "-b", "vr", "-d", f"client:{display.path}", "-x", "no", "-s", "no",
             "-A", f"auth={auth},host={self.host}", "-W", str(folder), "-U", str(folder),
             "-P", str(folder / "brltty.pid"), "-f", "/dev/null"],
            stdout=self.log.open("wb"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"brltty exited: {self.log.read_text(errors='replace')[-2000:]}")
            port = 4101 + self.number
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                if display.texts():  # BRLTTY has drawn its first window: it knows the display's size
                    return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("brltty's BrlAPI server did not start within 20 s")

    @staticmethod
    def _free_number() -> int:
        for _ in range(50):
            n = random.randint(20, 900)
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", 4101 + n)) != 0:
                    return n
        raise RuntimeError("no free BrlAPI port")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


@pytest.fixture
def braille_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Brltty, VirtualDisplay]]:
    """A running BRLTTY whose display is a VirtualDisplay; BRLAPI_HOST is its address."""
    if shutil.which("brltty") is None:
        pytest.fail("brltty is not installed: run make bootstrap")
    folder = tmp_path_factory.mktemp("brltty")
    display = VirtualDisplay(folder / "display.sock")
    server = Brltty(folder, display)
    saved = os.environ.get("BRLAPI_HOST")
    os.environ["BRLAPI_HOST"] = server.host
    try:
        yield server, display
    finally:
        if saved is None:
            os.environ.pop("BRLAPI_HOST", None)
        else:
            os.environ["BRLAPI_HOST"] = saved
        server.stop()
        display.close()
