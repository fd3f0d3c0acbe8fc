"""Sources that are no camera, and numbers too large to read (issue 28, finding 9), through real processes.

Before: `play --url file:///etc/passwd` said "Caméra perdue. Nouvel essai." and waited, `play
--camera 7` (no such camera) said nothing, both exit 0; a configuration file's `rate = 1e308`
was refused quoting a 309-digit number. Now each is one line saying what was tried and what
to do, exit non-zero; the number is said as 1e+308.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import child_env


@pytest.mark.parametrize("url", ["file:///etc/passwd", "/dev/video0", "rtsp://", "x" * 5000],
                         ids=["file", "device", "no-host", "5000-chars"])
def test_a_url_that_is_no_network_camera_is_one_line(run, url: str) -> None:
    done = run("play", "tatsu", "--url", url, "--text", stdin=b"quitte\n")
    assert done.code == 2 and done.out == ""
    line = done.one_line()
    reason = "ce n'est pas l'adresse d'une caméra réseau (http://, https://, rtsp://)"
    assert line.startswith("--url ") and reason in line, line
    assert line.endswith("Pour un fichier : --video ou --images."), line
    assert len(line) <= 200
    checked = run("check", "--url", url, "--text")
    assert checked.code == 2 and checked.one_line() == line


def test_a_camera_that_is_not_there_is_one_line(run) -> None:
    if list(Path("/dev").glob("video7")):
        pytest.skip("this machine has a camera 7")
    done = run("play", "tatsu", "--camera", "7", "--text", stdin=b"quitte\n")
    assert done.code == 1 and done.out == ""
    line = done.one_line()
    assert line.startswith("Caméra 7 : aucune image (est-elle branchée, ou prise par un autre programme ?). ")
    assert line.endswith(" Sans caméra : --video, --images ou --synthetic."), line
    english = run("play", "tatsu", "--camera", "7", "--text", "--lang", "en", stdin=b"quit\n")
    assert english.code == 1 and english.one_line().startswith("Camera 7: no picture")


@pytest.mark.parametrize(("setting", "said"), [
    ("rate = 1e308", "rate : 1e+308 est hors des limites (40 à 900)"),
    ("rate = -1e308", "rate : -1e+308 est hors des limites (40 à 900)"),
    ("rate = 123456789012345678901234567890", "rate : 1.23457e+29 est hors des limites (40 à 900)"),
    ("pan = 1e308", "pan : 1e+308 est hors des limites (0 à 1)"),
])
def test_a_huge_number_in_the_configuration_is_said_readably(run, home: Path, setting: str,
                                                             said: str) -> None:
    (home / "config.toml").write_text(setting + "\n", encoding="utf-8")
    done = run("config", env=child_env(home))
    assert done.code == 0
    assert done.one_line() == f"Configuration : {said}. Ce réglage est ignoré : valeur par défaut."
    typed = run("config", "--set", setting.replace(" = ", "="))
    assert typed.code != 0 and len(typed.err) < 200 and "0" * 20 not in typed.err
