"""The web app's layout holds (#33): no import circle, no module over 600 lines; and
every ``type: ignore`` (tests and bench included) names its error code and its reason.

The import graph is built from the source with ``ast``, module-level imports only (a
function-level import is where Django requires one, each with its reason beside it), so a
circle hidden behind imports inside functions still shows here once they are lifted.
"""

from __future__ import annotations

import ast
import re
import tokenize
from pathlib import Path

import networkx as nx

from tests.engine.layout import (
    ROOT,
    import_graph,
    long_modules,
    sources,
    unexplained_function_imports,
)

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


def test_function_level_imports_say_why() -> None:
    """An import inside a function is where Django requires one, with its reason beside
    it; any other belongs at module level, where the circle check sees it.  The tests
    and the benches too (#33: "function-level imports only where Django requires them";
    a bench loads Django only when it runs, after ``django.setup()``)."""
    assert unexplained_function_imports(_sources()) == []
    assert unexplained_function_imports(sources(ROOT / "tests")) == []
    assert unexplained_function_imports(sources(ROOT / "bench")) == []


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


NOT_PLAIN = frozenset({"Any", "Manager", "Model", "QuerySet", "RawQuerySet"})
"""Names a selector's answer must not hold, besides the models themselves."""


def _names(annotation: ast.expr | None) -> set[str]:
    """Every name an annotation mentions (a string annotation is read as code)."""
    if annotation is None:
        return set()
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(annotation) if isinstance(n, ast.Attribute)
    }


def _frozen_with_slots(node: ast.ClassDef) -> bool:
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call) and _names(decorator.func) == {"dataclass"}:
            given = {
                k.arg: k.value.value
                for k in decorator.keywords
                if isinstance(k.value, ast.Constant)
            }
            return given.get("frozen") is True and given.get("slots") is True
    return False


def selector_faults(path: Path) -> list[str]:
    """What a selectors module does that #33 forbids: import ``django.http`` (a selector
    says ``NotFound``, the view says 404), answer a model, a queryset or ``Any`` from a
    public function, keep one in a public class, a public class that is not a frozen
    dataclass with slots, or silence the type checker (an attribute set on a model)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    models = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("swissweb.tournament.models")
        for alias in node.names
    }
    forbidden = NOT_PLAIN | models
    faults = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
            a.name.startswith("django.http") for a in node.names
        ):
            faults.append(f"{node.lineno}: imports django.http")
        if isinstance(node, ast.ImportFrom) and (
            (node.module or "").startswith("django.http")
            or (node.module == "django" and any(a.name == "http" for a in node.names))
        ):
            faults.append(f"{node.lineno}: imports django.http")
    for node in tree.body:
        public = not getattr(node, "name", "_").startswith("_")
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and public
            and (bad := _names(node.returns) & forbidden)
        ):
            faults.append(f"{node.lineno}: {node.name} answers {sorted(bad)}")
        if isinstance(node, ast.ClassDef) and public:
            if not _frozen_with_slots(node):
                faults.append(f"{node.lineno}: {node.name} is not a frozen dataclass with slots")
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and (bad := _names(item.annotation) & forbidden):
                    faults.append(f"{item.lineno}: {node.name} holds {sorted(bad)}")
    for number, line in enumerate(source.splitlines(), start=1):
        if "type: ignore" in line:
            faults.append(f"{number}: type: ignore")
    return faults


def _selector_modules() -> list[Path]:
    return sorted((WEB / "tournament").glob("*/selectors*.py"))


def test_selectors_answer_plain_values_and_know_no_http() -> None:
    """Every selector answers frozen dataclasses of plain values (or tuples of them),
    never a model or a queryset, and raises nothing HTTP-specific (#33)."""
    modules = _selector_modules()
    assert len(modules) >= 4
    faults = {str(p.relative_to(ROOT)): f for p in modules if (f := selector_faults(p))}
    assert faults == {}


def test_a_selector_answering_a_model_is_found(tmp_path: Path) -> None:
    """The check names each fault of a selectors module written the old way and passes
    the same answers given as a frozen dataclass."""
    bad = tmp_path / "selectors.py"
    bad.write_text(
        "from dataclasses import dataclass\n"
        "from django.db.models import QuerySet\n"
        "from django.http import Http404\n"
        "from swissweb.tournament.models import Event, Round\n"
        "class Line:\n"
        "    round: Round\n"
        "def events() -> QuerySet[Event]: ...\n"
        "def first(rounds: list[Round]) -> 'Round | None':\n"
        "    rounds[0].boards = []  # type: ignore[attr-defined]\n",
        encoding="utf-8",
    )
    assert selector_faults(bad) == [
        "3: imports django.http",
        "5: Line is not a frozen dataclass with slots",
        "6: Line holds ['Round']",
        "7: events answers ['Event', 'QuerySet']",
        "8: first answers ['Round']",
        "9: type: ignore",
    ]
    good = tmp_path / "good.py"
    good.write_text(
        "from dataclasses import dataclass\n"
        "from swissweb.tournament.models import Round\n"
        "@dataclass(frozen=True, slots=True, kw_only=True)\n"
        "class Line:\n"
        "    number: int\n"
        "def lines(rounds: list[Round]) -> tuple[Line, ...]: ...\n",
        encoding="utf-8",
    )
    assert selector_faults(good) == []


JUSTIFIED_IGNORE = re.compile(r"# type: ignore\[[a-z-]+(?:, ?[a-z-]+)*\]  # \S")
"""A silenced check names its error code and says why (``# type: ignore[code]  # why``)."""


def unjustified_ignores(paths: list[Path], root: Path = ROOT) -> list[str]:
    """``path:line`` of each ``type: ignore`` comment without an error code and a reason."""
    found = []
    for path in paths:
        with path.open("rb") as file:
            for token in tokenize.tokenize(file.readline):
                if token.type != tokenize.COMMENT or "type: ignore" not in token.string:
                    continue
                if not JUSTIFIED_IGNORE.match(token.string):
                    found.append(f"{path.relative_to(root)}:{token.start[0]}")
    return found


def test_type_ignores_name_a_code_and_a_reason() -> None:
    """#33 item 6: everything is type-checked, ``tests/`` and ``bench/`` too; where code
    must do what the checker refuses (write to a frozen value, read gettext's private
    table, keep a memo on a request), the comment names the error and the reason."""
    paths = [
        path
        for top in ("swissweb", "pairing", "tests", "bench")
        for path in sorted((ROOT / top).rglob("*.py"))
        if "migrations" not in path.parts
    ]
    assert unjustified_ignores(paths) == []


def test_an_unjustified_type_ignore_is_found(tmp_path: Path) -> None:
    """A bare ignore and one without a reason are named; a string holding one is not."""
    module = tmp_path / "t.py"
    module.write_text(
        "a = 1  # type: ignore\n"
        "b = 2  # type: ignore[misc]\n"
        "c = 3  # type: ignore[misc]  # the write a frozen value refuses\n"
        "d = '# type: ignore'\n",
        encoding="utf-8",
    )
    assert unjustified_ignores([module], tmp_path) == ["t.py:1", "t.py:2"]
