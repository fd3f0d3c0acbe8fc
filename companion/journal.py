"""Game records: JSON Lines, a header then one accepted action per line (DESIGN §5).

    {"format": "companion-record/1", "game": "<game>", "rules": 1, "seats": 4, "options": {...},
     "information": "equal", "keyboard": 2}
    {"seq": 1, "action": {"type": "play", "seat": 0, "card": "Y-P1-V3"}}

Each action is written, flushed and fsynced before it is announced, so a crash loses
nothing that was said. A record is append-only and whole, always: a write that fails (a
full disk) is cut back to the last whole line, nothing stays buffered, the sequence
number does not move, and the caller refuses the action; when space returns the next
action follows the last line written. One process at a time owns a record: an advisory
lock (flock) is held while the game is open, and a second one is refused with the
process that holds it.

When a record is opened, a torn last line (a crash in the middle of a write) is dropped
with a warning, blank lines at the end are ignored, and a bad line anywhere else is an
error naming it. Only a regular file of at most MAX_RECORD_BYTES is read.
`rules` is the version of the game's rules the record was made under (none: version 1);
`information`, the table setting of what answers may name ("equal" or "aid"; none: "equal").
`keyboard`, the seat of the person at the keyboard (so `--resume` needs no `--me`), when
someone sat there (a demo has nobody). `synthetic`: true when the synthetic table played the
other seats (so `--resume` goes on with it, not with a camera); none: a real table.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from card_codes.errors import CompanionError
from card_codes.files import InputFileError, MiB, file_kind, file_message, read_limited
from companion.information import EQUAL, INFORMATION
from companion.messages import os_reason, text
from companion.safe_text import printable

FORMAT = "companion-record/1"
MAX_RECORD_BYTES = 64 * MiB  # a 10,000-action game is about 0.7 MB
PROC_LOCKS = Path("/proc/locks")
PROC_FDS = Path("/proc/self/fd")


class RecordError(CompanionError, ValueError):
    """A record that cannot be used; names the file and line when there is one.

    ``key`` and ``params`` say what is wrong (companion/messages.toml): ``str()`` is the
    English text, ``text(lang)`` the same in the user's language.
    """

    def __init__(self, path: Path | str, line: int | None, key: str, **params: Any) -> None:
        self.path = str(path)
        self.line = line
        self.key = key if "." in key else f"record.{key}"
        self.params = params
        self.problem = self._problem("en")
        super().__init__(self.text("en"))

    def _problem(self, lang: str) -> str:
        params = {k: (os_reason(v, lang) if isinstance(v, OSError) else v) for k, v in self.params.items()}
        if self.key.startswith("file."):
            return file_message(lang, self.key[5:], params)
        return text(lang, self.key, **params)

    def text(self, lang: str = "fr") -> str:
        """The reason in ``lang``, after the file (and line) it is about."""
        where = "record.where_line" if self.line else "record.where"
        return text(lang, where, path=self.path, line=self.line, problem=self._problem(lang))


class RecordWarning:
    """Something dropped while opening a record (a torn last line); said, not fatal."""

    def __init__(self, path: Path | str, line: int) -> None:
        self.path = str(path)
        self.line = line

    def text(self, lang: str = "fr") -> str:
        return text(lang, "record.torn", path=self.path, line=self.line)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Header:
    game: str
    seats: int
    options: dict[str, Any]
    rules: int = 1  # the version of the game's rules (records written before it existed: 1)
    information: str = EQUAL  # what answers may name: "equal" or "aid" (older records: "equal")
    keyboard: int | None = None  # the seat of the person at the keyboard (None: nobody, a demo)
    synthetic: bool = False  # the synthetic table played (a resume goes on with it, not a camera)

    def to_json(self) -> dict[str, Any]:
        out = {"format": FORMAT, "game": self.game, "rules": self.rules, "seats": self.seats,
               "options": self.options, "information": self.information}
        if self.keyboard is not None:
            out["keyboard"] = self.keyboard
        if self.synthetic:
            out["synthetic"] = True
        return out


Actions = Sequence[tuple[int, dict[str, Any]]]
UNDO_TYPE = "undo"  # the one action a replay looks ahead for (engine.match.UNDO)


class Journal:
    """An open, locked record, appended one whole line at a time (written, fsynced)."""

    def __init__(self, path: Path, fd: int, header: Header, seq: int, size: int, sync: bool = True) -> None:
        self.path = path
        self.sync = sync  # False only for bulk writing (tests, benchmarks): no fsync per line
        self.header = header
        self.seq = seq
        self.size = size  # bytes of whole lines on disk: the file is never left longer
        self.failures = 0  # writes refused in a row (a disk that stays full)
        self._fd: int | None = fd

    @classmethod
    def create(cls, path: Path | str, game: str, seats: int,
               options: Mapping[str, Any] | None = None, sync: bool = True, *, rules: int,
               information: str = EQUAL, keyboard: int | None = None, synthetic: bool = False) -> Journal:
        """Start a new record; refuses to overwrite an existing file (or to write into a folder).

        The file appears at ``path`` with its whole header or not at all (it is written
        unnamed, then linked): a crash while it is created never leaves an empty record."""
        path = Path(path)
        header = Header(game, seats, dict(options or {}), rules, information, keyboard, synthetic)
        if path.is_dir():
            raise RecordError(path, None, "is_folder")
        if path.exists() or path.is_symlink():
            raise RecordError(path, None, "exists")
        data = _line(header.to_json())
        try:
            fd = _new_file(path, data)
        except FileExistsError:
            raise RecordError(path, None, "exists") from None
        except OSError as exc:
            raise RecordError(path, None, "cannot_create", reason=exc) from None
        _fsync_dir(path.parent)
        return cls(path, fd, header, 0, len(data), sync)

    @classmethod
    def resume(cls, path: Path | str) -> tuple[Journal, Actions, list[RecordWarning]]:
        """Reopen a record to continue it (locked first); a torn last line is cut off the file."""
        global _last_read
        path = Path(path)
        try:
            mode = os.stat(path).st_mode
            if not stat.S_ISREG(mode):  # a FIFO or a device is never opened for writing
                raise RecordError(path, None, "file.not_regular", kind=file_kind(mode))
            fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
        except FileNotFoundError:
            raise RecordError(path, None, "file.missing") from None
        except OSError as exc:
            raise RecordError(path, None, "cannot_open", reason=exc) from None
        try:
            _lock(fd, path)  # before reading: another process may be writing it
            raw = _read_fd(fd, path)
            known, _last_read = _last_read, None
            same = known is not None and known[0] == _identity(os.fstat(fd))
            header, actions, warnings, good = known[1] if known is not None and same else _parse(path, raw)
            journal = cls(path, fd, header, len(actions), good)  # each line's seq is its number
            if good and raw[good - 1:good] != b"\n":
                journal._write_line(b"\n")  # a complete last line that lost only its newline
            elif len(raw) != good:
                os.ftruncate(fd, good)
        except OSError as exc:
            os.close(fd)
            raise RecordError(path, None, "cannot_write", reason=exc) from None
        except RecordError:
            os.close(fd)
            raise
        return journal, actions, warnings

    def append(self, action: Mapping[str, Any]) -> int:
        """Write one accepted action durably; returns its sequence number.

        OSError when it cannot be written: the file is then as it was before, and the
        sequence number unchanged, so the action is simply refused."""
        line = _line({"seq": self.seq + 1, "action": dict(action)})
        self._write_line(line)
        self.seq += 1
        return self.seq

    def _write_line(self, data: bytes) -> None:
        fd = self._fd
        if fd is None:
            raise OSError(9, "the record is closed")
        try:
            if os.fstat(fd).st_size != self.size:
                os.ftruncate(fd, self.size)  # the leftovers of a write that failed half way
            written = 0
            while written < len(data):
                written += os.pwrite(fd, data[written:], self.size + written)
            if self.sync:
                os.fsync(fd)
        except OSError:
            self.failures += 1
            # never a partial line on disk; if even this fails, it is a torn last line, dropped
            # when the record is next opened
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self.size)
            raise
        self.size += len(data)
        self.failures = 0

    def close(self) -> None:
        """Release the file and its lock."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# The last record read, while it is unchanged: resuming a game reads it three times (the
# command line checks it, the session refuses a broken one before locking it, the journal
# reopens it locked), and a large record takes seconds to check. Dropped once it is reopened.
_Parsed = tuple[Header, "RecordActions", list[RecordWarning], int]
_last_read: tuple[tuple[int, int, int, int], _Parsed] | None = None


def _identity(info: os.stat_result) -> tuple[int, int, int, int]:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def _identity_of(path: Path) -> tuple[int, int, int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return _identity(info) if stat.S_ISREG(info.st_mode) else None


def open_record(path: Path | str) -> tuple[Header, Actions, list[RecordWarning]]:
    """Read a record: header, [(line number, action)], warnings. RecordError if unusable."""
    global _last_read
    path = Path(path)
    identity = _identity_of(path)
    if identity is not None and _last_read is not None and _last_read[0] == identity:
        header, actions, warnings, _ = _last_read[1]
        return header, actions, warnings
    try:
        raw = read_limited(path, MAX_RECORD_BYTES)
    except InputFileError as exc:
        raise RecordError(path, None, f"file.{exc.code}", **exc.params) from None
    if _identity_of(path) != identity:  # written to while it was read: not kept
        identity = None
    parsed = _parse(path, raw)
    if identity is not None:
        _last_read = (identity, parsed)
    header, actions, warnings, _ = parsed
    return header, actions, warnings


def holder(path: Path | str) -> tuple[int, str] | None:
    """The process holding the lock of a record, and its command line, if the system says."""
    try:
        info = os.stat(path)
        locks = PROC_LOCKS.read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return None
    wanted = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    for entry in locks:
        fields = entry.split()
        if "->" in fields or len(fields) < 6 or fields[1] != "FLOCK" or fields[5] != wanted:
            continue
        pid = int(fields[4]) if fields[4].isdigit() else 0
        return pid, _command_line(pid)
    return None


def _command_line(pid: int) -> str:
    """What a process is, in a few words: its command line without the interpreter."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace").split("\0")
    except OSError:
        return "?"
    args = [a for a in args if a]
    if args and Path(args[0]).name.startswith("python"):
        args = args[1:]
    if args:
        args[0] = Path(args[0]).name
    words = printable(" ".join(args))
    return words if len(words) <= 100 else words[:99] + "…"


def _new_file(path: Path, data: bytes) -> int:
    """A new file holding ``data`` (fsynced, locked), linked at ``path``; its open descriptor.
    Unnamed while written (O_TMPFILE), else under a hidden temporary name removed after."""
    temporary: Path | None = None
    try:
        if not PROC_FDS.is_dir():
            raise OSError("no /proc to link an unnamed file")
        fd = os.open(path.parent, os.O_TMPFILE | os.O_RDWR | os.O_CLOEXEC, 0o644)
    except OSError:  # a file system without unnamed files
        temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
        fd = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_RDWR | os.O_CLOEXEC, 0o644)
    try:
        _lock(fd, path)
        written = 0
        while written < len(data):
            written += os.pwrite(fd, data[written:], written)
        os.fsync(fd)
        if temporary is None:  # linkat(AT_SYMLINK_FOLLOW) through /proc: os.link's plain link() cannot
            fds = os.open(PROC_FDS, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            try:
                os.link(str(fd), path, src_dir_fd=fds, follow_symlinks=True)  # never replaces a file
            finally:
                os.close(fds)
        else:
            os.link(temporary, path)
    except BaseException:
        os.close(fd)
        raise
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
    return fd


def _lock(fd: int, path: Path) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        found = holder(path)
        if found is None:
            raise RecordError(path, None, "locked_unknown") from None
        raise RecordError(path, None, "locked", pid=found[0], what=found[1]) from None


def _read_fd(fd: int, path: Path) -> bytes:
    size = os.fstat(fd).st_size
    if size > MAX_RECORD_BYTES:
        raise RecordError(path, None, "file.too_big", size=size, limit=MAX_RECORD_BYTES)
    return os.pread(fd, size, 0)


def _line(obj: Mapping[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")


def _parse(path: Path, raw: bytes) -> tuple[Header, RecordActions, list[RecordWarning], int]:
    """Header, the actions (read again from ``raw`` when wanted), warnings, and the bytes of
    whole lines to keep. Every line is decoded once here, to check it, and not kept: a record
    of a million actions stands in memory as its bytes and three numbers a line."""
    # blank lines at the end (an editor's) are nothing: the content ends with its last non-blank line
    k = len(raw)
    while k > 0 and raw[k - 1] in b" \t\r\n\x0b\x0c":
        k -= 1
    newline = raw.find(b"\n", k) if k else -1
    content_end = newline if newline != -1 else len(raw)  # the end of the last line with something
    complete = newline != -1
    good_bytes = len(raw) if newline == -1 or newline + 1 == len(raw) else newline + 1
    warnings: list[RecordWarning] = []
    header: Header | None = None
    later: RecordError | None = None  # the first line that is JSON but no header or action
    actions = RecordActions(raw)
    pos, i = 0, 0
    while k and pos <= content_end:
        i += 1
        stop = raw.find(b"\n", pos, content_end)
        stop = content_end if stop == -1 else stop
        line, last = raw[pos:stop], stop == content_end
        try:
            obj = json.loads(line.decode("utf-8"))
        except RecursionError:
            raise RecordError(path, i, "too_deep") from None
        except (ValueError, UnicodeDecodeError):
            if last and not complete and i > 1:
                warnings.append(RecordWarning(path, i))
                good_bytes = pos
                break
            if not line.strip():
                raise RecordError(path, i, "empty_line") from None
            raise RecordError(path, i, "not_json") from None
        if later is None:
            if header is None:
                try:
                    header = _header(path, obj)
                except RecordError as err:
                    later = err
            else:
                n = len(actions) + 1
                seq = obj.get("seq") if isinstance(obj, dict) else None
                if not (isinstance(obj, dict) and isinstance(obj.get("action"), dict)):
                    later = RecordError(path, i, "bad_line")
                elif type(seq) is not int or seq != n:
                    later = RecordError(path, i, "bad_seq", found=printable(repr(seq))[:40], expected=n)
                else:
                    actions.add(i, pos, stop, obj["action"].get("type") == UNDO_TYPE)
        pos = stop + 1
    if i == 0:
        raise RecordError(path, None, "no_header")
    if later is not None:
        raise later
    if header is None:
        raise RecordError(path, 1, "no_header")
    return header, actions, warnings, good_bytes


def undos_of(actions: Sequence[tuple[int, Mapping[str, Any]]]) -> bytearray | None:
    """Which of a record's actions are undos (1 each), known without decoding them; None for
    actions that are not a record's."""
    return actions.undos if isinstance(actions, RecordActions) else None


class RecordActions(Sequence[tuple[int, dict[str, Any]]]):
    """A record's actions, (line number, action), each decoded from the record's bytes when it
    is wanted (its line was checked when the record was opened): a replay takes them one by
    one, so a large record never stands in memory as a million objects."""

    def __init__(self, raw: bytes) -> None:
        self._raw = raw
        self._lines = array("q")
        self._starts = array("q")
        self._ends = array("q")
        self.undos = bytearray()  # 1 where an action is an undo (a replay looks ahead with it)

    def add(self, line: int, start: int, end: int, undo: bool) -> None:
        self._lines.append(line)
        self._starts.append(start)
        self._ends.append(end)
        self.undos.append(1 if undo else 0)

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> tuple[int, dict[str, Any]]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, dict[str, Any]]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        line, start, end = self._lines[index], self._starts[index], self._ends[index]
        action: dict[str, Any] = json.loads(self._raw[start:end].decode("utf-8"))["action"]
        return line, action

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        for k in range(len(self)):
            yield self[k]


def _header(path: Path, obj: Any) -> Header:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise RecordError(path, 1, "not_record", format=FORMAT)
    game, seats, options = obj.get("game"), obj.get("seats"), obj.get("options", {})
    if not isinstance(game, str) or type(seats) is not int or not isinstance(options, dict):
        raise RecordError(path, 1, "bad_header")
    rules = obj.get("rules", 1)
    if type(rules) is not int or rules < 1:
        raise RecordError(path, 1, "bad_rules", value=printable(repr(rules)))
    information = obj.get("information", EQUAL)
    if information not in INFORMATION:
        raise RecordError(path, 1, "bad_information", value=printable(repr(information)),
                          choices=", ".join(INFORMATION))
    keyboard = obj.get("keyboard")
    if keyboard is not None and (type(keyboard) is not int or not 0 <= keyboard < seats):
        raise RecordError(path, 1, "bad_keyboard", value=printable(repr(keyboard)))
    synthetic = obj.get("synthetic", False) is True
    return Header(game, seats, options, rules, information, keyboard, synthetic)


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
