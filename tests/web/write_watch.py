"""A watch on the database connection: did a piece of code write a row that stands?

The tests that check "a refused change changes nothing" compare a full backup export
before and after; code that wrote no row that stands provably left the database as it
was, so the comparison is only needed after code that did (#33 item 7).  Use it as
Django's execute wrapper: ``with connection.execute_wrapper(watch): ...``.
"""

from __future__ import annotations

from typing import Any


class WriteWatch:
    """An execute wrapper that counts the statements that wrote a row and stand.

    A statement counts unless it reads (``SELECT``, ``SELECT ... FOR UPDATE``) or
    handles a savepoint; a ``ROLLBACK TO SAVEPOINT`` undoes every change since the
    savepoint, so it takes back the writes counted since then (as Django's atomic blocks
    do when a service refuses a change after it locked and counted the event)."""

    def __init__(self) -> None:
        self.count = 0
        self._savepoints: list[tuple[str, int]] = []

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statement = sql.strip().upper()
        if statement.startswith("SAVEPOINT "):
            self._savepoints.append((statement.removeprefix("SAVEPOINT "), self.count))
        elif statement.startswith("RELEASE SAVEPOINT "):
            self._unwind(statement.removeprefix("RELEASE SAVEPOINT "), keep=False)
        elif statement.startswith("ROLLBACK TO SAVEPOINT "):
            self.count = self._unwind(statement.removeprefix("ROLLBACK TO SAVEPOINT "), keep=True)
        elif not statement.startswith("SELECT "):
            self.count += 1
        return execute(sql, params, many, context)

    def _unwind(self, name: str, *, keep: bool) -> int:
        """Forget the savepoints made after ``name`` (and ``name`` itself unless kept);
        the count when ``name`` was made.  A savepoint made before the watch began
        takes back nothing the watch saw: then every write stands."""
        names = [made for made, _ in self._savepoints]
        if name not in names:
            self._savepoints.clear()
            return self.count
        index = len(names) - 1 - names[::-1].index(name)
        count = self._savepoints[index][1]
        del self._savepoints[index + keep :]
        return count
