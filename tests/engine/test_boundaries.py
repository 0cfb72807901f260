"""The engine is a library: it imports nothing of Django or the web app (STYLE 1.1)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "pairing" / "engine"
FORBIDDEN = ("django", "swissweb")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_engine_modules_import_no_django() -> None:
    """No file under pairing/engine/ imports django or swissweb."""
    offenders = {
        f"{path.relative_to(ENGINE.parent.parent)}: {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert not offenders


def test_engine_imports_without_django_settings() -> None:
    """The engine imports and lists its systems with no Django settings configured."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    code = "import sys, pairing.engine; assert 'django' not in sys.modules; print('ok')"
    completed = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parent.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "ok"


def test_pairing_package_init_is_empty() -> None:
    """pairing/__init__.py stays empty so `python -m pairing` needs no Django."""
    assert (ENGINE.parent / "__init__.py").read_text(encoding="utf-8").strip() == ""


PRODUCT = [
    path
    for top in ("pairing", "swissweb", "bench")
    for path in sorted((ENGINE.parents[1] / top).rglob("*.py"))
    if "migrations" not in path.parts
]
SYSTEMS_DIR = ENGINE / "systems"


def _system_package(path: Path) -> str | None:
    """The system whose package holds ``path``, if any."""
    if SYSTEMS_DIR in path.parents and path.parent != SYSTEMS_DIR:
        return path.relative_to(SYSTEMS_DIR).parts[0]
    return None


def _internal_imports(path: Path) -> set[str]:
    """The modules of system packages ``path`` imports below their package's front."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[:3] == ["pairing", "engine", "systems"] and len(parts) > 4:
                found.add(".".join(parts[:5]))
    return found


def offending_imports(paths: list[Path]) -> set[str]:
    """Imports of a system's internals from outside its own package."""
    offenders = set()
    for path in paths:
        own = _system_package(path)
        for name in _internal_imports(path):
            if name.split(".")[3] != own:
                offenders.add(f"{path.name}: {name}")
    return offenders


def test_engine_front_door_no_system_internals_imported_outside_their_package() -> None:
    """Outside a system's package only its ``RULES`` (through the registry) is used."""
    assert not offending_imports(PRODUCT)


def test_engine_front_door_detects_an_internal_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from pairing.engine.systems.lim.procedure import lim_7_order\n")
    good = tmp_path / "good.py"
    good.write_text("from pairing.engine import rules_for\n")
    assert offending_imports([bad, good]) == {
        "bad.py: pairing.engine.systems.lim.procedure",
    }


SYSTEM_NAMES = {"DUTCH_1992", "LIM", "ESCA", "SB"}


def _is_system_constant(node: ast.expr) -> bool:
    """``System.LIM``, ``PairingSystem.ESCA`` or a system's name as a string."""
    if isinstance(node, ast.Attribute) and node.attr in SYSTEM_NAMES:
        return isinstance(node.value, ast.Name) and node.value.id.endswith("System")
    return isinstance(node, ast.Constant) and node.value in {"dutch1992", "lim", "esca", "sb"}


def system_branches(paths: list[Path]) -> set[str]:
    """Comparisons and ``case`` patterns on a particular system's name."""
    found = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is_system_constant(side) for side in sides):
                    found.add(f"{path.name}:{node.lineno}")
            elif isinstance(node, ast.MatchValue) and _is_system_constant(node.value):
                found.add(f"{path.name}:{node.lineno}")
    return found


def test_engine_front_door_no_branch_on_a_system_outside_the_registry() -> None:
    """No ``if system == ...``: what differs between systems is in their ``RULES``."""
    outside = [p for p in PRODUCT if _system_package(p) is None and p.name != "registry.py"]
    assert not system_branches(outside)
    templates = ENGINE.parents[1] / "templates"
    assert not [
        path.name
        for path in templates.rglob("*.html")
        for line in path.read_text(encoding="utf-8").splitlines()
        if "system ==" in line or "system !=" in line
    ]


def test_engine_front_door_detects_a_branch(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "if event.system == System.LIM:\n    pass\n"
        "match s:\n    case PairingSystem.ESCA:\n        pass\n"
        "x = system != 'sb'\n"
    )
    assert system_branches([bad]) == {"bad.py:1", "bad.py:4", "bad.py:6"}


def engine_import_graph() -> dict[str, set[str]]:
    """Which engine modules each engine module imports, anywhere in its body."""
    root = ENGINE.parent.parent
    graph: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
        graph[name] = {m for m in found if m.startswith("pairing.engine") and m != name}
    return {name: {m for m in deps if m in graph} for name, deps in graph.items()}


def test_engine_modules_import_no_cycle_but_through_package_fronts() -> None:
    """No two engine modules import each other (the tiebreaks/standings shim is gone).

    A package's ``__init__`` may import its own modules and they the package's siblings,
    so edges into a package front from inside it are left out.
    """
    graph = engine_import_graph()

    def inside(module: str, package: str) -> bool:
        return module.startswith(package + ".")

    edges = {name: {dep for dep in deps if not inside(name, dep)} for name, deps in graph.items()}
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, path: list[str]) -> bool:
        state[node] = 1
        for dep in sorted(edges[node]):
            if state.get(dep) == 1:
                cycle.extend([*path, node, dep])
                return True
            if dep not in state and visit(dep, [*path, node]):
                return True
        state[node] = 2
        return False

    for node in sorted(edges):
        if node not in state and visit(node, []):
            break
    assert not cycle, " -> ".join(cycle)
