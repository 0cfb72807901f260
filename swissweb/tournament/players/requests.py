"""Requests for rounds not yet paired (half-point and full-point byes, absences) and
forbidden pairs."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace as replace_values

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import ForbiddenPairValues, RoundRequestValues
from swissweb.tournament.core.errors import (
    AlreadyRecorded,
    ConfirmationNeeded,
    PlayerWithdrawn,
    RoundLocked,
    TournamentError,
)
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.models import (
    REQUEST_KIND_WORDS,
    Event,
    ForbiddenPair,
    Player,
    RequestKind,
    Round,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players import bye_policy


def round_request_set(
    *,
    player_id: int,
    round_number: int,
    kind: str,
    user: User | None,
    now: dt.datetime,
    replace: bool = False,
    override: bool = False,
    asked_at: dt.datetime | None = None,
) -> None:
    """Record a bye or a known absence for a round not yet paired (FIDE C.04.2
    Article 3.3 for an absence; the bye's points are the event's).

    A half-point bye is usually the player's request; a full-point bye is given by the
    arbiter (the event's rules say when).  Either way the player is not paired in that
    round and scores the event's points for the bye; neither is a game played (FIDE
    C.04.2 Articles 3.4-3.5).

    A player has one request per round: the same request again is refused, and another
    kind of request replaces the recorded one only with ``replace`` (the arbiter's
    confirmation).

    A half-point bye must be allowed by the event's bye policy (``bye_policy``, #36),
    judged at ``asked_at`` (when the player asked; by default ``now``), unless the
    arbiter ``override``s it: the audit row then names each rule overridden.

    :raises RoundLocked: that round is paired already (or finished).
    :raises ByePolicyRefused: the bye policy does not allow it; not overridden.
    :raises PlayerWithdrawn: the player has withdrawn.
    :raises AlreadyRecorded: the same request is recorded already.
    :raises ConfirmationNeeded: another request for that round is recorded; not replaced.
    """
    _refuse_unknown_kind(kind)
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if not 1 <= round_number <= event.rounds:
            raise TournamentError(_("Rounds run from 1 to %(rounds)s.") % {"rounds": event.rounds})
        _refuse_request_for_round(event, round_number)
        if player.withdrawn_after_round is not None:
            raise PlayerWithdrawn(
                _(
                    "%(name)s has withdrawn (after round %(round)s): "
                    "reinstate %(name)s before recording a request."
                )
                % {"name": player.name, "round": player.withdrawn_after_round}
            )
        existing = RoundRequest.objects.filter(player=player, round_number=round_number).first()
        if existing is not None:
            _refuse_duplicate_request(player, existing, kind, replace)
        overridden: tuple[str, ...] = ()
        if kind == RequestKind.HALF_POINT_BYE:
            overridden = bye_policy.check(
                event, player, round_number, asked_at=asked_at or now, override=override
            )

        RoundRequest.objects.update_or_create(
            player_id=player_id, round_number=round_number, defaults={"kind": kind}
        )
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ROUND_REQUEST,
            before=(
                RoundRequestValues(player=player.name, round=round_number, kind=existing.kind)
                if existing is not None
                else None
            ),
            after=RoundRequestValues(
                player_id=player_id,
                player=player.name,
                round=round_number,
                kind=kind,
                overridden=overridden,
            ),
        )


def forbidden_pair_add(
    *,
    event_id: int,
    first_id: int,
    second_id: int,
    user: User,
    now: dt.datetime,
    reason: str = "",
) -> None:
    """Forbid two players of the event to meet.

    :raises AlreadyRecorded: the two are kept apart already.
    """
    if first_id == second_id:
        raise TournamentError(_("Choose two different players."))
    reason = _forbidden_reason(reason)
    with transaction.atomic():
        event = _lock_event(event_id)
        first, second = sorted((first_id, second_id))
        if event.players.filter(pk__in=[first, second]).count() != 2:
            raise TournamentError(_("Both players must be entered in this event."))
        names = [Player.objects.get(pk=pk).name for pk in (first, second)]
        if ForbiddenPair.objects.filter(event=event, first_id=first, second_id=second).exists():
            raise AlreadyRecorded(
                _("%(first)s and %(second)s are kept apart already: edit that pair instead.")
                % {"first": names[0], "second": names[1]}
            )

        ForbiddenPair.objects.create(event=event, first_id=first, second_id=second, reason=reason)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.FORBIDDEN_PAIR_ADD,
            after=ForbiddenPairValues(players=(first, second), names=tuple(names), reason=reason),
        )


def _blocking_round(event: Event, round_number: int) -> Round | None:
    """The round that makes requests for ``round_number`` final: it, or a later one."""
    return event.round_set.filter(number__gte=round_number).order_by("number").first()


def _refuse_request_for_round(event: Event, round_number: int) -> None:
    """Requests are for rounds not yet paired (FIDE C.04.2 Article 3).

    :raises RoundLocked: the round is finished, or paired already.
    """
    blocking = _blocking_round(event, round_number)
    if blocking is None:
        return
    if blocking.number == round_number and blocking.state == RoundState.COMPLETED:
        raise RoundLocked(
            _("Round %(number)s is finished: requests are for rounds not yet paired.")
            % {"number": round_number}
        )
    raise RoundLocked(_("Round %(number)s is paired already.") % {"number": round_number})


def _refuse_unknown_kind(kind: str) -> None:
    if kind not in RequestKind.values:
        raise TournamentError(
            _("A request is a half-point bye, a full-point bye or a known absence.")
        )


def _request_label(kind: str) -> str:
    return str(REQUEST_KIND_WORDS[RequestKind(kind)])


def _refuse_duplicate_request(
    player: Player, existing: RoundRequest, kind: str, replace: bool
) -> None:
    """One request per player and round: the same one again is refused, another kind
    replaces it only on confirmation."""
    number = existing.round_number
    if existing.kind == kind:
        raise AlreadyRecorded(
            # Translators: request is a half-point bye, a full-point bye or a known absence.
            _("%(name)s has a %(request)s for round %(number)s already.")
            % {"name": player.name, "request": _request_label(kind), "number": number}
        )
    if not replace:
        raise ConfirmationNeeded(
            # Translators: old and new are each a half-point bye, a full-point bye or a known
            # absence.
            _(
                "%(name)s has a %(old)s for round %(number)s already: "
                "confirm to replace it with a %(new)s."
            )
            % {
                "name": player.name,
                "old": _request_label(existing.kind),
                "number": number,
                "new": _request_label(kind),
            }
        )


def _forbidden_reason(reason: str) -> str:
    reason = reason.strip()
    if len(reason) > 200:
        raise TournamentError(_("Keep the reason to 200 characters."))
    return reason


def _locked_request(request_id: int) -> tuple[Event, RoundRequest]:
    """The event locked, and the request read again under the lock."""
    gone = TournamentError(_("That request was deleted already."))
    event_id = (
        RoundRequest.objects.filter(pk=request_id).values_list("player__event_id", flat=True)
    ).first()
    if event_id is None:
        raise gone
    event = _lock_event(event_id)
    request = RoundRequest.objects.select_related("player").filter(pk=request_id).first()
    if request is None:
        raise gone
    return event, request


def _refuse_request_change(event: Event, request: RoundRequest) -> None:
    """A request of a paired round is part of that round (FIDE C.04.2 Article 3): it stays."""
    blocking = _blocking_round(event, request.round_number)
    if blocking is not None:
        finished = (
            blocking.state == RoundState.COMPLETED and blocking.number == request.round_number
        )
        values = {"number": request.round_number, "name": request.player.name}
        if finished:
            raise RoundLocked(
                _("Round %(number)s is finished: the request of %(name)s is part of it and stays.")
                % values
            )
        raise RoundLocked(
            _(
                "Round %(number)s is paired already: the request of %(name)s is part of it "
                "and stays."
            )
            % values
        )


def _request_json(request: RoundRequest) -> RoundRequestValues:
    return RoundRequestValues(
        player=request.player.name, round=request.round_number, kind=request.kind
    )


def round_request_update(
    *,
    request_id: int,
    round_number: int,
    kind: str,
    user: User,
    now: dt.datetime,
    override: bool = False,
) -> None:
    """Change a recorded request's round or kind, for rounds not yet paired; a
    half-point bye must be allowed by the bye policy (``round_request_set``) unless the
    arbiter ``override``s it.

    :raises RoundLocked: the old or the new round is paired already.
    :raises ByePolicyRefused: the bye policy does not allow it; not overridden.
    :raises PlayerWithdrawn: the player has withdrawn.
    :raises AlreadyRecorded: the player has another request for the new round.
    """
    _refuse_unknown_kind(kind)
    with transaction.atomic():
        event, request = _locked_request(request_id)
        player = request.player
        if not 1 <= round_number <= event.rounds:
            raise TournamentError(_("Rounds run from 1 to %(rounds)s.") % {"rounds": event.rounds})
        _refuse_request_change(event, request)
        _refuse_request_for_round(event, round_number)
        if player.withdrawn_after_round is not None:
            raise PlayerWithdrawn(
                _(
                    "%(name)s has withdrawn (after round %(round)s): "
                    "reinstate %(name)s before changing a request."
                )
                % {"name": player.name, "round": player.withdrawn_after_round}
            )
        other = (
            RoundRequest.objects.filter(player=player, round_number=round_number)
            .exclude(pk=request.pk)
            .first()
        )
        if other is not None:
            raise AlreadyRecorded(
                # Translators: request is a half-point bye, a full-point bye or a known absence.
                _("%(name)s has a %(request)s for round %(number)s already: delete one of the two.")
                % {
                    "name": player.name,
                    "request": _request_label(other.kind),
                    "number": round_number,
                }
            )
        if (request.round_number, request.kind) == (round_number, kind):
            return
        overridden: tuple[str, ...] = ()
        if kind == RequestKind.HALF_POINT_BYE:
            overridden = bye_policy.check(
                event, player, round_number, asked_at=now, override=override, moving=request.pk
            )
        before = _request_json(request)
        request.round_number, request.kind = round_number, kind
        request.save(update_fields=["round_number", "kind", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ROUND_REQUEST_UPDATE,
            before=before,
            after=replace_values(_request_json(request), overridden=overridden),
        )


def round_request_delete(*, request_id: int, user: User, now: dt.datetime) -> None:
    """Delete a bye or an absence recorded for a round not yet paired.

    :raises RoundLocked: the round is paired already (its request is part of it).
    :raises TournamentError: the request was deleted already.
    """
    with transaction.atomic():
        event, request = _locked_request(request_id)
        _refuse_request_change(event, request)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ROUND_REQUEST_DELETE,
            before=_request_json(request),
        )
        request.delete()


def _locked_pair(pair_id: int) -> tuple[Event, ForbiddenPair]:
    gone = TournamentError(_("That forbidden pair was deleted already."))
    event_id = ForbiddenPair.objects.filter(pk=pair_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise gone
    event = _lock_event(event_id)
    pair = ForbiddenPair.objects.select_related("first", "second").filter(pk=pair_id).first()
    if pair is None:
        raise gone
    return event, pair


def _pair_json(pair: ForbiddenPair) -> ForbiddenPairValues:
    return ForbiddenPairValues(
        players=(pair.first_id, pair.second_id),
        names=(pair.first.name, pair.second.name),
        reason=pair.reason,
    )


def forbidden_pair_update(*, pair_id: int, reason: str, user: User, now: dt.datetime) -> None:
    """Change the reason two players are kept apart (relatives, one club, ...).

    :raises TournamentError: the pair was deleted, or the reason is too long.
    """
    reason = _forbidden_reason(reason)
    with transaction.atomic():
        event, pair = _locked_pair(pair_id)
        if pair.reason == reason:
            return
        before = _pair_json(pair)
        pair.reason = reason
        pair.save(update_fields=["reason", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.FORBIDDEN_PAIR_UPDATE,
            before=before,
            after=_pair_json(pair),
        )


def forbidden_pair_delete(*, pair_id: int, user: User, now: dt.datetime) -> None:
    """Let two players meet again from the next round paired on.

    Rounds paired already stay as they are.

    :raises TournamentError: the pair was deleted already.
    """
    with transaction.atomic():
        event, pair = _locked_pair(pair_id)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.FORBIDDEN_PAIR_DELETE,
            before=_pair_json(pair),
        )
        pair.delete()
