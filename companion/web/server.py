"""The pages served (aiohttp, in a thread of its own with its own event loop).

Why aiohttp: one maintained package gives the HTTP server, websockets and the form reading,
with no ASGI layer between them and no extra server process; the pages need nothing more.

Closed by default: it listens on 127.0.0.1 unless asked for the local network (``lan``). Every
page is reached by its token only (`Tables.seat_of`, constant time); anything else is a 404
with no content. Websockets must come from the page's own origin. Every response carries a
strict Content-Security-Policy and no Referer leaves for another site (the token is in the address).
A line from a page goes to the session's queue, as a typed line does, and through the same
pipeline; what a page missed while away comes back from its seat's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from card_codes.errors import CompanionError
from companion.session.views import SeatView
from companion.typed_input import MAX_LINE
from companion.web.pages import say, seat_page, table_page
from companion.web.seats import TABLE, Tables

STATIC = Path(__file__).with_name("static")
STATIC_FILES = {"seat.js": "text/javascript", "seat.css": "text/css"}
DEFAULT_PORT = 8730
MAX_MESSAGE = 4096  # bytes of one websocket message or form
LINES_PER_SECOND = 4.0  # a page's lines, steady (a person types a command in a second or two)
BURST = 8  # lines at once before the page is told to slow down
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
          "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "same-origin", "Cache-Control": "no-store", "X-Frame-Options": "DENY"}

Post = Callable[[str, Any], None]  # the session's queue: (kind, payload)


class WebError(CompanionError):
    """The pages cannot be served (a port taken, an address refused)."""

    def __init__(self, reason_key: str, **params: Any) -> None:
        self.reason_key = reason_key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "fr") -> str:
        reason = say(lang, f"cli.{self.reason_key}", **self.params) if self.reason_key else str(self.params)
        return say(lang, "cli.cannot_start", reason=reason)


@dataclass
class Bucket:
    """A token bucket: ``rate`` lines a second, ``burst`` at once."""

    rate: float = LINES_PER_SECOND
    burst: float = BURST
    level: float = BURST
    at: float = field(default_factory=time.monotonic)
    warned: bool = False

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        self.warned = False
        return True


@dataclass
class Page:
    """One open page: its websocket, the seat it serves, what it was sent."""

    ws: web.WebSocketResponse
    seat: int
    sent: int
    view: SeatView | None = None


def lan_address() -> str:
    """This machine's address on the local network (the one a phone on the same Wi-Fi reaches)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
        return str(probe.getsockname()[0])
    return socket.gethostname()


class WebServer:
    """Serves the phones' pages and the table view of one game."""

    def __init__(self, tables: Tables, post: Post, *, game_name: str, lan: bool = False,
                 port: int = DEFAULT_PORT) -> None:
        self.tables = tables
        self.post = post
        self.game_name = game_name
        self.lan = lan
        self.bind = "0.0.0.0" if lan else "127.0.0.1"
        self.port = port
        self.address = lan_address() if lan else "127.0.0.1"
        self.pages: dict[int, Page] = {}  # one page per seat (and one for the table view)
        self.buckets: dict[int, Bucket] = {}  # each seat's lines, however many pages it opens
        self.loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        tables.listeners.append(self._changed)

    # -- the game's side ----------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Listen (in a thread); raises WebError when it cannot (the port taken)."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self.loop = loop
            try:
                loop.run_until_complete(self._open())
            except OSError as err:
                failure.append(err)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._close())
            loop.close()

        self._thread = threading.Thread(target=run, name="web", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise WebError("", reason="timeout")
        if failure:
            raise WebError("port_taken", port=self.port)

    def stop(self) -> None:
        if self.loop is not None and self._thread is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5)

    def url(self, seat: int) -> str:
        kind = "t" if seat == TABLE else "s"
        return f"http://{self.address}:{self.port}/{kind}/{self.tables.tokens[seat]}"

    def _changed(self, seat: int) -> None:  # the game's thread: a log or view changed
        loop = self.loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._push(seat)))

    # -- the server's side ----------------------------------------------------------------------
    async def _open(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[self._headers])
        app.router.add_get("/s/{token}", self._seat_page)
        app.router.add_post("/s/{token}", self._seat_form)
        app.router.add_get("/s/{token}/ws", self._seat_ws)
        app.router.add_get("/t/{token}", self._table_page)
        app.router.add_get("/t/{token}/ws", self._table_ws)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/favicon.ico", self._no_icon)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port, reuse_address=False)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            raise
        server = site._server  # the port chosen when 0 was asked
        if server is not None and getattr(server, "sockets", None):
            self.port = server.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        for page in list(self.pages.values()):
            with contextlib.suppress(Exception):
                await page.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _headers(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPException as err:
            response = web.Response(status=err.status, text="")
        for name, value in HEADERS.items():
            if not response.prepared:
                response.headers[name] = value
        return response

    def _seat_of(self, request: web.Request, table: bool) -> int | None:
        seat = self.tables.seat_of(request.match_info.get("token", ""))
        if seat is None or (seat == TABLE) != table:
            return None
        return seat

    def _same_origin(self, request: web.Request, required: bool) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return not required
        return origin == f"{request.scheme}://{request.host}"

    @staticmethod
    def _refused(status: int = 404) -> web.Response:
        return web.Response(status=status, text="")

    async def _seat_page(self, request: web.Request) -> web.StreamResponse:
        seat = self._seat_of(request, table=False)
        if seat is None:
            return self._refused()
        lines, view, last = self.tables.snapshot(seat)
        name = self.tables.seat_names[seat]
        html = seat_page(self.tables.lang, name, self.game_name, lines, view, last)
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def _table_page(self, request: web.Request) -> web.StreamResponse:
        if self._seat_of(request, table=True) is None:
            return self._refused()
        lines, view, last = self.tables.snapshot(TABLE)
        html = table_page(self.tables.lang, self.game_name, lines, view, last)
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            return self._refused()
        body = (STATIC / name).read_bytes()
        return web.Response(body=body, content_type=STATIC_FILES[name], charset="utf-8")

    async def _no_icon(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)  # a browser asks; there is none (and no 404 in its console)

    async def _seat_form(self, request: web.Request) -> web.StreamResponse:
        """A command sent with JavaScript off (a form's button or field): then the page again."""
        seat = self._seat_of(request, table=False)
        if seat is None:
            return self._refused()
        if not self._same_origin(request, required=False):
            return self._refused(403)
        try:
            form = await request.post()
        except (ValueError, web.HTTPException):
            return self._refused(413)
        line = form.get("line")
        if isinstance(line, str):
            self._line(seat, line, self._bucket(seat))
        return web.Response(status=303, headers={"Location": request.path})

    def _bucket(self, seat: int) -> Bucket:
        return self.buckets.setdefault(seat, Bucket())

    def _line(self, seat: int, line: str, bucket: Bucket) -> None:
        """A line from a page: to the session's queue, unless too long or too fast."""
        line = line.strip()
        if not line:
            return
        if len(line) > MAX_LINE:
            self.post("seat_too_long", (seat, MAX_LINE))
            return
        if not bucket.take():
            if not bucket.warned:  # said once per flood, to that page only
                bucket.warned = True
                self.tables.notice(seat, say(self.tables.lang, "page.too_fast"))
            return
        self.post("seat_line", (seat, line))

    async def _seat_ws(self, request: web.Request) -> web.StreamResponse:
        return await self._socket(request, table=False)

    async def _table_ws(self, request: web.Request) -> web.StreamResponse:
        return await self._socket(request, table=True)

    async def _socket(self, request: web.Request, table: bool) -> web.StreamResponse:
        seat = self._seat_of(request, table)
        if seat is None:
            return self._refused()
        if not self._same_origin(request, required=True):
            return self._refused(403)
        try:
            since = max(0, int(request.query.get("since", "0")))
        except ValueError:
            since = 0
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20.0)
        await ws.prepare(request)
        old = self.pages.get(seat)
        page = Page(ws, seat, since)
        self.pages[seat] = page
        if old is not None and not old.ws.closed:  # the same seat opened again: the new page serves it
            with contextlib.suppress(Exception):
                await old.ws.send_json({"type": "taken"})
                await old.ws.close()
            await ws.send_json({"type": "notice", "text": say(self.tables.lang, "page.took_over")})
        await self._send(page)
        bucket = self._bucket(seat)
        async for message in ws:
            if message.type != WSMsgType.TEXT or table:
                continue
            try:
                data = json.loads(message.data)
            except ValueError:
                continue
            line = data.get("line") if isinstance(data, dict) else None
            if isinstance(line, str):
                self._line(seat, line, bucket)
        if self.pages.get(seat) is page:
            del self.pages[seat]
        return ws

    async def _push(self, seat: int) -> None:
        page = self.pages.get(seat)
        if page is not None and not page.ws.closed:
            await self._send(page)

    async def _send(self, page: Page) -> None:
        lines, view, last = self.tables.snapshot(page.seat, page.sent)
        try:
            if lines:
                await page.ws.send_json({"type": "lines", "lines": [
                    {"n": line.n, "text": line.text, "private": line.private, "urgent": line.urgent}
                    for line in lines]})
                page.sent = last
            if view != page.view:
                page.view = view
                await page.ws.send_json({"type": "view", "sections": [list(s) for s in view.sections],
                                         "answers": [list(a) for a in view.answers], "asked": view.asked})
        except (ConnectionError, RuntimeError):
            pass  # the page went away: it catches up when it comes back
