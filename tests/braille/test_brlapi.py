"""The BrlAPI client against a real BRLTTY (Virtual driver, no hardware)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from companion.braille.brlapi import (
    SOCKET_DIR,
    TCP_BASE_PORT,
    BrlapiClient,
    BrlapiError,
    key_file,
    parse_host,
    tty_path,
)
from companion.braille.channel import key_actions
from tests.braille.conftest import CELLS, Brltty, VirtualDisplay


def _until(predicate, timeout: float = 5.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


@pytest.mark.slow
def test_text_written_is_what_the_display_shows_accents_included(braille_server) -> None:
    server, display = braille_server
    client = BrlapiClient(server.host)
    try:
        assert client.display_size() == (CELLS, 1)
        client.enter_tty_mode(commands=sorted(key_actions()))
        client.write_text("Sud (privé) : À vous. Esprit jaune 5.")
        display.wait_for("Sud (privé) : À vous. Esprit jaune 5.")
        client.write_text("x" * 60)  # longer than the display: cut to its 40 cells
        display.wait_for("x" * CELLS)
        assert display.now() == "x" * CELLS
    finally:
        client.close()


@pytest.mark.slow
def test_the_keys_we_use_come_to_us_and_the_others_stay_brlttys(braille_server) -> None:
    server, display = braille_server
    client = BrlapiClient(server.host)
    keys: list[int] = []
    try:
        client.display_size()
        client.enter_tty_mode(commands=sorted(key_actions()))
        client.read_keys(keys.append, lambda reason: None)
        client.write_text("Nord : Esprit jaune 5.")
        display.wait_for("Nord : Esprit jaune 5.")
        for name in ("LnUp", "LnDn", "FWinLt", "FWinRt", "Home", "Bot"):
            display.press(name)
        assert _until(lambda: len(keys) == 6), keys
        assert keys == [0x01, 0x02, 0x17, 0x18, 0x1D, 0x0A]
        display.press("PrefMenu")  # not ours: BRLTTY itself answers it on the display
        display.wait_for("Preferences Menu")
        assert len(keys) == 6
    finally:
        client.close()


@pytest.mark.slow
def test_key_file_authorization_against_a_server_that_asks_for_it(tmp_path: Path) -> None:
    key = tmp_path / "brlapi.key"
    key.write_bytes(os.urandom(32))
    display = VirtualDisplay(tmp_path / "display.sock")
    server = Brltty(tmp_path, display, auth=f"keyfile:{key}")
    try:
        client = BrlapiClient(server.host, auth=f"keyfile:{key}")
        assert client.display_size() == (CELLS, 1)
        client.close()
        (tmp_path / "wrong.key").write_bytes(b"not the key")
        with pytest.raises(BrlapiError, match="refused"):
            BrlapiClient(server.host, auth=str(tmp_path / "wrong.key"))
        with pytest.raises(BrlapiError, match="cannot read the braille key"):
            BrlapiClient(server.host, auth=str(tmp_path / "missing.key"))
    finally:
        server.stop()
        display.close()


def test_no_server_is_a_short_clear_error() -> None:
    with pytest.raises(BrlapiError, match=r"no braille server at 127\.0\.0\.1:3"):
        BrlapiClient("127.0.0.1:3", timeout=0.5)
    with pytest.raises(BrlapiError, match="bad braille host"):
        BrlapiClient("localhost:x")


@pytest.mark.slow
def test_a_server_that_dies_is_reported_once(braille_server) -> None:
    server, _display = braille_server
    client = BrlapiClient(server.host)
    lost: list[str] = []
    client.display_size()
    client.enter_tty_mode(commands=sorted(key_actions()))
    client.read_keys(lambda _k: None, lost.append)
    server.stop()
    assert _until(lambda: bool(lost))
    time.sleep(0.2)
    assert len(lost) == 1
    started = time.monotonic()
    for _ in range(50):  # writes go through the writer thread: never a raise, never a wait
        client.write_text("Encore ?")
    assert time.monotonic() - started < 1.0
    time.sleep(0.6)
    assert len(lost) == 1, "said once, whichever thread found out"
    client.close()


def test_hosts_key_files_and_tty_paths_follow_libbrlapi() -> None:
    assert parse_host("") == (None, f"{SOCKET_DIR}/0")
    assert parse_host(":1") == (None, f"{SOCKET_DIR}/1")
    assert parse_host("box:2") == ("box", TCP_BASE_PORT + 2)
    assert parse_host("box") == ("box", TCP_BASE_PORT)
    assert key_file("keyfile:/k+polkit") == Path("/k") and key_file(None) == Path("/etc/brlapi.key")
    assert tty_path({"WINDOWPATH": "7", "WINDOWID": "123"}) == [7, 123]
    assert tty_path({"CONTROLVT": "3"}) == [3]
    assert tty_path({"XDG_VTNR": "2"}) == [2]
    # under X the VT number is the X server's, not ours; and a test runner in no virtual console
    # holds the display at the root of BRLTTY's tree
    assert tty_path({"XDG_VTNR": "2", "DISPLAY": ":0"}) == [] == tty_path({})
