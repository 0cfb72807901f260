"""Loading a rating list into the database, replacing the list of the same name.

1.5 million players in well under a minute (``make bench``): PostgreSQL takes the rows
by ``COPY`` (psycopg's copy protocol, streamed as they are read), SQLite by batched
``executemany``.  The old list and the new one are swapped in one transaction, so a
search never sees half a list, and a file that fails half way changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from itertools import islice

from django.contrib.auth.models import User
from django.db import connection, transaction

from swissweb.ratings.formats import Entry, name_key
from swissweb.ratings.models import ListedPlayer, ListKind, RatingList

_COLUMNS = (
    "rating_list_id", "player_id", "name", "name_key", "federation", "sex", "title",
    "birth_year", "standard", "rapid", "blitz", "inactive",
)  # fmt: skip
_BATCH = 10_000


def _rows(list_id: int, entries: Iterable[Entry]) -> Iterator[tuple[int | str | bool | None, ...]]:
    for e in entries:
        yield (
            list_id, e.player_id, e.name[:100], name_key(e.name)[:100], e.federation, e.sex,
            e.title, e.birth_year, e.standard, e.rapid, e.blitz, e.inactive,
        )  # fmt: skip


def load_list(
    *,
    name: str,
    kind: ListKind,
    source: str,
    entries: Iterable[Entry],
    user: User | None,
    now: dt.datetime,
) -> RatingList:
    """Replace the list ``name`` with ``entries``; all of it, or nothing.

    :raises formats.ListError: the file stops reading half way (nothing is changed).
    """
    with transaction.atomic():
        old = RatingList.objects.select_for_update().filter(name=name).first()
        if old is not None:
            ListedPlayer.objects.filter(rating_list_id=old.pk).delete()
            old.delete()
        rating_list = RatingList.objects.create(
            name=name, kind=kind, source=source[:200], loaded_at=now, loaded_by=user
        )
        rows = _rows(rating_list.pk, entries)
        table = ListedPlayer._meta.db_table
        count = 0
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                raw = cursor.cursor  # psycopg's own cursor, for COPY
                with raw.copy(f"COPY {table} ({', '.join(_COLUMNS)}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
                        count += 1
        else:
            marks = ", ".join(["%s"] * len(_COLUMNS))
            sql = f"INSERT INTO {table} ({', '.join(_COLUMNS)}) VALUES ({marks})"
            with connection.cursor() as cursor:
                while batch := list(islice(rows, _BATCH)):
                    cursor.executemany(sql, batch)
                    count += len(batch)
        rating_list.players = count
        rating_list.save(update_fields=["players"])
        return rating_list
