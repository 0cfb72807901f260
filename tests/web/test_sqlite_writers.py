"""Concurrent saves on SQLite wait for each other instead of failing (#37: the hall's
laptop serves arbiters and phones from SQLite with several threads)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from django.db import OperationalError, connections, transaction
from pytest_django import DjangoDbBlocker

from swissweb.databases import sqlite_options


def _race(path: Path, options: dict[str, object]) -> list[str]:
    """Two connections each read, pause, then write in one transaction, overlapping:
    what each thread ended with ("saved" or the error)."""
    aliases = (f"race-{path.stem}-1", f"race-{path.stem}-2")
    # Two more aliases beside the test's own database, each thread its own connection.
    given = {
        alias: {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path), "OPTIONS": options}
        for alias in aliases
    }
    configured = connections.configure_settings({"default": {}, **given})
    connections.settings.update({alias: configured[alias] for alias in aliases})
    outcomes: list[str] = []

    def save(alias: str) -> None:
        try:
            with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
                cursor.execute("SELECT count(*) FROM result")
                time.sleep(0.3)
                cursor.execute("INSERT INTO result VALUES (1)")
            outcomes.append("saved")
        except OperationalError as exc:
            outcomes.append(str(exc))
        finally:
            connections[alias].close()

    try:
        with connections[aliases[0]].cursor() as cursor:
            cursor.execute("CREATE TABLE result (board integer)")
        connections[aliases[0]].close()
        threads = [threading.Thread(target=save, args=(alias,)) for alias in aliases]
        for thread in threads:
            thread.start()
            time.sleep(0.05)
        for thread in threads:
            thread.join()
    finally:
        for alias in aliases:
            del connections.settings[alias]
    return outcomes


def test_two_overlapping_saves_on_sqlite_both_succeed(
    tmp_path: Path, django_db_blocker: DjangoDbBlocker
) -> None:
    """With the app's SQLite options both overlapping transactions are saved."""
    with django_db_blocker.unblock():
        assert _race(tmp_path / "app.sqlite3", sqlite_options()) == ["saved", "saved"]


def test_without_immediate_transactions_one_of_them_fails(
    tmp_path: Path, django_db_blocker: DjangoDbBlocker
) -> None:
    """SQLite's default (deferred) transactions: the second writer fails at once, the 500
    an arbiter saw; this is what the options above prevent."""
    with django_db_blocker.unblock():
        outcomes = _race(tmp_path / "deferred.sqlite3", {"timeout": 20})
    assert sorted(outcomes) == ["database is locked", "saved"]
