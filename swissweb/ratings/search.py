"""Finding a player in the loaded lists while registering, by name or by ID.

Every word of a listed name is stored folded (``folding``: no case, accents or
apostrophes; "mueller" for "Müller" too), one row each in ``ListedName`` under an index
on ``(word, name_key, player)``, on PostgreSQL and SQLite alike.  Each word typed must start a
word of the name, in any order ("smith tomas", "tomas smith", "lopez" for
"García-López, José").  The word typed whose names are fewest (counted on the index,
up to ``COUNTED``) leads: its names are read from the index in order, exact words
first, keeping the players that the other words find too (each read whole from the
same index, never from the table), until ``LIMIT`` names match, however many names a
word starts ("first last" looks first at the names starting with "last": one range of
the index); the names shown are then put with the most words typed in full first.
Under 50 ms on a list of 1.5 million players (``make bench``).  An ID finds its player
in every list, a national ID with letters too ("123456A", "C0327-002").
"""

from __future__ import annotations

import re

from django.db import connection, transaction

from swissweb.ratings.folding import query_words
from swissweb.ratings.formats import MAX_ID
from swissweb.ratings.models import ListedName, ListedPlayer
from swissweb.tournament.core.params import ascii_digits

LIMIT = 20
"""The most players one search shows."""
COUNTED = 20000
"""How far the names of a word typed are counted to choose the one that leads."""


def _after(prefix: str) -> str:
    """The first string after every string that starts with ``prefix``."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def _count(word: str) -> int:
    """How many stored words start with ``word``, up to ``COUNTED``."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM (SELECT 1 FROM {ListedName._meta.db_table} "
            "WHERE word >= %s AND word < %s LIMIT %s) AS counted",
            [word, _after(word), COUNTED],
        )
        (count,) = cursor.fetchone()
    return int(count)


def _starting(column: str, word: str) -> tuple[str, list[str]]:
    """SQL for ``column`` starting with ``word``, and its parameters."""
    return f"({column} >= %s AND {column} < %s)", [word, _after(word)]


def _matches(
    lead: str, others: list[str], limit: int, *, first: str = "", common: bool = False
) -> list[int]:
    """The players with a word starting ``lead`` and words starting each of ``others``,
    in the order of the ``(word, name_key, player)`` index, up to ``limit`` rows.  The
    names of ``lead`` are read in order until enough match; when they are few, each
    one's ``search_key`` holds its words; when every word is ``common`` (starts more
    names than ``COUNTED``), the players of each other word are taken whole from the
    index (no table read) and joined by hash.  With ``first``, only the names that
    start with it (it is then not looked up as a word): one range of the index."""
    table = ListedName._meta.db_table
    where, params = _starting("w.word", lead)
    if first:
        sql, bounds = _starting("w.name_key", first)
        where += f" AND {sql}"
        params += bounds
    rest = [other for other in others if other != first]
    players = ListedPlayer._meta.db_table
    join = f" JOIN {players} p ON p.id = w.player_id" if rest and not common else ""
    for other in rest:
        if common:
            sql, bounds = _starting("word", other)
            where += f" AND w.player_id IN (SELECT player_id FROM {table} WHERE {sql})"
            params += bounds
        else:  # few names to look at: each one's words, read with it
            where += " AND p.search_key LIKE %s"
            params.append(f"% {other}%")
    with transaction.atomic(), connection.cursor() as cursor:
        if common and connection.vendor == "postgresql":
            # Looked up name by name, the players of two common words cost a probe each
            # (100,000 of them for two first names); joined by hash, each range is read
            # once from the index.
            cursor.execute("SET LOCAL enable_nestloop = off")
        cursor.execute(
            f"SELECT w.player_id FROM {table} w{join} WHERE {where} "
            "ORDER BY w.word, w.name_key LIMIT %s",
            [*params, limit],
        )
        return list(dict.fromkeys(pk for (pk,) in cursor.fetchall()))


def _id_like(text: str) -> bool:
    """Whether ``text`` may be a list's ID with letters in it: one word of ASCII letters,
    digits and hyphens holding a digit, no longer than an ID (``ListedPlayer.player_id``)."""
    return (
        len(text) <= MAX_ID
        and re.fullmatch(r"[A-Za-z0-9-]+", text) is not None
        and any(c.isdigit() for c in text)
    )


def search(query: str, *, limit: int = LIMIT) -> list[ListedPlayer]:
    """The players of every list matching ``query``, best first: an ID's own player,
    else the names holding a word that starts with each word typed, those where more
    words are whole first, then alphabetically.  Fewer than two letters find nothing
    (too many to show)."""
    text = query.strip()
    if ascii_digits(text):
        return list(
            ListedPlayer.objects.filter(player_id=text).select_related("rating_list")[:limit]
        )
    if _id_like(text):
        # A national ID of letters and digits ("123456A", "C0327-002"), as typed or in
        # capitals: its player when a list has one, else the names it starts.
        found = list(
            ListedPlayer.objects.filter(player_id__in={text, text.upper()}).select_related(
                "rating_list"
            )[:limit]
        )
        if found:
            return found
    typed = query_words(text)
    if sum(len(w) for w in typed) < 2:
        return []
    counts = {w: _count(w) for w in typed} if len(typed) > 1 else {typed[0]: 0}
    lead = min(typed, key=lambda w: (counts[w], -len(w)))
    others = [w for w in typed if w != lead]
    # A name appears once per word of it that starts with ``lead`` (at most a few).
    chosen: list[int] = []
    if len(others) == 1:  # "first last": the surname first is one range of the index
        chosen = _matches(lead, others, limit * 4, first=others[0])
    if len(chosen) < limit:
        common = counts[lead] >= COUNTED
        chosen = list(dict.fromkeys(chosen + _matches(lead, others, limit * 4, common=common)))
    chosen = chosen[: limit * 2]
    rows = ListedPlayer.objects.filter(pk__in=chosen).select_related("rating_list")

    def rank(player: ListedPlayer) -> tuple[int, str, str]:
        whole = sum(f" {w} " in player.search_key for w in typed)
        return (-whole, player.name_key, player.player_id)

    return sorted(rows, key=rank)[:limit]
