"""The last resort: whatever goes wrong, one line in the user's language, never a traceback.

`run_guarded` runs the command line. An error the program knows (a broken record, deck or
configuration that slipped past a command's own check) is its one-line reason, exit 1. Any
other exception is one line naming its kind and a log file that holds the details (the
traceback, the command line), exit 70. The same holds for a worker thread (camera,
speech, keyboard): its error is logged and said once, and the program goes on. A record
is never lost on the way out: each action was fsynced before it was announced, and the
session closes its record in a `finally`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from card_codes.errors import CompanionError
from companion import __version__, native
from companion.config import data_dir, read_config
from companion.language import LANGS
from companion.messages import os_reason, text
from companion.safe_text import printable

UNEXPECTED_EXIT = 70  # EX_SOFTWARE: the program's own fault
KNOWN_EXIT = 1


def guard_lang(argv: Sequence[str]) -> str:
    """The language of the last words: --lang on the command line, else the configured one."""
    for i, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else (
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None)
        if value in LANGS:
            return value
    try:
        return read_config()[0].lang
    except Exception:  # the guard itself never fails
        return "fr"


def write_log(error: BaseException, where: str, argv: Sequence[str]) -> Path | None:
    """The details of an unexpected error in a new log file (data folder, else /tmp); its path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    details = "".join([
        f"companion {__version__}, {time.strftime('%Y-%m-%d %H:%M:%S')}, process {os.getpid()}, {where}\n",
        f"command line: {' '.join(argv)}\n\n",
        *traceback.format_exception(type(error), error, error.__traceback__),
    ])
    for folder in (data_dir() / "logs", Path(tempfile.gettempdir())):
        path = folder / f"companion-error-{stamp}-{os.getpid()}.log"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with path.open("x", encoding="utf-8") as f:
                f.write(details)
            return path
        except OSError:
            continue
    return None


def _say(line: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr itself may be gone
        sys.stderr.write(printable(line) + "\n")
        sys.stderr.flush()


def report(error: BaseException, lang: str, argv: Sequence[str], where: str = "main") -> int:
    """Say one line for ``error`` (logging the unexpected ones); the exit code it deserves."""
    if isinstance(error, CompanionError):
        _say(error.text(lang))
        return KNOWN_EXIT
    log = write_log(error, where, argv)
    kind = type(error).__name__
    if log is None:
        _say(text(lang, "guard.unexpected_no_log", kind=kind, detail=str(error)[:200]))
    elif where == "main":
        _say(text(lang, "guard.unexpected", kind=kind, log=log))
    else:
        _say(text(lang, "guard.unexpected_thread", kind=kind, thread=where, log=log))
    return UNEXPECTED_EXIT


def _quiet_stdout() -> None:
    """The reader of our output went away (`| head`): stop writing, say nothing."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _output_failed(error: OSError) -> bool:
    """Whether ``error`` is our own output that could not be written (stdout on a full disk)."""
    return error.errno in (errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT) and error.filename is None


def run_guarded(main: Callable[[], Any], argv: Sequence[str] | None = None) -> None:
    """Run ``main`` (the typer app) so that no exception ever reaches the terminal as a traceback;
    on the way out, the threads still in a native library are joined, or left behind by ending the
    process at once (companion.native: never a crash by signal at exit)."""
    since = native.mark()
    try:
        _run_guarded(main, argv)
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else KNOWN_EXIT)
        native.settle_or_exit(since, code)
        raise
    native.settle_or_exit(since, 0)


def _run_guarded(main: Callable[[], Any], argv: Sequence[str] | None) -> None:
    argv = list(sys.argv if argv is None else argv)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or isinstance(args.exc_value, SystemExit):
            return
        name = args.thread.name if args.thread is not None else "thread"
        report(args.exc_value, guard_lang(argv), argv, where=name)

    threading.excepthook = thread_hook
    try:
        main()
    except SystemExit:
        raise
    except BrokenPipeError:
        _quiet_stdout()
        raise SystemExit(0) from None
    except OSError as error:
        if not _output_failed(error):
            code = report(error, guard_lang(argv), argv)
            raise SystemExit(code) from None
        _quiet_stdout()  # nothing more can be written there (a full disk, /dev/full): said on stderr
        _say(text(guard_lang(argv), "guard.output_failed", reason=os_reason(error, guard_lang(argv))))
        raise SystemExit(KNOWN_EXIT) from None
    except KeyboardInterrupt:
        _say(text(guard_lang(argv), "guard.interrupted"))
        raise SystemExit(130) from None
    except BaseException as error:
        code = report(error, guard_lang(argv), argv)
        raise SystemExit(code) from None

