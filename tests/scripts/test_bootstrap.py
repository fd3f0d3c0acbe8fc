"""The bootstrap on every machine state, proved on a machine that has every package already.

`scripts/bootstrap.sh` runs in a scratch copy of the project with a PATH of stubs: a
`dpkg-query` that answers as the real one does on a bare machine (nothing found, exit 1),
some packages, or all of them; an `apt-get` that records its arguments (or fails the way
the real one does); an `id` that says root or not. The `.venv` step is the fast path (a
stub interpreter and a fresh stamp), except where a test is about it.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "bootstrap.sh"
# the packages the script asks for, read from the script itself (one list, not two)
DEBS = re.findall(r"^\s+([a-z0-9][a-z0-9.+-]+(?:\s+[a-z0-9][a-z0-9.+-]+)*)\s+#",
                  SCRIPT.read_text().split("DEBS=(")[1].split(")")[0], re.M)
DEBS = [p for line in DEBS for p in line.split()]
TOOLS = ("bash", "awk", "grep", "cut", "tail", "rm", "touch", "dirname", "cat", "mkdir", "make", "sh")


def _exe(path: Path, body: str) -> None:
    path.write_text("#!/bin/bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


@pytest.fixture
def machine(tmp_path: Path):
    """A scratch project (script, Makefile, pyproject, a ready .venv) and a PATH of stubs."""
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(SCRIPT, project / "scripts" / "bootstrap.sh")
    shutil.copy(ROOT / "Makefile", project / "Makefile")
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    venv = project / ".venv" / "bin"
    venv.mkdir(parents=True)
    _exe(venv / "python", "exit 0\n")
    os.utime(project / "pyproject.toml", (1, 1))
    (project / ".venv" / ".installed").touch()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        real = shutil.which(tool)
        assert real, tool
        (bin_dir / tool).symlink_to(real)
    log = tmp_path / "apt.log"
    state = {"installed": [], "apt": "ok", "uid": 0}

    def run(*args: str, command: list[str] | None = None, env: dict[str, str] | None = None):
        installed = "\n".join(f"echo '{p} install ok installed'" for p in state["installed"])
        unknown = [p for p in DEBS if p not in state["installed"]]
        _exe(bin_dir / "dpkg-query",
             f"{installed}\n" + "".join(f"echo 'dpkg-query: no packages found matching {p}' >&2\n"
                                        for p in unknown) + f"exit {1 if unknown else 0}\n")
        failures = {
            "ok": "",
            "install": 'if [ "$3" != update ] && [[ " $* " == *" install "* ]]; then '
                       "echo 'E: Unable to locate package sox'; exit 100; fi\n",
            "offline": '[[ " $* " == *" update "* ]] && { echo "W: Failed to fetch http://deb.debian.org/'
                       'debian/dists/bookworm/InRelease"; echo "E: Some index files failed to download."; '
                       "exit 100; }\n",
            "lock": "echo 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 "
                    "(apt)'; exit 100\n",
        }
        _exe(bin_dir / "apt-get", f'echo "$*" >> {log}\n' + failures[state["apt"]] + "exit 0\n")
        _exe(bin_dir / "id", f"echo {state['uid']}\n")
        full_env = {"PATH": str(bin_dir), "HOME": str(tmp_path), "PYTHON": sys.executable,
                    "TMPDIR": str(tmp_path), **(env or {})}
        cmd = command or [str(bin_dir / "bash"), "scripts/bootstrap.sh", *args]
        return subprocess.run(cmd, cwd=project, env=full_env, capture_output=True, text=True, timeout=60)

    def apt_calls() -> list[str]:
        return log.read_text().splitlines() if log.exists() else []

    return run, state, apt_calls, project


def test_the_package_list_is_read(machine) -> None:
    assert len(DEBS) >= 15 and "espeak-ng" in DEBS and "sox" in DEBS


def test_a_bare_machine_installs_every_package(machine) -> None:
    run, _state, apt_calls, _ = machine
    result = run()
    assert result.returncode == 0, result.stderr
    calls = apt_calls()
    assert any(c.endswith(" update") for c in calls)
    install = [c for c in calls if " install " in c]
    assert len(install) == 1
    asked = install[0].split(" install ")[1].split()
    assert "-y" in asked and "--no-install-recommends" in asked
    assert sorted(a for a in asked if not a.startswith("-")) == sorted(DEBS)
    assert f"installing {len(DEBS)} Debian packages" in result.stdout  # it says what it installs
    for package in DEBS:
        assert package in result.stdout


def test_some_packages_installs_only_the_missing_ones(machine) -> None:
    run, state, apt_calls, _ = machine
    state["installed"] = DEBS[:5]
    result = run()
    assert result.returncode == 0, result.stderr
    install = next(c for c in apt_calls() if " install " in c)
    assert sorted(install.split(" install ")[1].split()[2:]) == sorted(DEBS[5:])


def test_everything_installed_asks_nothing_and_says_nothing(machine) -> None:
    run, state, apt_calls, _ = machine
    state["installed"] = list(DEBS)
    result = run()
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert apt_calls() == []


@pytest.mark.parametrize(("failure", "words"), [
    ("install", ["step 2", "apt-get install", "Unable to locate package sox"]),
    ("offline", ["step 2", "apt-get update", "package index could not be reached", "network"]),
    ("lock", ["step 2", "package lock", "process 4242", "wait"]),
])
def test_apt_failures_give_one_clear_line(machine, failure: str, words: list[str]) -> None:
    run, state, _apt, _ = machine
    state["apt"] = failure
    result = run()
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("bootstrap: ")
    for word in words:
        assert word in lines[0]


def test_apt_failure_through_make_is_never_a_bare_make_error(machine) -> None:
    run, state, _apt, _ = machine
    state["apt"] = "install"
    result = run(command=["make", "bootstrap"])
    assert result.returncode != 0
    assert "bootstrap: step 2 (Debian packages, apt-get install) failed" in result.stderr


def test_no_root_and_no_sudo_says_what_to_do(machine) -> None:
    run, state, apt_calls, _ = machine
    state["uid"] = 1000
    result = run()
    assert result.returncode == 1
    assert "not root and no sudo" in result.stderr
    assert "apt-get install " + " ".join(DEBS) in result.stderr  # what an administrator would run
    assert apt_calls() == []


def test_an_old_python_is_refused_before_anything(machine, tmp_path: Path) -> None:
    run, _state, apt_calls, _ = machine
    old = tmp_path / "python3.9"
    _exe(old, 'case "$*" in *"print("*) echo 3.9;; *) exit 1;; esac\n')
    result = run(env={"PYTHON": str(old)})
    assert result.returncode == 1
    assert "step 1 (Python)" in result.stderr and "3.9" in result.stderr and "3.11" in result.stderr
    assert apt_calls() == []


def test_no_venv_module_says_install_python3_venv(machine, tmp_path: Path) -> None:
    run, state, _apt, project = machine
    state["installed"] = list(DEBS)
    shutil.rmtree(project / ".venv")
    broken = tmp_path / "python3"
    # a Python 3.11 whose venv cannot bootstrap pip, as Debian's without python3-venv
    _exe(broken, 'case "$*" in *"sys.exit"*) exit 0;; *"--version"*) echo "Python 3.11.2";; '
                 '*"-m venv"*) echo "The virtual environment was not created successfully because '
                 'ensurepip is not available."; exit 1;; *) exit 1;; esac\n')
    result = run(env={"PYTHON": str(broken)})
    assert result.returncode == 1
    assert "step 3 (.venv)" in result.stderr and "python3-venv" in result.stderr
    assert not (project / ".venv").exists()  # no half-made venv left for the next run to trust
