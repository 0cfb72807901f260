"""#33: one door between the web app and the engine, and the engine's own few imports.

- Outside ``swissweb/tournament/rounds/engine_door.py`` (and migrations), no module of
  ``swissweb`` imports ``pairing`` (the engine, or ``pairing.timed`` that runs it under a
  time limit): the door names what the web uses of the engine, so the engine's layout
  can change behind it.
- The engine imports the standard library, itself, and the third-party packages of
  :data:`ALLOWED` only: each is a dependency every user of the library installs.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOOR = ROOT / "swissweb" / "tournament" / "rounds" / "engine_door.py"
ALLOWED = frozenset({"networkx"})
"""Third-party packages the engine may import: networkx (maximum weight matching)."""


def _absolute_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in ``path``, function-level ones too;
    ``from pairing import engine`` counts as ``pairing.engine``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return sorted(found)


def engine_imports_outside_the_door(root: Path, door: Path) -> list[str]:
    """``path:line: module`` for each import of ``pairing`` by a module under ``root``
    other than ``door`` and migrations."""
    return [
        f"{path.relative_to(root)}:{line}: {module}"
        for path in sorted(root.rglob("*.py"))
        if path != door and "migrations" not in path.parts
        for line, module in _absolute_imports(path)
        if module.split(".")[0] == "pairing"
    ]


def foreign_imports(paths: list[Path], allowed: frozenset[str]) -> list[str]:
    """``file:line: module`` for each import of neither the standard library, the
    ``pairing`` package nor a package of ``allowed``."""
    return [
        f"{path.name}:{line}: {module}"
        for path in paths
        for line, module in _absolute_imports(path)
        if (top := module.split(".")[0]) not in sys.stdlib_module_names
        and top != "pairing"
        and top not in allowed
    ]


def _engine_files() -> list[Path]:
    """The engine and what runs it: ``pairing/engine/``, ``timed.py``, ``__main__.py``
    (``pairing/apps.py`` is the Django side, for the system check)."""
    pairing = ROOT / "pairing"
    return sorted(pairing.joinpath("engine").rglob("*.py")) + [
        pairing / "timed.py",
        pairing / "__main__.py",
    ]


def test_only_the_engine_door_imports_the_engine_in_the_web_app() -> None:
    """No swissweb module but engine_door imports pairing.engine or pairing.timed."""
    assert DOOR.is_file()
    assert engine_imports_outside_the_door(ROOT / "swissweb", DOOR) == []


def test_an_engine_import_outside_the_door_is_found(tmp_path: Path) -> None:
    """Module-level and function-level imports, in every spelling, are caught."""
    web = tmp_path / "swissweb"
    (web / "migrations").mkdir(parents=True)
    door = web / "engine_door.py"
    door.write_text("from pairing.engine import rules_for\n", encoding="utf-8")
    (web / "migrations" / "0001.py").write_text("import pairing.engine\n", encoding="utf-8")
    (web / "views.py").write_text(
        "from pairing import engine\n\n\ndef f():\n    from pairing.engine.trf import Header\n"
        "import pairing.timed\nfrom .engine_door import trf\nimport pairingx\n",
        encoding="utf-8",
    )
    assert engine_imports_outside_the_door(tmp_path, door) == [
        "swissweb/views.py:1: pairing.engine",
        "swissweb/views.py:5: pairing.engine.trf.Header",
        "swissweb/views.py:6: pairing.timed",
    ]


def test_engine_third_party_imports_are_the_allow_list() -> None:
    """The engine imports nothing from outside the standard library but networkx."""
    files = _engine_files()
    assert all(path.is_file() for path in files)
    assert foreign_imports(files, ALLOWED) == []


def test_an_engine_import_off_the_allow_list_is_found(tmp_path: Path) -> None:
    """A package not on the list fails; the standard library and networkx pass."""
    module = tmp_path / "matching.py"
    module.write_text(
        "from __future__ import annotations\nimport itertools\nimport networkx as nx\n"
        "from numpy import array\nfrom pairing.engine import model\nimport scipy.optimize\n",
        encoding="utf-8",
    )
    assert foreign_imports([module], ALLOWED) == [
        "matching.py:4: numpy.array",
        "matching.py:6: scipy.optimize",
    ]
