"""The browser tests' bootstrap (scripts/bootstrap_browser.sh, run by make test) on a bare machine
and on a ready one, with a PATH of stubs: no Chromium and no npm are installed with apt-get, then
axe-core with npm into .venv/npm; a ready machine installs nothing; a failure is one line."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "bootstrap_browser.sh"
TOOLS = ("bash", "grep", "cut", "tail", "rm", "mkdir", "dirname", "cat", "sh", "cp", "chmod")


def _exe(path: Path, body: str) -> None:
    path.write_text("#!/bin/bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def machine(tmp_path: Path, *, chromium: bool, npm: bool, apt_fails: bool = False) -> tuple[Path, Path, Path]:
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(SCRIPT, project / "scripts")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        (bin_dir / tool).symlink_to(shutil.which(tool) or tool)
    log = tmp_path / "calls.log"
    _exe(bin_dir / "id", "echo 0\n")
    # apt-get "installs" by making the stubs appear, as the real one would
    apt = (f'echo "apt-get $*" >> {log}\n' + ("echo 'E: Unable to locate package chromium'; exit 100\n"
                                             if apt_fails else "")
           + f'[[ " $* " == *" chromium "* ]] && printf "#!/bin/bash\\n" > {bin_dir}/chromium '
           f"&& chmod +x {bin_dir}/chromium\n"
           + f'[[ " $* " == *" npm "* ]] && cp {bin_dir}/npm.later {bin_dir}/npm\nexit 0\n')
    _exe(bin_dir / "apt-get", apt)
    npm_body = (f'echo "npm $*" >> {log}\nmkdir -p node_modules/axe-core\n'
                "echo '/*! axe v4.14.1' > node_modules/axe-core/axe.min.js\n")
    _exe(bin_dir / "npm.later", npm_body)
    if npm:
        shutil.copy(bin_dir / "npm.later", bin_dir / "npm")
    if chromium:
        _exe(bin_dir / "chromium", "exit 0\n")
    return project, bin_dir, log


def run(project: Path, bin_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": str(bin_dir), "HOME": str(project), "TMPDIR": str(project)}
    return subprocess.run(["bash", "scripts/bootstrap_browser.sh"], cwd=project, capture_output=True,
                          text=True, env=env, timeout=60)


def test_a_bare_machine_gets_chromium_npm_and_axe_core(tmp_path: Path) -> None:
    project, bin_dir, log = machine(tmp_path, chromium=False, npm=False)
    done = run(project, bin_dir)
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    assert any(c.startswith("apt-get") and " install " in c and "chromium" in c and "npm" in c for c in calls)
    assert any(c.startswith("npm install") and "axe-core@4.14.1" in c for c in calls)
    assert (project / ".venv/npm/node_modules/axe-core/axe.min.js").exists()
    log.unlink()
    again = run(project, bin_dir)  # everything there now: nothing installed, nothing said
    assert again.returncode == 0 and again.stdout == "" and not log.exists()


def test_a_failed_install_is_one_line(tmp_path: Path) -> None:
    project, bin_dir, _log = machine(tmp_path, chromium=False, npm=True, apt_fails=True)
    done = run(project, bin_dir)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "apt-get install chromium failed (E: Unable to locate package chromium)" in done.stderr
