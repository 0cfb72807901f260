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


def test_a_circle_is_found() -> None:
    """The check sees a circle made of relative and absolute imports."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_edge("swissweb.a", "swissweb.b")
    graph.add_edge("swissweb.b", "swissweb.a")
    assert list(nx.simple_cycles(graph)) != []
    tree = ast.parse("from . import b\nfrom .c import d\n")
    first, second = tree.body
    assert isinstance(first, ast.ImportFrom) and isinstance(second, ast.ImportFrom)
    assert "swissweb.x.b" in _imported(first, "swissweb.x.a", package=False)
    assert "swissweb.x.c" in _imported(second, "swissweb.x.a", package=False)


def test_no_module_over_600_lines() -> None:
    """Outside migrations no module of ``swissweb`` is longer than 600 lines."""
    long = {
        module: lines
        for module, path in _sources().items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
