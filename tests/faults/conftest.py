"""Fault injection: what a user sees when things go wrong, and what is left on disk.

`cli` runs the real `companion` command line in this process (the same `main`, guard
included) and `run` in a child process; both give the exit code and the two streams.
`tmpfs` mounts a real small file system (root only) so a disk can really fill up and
be given space back; `deck_copy` is a copy of the shipped decks to break, used through
PYTHONPATH by a child process exactly as the installed program would use its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from card_codes import deck as deck_module
from card_codes import payload

ROOT = Path(__file__).resolve().parents[2]
COMPANION = str(Path(sys.executable).with_name("companion"))
RECORD = ROOT / "companion" / "games" / "tatsu" / "records" / "round.jsonl"
TIMEOUT = 120  # seconds: generous, the machine is shared


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err

    def one_line(self) -> str:
        """The single line said on stderr (asserting it is one line, with no traceback)."""
        lines = [ln for ln in self.err.splitlines() if ln.strip()]
        assert "Traceback" not in self.text, self.text
        assert len(lines) == 1, self.text
        return lines[0]


def clean(text: str) -> bool:
    """No escape or control character (but newlines) reached the terminal."""
    return not any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F for c in text)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("COMPANION_HOME", str(folder))
    monkeypatch.setenv("NO_COLOR", "1")
    return folder


@pytest.fixture
def cli(home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Run `companion ARGS...` in this process, through its real entry point."""
    import threading

    from companion import native
    from companion.cli import main

    monkeypatch.setattr(native, "HARD_EXIT", False)  # a thread left in native code must not end pytest

    def invoke(*args: str) -> Outcome:
        monkeypatch.setattr(sys, "argv", ["companion", *args])
        monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115 (closed with the test)
        capsys.readouterr()
        hook = threading.excepthook
        code = 0
        try:
            main()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        finally:
            threading.excepthook = hook
        captured = capsys.readouterr()
        return Outcome(code, captured.out, captured.err)

    return invoke


def child_env(home: Path, **extra: str) -> dict[str, str]:
    keep = {k: os.environ[k] for k in ("PATH", "PULSE_SERVER", "HOME", "LANG") if k in os.environ}
    return {**keep, "COMPANION_HOME": str(home), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1", **extra}


@pytest.fixture
def run(home: Path):  # type: ignore[no-untyped-def]
    """Run `companion ARGS...` as a child process (stdin given, or nothing)."""

    def invoke(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None,
               timeout: float = TIMEOUT) -> Outcome:
        done = subprocess.run([COMPANION, *args], input=stdin, capture_output=True, timeout=timeout,
                              env=env or child_env(home), cwd=home)
        return Outcome(done.returncode, done.stdout.decode("utf-8", "replace"),
                       done.stderr.decode("utf-8", "replace"))

    return invoke


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A copy of a real Tatsu record (31 actions), to break."""
    path = tmp_path / "game.jsonl"
    shutil.copy(RECORD, path)
    return path


def _mount(target: Path, options: str) -> bool:
    if os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)],
                          capture_output=True, text=True)
    return done.returncode == 0


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator:  # type: ignore[type-arg]
    """mount(size, read_only=False) -> a fresh real tmpfs folder; unmounted after the test."""
    mounted: list[Path] = []

    def mount(size: str = "64k", read_only: bool = False) -> Path:
        target = tmp_path / f"disk{len(mounted)}"
        target.mkdir()
        if not _mount(target, f"size={size}" + (",ro" if read_only else "")):
            pytest.skip("mounting a small file system needs root")
        mounted.append(target)
        return target

    yield mount
    for target in mounted:
        subprocess.run(["umount", "-l", str(target)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system holding ``folder`` to the last byte; the filler file."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as f:
        block = b"\0" * 4096
        try:
            while True:
                f.write(block)
        except OSError:
            pass
        try:
            while True:
                f.write(b"\0")
        except OSError:
            pass
    return filler


@pytest.fixture
def deck_copy(tmp_path: Path) -> Path:
    """A copy of the `card_codes` package (decks to break) for PYTHONPATH."""
    root = tmp_path / "pkgs"
    shutil.copytree(ROOT / "card_codes", root / "card_codes",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.fixture
def broken_decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """This process loads its decks from a copy (to break); caches are emptied before and after."""
    folder = tmp_path / "decks"
    shutil.copytree(deck_module.DECKS_DIR, folder)
    monkeypatch.setattr(deck_module, "DECKS_DIR", folder)
    saved = dict(deck_module._CACHE)
    deck_module._CACHE.clear()
    payload._decks_by_code.cache_clear()
    yield folder
    deck_module._CACHE.clear()
    deck_module._CACHE.update(saved)
    payload._decks_by_code.cache_clear()
