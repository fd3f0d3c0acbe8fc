"""Reading an input file safely: a regular file only, and never more than a size limit.

Records, decks and configurations are named by the user; a name may point at /dev/zero
(reads until memory runs out), a FIFO (blocks for ever), a folder or a huge file. Each is
refused with its reason before anything is read. Standard library only, so `card_codes`
and `companion` share it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from card_codes.errors import CompanionError, errno_words
from card_codes.messages import message

MiB = 1024 * 1024


class InputFileError(CompanionError, OSError):
    """A file that cannot be read as input; ``code`` and ``params`` say why (messages.toml,
    area ``file``); ``str()`` is English, ``text(lang)`` the same in the user's language."""

    def __init__(self, path: Path | str, code: str, **params: object) -> None:
        self.path = str(path)
        self.code = code
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "fr") -> str:
        return message(lang, "file.where", path=self.path, problem=file_message(lang, self.code, self.params))


def file_message(lang: str, code: str, params: dict[str, object]) -> str:
    """Why a file cannot be read (``code`` of InputFileError), in ``lang``."""
    if code == "not_regular":
        params = {**params, "kind": message(lang, f"file.{params.get('kind')}")}
    reason = params.get("reason")
    if isinstance(reason, OSError):  # in words, never the system's English
        key, words = errno_words(reason)
        params = {**params, "reason": message(lang, key, **words)}
    return message(lang, f"file.{code}", **params)


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in one English word (a message key)."""
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; InputFileError otherwise."""
    path = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputFileError(path, "missing") from None
    except OSError as exc:
        raise InputFileError(path, "unreadable", reason=exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(path, "not_regular", kind=file_kind(info.st_mode))
        if info.st_size > limit:
            raise InputFileError(path, "too_big", size=info.st_size, limit=limit)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while it is read: stop one byte past the limit
            chunk = os.read(fd, min(MiB, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputFileError(path, "too_big", size=size, limit=limit)
        return b"".join(chunks)
    except OSError as exc:
        if isinstance(exc, InputFileError):
            raise
        raise InputFileError(path, "unreadable", reason=exc) from None
    finally:
        os.close(fd)
