"""Threads that may be inside a native library when the program ends (issue 28, finding 2).

A thread decoding a frame (OpenCV, zxing-cpp) or opening an audio stream (PortAudio) runs C or
C++ code that Python cannot stop. If the interpreter shuts down meanwhile, the libraries'
own exit code (C++ static destructors, OpenCV's thread pool, PortAudio's terminate) runs under
that thread's feet: the process dies of a signal (exit 139, or 134 "terminate called without
an active exception"), after its goodbye, 1 run in 4 after a frame of 587 tags. So such
threads are made here (`thread`), and on the way out (`settle_or_exit`, called by the guard
once the command is done: its record closed, its goodbye said) they are joined, for at most
`JOIN_S` seconds in all; one that is still running then is left behind by ending the process
at once (`os._exit`, after flushing what was written), which runs no library's exit code.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

JOIN_S = 3.0  # seconds, all threads together, on the way out
HARD_EXIT = True  # off in the test suite's in-process runs (that process is pytest's)

_threads: dict[int, threading.Thread] = {}  # by serial number
_next = [0]  # the next serial number
_lock = threading.Lock()


def thread(target: Callable[[], Any], name: str) -> threading.Thread:
    """A daemon thread (not started) that may run native code; joined on the way out."""
    worker = threading.Thread(target=target, name=name, daemon=True)
    with _lock:
        for key in [k for k, t in _threads.items() if t.ident is not None and not t.is_alive()]:
            del _threads[key]  # ended ones
        _threads[_next[0]] = worker
        _next[0] += 1
    return worker


def mark() -> int:
    """The serial number the next native thread will have: `settle_or_exit` waits for those made
    from now on only (an earlier in-process run's threads are not this run's)."""
    with _lock:
        return _next[0]


def running(since: int = 0) -> list[threading.Thread]:
    with _lock:
        return [t for k, t in _threads.items() if k >= since and t.is_alive()]


def settle(since: int = 0, timeout: float = JOIN_S) -> bool:
    """Join the native threads made since ``since`` for at most ``timeout`` seconds in all;
    True when none is left running."""
    deadline = time.monotonic() + timeout
    for worker in running(since):
        if worker is threading.current_thread():
            continue
        worker.join(max(0.0, deadline - time.monotonic()))
    return not [t for t in running(since) if t is not threading.current_thread()]


def settle_or_exit(since: int, code: int) -> None:
    """On the way out: the native threads joined, or the process ended now with ``code``."""
    if settle(since) or not HARD_EXIT:
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
