"""The layout keeps its promises (DESIGN §2): the shared layers name no game and import none, the
pure core imports no I/O layer, hooks are declared (never probed with getattr), no import cycle."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from companion.engine import games

ROOT = Path(__file__).resolve().parent.parent
SHARED = ["companion/engine", "companion/session", "companion/cli", "companion/speech", "companion/vision",
          "companion/braille", "printables", "card_codes"]
SHARED_FILES = ["companion/*.py", "companion/*.toml"]
IO_LAYERS = ("companion.vision", "companion.speech", "companion.session", "companion.cli",
             "companion.journal", "companion.config", "companion.paths", "companion.commands",
             "companion.braille", "companion.typed_input")
HEAVY = ("cv2", "zxingcpp", "pyzbar", "pyttsx3", "sounddevice", "reportlab", "segno", "numpy", "typer")
PHOTO_MODULES = ("photo.py", "camera.py")  # a game's photo reading: vision helpers, OpenCV imported lazily


def _report():  # type: ignore[no-untyped-def]
    """scripts/layout_report.py, whose import graph the cycle test shares."""
    spec = importlib.util.spec_from_file_location("layout_report", ROOT / "scripts" / "layout_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["layout_report"] = module
    spec.loader.exec_module(module)
    return module


REPORT = _report()


def shared_files() -> list[Path]:
    out = [p for folder in SHARED for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".toml")]
    out += [p for pattern in SHARED_FILES for p in ROOT.glob(pattern)]
    return sorted(p for p in out if "decks" not in p.relative_to(ROOT).parts)  # a deck file is its game's


def imports(path: Path, *, top_level_only: bool = False) -> set[str]:
    """The modules a file imports (with ``top_level_only``, only those imported at module level)."""
    if not top_level_only:
        return set(REPORT.imports_of(path))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_the_shared_layers_name_no_game() -> None:
    names = re.compile(r"\b(" + "|".join(map(re.escape, games())) + r")\b", re.IGNORECASE)
    found = {str(p.relative_to(ROOT)): sorted(set(names.findall(p.read_text(encoding="utf-8"))))
             for p in shared_files() if names.search(p.read_text(encoding="utf-8"))}
    assert found == {}, f"game names in the shared layers: {found}"


def test_the_shared_layers_import_no_game() -> None:
    found = {str(p.relative_to(ROOT)): sorted(m for m in imports(p) if m.startswith("companion.games"))
             for p in shared_files() if p.suffix == ".py"}
    assert {k: v for k, v in found.items() if v} == {}


def core_modules() -> list[Path]:
    """The pure core: the engine, card identity, and every game module but its photo reading."""
    out = sorted((ROOT / "companion" / "engine").rglob("*.py")) + sorted((ROOT / "card_codes").rglob("*.py"))
    out += [p for p in sorted((ROOT / "companion" / "games").rglob("*.py")) if p.name not in PHOTO_MODULES]
    return out


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_pure_core_imports_no_io_layer_and_no_heavy_library(path: Path) -> None:
    bad = sorted(m for m in imports(path) if m.startswith(IO_LAYERS) or m.split(".")[0] in HEAVY)
    assert bad == []
    if path.is_relative_to(ROOT / "card_codes"):  # printing needs it alone: the standard library only
        ours = [m for m in imports(path) if m.split(".")[0] not in sys.stdlib_module_names]
        assert all(m.startswith("card_codes") for m in ours), ours


def test_printables_import_only_card_codes_of_ours() -> None:
    for path in sorted((ROOT / "printables").rglob("*.py")):
        assert not any(m.startswith("companion") for m in imports(path)), path


@pytest.mark.parametrize("path", [p for p in sorted((ROOT / "companion" / "games").rglob("*.py"))
                                  if p.name in PHOTO_MODULES], ids=lambda p: str(p.relative_to(ROOT)))
def test_a_photo_reading_imports_heavy_libraries_lazily(path: Path) -> None:
    assert not [m for m in imports(path, top_level_only=True) if m.split(".")[0] in HEAVY]
    assert not [m for m in imports(path) if m.startswith(IO_LAYERS) and not m.startswith("companion.vision")]


def test_hooks_are_declared_never_probed() -> None:
    probed = []
    for folder in ("companion/engine", "companion/session", "companion/cli", "companion/games"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("getattr", "hasattr")):
                    probed.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert probed == []


def test_no_import_cycle() -> None:
    modules = REPORT.python_modules()
    assert REPORT.cycles(REPORT.import_graph(modules)) == []


def test_no_import_cycle_for_a_reader() -> None:
    """Imports under ``TYPE_CHECKING`` count too: a part that names the session it belongs to
    is a cycle for whoever reads it (the parts see the session as a `Host` protocol)."""
    modules = REPORT.python_modules()
    assert REPORT.cycles(REPORT.import_graph(modules, typing=True)) == []


def test_the_session_parts_see_only_the_host() -> None:
    """No part of the session imports the session (loop.py) or another part: each is given the
    session as its `Host` (session/host.py), and only loop.py puts them together."""
    parts = ("setup", "handlers", "names", "driver", "layout")
    found = {}
    for name in parts:
        path = ROOT / "companion" / "session" / f"{name}.py"
        mine = {m for m in REPORT.imports_of(path, True) if m.startswith("companion.session.")}
        wrong = sorted(m for m in mine if m.rpartition(".")[2] in (*parts, "loop"))
        if wrong:
            found[name] = wrong
    assert found == {}


def test_the_program_imports_no_test_kit() -> None:
    """The realism kit and the tests' helpers are not the program's: nothing installed imports them."""
    program = [p for p in shared_files() + sorted((ROOT / "companion" / "games").rglob("*.py"))
               if p.suffix == ".py"]
    kits = ("kit", "tests", "bench")
    found = {str(p.relative_to(ROOT)): sorted(m for m in imports(p) if m.split(".")[0] in kits)
             for p in program}
    assert {k: v for k, v in found.items() if v} == {}
