"""Moving a player between two sections of a festival before round 1 (#34 item 1)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.festival_payloads import PlayerMove
from swissweb.tournament.core.errors import RoundLocked, TournamentError
from swissweb.tournament.core.services import (
    _audit,
    _lock_event,
    plain_integrity_error,
    refuse_too_many_players,
)
from swissweb.tournament.festivals.rules import eligible, section_label
from swissweb.tournament.models import Entry, Event, ForbiddenPair, Player


def player_birth_year(player: Player) -> int | None:
    """The year a player was born: the birth date's, else the birth year given."""
    return player.birth_date.year if player.birth_date is not None else player.birth_year


def _refuse_started(event: Event) -> None:
    if event.round_set.exists():
        raise RoundLocked(
            _("Round 1 of %(section)s is paired: players move only before it.")
            % {"section": section_label(event)}
        )


def player_move(*, player_id: int, target_id: int, user: User, now: dt.datetime) -> Player:
    """Move a player to another section of the same festival, before round 1 of both.

    The player keeps everything recorded of them (details, private link, requests,
    check-ins) and their online entry, if any, moves with them.  Pairing numbers are
    given as for any player registered: none before the section starts, else the next
    free one; the section left closes its numbers up (C.04.2 Article 2's order is
    kept).  Both sections record the move.

    :raises TournamentError: the sections are not of one festival, a round 1 is paired,
        the target's rules refuse the player (naming the rule), the player is in a
        forbidden pair, or the target would pass 9,999 players.
    """
    with transaction.atomic():
        source_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        if source_id == target_id:
            raise TournamentError(_("The player is in this section already."))
        # Both locked, in id order, so that two moves the other way cannot deadlock.
        locked = {pk: _lock_event(pk) for pk in sorted((source_id, target_id))}
        source, target = locked[source_id], locked[target_id]
        if source.festival_id is None or source.festival_id != target.festival_id:
            raise TournamentError(_("Players move only between sections of one festival."))
        _refuse_started(source)
        _refuse_started(target)
        player = Player.objects.select_for_update().get(pk=player_id)
        problem = eligible(target, rating=player.rating, birth_year=player_birth_year(player))
        if problem is not None:
            raise TournamentError(problem)
        if ForbiddenPair.objects.filter(event=source).filter(first=player).exists() or (
            ForbiddenPair.objects.filter(event=source, second=player).exists()
        ):
            raise TournamentError(
                _("%(name)s is in a forbidden pair of this section: delete it first.")
                % {"name": player.name}
            )
        refuse_too_many_players(existing=target.players.count(), added=1)
        old_number = player.pairing_number
        new_number = None
        if target.started_at is not None:
            last = target.players.aggregate(last=Max("pairing_number"))["last"] or 0
            new_number = last + 1
        player.event, player.pairing_number = target, new_number
        try:
            with transaction.atomic():
                player.save(update_fields=["event", "pairing_number", "modified_at"])
                Entry.objects.filter(player=player).update(event=target, modified_at=now)
        except IntegrityError as exc:
            raise TournamentError(plain_integrity_error(exc)) from exc
        if old_number is not None:
            for later in source.players.filter(pairing_number__gt=old_number).order_by(
                "pairing_number"
            ):
                later.pairing_number = (later.pairing_number or 1) - 1
                later.save(update_fields=["pairing_number"])
        source_name, target_name = section_label(source), section_label(target)
        for event, number in ((source, old_number), (target, new_number)):
            _audit(
                event=event,
                user=user,
                now=now,
                action=AuditAction.PLAYER_MOVE,
                after=PlayerMove(
                    player=player.name,
                    source=source_name,
                    target=target_name,
                    pairing_number=number,
                ),
            )
        return player
