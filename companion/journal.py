"""Game records: JSON Lines, a header then one accepted action per line (DESIGN §5).

    {"format": "companion-record/1", "game": "<game>", "rules": 1, "seats": 4, "options": {...},
     "keyboard": 2}
    {"seq": 1, "action": {"type": "play", "seat": 0, "card": "Y-P1-V3"}}

Each action is written, flushed and fsynced before it is announced, so a crash loses
nothing that was said. When a record is opened, a torn last line (a crash in the middle
of a write) is dropped with a warning; a bad line anywhere else is an error naming it.
`rules` is the version of the game's rules the record was made under (none: version 1);
`keyboard`, the seat of the person at the keyboard (so `--resume` needs no `--me`), when
someone sat there (a demo has nobody).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

FORMAT = "companion-record/1"


class RecordError(ValueError):
    """A record that cannot be used; names the file and line when there is one."""

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        self.path = str(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}, line {line}" if line else self.path
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Header:
    game: str
    seats: int
    options: dict[str, Any]
    rules: int = 1  # the version of the game's rules (records written before it existed: 1)
    keyboard: int | None = None  # the seat of the person at the keyboard (None: nobody, a demo)

    def to_json(self) -> dict[str, Any]:
        out = {"format": FORMAT, "game": self.game, "rules": self.rules, "seats": self.seats,
               "options": self.options}
        if self.keyboard is not None:
            out["keyboard"] = self.keyboard
        return out


class Journal:
    """An open record, appended one action at a time (written, flushed, fsynced)."""

    def __init__(self, path: Path, handle: IO[bytes], header: Header, seq: int, sync: bool = True) -> None:
        self.path = path
        self.sync = sync  # False only for bulk writing (tests, benchmarks): no fsync per line
        self.header = header
        self.seq = seq
        self._handle = handle

    @classmethod
    def create(cls, path: Path | str, game: str, seats: int,
               options: Mapping[str, Any] | None = None, sync: bool = True, rules: int = 1,
               keyboard: int | None = None) -> Journal:
        """Start a new record; refuses to overwrite an existing file."""
        path = Path(path)
        header = Header(game, seats, dict(options or {}), rules, keyboard)
        try:
            handle = path.open("xb")
        except FileExistsError:
            raise RecordError(path, None, "the file already exists") from None
        except OSError as exc:
            raise RecordError(path, None, f"cannot create the file ({exc.strerror})") from None
        journal = cls(path, handle, header, 0, sync)
        journal._write(header.to_json())
        _fsync_dir(path.parent)
        return journal

    @classmethod
    def resume(cls, path: Path | str) -> tuple[Journal, list[tuple[int, dict[str, Any]]], list[str]]:
        """Reopen a record to continue it; a torn last line is cut off the file."""
        path = Path(path)
        header, actions, warnings, good_bytes = _read(path)
        handle = path.open("r+b")
        handle.truncate(good_bytes)
        handle.seek(good_bytes)
        if good_bytes and path.read_bytes()[good_bytes - 1:good_bytes] != b"\n":
            handle.write(b"\n")  # a complete last line that lost only its newline
        seq = actions[-1][1]["seq"] if actions else 0
        return cls(path, handle, header, seq), [(ln, a["action"]) for ln, a in actions], warnings

    def append(self, action: Mapping[str, Any]) -> int:
        """Write one accepted action durably; returns its sequence number."""
        self.seq += 1
        self._write({"seq": self.seq, "action": dict(action)})
        return self.seq

    def _write(self, obj: Mapping[str, Any]) -> None:
        self._handle.write((json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8"))
        self._handle.flush()
        if self.sync:
            os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_record(path: Path | str) -> tuple[Header, list[tuple[int, dict[str, Any]]], list[str]]:
    """Read a record: header, [(line number, action)], warnings. RecordError if unusable."""
    header, actions, warnings, _ = _read(Path(path))
    return header, [(ln, a["action"]) for ln, a in actions], warnings


def _read(path: Path) -> tuple[Header, list[tuple[int, dict[str, Any]]], list[str], int]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RecordError(path, None, f"cannot read the file ({exc.strerror})") from None
    lines = raw.split(b"\n")
    complete = raw.endswith(b"\n")
    if complete:
        lines.pop()  # the empty piece after the final newline
    warnings: list[str] = []
    offsets: list[int] = []
    pos = 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    good_bytes = len(raw)
    parsed: list[tuple[int, Any]] = []
    for i, line in enumerate(lines, start=1):
        last = i == len(lines)
        try:
            obj = json.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            if last and not complete and i > 1:
                warnings.append(f"{path}, line {i}: torn last line dropped (an interrupted write).")
                good_bytes = offsets[i - 1]
                break
            if not line.strip() and not last:
                raise RecordError(path, i, "empty line") from None
            raise RecordError(path, i, "not a JSON line") from None
        parsed.append((i, obj))
    if not parsed:
        raise RecordError(path, 1 if lines else None, "no header line")
    header = _header(path, parsed[0][1])
    actions: list[tuple[int, dict[str, Any]]] = []
    for n, (i, obj) in enumerate(parsed[1:], start=1):
        if not (isinstance(obj, dict) and isinstance(obj.get("action"), dict)):
            raise RecordError(path, i, 'expected {"seq": n, "action": {...}}')
        if obj.get("seq") != n:
            raise RecordError(path, i, f"sequence number {obj.get('seq')!r}, expected {n}")
        actions.append((i, obj))
    return header, actions, warnings, good_bytes


def _header(path: Path, obj: Any) -> Header:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise RecordError(path, 1, f"not a game record (expected format {FORMAT})")
    game, seats, options = obj.get("game"), obj.get("seats"), obj.get("options", {})
    if not isinstance(game, str) or not isinstance(seats, int) or not isinstance(options, dict):
        raise RecordError(path, 1, "header needs game, seats and options")
    rules = obj.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
        raise RecordError(path, 1, f"rules must be a version number (1, 2...), not {rules!r}")
    keyboard = obj.get("keyboard")
    if keyboard is not None and (not isinstance(keyboard, int) or isinstance(keyboard, bool)
                                 or not 0 <= keyboard < seats):
        raise RecordError(path, 1, f"keyboard must be a seat number (0 to {seats - 1}), not {keyboard!r}")
    return Header(game, seats, options, rules, keyboard)


def _fsync_dir(folder: Path) -> None:
    """Make the new file's name durable too."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
