"""What one test process owns, so that tests run side by side (pytest-xdist workers, or two
runs at once): a name for its tmux server and folders, and its own PulseAudio server."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def worker_name() -> str:
    """This process's name among the test processes: the xdist worker ("gw3") and its pid."""
    return f"companion-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}"


def start_pulse(pa_dir: str | None = None) -> dict[str, str]:
    """Run scripts/audio_up.sh (a PulseAudio server of its own, with the null sinks); its
    exported variables."""
    env = dict(os.environ)
    env.pop("PULSE_SERVER", None)
    if pa_dir:
        Path(pa_dir).mkdir(parents=True, exist_ok=True)
        env["PA_DIR"] = pa_dir
    done = subprocess.run(["bash", str(ROOT / "scripts" / "audio_up.sh")], env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    words = shlex.split(done.stdout.strip().splitlines()[-1])
    return dict(w.split("=", 1) for w in words[1:])


def stop_pulse(pa_dir: str) -> None:
    subprocess.run(["bash", str(ROOT / "scripts" / "audio_down.sh")], env={**os.environ, "PA_DIR": pa_dir},
                   capture_output=True, timeout=15, check=False)
