"""A player's three FIDE ratings and the one the event uses (#35 item 1).

FIDE keeps a standard, a rapid and a blitz rating for each player (B.02 keeps three
lists).  A player and an entry hold all three (``fide_standard``, ``fide_rapid``,
``fide_blitz``: None when not known, 0 when unrated) beside ``rating``, the FIDE rating
of the event's rate of play: the one the event pairs, ranks and reports on.  Whenever
the rate's column is known, ``rating`` is that column; this module keeps them so.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.db import models
from django.utils.translation import gettext as _

from swissweb.ratings.models import ListedPlayer
from swissweb.tournament.models import Entry, Event, Player, RateOfPlay

FIDE_COLUMNS: Mapping[str, str] = {
    RateOfPlay.STANDARD: "fide_standard",
    RateOfPlay.RAPID: "fide_rapid",
    RateOfPlay.BLITZ: "fide_blitz",
}
"""The column holding FIDE's rating of each rate of play."""

FIDE_RATING_FIELDS = tuple(FIDE_COLUMNS.values())
"""The three columns, standard first."""


class Rated(Protocol):
    """A player or an entry: the rating the event uses and FIDE's three."""

    rating: int
    fide_standard: int | None
    fide_rapid: int | None
    fide_blitz: int | None


def fide_column(rate_of_play: str) -> str:
    """The column of ``rate_of_play`` (standard for a value this version does not know)."""
    return FIDE_COLUMNS.get(rate_of_play, FIDE_COLUMNS[RateOfPlay.STANDARD])


def column_label(name: str) -> str:
    """A column's name in words ("FIDE rapid rating")."""
    field = Player._meta.get_field(name)
    return str(field.verbose_name) if isinstance(field, models.Field) else name


def of_rate(row: Rated, rate_of_play: str) -> int | None:
    """FIDE's rating of ``rate_of_play``: None when not known."""
    value: int | None = getattr(row, fide_column(rate_of_play))
    return value


def listed_columns(listed: ListedPlayer) -> dict[str, int]:
    """The three ratings FIDE's list gives a player it lists (0: unrated at that rate)."""
    return {
        "fide_standard": listed.standard or 0,
        "fide_rapid": listed.rapid or 0,
        "fide_blitz": listed.blitz or 0,
    }


def fill(row: Rated, rate_of_play: str) -> None:
    """Make a new row whole: ``rating`` is the rate's column when that is known, else a
    rating given alone (a CSV or TRF file's one rating) is the rate's column too."""
    column = fide_column(rate_of_play)
    known = getattr(row, column)
    if known is not None:
        row.rating = known
    elif row.rating:
        setattr(row, column, row.rating)


def follow(changes: Mapping[str, Any], rate_of_play: str) -> dict[str, Any]:
    """``changes`` to a row's details with ``rating`` kept in step: the rate's column
    changed sets ``rating`` (an emptied column: unrated), ``rating`` changed alone sets
    the rate's column.  A change of another rate's column leaves ``rating`` alone."""
    column = fide_column(rate_of_play)
    changes = dict(changes)
    if column in changes:
        changes["rating"] = changes[column] or 0
    elif "rating" in changes:
        changes[column] = changes["rating"]
    return changes


def switch(row: Rated, rate_of_play: str) -> bool:
    """Make ``rating`` FIDE's rating of ``rate_of_play`` (a new rate of play) when that
    one is known; False, and ``rating`` kept, when it is not."""
    known = of_rate(row, rate_of_play)
    if known is None:
        return False
    row.rating = known
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class RateSwitch:
    """What a new rate of play did to an event's players' FIDE ratings."""

    switched: tuple[str, ...]
    """Each player whose rating changed, in words ("Frost, Ann: 1800 → 1750")."""
    kept: tuple[str, ...]
    """The players whose rating of the new rate is not known: they keep the old one."""


def switch_event(event: Event, *, now: dt.datetime) -> RateSwitch:
    """Give every player and entry of ``event`` (locked by the caller, its new rate of
    play set) FIDE's rating of that rate where known (``switch``); say what changed."""
    # Translators: a player's rating before or after a change, when there is none.
    unrated = _("unrated")
    changed, switched, kept = [], [], []
    for player in event.players.order_by("name"):
        before = player.rating
        if not switch(player, event.rate_of_play):
            if before:
                kept.append(player.name)
            continue
        if player.rating == before:
            continue
        switched.append(f"{player.name}: {before or unrated} → {player.rating or unrated}")
        player.modified_at = now
        changed.append(player)
    Player.objects.bulk_update(changed, ["rating", "modified_at"])
    entries = [e for e in event.entries.all() if switch(e, event.rate_of_play)]
    Entry.objects.bulk_update(entries, ["rating"])
    return RateSwitch(switched=tuple(switched), kept=tuple(kept))
