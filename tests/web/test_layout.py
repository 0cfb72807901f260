"""The web app's layout holds (#33): no import circle, no module over 600 lines.

The import graph is built from the source with ``ast``, module-level imports only (a
function-level import is where Django requires one, each with its reason beside it), so a
circle hidden behind imports inside functions still shows here once they are lifted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "swissweb"
MAX_LINES = 600


def _sources() -> dict[str, Path]:
    """Every module of ``swissweb`` but migrations, by dotted name."""
    modules = {}
    for path in sorted(WEB.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _imported(node: ast.Import | ast.ImportFrom, module: str, package: bool) -> list[str]:
    """The dotted names one import statement of ``module`` may load."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        anchor = module.split(".") if package else module.split(".")[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def import_graph(modules: dict[str, Path]) -> nx.DiGraph[str]:
    """An edge from each module to every ``swissweb`` module it imports at module level."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for module, path in modules.items():
        graph.add_node(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = path.name == "__init__.py"
        statements: list[ast.stmt] = list(tree.body)
        while statements:
            node = statements.pop()
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name in _imported(node, module, package):
                    if name in modules and name != module:
                        graph.add_edge(module, name)
            elif isinstance(node, (ast.If, ast.Try)):  # ``if TYPE_CHECKING:``, ``try:`` blocks
                statements.extend(node.body + node.orelse)
                statements.extend(getattr(node, "finalbody", []))
                for handler in getattr(node, "handlers", []):
                    statements.extend(handler.body)
    return graph


def test_no_import_circle_in_swissweb() -> None:
    """Module-level imports of ``swissweb`` form no circle, so every module loads alone."""
    graph = import_graph(_sources())
    assert graph.number_of_nodes() > 50
    assert list(nx.simple_cycles(graph)) == []


def test_a_circle_is_found(tmp_path: Path) -> None:
    """The check sees a circle made of a relative and an absolute import, and one hidden
    under ``if TYPE_CHECKING:``."""
    (tmp_path / "a.py").write_text("from . import b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from swissweb.x.c import C\n", encoding="utf-8")
    (tmp_path / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from swissweb.x import a\n",
        encoding="utf-8",
    )
    modules = {f"swissweb.x.{name}": tmp_path / f"{name}.py" for name in "abc"}
    cycles = list(nx.simple_cycles(import_graph(modules)))
    assert [sorted(cycle) for cycle in cycles] == [["swissweb.x.a", "swissweb.x.b", "swissweb.x.c"]]


def unexplained_function_imports(modules: dict[str, Path], root: Path = ROOT) -> list[str]:
    """``path:line`` of each import inside a function with no comment on its line."""
    found = []
    for path in modules.values():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if not isinstance(inner, (ast.Import, ast.ImportFrom)):
                        continue
                    if "#" not in lines[inner.lineno - 1]:
                        found.append(f"{path.relative_to(root)}:{inner.lineno}")
    return found


def test_function_level_imports_say_why() -> None:
    """An import inside a function is where Django requires one, with its reason beside
    it; any other belongs at module level, where the circle check sees it."""
    assert unexplained_function_imports(_sources()) == []


def test_an_unexplained_function_import_is_found(tmp_path: Path) -> None:
    """The check names a bare import inside a function and passes one with a reason."""
    bare = tmp_path / "swissweb" / "bare.py"
    bare.parent.mkdir()
    bare.write_text("def f() -> None:\n    import json\n", encoding="utf-8")
    said = tmp_path / "swissweb" / "said.py"
    said.write_text("def f() -> None:\n    import json  # apps not ready yet\n", encoding="utf-8")
    modules = {"swissweb.bare": bare, "swissweb.said": said}
    assert unexplained_function_imports(modules, tmp_path) == ["swissweb/bare.py:2"]


def test_no_module_over_600_lines() -> None:
    """Outside migrations no module of ``swissweb`` is longer than 600 lines."""
    long = {
        module: lines
        for module, path in _sources().items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
