"""Settings for the whole suite.

- The phrasebook is strict: a missing or broken phrase fails the test that meets it, and the
  programs the tests start inherit it.
- Every test process (each pytest-xdist worker, or pytest alone) has its own world: its own
  tmux server, its own COMPANION_HOME, and (started by the `audio` fixture the first time a test
  needs it) its own PulseAudio server with the null sinks, so any two tests can run at once.
- The slow kinds are marked by where they live and what they use (`e2e`, `audio`), so that
  `make check` can leave them out; `realtime` is marked by hand on the tests that play a clip or
  a game at its own speed.
- At the end, the time spent by folder (`make test` also prints the ten slowest tests).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

import pytest

from companion.speech.phrasebook import STRICT_ENV
from tests.worker import worker_name

os.environ[STRICT_ENV] = "1"

_own_home: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    if not os.environ.get("COMPANION_HOME") or os.environ.get("PYTEST_XDIST_WORKER"):
        home = tempfile.mkdtemp(prefix=f"{worker_name()}-home-")
        _own_home.append(home)
        os.environ["COMPANION_HOME"] = home  # the user's own config and data stay untouched


def pytest_unconfigure(config: pytest.Config) -> None:
    tmux = shutil.which("tmux")
    if tmux is not None:  # this process's own tmux server, with any session a failed test left
        subprocess.run([tmux, "-L", worker_name(), "kill-server"], capture_output=True, check=False)
    for home in _own_home:
        shutil.rmtree(home, ignore_errors=True)


_MARK_BY_FOLDER = {"e2e": "e2e"}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow kinds, and start the longest first: a parallel run then ends together.

    The tests that play through the null sinks share one worker (the "audio" group): each
    PulseAudio server costs a tenth of a core while it runs, so one is started, not one a worker.
    Their timing is the device's, so a run that a busy machine disturbed is measured again."""
    for item in items:
        folder = Path(str(item.fspath)).relative_to(config.rootpath / "tests").parts[0]
        if folder in _MARK_BY_FOLDER:
            item.add_marker(_MARK_BY_FOLDER[folder])
        if "audio" in getattr(item, "fixturenames", ()) or item.get_closest_marker("audio"):
            item.add_marker("audio")
            if not item.get_closest_marker("xdist_group"):
                item.add_marker(pytest.mark.xdist_group("audio"))
            if not item.get_closest_marker("flaky"):  # a sound's timing is measured again (four times at
                # most) when a busy machine starved the player or the recording; "rerun" in the summary
                item.add_marker(pytest.mark.flaky(reruns=4, reruns_delay=2))
    items.sort(key=lambda item: 0 if item.get_closest_marker("e2e") or item.get_closest_marker("realtime")
               else 1)


_by_folder: dict[str, float] = defaultdict(float)
_tests_by_folder: dict[str, set[str]] = defaultdict(set)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    parts = report.nodeid.split("::", 1)[0].split("/")
    folder = "/".join(parts[:2]) if len(parts) > 2 else parts[0]
    _by_folder[folder] += report.duration
    _tests_by_folder[folder].add(report.nodeid)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:  # type: ignore[no-untyped-def]
    if not _by_folder or not config.getoption("--times-by-folder"):
        return
    total = sum(_by_folder.values())
    terminalreporter.write_sep("=", "time by folder (setup + call + teardown, summed over workers)")
    for folder, seconds in sorted(_by_folder.items(), key=lambda kv: -kv[1]):
        share = 100 * seconds / total if total else 0.0
        count = len(_tests_by_folder[folder])
        terminalreporter.write_line(f"{seconds:8.1f} s {share:5.1f} %  {count:5d} tests  {folder}")
    terminalreporter.write_line(f"{total:8.1f} s in all")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--times-by-folder", action="store_true", default=False,
                     help="print the time spent by test folder at the end")
