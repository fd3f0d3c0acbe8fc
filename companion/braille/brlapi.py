"""A small client of BrlAPI, BRLTTY's braille display server, speaking its socket protocol.

Debian's ``python3-brlapi`` is built for Debian's own Python, not the project's venv, so
this speaks the documented protocol (BRLTTY's ``brlapi_protocol.h``, version 8) itself:
every packet is a 32-bit size, a 32-bit type and the payload, big-endian. The client
connects (a local socket ``/var/lib/BrlAPI/<n>`` for ``:n``, else TCP port 4101 + n),
agrees the version, authenticates (none, or the key file), takes the display for its tty
(``ENTERTTYMODE``, with the same tty path as libbrlapi would find), asks only for the keys
it uses, writes text (BRLTTY turns it into dots with the user's own text table) and reads
keys in a thread. Errors are `BrlapiError`, with a short plain message in the user's language
(companion/messages.toml, area ``brlapi``; the system's reason a parameter).
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import struct
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from companion.messages import ProgramError

PROTOCOL_VERSION = 8
SOCKET_DIR = "/var/lib/BrlAPI"  # libbrlapi's local sockets: <dir>/<number>
TCP_BASE_PORT = 4101
DEFAULT_KEY_FILE = "/etc/brlapi.key"
MAX_PACKET = 4096
MAX_CELLS, MAX_ROWS = 200, 10  # the largest braille displays made have 160 cells on one line
SEND_TIMEOUT_S = 2.0  # a write the server has not taken in this time: the display is stuck
WRITER_POLL_S = 0.5  # how often the reader and writer threads look whether the link was closed
MAX_VT = 63  # Linux virtual consoles are 1..63

# packet types (brlapi_protocol.h)
VERSION, AUTH, GETDISPLAYSIZE, ENTERTTYMODE, LEAVETTYMODE = b"v", b"a", b"s", b"t", b"L"
KEY, IGNOREKEYRANGES, ACCEPTKEYRANGES, WRITE, ACK, ERROR, EXCEPTION = b"k", b"m", b"u", b"w", b"A", b"e", b"E"
AUTH_NONE, AUTH_KEY = b"N", b"K"
# write flags
WF_REGION, WF_TEXT, WF_CURSOR, WF_CHARSET = 0x02, 0x04, 0x20, 0x40
# key codes (brlapi_keycodes.h): 64 bits, flags in the high half, a type and a command below
KEY_TYPE_CMD = 0x20000000
KEY_TYPE_MASK = 0xE0000000
KEY_CMD_BLK_MASK = 0x1FFF0000
KEY_CMD_ARG_MASK = 0x0000FFFF
KEY_FLAGS_MASK = 0xFFFFFFFF00000000
KEY_MAX = 0xFFFFFFFFFFFFFFFF
CURSOR_OFF = 0


class BrlapiError(ProgramError, RuntimeError):
    """The braille server cannot be reached, refuses us, or went away."""

    area = "brlapi"


def _packet(kind: bytes, payload: bytes = b"") -> bytes:
    return struct.pack(">I4s", len(payload), b"\0\0\0" + kind) + payload


def parse_host(host: str) -> tuple[str | None, int | str]:
    """libbrlapi's host syntax: "" or ":n" -> (None, local socket path); "name[:n]" -> (name,
    TCP port 4101 + n)."""
    host = host.strip()
    if not host:
        return None, f"{SOCKET_DIR}/0"
    name, colon, number = host.rpartition(":")
    if not colon:
        return host, TCP_BASE_PORT
    try:
        n = int(number) if number else 0
    except ValueError:
        raise BrlapiError("bad_host", host=host) from None
    if not name:
        return None, f"{SOCKET_DIR}/{n}"
    return name, TCP_BASE_PORT + n


def key_file(auth: str | None) -> Path:
    """The key file named by BRLAPI_AUTH-style text ("keyfile:/path", "/path"), else the default."""
    for part in (auth or "").split("+"):
        part = part.strip()
        if part.startswith("keyfile:"):
            return Path(part[len("keyfile:"):])
        if part.startswith("/"):
            return Path(part)
    return Path(DEFAULT_KEY_FILE)


def tty_path(env: dict[str, str] | None = None) -> list[int]:
    """The tty path libbrlapi's enterTtyMode(-1) would use: WINDOWPATH's numbers, then the
    controlling virtual console. Empty (the root of BRLTTY's tty tree: whatever is shown)
    when we run in no virtual console, as in a terminal emulator, tmux or ssh."""
    env = dict(os.environ) if env is None else env
    path = [int(p) for p in env.get("WINDOWPATH", "").split(":") if p.strip().isdigit()]
    for name in ("WINDOWID", "CONTROLVT"):
        if env.get(name, "").isdigit():
            return [*path, int(env[name])]
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY") and env.get("XDG_VTNR", "").isdigit():
        return [*path, int(env["XDG_VTNR"])]
    with contextlib.suppress(OSError, ValueError, IndexError):
        stat = Path("/proc/self/stat").read_text()
        tty_nr = int(stat[stat.rindex(")") + 2:].split()[4])
        major, minor = (tty_nr >> 8) & 0xFFF, (tty_nr & 0xFF) | ((tty_nr >> 12) & 0xFFF00)
        if major == 4 and 1 <= minor <= MAX_VT:  # a virtual console, /dev/ttyN
            return [*path, minor]
    return path


class BrlapiClient:
    """One connection to a BrlAPI server, holding the display for our tty once entered."""

    def __init__(self, host: str = "", auth: str | None = None, timeout: float = 2.0) -> None:
        self.host = host
        self.columns = 0
        self.rows = 0
        self._write_lock = threading.Lock()
        self._reader: threading.Thread | None = None
        self._writer: threading.Thread | None = None
        self._closed = False
        # once the display is ours, the newest text waits here for the writer thread: a display
        # that stops reading (BRLTTY stuck on a USB display) never holds the game's line printer
        self._pending: bytes | None = None
        self._pending_lock = threading.Lock()
        self._wake = threading.Event()
        self._on_lost: Callable[[BrlapiError], None] | None = None
        self._lost_said = False
        name, where = parse_host(host)
        try:
            if name is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self._sock.settimeout(timeout)
                self._sock.connect(str(where))
            else:
                self._sock = socket.create_connection((name, int(where)), timeout=timeout)
                self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError as err:
            raise BrlapiError("no_server", host=host or ":0", reason=err) from None
        except (UnicodeError, ValueError):  # a host name no resolver takes ("é" * 70, a NUL)
            raise BrlapiError("bad_host", host=host[:40]) from None
        try:
            self._handshake(auth)
        except BaseException:
            self._sock.close()
            raise

    # -- the protocol ----------------------------------------------------------------------------

    def _send(self, kind: bytes, payload: bytes = b"") -> None:
        try:
            with self._write_lock:
                self._sock.sendall(_packet(kind, payload))
        except TimeoutError:  # the server stopped reading: its buffer is full
            raise BrlapiError("stuck") from None
        except OSError as err:
            raise BrlapiError("gone", reason=err) from None

    def _recv_exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            try:
                chunk = self._sock.recv(n - len(data))
            except TimeoutError:
                raise BrlapiError("no_answer") from None
            except OSError as err:
                raise BrlapiError("gone", reason=err) from None
            if not chunk:
                raise BrlapiError("closed")
            data += chunk
        return data

    def _recv(self) -> tuple[bytes, bytes]:
        size, kind = struct.unpack(">I4s", self._recv_exact(8))
        if size > MAX_PACKET:
            raise BrlapiError("big_packet", size=size)
        return kind[3:], self._recv_exact(size)

    def _expect(self, wanted: bytes, size: int = 0) -> bytes:
        """The next packet of type ``wanted`` (at least ``size`` bytes long); errors from the
        server become BrlapiError."""
        while True:
            kind, payload = self._recv()
            if kind == wanted:
                if len(payload) < size:
                    raise BrlapiError("short_packet", size=len(payload), want=size)
                return payload
            if kind in (ERROR, EXCEPTION):
                code = struct.unpack(">I", payload[:4])[0] if len(payload) >= 4 else -1
                raise BrlapiError("refused", code=code)
            # anything else (a key before we asked) is dropped during set-up

    def _handshake(self, auth: str | None) -> None:
        server = struct.unpack(">I", self._expect(VERSION, 4)[:4])[0]
        if server < PROTOCOL_VERSION:
            raise BrlapiError("old_protocol", server=server, ours=PROTOCOL_VERSION)
        self._send(VERSION, struct.pack(">I", PROTOCOL_VERSION))
        offered = self._expect(AUTH)
        methods = [offered[i: i + 4][3:] for i in range(0, len(offered), 4)]
        if AUTH_NONE in methods:
            return
        if AUTH_KEY in methods:
            path = key_file(auth if auth is not None else os.environ.get("BRLAPI_AUTH"))
            try:
                secret = path.read_bytes()
            except OSError as err:
                raise BrlapiError("cannot_read_key", path=path, reason=err) from None
            self._send(AUTH, b"\0\0\0" + AUTH_KEY + secret)
            self._expect(ACK)
            return
        raise BrlapiError("unknown_auth")

    # -- requests ------------------------------------------------------------------------------

    def display_size(self) -> tuple[int, int]:
        self._send(GETDISPLAYSIZE)
        payload = self._expect(GETDISPLAYSIZE, 8)
        self.columns, self.rows = struct.unpack(">II", payload[:8])
        if self.columns > MAX_CELLS or self.rows > MAX_ROWS:  # 4294967295² cells is no display
            raise BrlapiError("bad_size", columns=self.columns, rows=self.rows)
        return self.columns, self.rows

    def enter_tty_mode(self, path: Iterable[int] | None = None, commands: Iterable[int] = ()) -> None:
        """Take the display for our tty (``tty_path()`` unless given); only ``commands`` keys
        (BrlAPI command numbers) come to us, the others stay BRLTTY's."""
        ttys = list(tty_path() if path is None else path)
        payload = struct.pack(f">I{len(ttys)}I", len(ttys), *ttys) + b"\0"  # no driver name: commands
        self._send(ENTERTTYMODE, payload)
        self._expect(ACK)
        self._send(IGNOREKEYRANGES, struct.pack(">QQ", 0, KEY_MAX))
        self._expect(ACK)
        ranges = [struct.pack(">QQ", KEY_TYPE_CMD | c, KEY_TYPE_CMD | c | KEY_FLAGS_MASK) for c in commands]
        if ranges:
            self._send(ACCEPTKEYRANGES, b"".join(ranges))
            self._expect(ACK)

    def write_text(self, text: str) -> None:
        """Show ``text`` on the display (cut to its size, the rest blank), no cursor."""
        cells = max(1, self.columns * max(1, self.rows))
        data = text[:cells].encode("utf-8")
        charset = b"UTF-8"
        payload = struct.pack(">III", WF_REGION | WF_TEXT | WF_CURSOR | WF_CHARSET, 1, (-cells) & 0xFFFFFFFF)
        payload += struct.pack(">I", len(data)) + data + struct.pack(">I", CURSOR_OFF)
        payload += bytes([len(charset)]) + charset
        if self._writer is None:
            self._send(WRITE, payload)
            return
        with self._pending_lock:  # only the newest text matters: an older one not sent yet is dropped
            self._pending = payload
        self._wake.set()

    def _write_loop(self) -> None:
        while not self._closed:
            self._wake.wait(WRITER_POLL_S)
            self._wake.clear()
            with self._pending_lock:
                payload, self._pending = self._pending, None
            if payload is None:
                continue
            try:
                self._send(WRITE, payload)  # at most the socket's timeout (SEND_TIMEOUT_S)
            except BrlapiError as err:
                self._lose(err)
                return

    def _lose(self, error: BrlapiError) -> None:
        """The display is lost: said once, whichever thread finds out first."""
        with self._pending_lock:
            if self._lost_said or self._closed:
                return
            self._lost_said = True
        if self._on_lost is not None:
            self._on_lost(error)

    def read_keys(self, on_key: Callable[[int], None], on_lost: Callable[[BrlapiError], None]) -> None:
        """Read keys in a daemon thread: ``on_key(command)`` for each command key (its number,
        flags dropped); ``on_lost(error)`` once if the server goes away, refuses us, or stops
        reading what we write (the writes go through a writer thread from now on)."""
        self._sock.settimeout(SEND_TIMEOUT_S)  # a write that cannot go out in that time: stuck
        self._on_lost = on_lost

        def reader() -> None:
            try:
                while not self._closed:
                    ready, _, _ = select.select([self._sock], [], [], WRITER_POLL_S)
                    if not ready:
                        continue
                    kind, payload = self._recv()
                    if kind == KEY and len(payload) == 8:
                        code = struct.unpack(">Q", payload)[0]
                        if code & KEY_TYPE_MASK == KEY_TYPE_CMD:
                            on_key(code & (KEY_CMD_BLK_MASK | KEY_CMD_ARG_MASK))
                    elif kind in (ERROR, EXCEPTION):
                        raise BrlapiError("refused_write")
            except (BrlapiError, OSError, ValueError) as err:  # (a socket closed under select)
                if not self._closed:
                    self._lose(err if isinstance(err, BrlapiError) else BrlapiError("closed"))

        self._reader = threading.Thread(target=reader, name="braille-keys", daemon=True)
        self._reader.start()
        self._writer = threading.Thread(target=self._write_loop, name="braille-writer", daemon=True)
        self._writer.start()

    def close(self) -> None:
        """Give the display back to BRLTTY and disconnect (never raises)."""
        if self._closed:
            return
        self._closed = True
        self._wake.set()
        with contextlib.suppress(BrlapiError, OSError):
            if not self._lost_said:  # a stuck server is not written to again (it would wait)
                self._send(LEAVETTYMODE)
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self._sock.close()
