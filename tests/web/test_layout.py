"""The web app's layout holds (#33): no import circle, no module over 600 lines.

The import graph is built from the source with ``ast``, module-level imports only (a
function-level import is where Django requires one, each with its reason beside it), so a
circle hidden behind imports inside functions still shows here once they are lifted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from tests.engine.layout import ROOT, import_graph, long_modules, sources

WEB = ROOT / "swissweb"


def _sources() -> dict[str, Path]:
    """Every module of ``swissweb`` but migrations, by dotted name."""
    return sources(WEB)


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
                    imports = isinstance(inner, (ast.Import, ast.ImportFrom))
                    if imports and "#" not in lines[inner.lineno - 1]:
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
    assert long_modules(_sources()) == {}
