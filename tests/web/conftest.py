"""A real server on 127.0.0.1 (its own free port per test), with the session's queue recorded."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.web.seats import Tables
from companion.web.server import WebServer


@dataclass
class Posted:
    """What the server put on the session's queue."""

    items: list[tuple[str, Any]] = field(default_factory=list)

    def __call__(self, kind: str, payload: Any) -> None:
        self.items.append((kind, payload))

    def lines(self) -> list[tuple[int, str]]:
        return [payload for kind, payload in self.items if kind == "seat_line"]


@dataclass
class Served:
    tables: Tables
    server: WebServer
    posted: Posted

    def url(self, seat: int) -> str:
        return self.server.url(seat)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"


def serve(names: list[str] | None = None, seats: tuple[int, ...] = (1, 3)) -> Served:
    tables = Tables(list(seats), names or ["Nord", "Est", "Sud", "Ouest"], "fr")
    posted = Posted()
    server = WebServer(tables, posted, game_name="Tatsu", port=0)
    server.start()
    return Served(tables, server, posted)


@pytest.fixture
def served() -> Iterator[Served]:
    s = serve()
    yield s
    s.server.stop()
