"""The engine's layout holds (#33): no import circle, no module over 600 lines.

The same checks as the web app's (``tests/web/test_layout.py``), on ``pairing``: the
import graph is read from the source with ``ast``, module-level imports only.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from .layout import (
    MAX_LINES,
    ROOT,
    import_graph,
    long_modules,
    sources,
    unexplained_function_imports,
)

ENGINE = ROOT / "pairing"


def test_no_import_circle_in_the_engine() -> None:
    """Module-level imports of ``pairing`` form no circle, so every module loads alone."""
    graph = import_graph(sources(ENGINE))
    assert graph.number_of_nodes() > 50
    assert list(nx.simple_cycles(graph)) == []


def test_the_graph_follows_imports_inside_a_package() -> None:
    """Relative imports of a package's ``__init__`` and of its modules make edges, so a
    circle among the modules of a split package would show."""
    graph = import_graph(sources(ENGINE))
    assert graph.has_edge("pairing.engine.tiebreaks", "pairing.engine.tiebreaks.codes")
    assert graph.has_edge("pairing.engine.tiebreaks.parsing", "pairing.engine.tiebreaks.codes")
    assert graph.has_edge("pairing.engine.systems.sb.entrants", "pairing.engine.tiebreaks")


def test_a_submodule_taken_from_its_own_package_is_no_circle(tmp_path: Path) -> None:
    """``from . import b`` inside package ``p`` loads only ``p.b`` (``p`` is already
    loading), so ``p`` importing ``p.a`` is no circle; ``from p import name``, a name of
    ``p``'s ``__init__``, is one, as the name may not be there yet."""
    package = tmp_path / "p"
    package.mkdir()
    (package / "__init__.py").write_text("from .a import A\n", encoding="utf-8")
    (package / "a.py").write_text("from . import b\nA = b.B\n", encoding="utf-8")
    (package / "b.py").write_text("B = 1\n", encoding="utf-8")
    modules = sources(package, tmp_path)
    assert list(nx.simple_cycles(import_graph(modules))) == []
    (package / "b.py").write_text("from p import A\nB = 1\n", encoding="utf-8")
    cycles = [sorted(cycle) for cycle in nx.simple_cycles(import_graph(modules))]
    assert cycles == [["p", "p.a", "p.b"]]


def test_no_engine_module_over_600_lines() -> None:
    """No module of ``pairing`` is longer than 600 lines."""
    assert long_modules(sources(ENGINE)) == {}


def test_a_long_module_is_found(tmp_path: Path) -> None:
    """The size check names a module one line over the limit and passes one at it."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / "pkg" / "fits.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    assert long_modules(sources(tmp_path / "pkg", tmp_path)) == {"pkg.long": MAX_LINES + 1}


def test_function_level_imports_in_the_engine_and_its_tests_say_why() -> None:
    """As in the web app (#33): an import inside a function of ``pairing`` or of the
    engine's tests has its reason beside it (the models load after the apps; networkx
    only when a matching is needed)."""
    assert unexplained_function_imports(sources(ENGINE)) == []
    assert unexplained_function_imports(sources(ROOT / "tests" / "engine")) == []
