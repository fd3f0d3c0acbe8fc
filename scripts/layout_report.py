"""The numbers the layout is judged by: game names and game imports in the shared layers,
lines per module, and import cycles (every import counts, function-local ones too).

    .venv/bin/python scripts/layout_report.py [--games a,b,c]

Game names default to the deck files' names. Read-only: it parses the sources, imports nothing.
"""

from __future__ import annotations

import argparse
import ast
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = {
    "engine": ["companion/engine"],
    "session": ["companion/session"],
    "cli": ["companion/cli"],
    "speech": ["companion/speech"],
    "vision": ["companion/vision"],
    "braille": ["companion/braille"],
    "companion (top)": ["companion/*.py", "companion/*.toml"],
    "printables": ["printables"],
    "card_codes": ["card_codes/*.py", "card_codes/*.toml", "card_codes/*.md"],
}


def files_of(patterns: list[str]) -> list[Path]:
    out: list[Path] = []
    for pattern in patterns:
        path = ROOT / pattern
        if path.is_dir():
            out += [p for p in path.rglob("*") if p.suffix in (".py", ".toml", ".md") and p.is_file()]
        else:
            out += sorted(ROOT.glob(pattern))
    return sorted(set(out))


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _typing_only(tree: ast.Module) -> set[int]:
    """Ids of the import nodes under `if TYPE_CHECKING:` (they never run: no dependency)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return out


def imports_of(path: Path, typing: bool = False) -> set[str]:
    """Every module a file imports at run time (function-local imports too); ``typing``: the
    imports under `if TYPE_CHECKING:` as well (a cycle there is still a cycle for a reader)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = set() if typing else _typing_only(tree)
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1], base])
            out |= {f"{base}.{a.name}" for a in node.names}  # resolved to base when no such module
    return out


def game_import_statements(path: Path) -> int:
    """Import statements that name a game module (companion.games.<something>)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.games"):
            count += 1 if node.module != "companion.games" else len(node.names)
        elif isinstance(node, ast.Import):
            count += sum(a.name.startswith("companion.games.") for a in node.names)
    return count


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def python_modules() -> dict[str, Path]:
    """Every module of the three packages, by dotted name."""
    found = files_of(["companion", "card_codes/*.py", "printables"])
    return {module_name(p): p for p in found if p.suffix == ".py"}


def import_graph(paths: dict[str, Path], typing: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (a name imported from a package is its module)."""
    graph: dict[str, set[str]] = {}
    for mod, path in paths.items():
        deps = set()
        for target in imports_of(path, typing):
            while target and target not in paths:
                target = target.rpartition(".")[0]
            if target and target != mod:
                deps.add(target)
        graph[mod] = deps
    return graph


def class_body(path: Path, name: str) -> ast.ClassDef | None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name), None)


def methods_of(node: ast.ClassDef) -> list[str]:
    return [n.name for n in node.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"]


def class_attributes(node: ast.ClassDef) -> list[str]:
    return [n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]


def table_report(games: list[str]) -> None:
    """The base table rules' hooks, and how many games override each (one game only: a hook
    that belongs to that game, or to a capability)."""
    base = class_body(ROOT / "companion/engine/table.py", "TableRules")
    assert base is not None
    hooks = methods_of(base)
    print(f"- the base: {len(hooks)} methods + {len(class_attributes(base))} attributes")
    overridden: dict[str, list[str]] = {h: [] for h in [*hooks, *class_attributes(base)]}
    for game in games:
        path = ROOT / "companion/games" / game / "table.py"
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            for name in {*methods_of(cls), *class_attributes(cls)} & set(overridden):
                overridden[name].append(game)
    one = {h: g for h, g in overridden.items() if len(g) == 1}
    print(f"- overridden by one game only: {len(one)}"
          + (f" ({', '.join(f'{h}: {g[0]}' for h, g in sorted(one.items()))})" if one else ""))
    print(f"- overridden by none: {sum(not g for g in overridden.values())}")
    caps = ROOT / "companion/engine/capabilities.py"
    if caps.exists():
        tree = ast.parse(caps.read_text(encoding="utf-8"))
        found = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        print(f"- capabilities: {len(found)} ({', '.join(f'{c.name} {len(methods_of(c))}' for c in found)})")


def session_report() -> None:
    """The Session class (mixins, if any, counted in), and the parts it holds: the classes of
    companion/session that take the session as their ``host``."""
    lines = methods = 0
    attributes: set[str] = set()
    merged, parts = [], []
    for path in sorted((ROOT / "companion/session").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        session = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session"), None)
        mixins = {b.id for b in session.bases if isinstance(b, ast.Name)} if session else set()
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            size = (cls.end_lineno or cls.lineno) - cls.lineno + 1
            takes_host = any(isinstance(f, ast.FunctionDef) and f.name == "__init__"
                             and any(a.arg == "host" for a in f.args.args) for f in cls.body)
            if takes_host:
                parts.append(f"{cls.name} {size}/{len(methods_of(cls))}")
            if cls.name != "Session" and cls.name not in mixins | set(SESSION_MIXINS):
                continue
            merged.append(f"{path.name}:{cls.name}")
            lines += size
            methods += len(methods_of(cls))
            for node in ast.walk(cls):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "self" and isinstance(node.ctx, ast.Store)):
                    attributes.add(node.attr)
    print(f"- Session ({', '.join(merged)}): {lines} lines, {methods} methods, {len(attributes)} attributes")
    print(f"- its parts (lines/methods): {', '.join(parts) or 'none'}")


SESSION_MIXINS: tuple[str, ...] = ()  # classes that are the Session itself (mixins): none now


def typing_report() -> None:
    """States typed `Any` in the games (``state: State``, the protocol's alias of Any, or ``Any``),
    and exception classes that do not derive from the companion's one error base."""
    loose = 0
    for path in sorted((ROOT / "companion/games").rglob("*.py")):
        loose += len(re.findall(r"\bstate: (?:State|Any)\b", path.read_text(encoding="utf-8")))
    print(f"- `Any` states in the games' signatures: {loose}")
    bases: dict[str, set[str]] = {}  # every class of ours by name: the names of its bases
    for path in files_of(["companion", "card_codes/*.py", "printables"]):
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            names = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in cls.bases}
            bases.setdefault(cls.name, set()).update(names)

    def ancestors(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        direct = bases.get(name, set()) - seen
        return direct.union(*(ancestors(b, seen | {name}) for b in direct))

    builtin = {"Exception", "ValueError", "OSError", "RuntimeError", "KeyError", "TypeError", "LookupError"}
    errors = [name for name in bases if ancestors(name) & builtin or name.endswith(("Error", "Rejected"))]
    classes = len(errors)
    based = sum("CompanionError" in ancestors(name) or name == "CompanionError" for name in errors)
    print(f"- exception classes: {classes}, without the common base: {classes - based}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", help="game names, comma separated (default: the deck files)")
    args = parser.parse_args()
    decks = sorted(p.stem for p in (ROOT / "card_codes/decks").glob("*.toml"))
    games = args.games.split(",") if args.games else decks
    name_re = re.compile(r"\b(" + "|".join(games) + r")\b", re.IGNORECASE)

    print(f"games: {', '.join(games)}")
    print("\n## Game names and game imports in the shared layers")
    total_names = total_imports = 0
    for layer, patterns in SHARED.items():
        names = imports = 0
        where: dict[str, int] = defaultdict(int)
        for path in files_of(patterns):
            text = path.read_text(encoding="utf-8")
            hits = len(name_re.findall(text))
            names += hits
            if hits:
                where[str(path.relative_to(ROOT))] += hits
            if path.suffix == ".py":
                imports += game_import_statements(path)
        total_names += names
        total_imports += imports
        detail = ", ".join(f"{k} {v}" for k, v in sorted(where.items()))
        print(f"- {layer}: {names} names, {imports} game imports" + (f" ({detail})" if detail else ""))
    print(f"- total: {total_names} names, {total_imports} game imports")

    print("\n## Lines per module (companion, card_codes, printables)")
    sizes = {}
    for path in files_of(["companion", "card_codes/*.py", "printables"]):
        if path.suffix == ".py":
            sizes[str(path.relative_to(ROOT))] = len(path.read_text(encoding="utf-8").splitlines())
    values = sorted(sizes.values())
    print(f"- modules: {len(values)}, median {statistics.median(values):.0f}, max {values[-1]}, "
          f"over 500 lines: {sum(v > 500 for v in values)}, over 300: {sum(v > 300 for v in values)}")
    for name, n in sorted(sizes.items(), key=lambda kv: -kv[1])[:12]:
        print(f"  {n:5d}  {name}")

    for title, typing in (("all imports, function-local ones included", False),
                          ("counting the imports under TYPE_CHECKING too", True)):
        print(f"\n## Import cycles ({title})")
        found = cycles(import_graph(python_modules(), typing=typing))
        if not found:
            print("- none")
        for comp in found:
            print(f"- {len(comp)} modules: {', '.join(comp)}")

    print("\n## The table layer")
    table_report(games)
    session_report()
    typing_report()


if __name__ == "__main__":
    main()
