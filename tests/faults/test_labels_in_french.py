"""`companion labels` refusals in the user's language (issue 28, finding 9), through real processes.

Before: a label sheet that could not be written said the system's English inside the French
line ("Impossible d'écrire /proc/x.pdf : No such file or directory."), and `--png` without
pdftoppm "--png needs pdftoppm (Debian: poppler-utils)"; now both are said in words.
"""

from __future__ import annotations

import os
from pathlib import Path

from .conftest import COMPANION, child_env


def test_a_sheet_that_cannot_be_written_is_said_in_french(run) -> None:
    done = run("labels", "tatsu", "--out", "/proc/x.pdf")
    assert done.code == 2
    assert done.one_line() == "Impossible d'écrire /proc/x.pdf : dossier ou fichier introuvable."
    english = run("labels", "tatsu", "--out", "/proc/x.pdf", "--lang", "en")
    assert english.one_line() == "Cannot write /proc/x.pdf: no such file or folder."


def test_png_without_pdftoppm_is_one_line_and_writes_nothing(run, home: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bin"  # a PATH with the program and no pdftoppm
    bare.mkdir()
    for tool in (Path(COMPANION), Path(COMPANION).with_name("python")):
        os.symlink(tool.resolve() if tool.name == "python" else tool, bare / tool.name)
    out, pngs = tmp_path / "labels.pdf", tmp_path / "png"
    env = {**child_env(home), "PATH": str(bare)}
    done = run("labels", "tatsu", "--out", str(out), "--png", str(pngs), env=env)
    assert done.code == 2
    assert done.one_line() == ("--png a besoin du programme pdftoppm (paquet Debian : poppler-utils) ; "
                               "rien n'est écrit.")
    assert not out.exists() and not pngs.exists()
