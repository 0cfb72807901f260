"""Ratings from a loaded rating list: refresh an event's players before it starts (#24)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from swissweb.ratings.models import RATING_KINDS, ListedPlayer, ListKind, RatingList
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import RatingsRefreshed
from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.fide_ratings import FIDE_RATING_FIELDS
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.models import Player


def players_refresh_ratings(
    *, event_id: int, list_id: int, kind: str, user: User, now: dt.datetime
) -> list[str]:
    """Give every player found in the list what it says of them: FIDE's list sets FIDE's
    three ratings (standard, rapid, blitz; 0 when it has none of a rate), the FIDE rating
    the event uses (of its rate of play) and the title; a national list its rating of
    ``kind`` as the national rating, and the list's name.  One sentence per player
    changed, which the audit entry keeps too.  Players are found by FIDE ID in FIDE's
    list, by national ID in a national one.

    Before the event starts only: the pairing numbers are given from the ratings.

    :raises TournamentError: the event is started, or the list or the kind is unknown.
    """
    if kind not in RATING_KINDS:
        raise TournamentError(
            _("Ratings are standard, rapid or blitz, not %(kind)s.") % {"kind": repr(kind)}
        )
    with transaction.atomic():
        event = _lock_event(event_id)
        if event.started_at is not None:
            raise TournamentError(
                _(
                    "The event is started: its pairing numbers were given from the ratings it "
                    "had. Refresh the ratings before starting the event."
                )
            )
        rating_list = RatingList.objects.filter(pk=list_id).first()
        if rating_list is None:
            raise TournamentError(_("That rating list is not loaded (any more): choose another."))
        fide = rating_list.kind == ListKind.FIDE
        if fide:
            # FIDE's list fills every rate; the event uses its own (#35 item 1).
            kind = event.rate_of_play
        players = list(event.players.order_by("name"))
        keys = {
            p.pk: str(p.fide_id) if fide and p.fide_id else p.national_id
            for p in players
            if (p.fide_id if fide else p.national_id)
        }
        listed = {
            row.player_id: row
            for row in ListedPlayer.objects.filter(
                rating_list=rating_list, player_id__in=set(keys.values())
            )
        }
        changes: list[str] = []
        changed: list[Player] = []
        for player in players:
            row = listed.get(keys.get(player.pk, ""))
            if row is None:
                continue
            values = _listed_values(row, fide=fide, kind=kind, name=rating_list.name)
            words = _change_words(
                player,
                values,
                rating_field="rating" if fide else "national_rating",
                own=fide_ratings.fide_column(kind),
            )
            if not any(getattr(player, name) != value for name, value in values.items()):
                continue
            if words:
                changes.append(f"{player.name}: {', '.join(words)}")
            for name, value in values.items():
                setattr(player, name, value)
            player.modified_at = now
            changed.append(player)
        fields = [*FIDE_RATING_FIELDS, "rating"] if fide else ["national_rating"]
        Player.objects.bulk_update(changed, [*fields, "title", "national_list", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.RATINGS_REFRESH,
            after=RatingsRefreshed(list=rating_list.name, kind=kind, changes=tuple(changes)),
        )
        return changes


def _listed_values(row: ListedPlayer, *, fide: bool, kind: str, name: str) -> dict[str, Any]:
    """What the list row sets on the player: FIDE's list fills the FIDE ratings and
    the title; a national one the national rating and the list's name, never the FIDE
    ratings (#35 item 1)."""
    if fide:
        columns = fide_ratings.listed_columns(row)
        return {**columns, "rating": columns[fide_ratings.fide_column(kind)], "title": row.title}
    return {"national_rating": getattr(row, kind) or 0, "national_list": name[:20]}


def _change_words(
    player: Player, values: dict[str, Any], *, rating_field: str, own: str
) -> list[str]:
    """The changes a refresh makes, in words: the rating the event uses, FIDE's other
    ratings (by their names) and the title."""
    # Translators: a player's rating before or after a refresh, when there is none.
    unrated = _("unrated")
    # Translators: a player's FIDE rating of a rate of play nobody has looked up.
    unknown = _("not known")
    # Translators: a player's FIDE title before or after a refresh, when there is none.
    no_title = pgettext("FIDE title", "none")
    words = []
    before, after = getattr(player, rating_field), values[rating_field]
    if after != before:
        words.append(f"{before or unrated} → {after or unrated}")
    for name in FIDE_RATING_FIELDS:
        if name not in values or values[name] == getattr(player, name):
            continue
        if rating_field == "rating" and name == own:
            continue  # the event's own rate, said above
        old = getattr(player, name)
        label = fide_ratings.column_label(name)
        words.append(
            f"{label} {unknown if old is None else old or unrated} → {values[name] or unrated}"
        )
    if "title" in values and values["title"] != player.title:
        words.append(
            # Translators: a player's FIDE title changed by a rating list: old → new.
            _("title %(old)s → %(new)s")
            % {"old": player.title or no_title, "new": values["title"] or no_title}
        )
    return words
