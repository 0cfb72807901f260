"""gunicorn's production settings (#21): its time-out is above the engine's limit."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest


def _config(monkeypatch: pytest.MonkeyPatch, **env: str) -> ModuleType:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    import swissweb.gunicorn  # loaded here, then reloaded with the test's environment

    return importlib.reload(swissweb.gunicorn)


@pytest.mark.parametrize("limit", ["60", "90", "5.5"])
def test_gunicorn_timeout_is_above_the_pairing_timeout(
    monkeypatch: pytest.MonkeyPatch, limit: str
) -> None:
    """Defect: gunicorn's 30 s time-out killed a worker mid-pairing (PAIRING_TIMEOUT 60)."""
    config = _config(monkeypatch, PAIRING_TIMEOUT=limit)
    assert config.timeout > float(limit) + 10


def test_gunicorn_uses_threads_so_a_slow_client_holds_a_thread_not_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = _config(monkeypatch, GUNICORN_THREADS="8", WEB_CONCURRENCY="2")
    assert config.worker_class == "gthread"
    assert (config.threads, config.workers) == (8, 2)


def test_dockerfile_runs_gunicorn_with_these_settings() -> None:

    dockerfile = (Path(__file__).resolve().parents[2] / "Dockerfile").read_text()
    assert '"-c", "python:swissweb.gunicorn"' in dockerfile


def test_dockerfile_compiles_the_bytecode_that_its_processes_may_not_write() -> None:
    """The image sets PYTHONDONTWRITEBYTECODE and runs as a user who cannot write /app,
    so the modules are compiled once at build, after they are copied in: otherwise each
    command-line pairing (``python -m pairing``) compiles every module it imports."""
    dockerfile = (Path(__file__).resolve().parents[2] / "Dockerfile").read_text()
    assert "PYTHONDONTWRITEBYTECODE=1" in dockerfile
    compiled = dockerfile.index("RUN python -m compileall -q pairing swissweb")
    assert compiled > dockerfile.index("COPY pairing ./pairing")
    assert compiled > dockerfile.index("COPY swissweb ./swissweb")
