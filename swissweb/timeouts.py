"""The engine's time limit, read once from the environment for Django and gunicorn."""

from __future__ import annotations

import os

DEFAULT_PAIRING_TIMEOUT = 60.0


def pairing_timeout() -> float:
    """``PAIRING_TIMEOUT`` in seconds (default 60); 0 pairs in the web process, unlimited."""
    return float(os.environ.get("PAIRING_TIMEOUT", str(DEFAULT_PAIRING_TIMEOUT)))
