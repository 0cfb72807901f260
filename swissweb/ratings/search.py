"""Finding a player in the loaded lists while registering, by name or by ID.

Names are compared on ``name_key`` (lower case, no accents), by prefix ranges that the
``name_key`` index answers on PostgreSQL and SQLite alike (``key >= "carl" AND key <
"carm"``): under 50 ms in a 1.5 million-player list (``make bench``).  Each word typed
is tried as the start of the name ("carlsen" or "carlsen, mag"), the others must occur
in it, so "magnus carlsen" finds "Carlsen, Magnus"; only the first 2,000 names of each
start are looked through, which bounds the time of a search whose other words match
nothing.  An ID finds its player in every list.
"""

from __future__ import annotations

from swissweb.ratings.formats import name_key
from swissweb.ratings.models import ListedPlayer
from swissweb.tournament.core.params import ascii_digits

LIMIT = 20
"""The most players one search shows."""
SCAN = 2000
"""The most names of one prefix range a search reads (see :func:`search`)."""


def _after(prefix: str) -> str:
    """The first string after every string that starts with ``prefix``."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def search(query: str, *, limit: int = LIMIT) -> list[ListedPlayer]:
    """The players of every list matching ``query``, best first: an ID's own player,
    else names starting with one of the words and holding the others, alphabetically.
    Fewer than two characters find nothing (too many to show)."""
    text = query.strip()
    if ascii_digits(text):
        return list(
            ListedPlayer.objects.filter(player_id=text).select_related("rating_list")[:limit]
        )
    key = name_key(text)
    if len(key) < 2:
        return []
    words = [w for w in key.replace(",", " ").split() if w]
    starts = [key] if "," in key else []
    starts += [w for w in words if w not in starts and len(w) >= 2]
    chosen: list[int] = []
    for start in starts:
        others = [w for w in words if w not in start]
        # The index gives the range in order; the other words are looked for in the
        # first SCAN names of it only, so that no search reads a large part of a list.
        candidates = (
            ListedPlayer.objects.filter(name_key__gte=start, name_key__lt=_after(start))
            .order_by("name_key", "player_id")
            .values_list("pk", "name_key")[: SCAN if others else limit]
        )
        for pk, name in candidates:
            if pk not in chosen and all(w in name for w in others):
                chosen.append(pk)
        if len(chosen) >= limit:
            break
    rows = ListedPlayer.objects.filter(pk__in=chosen).select_related("rating_list")
    return sorted(rows, key=lambda p: (p.name_key, p.player_id))[:limit]
