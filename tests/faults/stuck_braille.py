"""A BrlAPI server that takes the display and then stops reading (BRLTTY stuck on a USB
display): it answers the hand-shake, the display size and the tty mode, then reads nothing
more. Like BRLTTY it listens on a local socket (libbrlapi's ":n", /var/lib/BrlAPI/n), whose
buffers a few thousand writes fill."""

from __future__ import annotations

import contextlib
import os
import random
import socket
import struct
import threading
from pathlib import Path

SOCKET_DIR = Path("/var/lib/BrlAPI")  # libbrlapi's local sockets (the tests run as root)

CELLS = 40


def _packet(kind: bytes, payload: bytes = b"") -> bytes:
    return struct.pack(">I4s", len(payload), b"\0\0\0" + kind) + payload


class StuckBrlapi:
    """Listens on 127.0.0.1 (a free BrlAPI port); ``host`` is its libbrlapi address."""

    def __init__(self, version: bytes = struct.pack(">I", 8), size: tuple[int, int] = (CELLS, 1)) -> None:
        self.version, self.size = version, size
        SOCKET_DIR.mkdir(parents=True, exist_ok=True)
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        for _ in range(50):
            number = random.randint(1000, 9999)
            self.path = SOCKET_DIR / str(number)
            if not self.path.exists():
                self._server.bind(str(self.path))
                break
        self.host = f":{number}"
        self._server.listen(1)
        self.stuck = threading.Event()
        self._conn: socket.socket | None = None
        threading.Thread(target=self._serve, daemon=True).start()

    def _read(self, conn: socket.socket) -> bytes:
        size, kind = struct.unpack(">I4s", self._exact(conn, 8))
        self._exact(conn, size)
        return kind[3:]

    @staticmethod
    def _exact(conn: socket.socket, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = conn.recv(n - len(data))
            if not chunk:
                raise ConnectionError
            data += chunk
        return data

    def _serve(self) -> None:
        with contextlib.suppress(OSError, ConnectionError):
            conn, _ = self._server.accept()
            self._conn = conn
            conn.sendall(_packet(b"v", self.version))
            self._read(conn)  # the client's version
            conn.sendall(_packet(b"a", b"\0\0\0N"))  # no authorization needed
            while True:
                kind = self._read(conn)
                if kind == b"s":
                    conn.sendall(_packet(b"s", struct.pack(">II", *self.size)))
                elif kind in (b"t", b"m", b"u"):
                    conn.sendall(_packet(b"A"))
                if kind in (b"u", b"w"):  # the display is ours, keys chosen: from now on nothing is read
                    self.stuck.set()
                    return

    def close(self) -> None:
        for sock in (self._conn, self._server):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        with contextlib.suppress(OSError):
            os.unlink(self.path)
