"""How the app talks to SQLite when SQLite is its database (``make run``, the hall).

Several gunicorn threads write at once.  A transaction SQLite begins as it does by
default (deferred) reads first and asks for the write lock only when it writes; two such
transactions that both read cannot both upgrade, and the loser fails at once with
"database is locked" (a 500) instead of waiting.  Begun IMMEDIATE, a transaction takes
the write lock first and waits up to ``timeout`` seconds for it, so concurrent saves
queue instead of failing.  WAL lets readers go on while one transaction writes.
PostgreSQL needs none of this.
"""

from __future__ import annotations

SQLITE_LOCK_WAIT_SECONDS = 20


def sqlite_options() -> dict[str, object]:
    """The ``OPTIONS`` of an SQLite database (Django 5.1's ``transaction_mode``)."""
    return {
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_LOCK_WAIT_SECONDS,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
