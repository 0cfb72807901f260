"""Finding a player in the loaded lists while registering, by name or by ID.

Every word of a listed name is stored folded (``folding``: no case, accents or
apostrophes; "mueller" for "Müller" too), one row each in ``ListedName`` under an index
on ``(word, name_key)``, on PostgreSQL and SQLite alike.  Each word typed must start a
word of the name, in any order ("smith tomas", "tomas smith", "lopez" for
"García-López, José").  The word typed whose names are fewest (counted on the index,
up to ``COUNTED``) leads: its names are read from the index in order, exact words
first, and the other words are looked for in each name's ``search_key``, until
``LIMIT`` names match, however many names that word starts; the names shown are then
put with the most words typed in full first.  Under 50 ms on a list of 1.5 million
players (``make bench``).  An ID finds its player in every list.
"""

from __future__ import annotations

from django.db import connection

from swissweb.ratings.folding import query_words, variants
from swissweb.ratings.models import ListedName, ListedPlayer
from swissweb.tournament.core.params import ascii_digits

LIMIT = 20
"""The most players one search shows."""
COUNTED = 5000
"""How far the names of a word typed are counted to choose the one that leads."""


def _after(prefix: str) -> str:
    """The first string after every string that starts with ``prefix``."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def _count(word: str) -> int:
    """How many stored words start with ``word`` or its variant, up to ``COUNTED``."""
    table = ListedName._meta.db_table
    total = 0
    with connection.cursor() as cursor:
        for start in variants(word):
            cursor.execute(
                f"SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE word >= %s AND word < %s "
                "LIMIT %s) AS counted",
                [start, _after(start), COUNTED],
            )
            (count,) = cursor.fetchone()
            total += int(count)
    return total


def _matches(lead: str, others: list[str], limit: int) -> list[int]:
    """The players with a word starting ``lead`` (or its variant) and words starting
    each of ``others`` (or theirs), in the order of the ``(word, name_key)`` index, up
    to ``limit`` rows of each variant of ``lead``."""
    words, players = ListedName._meta.db_table, ListedPlayer._meta.db_table
    where, params = "", []
    for other in others:
        likes = variants(other)
        where += " AND (" + " OR ".join(["p.search_key LIKE %s"] * len(likes)) + ")"
        params += [f"% {like}%" for like in likes]
    found: list[int] = []
    with connection.cursor() as cursor:
        for start in variants(lead):
            cursor.execute(
                f"SELECT w.player_id FROM {words} w JOIN {players} p ON p.id = w.player_id "
                f"WHERE w.word >= %s AND w.word < %s{where} ORDER BY w.word, w.name_key "
                "LIMIT %s",
                [start, _after(start), *params, limit],
            )
            found += [pk for (pk,) in cursor.fetchall()]
    return list(dict.fromkeys(found))


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
    typed = query_words(text)
    if sum(len(w) for w in typed) < 2:
        return []
    lead = min(typed, key=lambda w: (_count(w), -len(w)))
    others = [w for w in typed if w != lead]
    # A name appears once per word of it that starts with ``lead`` (at most a few).
    chosen = _matches(lead, others, limit * 4)[: limit * 2]
    rows = ListedPlayer.objects.filter(pk__in=chosen).select_related("rating_list")

    def rank(player: ListedPlayer) -> tuple[int, str, str]:
        whole = sum(any(f" {v} " in player.search_key for v in variants(w)) for w in typed)
        return (-whole, player.name_key, player.player_id)

    return sorted(rows, key=rank)[:limit]
