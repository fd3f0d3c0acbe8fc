"""The program's own messages in French and English (`messages.toml`), by dotted key.

Used for what the command line says (refusals, file problems, the last-resort guard) and
for the errors of the program's layers (`ProgramError`); the games' sentences live in the
phrasebooks. An OSError's reason is said in words of the user's language (`os_reason`),
not as the C library's English.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from card_codes.errors import CompanionError, KeyedError
from card_codes.messages import render

MESSAGES_FILE = Path(__file__).with_name("messages.toml")

_ERRNO_KEYS = {
    errno.ENOSPC: "no_space", errno.EDQUOT: "no_space", errno.EFBIG: "too_large",
    errno.EACCES: "denied", errno.EPERM: "denied", errno.EROFS: "read_only",
    errno.ENOENT: "missing", errno.ENOTDIR: "missing", errno.EISDIR: "is_folder",
    errno.EEXIST: "exists", errno.EIO: "io", errno.ENAMETOOLONG: "name_too_long",
    errno.ELOOP: "loop", errno.EMFILE: "too_many", errno.ENFILE: "too_many",
    errno.ECONNREFUSED: "refused", errno.ECONNRESET: "reset", errno.EPIPE: "reset",
    errno.ECONNABORTED: "reset", errno.ENOTCONN: "reset", errno.ESHUTDOWN: "reset",
    errno.ETIMEDOUT: "timed_out", errno.EHOSTUNREACH: "unreachable", errno.ENETUNREACH: "unreachable",
    errno.ENETDOWN: "unreachable", errno.EHOSTDOWN: "unreachable", errno.ENXIO: "no_device",
    errno.ENODEV: "no_device", errno.EBUSY: "busy", errno.EAGAIN: "busy", errno.EINVAL: "invalid",
}


def text(lang: str, key: str, /, **params: object) -> str:
    """The message ``area.name`` in ``lang`` (French when the language is unknown)."""
    return render(MESSAGES_FILE, lang, key, params)


def os_reason(err: BaseException, lang: str) -> str:
    """Why a file operation failed, in words ("disque plein", "no space left on the disk")."""
    import socket

    if isinstance(err, socket.gaierror):  # a host name no resolver knows: its own numbers, not errno's
        return text(lang, "errno.host_unknown")
    if isinstance(err, TimeoutError):
        return text(lang, "errno.timed_out")
    number = getattr(err, "errno", None)
    key = _ERRNO_KEYS.get(number or -1)
    if key is not None:
        return text(lang, f"errno.{key}")
    # never the system's own English words inside a line in French: the error's code name
    code = errno.errorcode.get(number, "") if isinstance(number, int) else ""
    return text(lang, "errno.other", code=code) if code else text(lang, "errno.other_plain")


class ProgramError(KeyedError):
    """The base of the errors said from `messages.toml` (a key and its parameters, the area
    named by each class): an OSError among the parameters is said in words (`os_reason`)."""

    messages_file = MESSAGES_FILE

    def said(self, value: Any, lang: str) -> Any:
        if isinstance(value, OSError) and not isinstance(value, CompanionError):
            return os_reason(value, lang)
        return super().said(value, lang)
