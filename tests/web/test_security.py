"""Nobody sits at another's seat, tried as an attacker on 127.0.0.1 would: wrong, missing,
other-seat and old-game tokens, another origin, oversized and flooding messages."""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.error
import urllib.request
from typing import Any

import aiohttp
import pytest

from companion.web.seats import TABLE
from companion.web.server import BURST, MAX_MESSAGE, lan_address

from .conftest import Served, serve


def get(url: str, **headers: str) -> tuple[int, bytes, dict[str, str]]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read(), dict(err.headers)


def post(url: str, data: bytes, **headers: str) -> int:
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return err.code


def test_a_seat_link_opens_that_seat_and_nothing_else_does(served: Served) -> None:
    status, body, headers = get(served.url(1))
    assert status == 200 and "Est — Tatsu".encode() in body
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "same-origin" and "Set-Cookie" not in headers
    base = f"{served.origin}"
    seat_token, table_token = served.tables.tokens[1], served.tables.tokens[TABLE]
    old = serve()  # another game's links
    try:
        tries = [f"{base}/s/", f"{base}/s/{seat_token[:-2]}", f"{base}/s/{seat_token}x",
                 f"{base}/s/{table_token}", f"{base}/t/{seat_token}", f"{base}/s/{old.tables.tokens[1]}",
                 f"{base}/", f"{base}/s/../t/x",
                 f"{base}/static/../server.py", f"{base}/static/seats.py"]
        for url in tries:
            status, body, headers = get(url)
            assert (status, body) == (404, b""), url  # nothing learned: no content, whatever was near
            assert "Content-Security-Policy" in headers
    finally:
        old.server.stop()


def test_it_listens_on_this_computer_only_unless_asked(served: Served) -> None:
    address = lan_address()
    if address.startswith("127.") or not address[0].isdigit():
        pytest.skip("this machine has no address on a local network")
    with socket.socket() as probe:
        probe.settimeout(2)
        assert probe.connect_ex((address, served.server.port)) != 0


def test_a_form_from_another_site_is_refused_and_changes_nothing(served: Served) -> None:
    url = served.url(1)
    assert post(url, b"line=main", Origin="http://evil.example") == 403
    assert served.posted.lines() == []
    assert post(url, b"line=main", Origin=served.origin) == 303  # the page's own form
    assert served.posted.lines() == [(1, "main")]
    assert post(served.url(TABLE).replace("/t/", "/s/"), b"line=main") == 404  # the table view types nothing
    assert post(url, b"line=" + b"x" * (MAX_MESSAGE * 4)) == 413


async def socket_status(url: str, origin: str | None) -> int:
    headers = {"Origin": origin} if origin else {}
    async with aiohttp.ClientSession() as client:
        try:
            async with client.ws_connect(url, headers=headers, origin=origin) as ws:
                await ws.close()
                return 101
        except aiohttp.WSServerHandshakeError as err:
            return err.status


def test_a_websocket_must_come_from_the_page_itself(served: Served) -> None:
    ws = served.url(1).replace("http://", "ws://") + "/ws"
    assert asyncio.run(socket_status(ws, None)) == 403
    assert asyncio.run(socket_status(ws, "http://evil.example")) == 403
    assert asyncio.run(socket_status(ws, f"http://localhost:{served.server.port}")) == 403
    assert asyncio.run(socket_status(ws.replace(served.tables.tokens[1], "x" * 22), served.origin)) == 404
    assert asyncio.run(socket_status(ws, served.origin)) == 101


async def flood(url: str, origin: str, messages: list[str]) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    async with aiohttp.ClientSession() as client, client.ws_connect(url, origin=origin) as ws:
        for text in messages:
            if ws.closed:  # the server closed it (a message too large): nothing more goes in
                break
            await ws.send_str(text)
        await asyncio.sleep(0.5)
        while True:
            try:
                message = await ws.receive(timeout=0.5)
            except TimeoutError:
                break
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            got.append(json.loads(message.data))
    return got


def test_a_flood_is_slowed_down_and_told_once_and_an_oversized_message_is_dropped(served: Served) -> None:
    ws = served.url(1).replace("http://", "ws://") + "/ws"
    got = asyncio.run(flood(ws, served.origin, [json.dumps({"line": "score"})] * 60))
    assert BURST <= len(served.posted.lines()) < 20  # the burst, and what the rate let through
    told = [line["text"] for m in got if m["type"] == "lines" for line in m["lines"]]
    assert told.count("Trop de commandes d'un coup : attendez un instant.") == 1
    before = len(served.posted.items)
    asyncio.run(flood(ws, served.origin, ["not json", json.dumps(["line"]), json.dumps({"line": 7})]))
    asyncio.run(flood(ws, served.origin, ["x" * (MAX_MESSAGE + 10), json.dumps({"line": "main"})]))
    assert len(served.posted.items) == before  # none of that reached the game
    status, _body, _headers = get(served.url(1))
    assert status == 200  # and the server goes on


def test_a_line_too_long_is_refused_with_its_reason(served: Served) -> None:
    ws = served.url(3).replace("http://", "ws://") + "/ws"
    asyncio.run(flood(ws, served.origin, [json.dumps({"line": "carte " + "9" * 300})]))
    assert served.posted.items == [("seat_too_long", (3, 200))]


async def two_tabs(url: str, origin: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    async with aiohttp.ClientSession() as client:
        first = await client.ws_connect(url, origin=origin)
        await first.receive(timeout=5)  # what it missed (lines)
        second = await client.ws_connect(url, origin=origin)
        old = [json.loads(m.data) async for m in first if m.type == aiohttp.WSMsgType.TEXT]
        new = [json.loads((await second.receive(timeout=5)).data)]
        await second.close()
        return old, new


def test_a_seat_opened_twice_is_served_by_the_newest_page_said_once(served: Served) -> None:
    served.tables.deliver("all", "La partie commence.", urgent=False, speaker=None)
    ws = served.url(1).replace("http://", "ws://") + "/ws"
    old, new = asyncio.run(two_tabs(ws, served.origin))
    assert old[-1] == {"type": "taken"}
    assert new == [{"type": "notice", "text": "Cette page reprend votre place."}]
