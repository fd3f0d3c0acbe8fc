"""Crashes by signal at exit (issue 28, finding 2), through real processes.

Before: quitting while the camera thread decoded a large frame of every tag (587) ended the
process by a signal after its goodbye (exit 139, or 134 "terminate called without an active
exception": OpenCV's exit code ran under the decoding thread), about 1 run in 4. Now the
threads in native code are joined on the way out, or left behind by ending the process at once.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from .conftest import COMPANION, ROOT, TIMEOUT, child_env

RUNS = 8


def every_tag(cell: int = 21, columns: int = 25) -> np.ndarray:
    """All 587 ids of the family (printables' own tag drawing), large: a decode of seconds."""
    from printables.tagcode import tag_matrix

    side, pad = 8 * cell, 2 * cell
    rows = (587 + columns - 1) // columns
    image = np.full((rows * (side + 2 * pad), columns * (side + 2 * pad), 3), 255, np.uint8)
    for tag in range(587):
        cells = np.where(np.array(tag_matrix(tag), dtype=bool), 20, 250).astype(np.uint8)
        block = cv2.resize(cells, (side, side), interpolation=cv2.INTER_NEAREST)
        r, c = divmod(tag, columns)
        y, x = r * (side + 2 * pad) + pad, c * (side + 2 * pad) + pad
        image[y:y + side, x:x + side] = block[:, :, None]
    return image


def quit_while_decoding(home: Path, folder: Path) -> tuple[int, str, str]:
    # the tag decoder only: OpenCV (aruco) all along
    command = [COMPANION, "play", "tatsu", "--images", str(folder), "--text", "--decoder", "tag"]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=child_env(home), cwd=home, text=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("\n")
    process.stdin.flush()
    lines = []
    for line in process.stdout:  # the game has begun: the camera thread is decoding the frames
        lines.append(line)
        if line.startswith("La partie commence"):
            break
    time.sleep(1.0)
    out, err = process.communicate("quitte\n", timeout=TIMEOUT)
    return process.returncode, "".join(lines) + out, err


@pytest.mark.slow
def test_quitting_while_a_frame_of_587_tags_is_decoded_never_crashes(home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    image = every_tag()
    assert max(image.shape[:2]) <= 8000  # an image the program takes
    for i in range(6):
        cv2.imwrite(str(folder / f"{i}.png"), image)
    runs = [quit_while_decoding(home, folder) for _ in range(RUNS)]
    codes = [code for code, _, _ in runs]
    assert codes == [0] * RUNS, (codes, [err for _, _, err in runs])  # never -11 (SIGSEGV), -6 (SIGABRT)
    for _, out, err in runs:
        assert "Au revoir. La partie est enregistrée." in out.splitlines(), out
        assert err == "", err


def test_a_native_thread_that_will_not_stop_is_left_behind_with_the_exit_code_kept(tmp_path: Path) -> None:
    """The way out when a native thread never returns (an audio device that does not answer):
    what was written is flushed, the exit code kept, the wait bounded."""
    script = textwrap.dedent("""
        import sys, threading, time
        from companion import native
        from companion.guard import run_guarded
        stuck = threading.Event()

        def main():
            native.thread(stuck.wait, "audio-device").start()  # as a PortAudio open that never returns
            sys.stdout.write("Au revoir.")  # no newline, not flushed: must still be written
            raise SystemExit(1)

        run_guarded(main)
        print("never reached")
    """)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=TIMEOUT,
                          cwd=ROOT, env=child_env(tmp_path))
    assert done.returncode == 1 and done.stdout == "Au revoir.", (done.returncode, done.stdout, done.stderr)
    assert done.stderr == ""
    assert time.monotonic() - started < TIMEOUT / 2
