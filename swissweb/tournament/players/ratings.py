"""Ratings from a loaded rating list: refresh an event's players before it starts (#24)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from swissweb.ratings.models import RATING_KINDS, ListedPlayer, ListKind, RatingList
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import RatingsRefreshed
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.models import Player


def players_refresh_ratings(
    *, event_id: int, list_id: int, kind: str, user: User, now: dt.datetime
) -> list[str]:
    """Give every player found in the list its rating of ``kind`` from the list (0 when
    the list has none of that kind): FIDE's list sets the FIDE rating and the title, a
    national list the national rating and the list's name; one sentence per player
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
        # Translators: a player's rating before or after a refresh, when there is none.
        unrated = _("unrated")
        # Translators: a player's FIDE title before or after a refresh, when there is none.
        no_title = pgettext("FIDE title", "none")
        # FIDE's list fills the FIDE rating and title; a national one the national
        # rating and the list's name (#35 item 1), never the FIDE rating.
        rating_field = "rating" if fide else "national_rating"
        for player in players:
            row = listed.get(keys.get(player.pk, ""))
            if row is None:
                continue
            rating = getattr(row, kind) or 0
            title = row.title if fide else player.title
            source = player.national_list if fide else rating_list.name[:20]
            before = getattr(player, rating_field)
            if (rating, title, source) == (before, player.title, player.national_list):
                continue
            words = []
            if rating != before:
                words.append(f"{before or unrated} → {rating or unrated}")
            if title != player.title:
                words.append(
                    # Translators: a player's FIDE title changed by a rating list: old → new.
                    _("title %(old)s → %(new)s")
                    % {"old": player.title or no_title, "new": title or no_title}
                )
            if words:
                changes.append(f"{player.name}: {', '.join(words)}")
            setattr(player, rating_field, rating)
            player.title, player.national_list, player.modified_at = title, source, now
            changed.append(player)
        Player.objects.bulk_update(changed, [rating_field, "title", "national_list", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.RATINGS_REFRESH,
            after=RatingsRefreshed(list=rating_list.name, kind=kind, changes=tuple(changes)),
        )
        return changes
