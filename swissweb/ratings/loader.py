"""Loading a rating list into the database, replacing the list of the same name.

1.5 million players in about a minute (``make bench``): PostgreSQL takes the rows by
``COPY`` (psycopg's copy protocol, streamed as they are read), SQLite by batched
``executemany``, ten thousand players at a time with the words of their names that
searches look up (``ListedName``; the loader numbers the players itself, so that both
go in together).  The old list and the new
one are swapped in one transaction, so a search never sees half a list, and a file that
fails half way changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from itertools import islice

from django.contrib.auth.models import User
from django.db import connection, transaction

from swissweb.ratings.folding import name_words
from swissweb.ratings.formats import Entry, name_key
from swissweb.ratings.models import ListedName, ListedPlayer, ListKind, RatingList

_COLUMNS = (
    "id", "rating_list_id", "player_id", "name", "name_key", "search_key", "federation",
    "fide_id", "club", "sex", "title", "birth_year", "standard", "rapid", "blitz", "inactive",
)  # fmt: skip
_WORD_COLUMNS = ("player_id", "word", "name_key")
_BATCH = 10_000

Row = tuple[int | str | bool | None, ...]


def _first_id(table: str) -> int:
    """The first of the keys this load gives its players: the table is locked against
    other writers (searches still read it) so that no other load takes the same."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}")
        (first,) = cursor.fetchone()
        return int(first)


def _after_load(table: str, last: int) -> None:
    """Move PostgreSQL's key sequence past the keys given by hand."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence(%s, 'id'), GREATEST(%s, 1), %s)",
                [table, last, last > 0],
            )


def _insert(table: str, columns: Sequence[str], rows: list[Row]) -> None:
    """Write ``rows`` into ``table``."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            raw = cursor.cursor  # psycopg's own cursor, for COPY
            with raw.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        return
    marks = ", ".join(["%s"] * len(columns))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)


def _store(list_id: int, entries: Iterable[Entry]) -> int:
    """Write the players of ``entries`` and the words of their names; how many."""
    players, words = ListedPlayer._meta.db_table, ListedName._meta.db_table
    pk = first = _first_id(players)
    chunks = iter(entries)
    while batch := list(islice(chunks, _BATCH)):
        rows: list[Row] = []
        word_rows: list[Row] = []
        for e in batch:
            name = e.name[:100]
            key = name_key(name)[:100]
            found = name_words(name)
            rows.append((
                pk, list_id, e.player_id, name, key, " " + " ".join(found) + " ",
                e.federation, e.fide_id, e.club[:100], e.sex, e.title, e.birth_year,
                e.standard, e.rapid, e.blitz, e.inactive,
            ))  # fmt: skip
            word_rows += [(pk, word, key) for word in found]
            pk += 1
        _insert(players, _COLUMNS, rows)
        _insert(words, _WORD_COLUMNS, word_rows)
    _after_load(players, pk - 1)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the planner's figures, for the searches
            cursor.execute(f"ANALYZE {players}, {words}")
    return pk - first


def _vacuum() -> None:
    """Mark the new rows visible to all on PostgreSQL, outside any transaction (where
    VACUUM can run): an index-only scan then reads no table page for them, which is
    what keeps a search of the word index fast right after a load (autovacuum would,
    later)."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute(
                f"VACUUM ANALYZE {ListedPlayer._meta.db_table}, {ListedName._meta.db_table}"
            )


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
            ListedName.objects.filter(player__rating_list_id=old.pk).delete()
            ListedPlayer.objects.filter(rating_list_id=old.pk).delete()
            old.delete()
        rating_list = RatingList.objects.create(
            name=name, kind=kind, source=source[:200], loaded_at=now, loaded_by=user
        )
        count = _store(rating_list.pk, entries)
        rating_list.players = count
        rating_list.save(update_fields=["players"])
    _vacuum()
    return rating_list
