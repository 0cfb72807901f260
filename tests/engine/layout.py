"""The import graph and module sizes of a package, read from its source with ``ast``.

Shared by the layout tests of the engine (``tests/engine/test_engine_layout.py``) and of
the web app (``tests/web/test_layout.py``), which hold both to the developer guide (#33):
no module over 600 lines, no import circle.  Only module-level imports make edges (also
those under ``if TYPE_CHECKING:`` and ``try:``): an import inside a function is read when
the function runs, where a circle no longer stops a module from loading.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 600


def sources(package: Path, root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``package`` but migrations, by dotted name."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _imported(
    node: ast.Import | ast.ImportFrom, module: str, package: bool, known: Collection[str] = ()
) -> list[str]:
    """The dotted names one import statement of ``module`` may load.

    ``from pkg import a, b`` loads ``pkg`` itself, unless ``pkg`` is a package that holds
    ``module`` and ``a``, ``b`` are modules of it (in ``known``): Python has begun loading
    every package around a module before the module, and takes a submodule from a package
    still loading without running its ``__init__`` again.  A name defined by that
    ``__init__`` is another matter: it may not be there yet, so that import is an edge.
    """
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        anchor = module.split(".") if package else module.split(".")[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    names = [f"{base}.{alias.name}" for alias in node.names]
    around = module.startswith(base + ".")
    if around and all(name in known for name in names):
        return names
    return [base, *names]


def import_graph(modules: dict[str, Path]) -> nx.DiGraph[str]:
    """An edge from each module to every one of ``modules`` it imports at module level."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for module, path in modules.items():
        graph.add_node(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = path.name == "__init__.py"
        statements: list[ast.stmt] = list(tree.body)
        while statements:
            node = statements.pop()
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name in _imported(node, module, package, modules):
                    if name in modules and name != module:
                        graph.add_edge(module, name)
            elif isinstance(node, (ast.If, ast.Try)):  # ``if TYPE_CHECKING:``, ``try:`` blocks
                statements.extend(node.body + node.orelse)
                statements.extend(getattr(node, "finalbody", []))
                for handler in getattr(node, "handlers", []):
                    statements.extend(handler.body)
    return graph


def long_modules(modules: dict[str, Path]) -> dict[str, int]:
    """The modules longer than :data:`MAX_LINES`, with their number of lines."""
    return {
        module: lines
        for module, path in modules.items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }


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
