"""Production settings: deploy checks pass, and there is no default secret key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DEBUG",
            "SECRET_KEY",
            "DJANGO_SETTINGS_MODULE",
            "SECURE_SSL_REDIRECT",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_deploy_passes_without_warnings() -> None:
    """`manage.py check --deploy` reports nothing with production settings."""
    completed = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY="a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
        ALLOWED_HOSTS="chess.example.org",
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_production_refuses_to_start_without_secret_key() -> None:
    """With DEBUG off and no SECRET_KEY, Django refuses to start and says why."""
    completed = _manage("check")
    assert completed.returncode != 0
    assert "SECRET_KEY is not set" in completed.stderr


def test_debug_mode_starts_with_development_key() -> None:
    """`make run` needs no secret: DEBUG=1 uses a development-only key."""
    completed = _manage("check", DEBUG="1")
    assert completed.returncode == 0, completed.stderr
