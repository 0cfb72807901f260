"""Moving a player between two sections of a festival before round 1 (#34 item 1)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.festival_payloads import PlayerMove
from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.errors import RoundLocked, TournamentError
from swissweb.tournament.core.rating_basis import pairing_rating
from swissweb.tournament.core.services import (
    _audit,
    _lock_event,
    plain_integrity_error,
    refuse_too_many_players,
)
from swissweb.tournament.entries.fees import fee_for
from swissweb.tournament.entries.services import ineligible, is_full
from swissweb.tournament.festivals.rules import eligible, section_label
from swissweb.tournament.models import (
    Entry,
    EntrySettings,
    EntryState,
    Event,
    ForbiddenPair,
    Player,
)


def player_birth_year(player: Player) -> int | None:
    """The year a player was born: the birth date's, else the birth year given."""
    return player.birth_date.year if player.birth_date is not None else player.birth_year


def _switch(row: Player | Entry, source: Event, target: Event) -> dict[str, Any]:
    """Give ``row`` FIDE's rating of ``target``'s rate of play where known
    (``fide_ratings.switch``, as a new rate of play does, #35 item 1); the audit fields
    saying what it did (none when the rate and the rating stay)."""
    before = row.rating
    known = fide_ratings.switch(row, target.rate_of_play)
    if source.rate_of_play == target.rate_of_play and row.rating == before:
        return {}
    return {
        "rate_of_play": target.rate_of_play,
        "rating_before": before,
        "rating_after": row.rating,
        "rating_kept": None if known else True,
    }


def kept_rating_warning(row: Player | Entry, source: Event, target: Event) -> str | None:
    """What to tell the arbiter before ``row`` moves from ``source`` to ``target`` when
    the move keeps its FIDE rating: the target's rate of play is another and FIDE's
    rating of it is not known (None: nothing to tell)."""
    if source.rate_of_play == target.rate_of_play or not row.rating:
        return None
    if fide_ratings.of_rate(row, target.rate_of_play) is not None:
        return None
    # The words of a new rate of play's warning (``event_settings_change``), for one.
    text = ngettext(
        "%(count)d player has no known FIDE rating of the rate %(rate)s and keeps the "
        "rating read before: %(names)s. Refresh it from a rating list or type it in.",
        "%(count)d players have no known FIDE rating of the rate %(rate)s and keep the "
        "ratings read before: %(names)s. Refresh them from a rating list or type them in.",
        1,
    )
    return text % {"count": 1, "rate": target.get_rate_of_play_display(), "names": row.name}


def _refuse_started(event: Event) -> None:
    if event.round_set.exists():
        raise RoundLocked(
            _("Round 1 of %(section)s is paired: players move only before it.")
            % {"section": section_label(event)}
        )


def player_move(*, player_id: int, target_id: int, user: User, now: dt.datetime) -> Player:
    """Move a player to another section of the same festival, before round 1 of both.

    The player keeps everything recorded of them (details, private link, requests,
    check-ins) and their online entry, if any, moves with them; their FIDE rating
    becomes the one of the target's rate of play where it is known (#35 item 1).
    Pairing numbers are given as for any player registered: none before the section
    starts, else the next free one; the section left closes its numbers up (C.04.2
    Article 2's order is kept).  Both sections record the move, with the FIDE rating
    before and after when the rates of play differ.

    :raises TournamentError: the sections are not of one festival, a round 1 is paired,
        the target's rules refuse the player (naming the rule; its rating limits read
        the rating the target pairs on, ``Event.rating_basis``), the player is in a
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
        # The target's rate of play may be another: its FIDE rating where known.
        switched = _switch(player, source, target)
        problem = eligible(
            target,
            rating=pairing_rating(target.rating_basis, player),
            birth_year=player_birth_year(player),
        )
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
                player.save(update_fields=["event", "pairing_number", "rating", "modified_at"])
                Entry.objects.filter(player=player).update(
                    event=target, rating=player.rating, modified_at=now
                )
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
                    **switched,
                ),
            )
        return player


def entry_move(*, entry_id: int, target_id: int, user: User, now: dt.datetime) -> Entry:
    """Move an online entry to another section of the same festival, before round 1 of
    both (the arbiter's entries page, #34 item 2).

    An accepted entry is a player: the player moves (``player_move``) and their entry
    with them.  An entry waiting for the arbiter or on the waiting list moves as it
    is, its payment kept, its FIDE rating the one of the target's rate of play where
    known: it waits for the target's arbiter, or goes to the target's
    waiting list when the target is full; its fee is the target's fee table's.  Both
    sections record the move, with the FIDE rating before and after when the rates of
    play differ; the rating limits read the rating the target pairs on.

    :raises TournamentError: the entry is refused, the sections are not of one
        festival, a round 1 is paired, the target's rules or rating limits refuse the
        entrant (naming the rule), or the entrant has entered the target already.
    """
    with transaction.atomic():
        source_id, player_id = Entry.objects.values_list("event_id", "player_id").get(pk=entry_id)
        if player_id is not None:
            player_move(player_id=player_id, target_id=target_id, user=user, now=now)
            return Entry.objects.get(pk=entry_id)
        if source_id == target_id:
            raise TournamentError(_("The entry is in this section already."))
        # Both locked, in id order, as a player's move locks them.
        locked = {pk: _lock_event(pk, standings=False) for pk in sorted((source_id, target_id))}
        source, target = locked[source_id], locked[target_id]
        if source.festival_id is None or source.festival_id != target.festival_id:
            raise TournamentError(_("Entries move only between sections of one festival."))
        _refuse_started(source)
        _refuse_started(target)
        entry = Entry.objects.select_for_update().get(pk=entry_id)
        if entry.state not in (EntryState.PENDING, EntryState.WAITING):
            raise TournamentError(
                _("The entry of %(name)s is %(state)s: it stays in its section.")
                % {"name": entry.name, "state": entry.get_state_display()}
            )
        switched = _switch(entry, source, target)
        rating = pairing_rating(target.rating_basis, entry)
        settings = EntrySettings.objects.filter(event=target).first()
        problem = (ineligible(settings, rating) if settings is not None else None) or (
            eligible(target, rating=rating, birth_year=entry.birth_year)
        )
        if problem is not None:
            raise TournamentError(problem)
        full = settings is not None and is_full(settings, target)
        fee = fee_for(target.fee_rows.all(), title=entry.title, birth_year=entry.birth_year)
        entry.event = target
        entry.state = EntryState.WAITING if full else EntryState.PENDING
        entry.fee = fee.amount if fee is not None else None
        entry.fee_label = fee.label if fee is not None else ""
        try:
            with transaction.atomic():
                entry.save(
                    update_fields=["event", "state", "fee", "fee_label", "rating", "modified_at"]
                )
        except IntegrityError as exc:
            raise TournamentError(plain_integrity_error(exc)) from exc
        moved = PlayerMove(
            player=entry.name,
            source=section_label(source),
            target=section_label(target),
            **switched,
        )
        for event in (source, target):
            _audit(event=event, user=user, now=now, action=AuditAction.ENTRY_MOVE, after=moved)
        return entry
