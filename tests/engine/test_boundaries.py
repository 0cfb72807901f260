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
