"""Requests players make on their own page (#24), and the arbiter's decision on them.

A player's page (``/p/<code>/``, their private link, which the arbiter gives to that
player alone: shown or printed from the arbiter's page of that player) lets them ask
for a half-point bye in a round not yet paired, to withdraw, or confirm they will play
a coming round.  Nothing changes in the event until an arbiter approves: the request
waits in the workspace, and both the asking and the decision are in the audit log.

A link acts for its own player only, and each request records the link it was made on
(its fingerprint): a link that got into other hands (#31 D10) is seen as such, and the
arbiter rotates it (:func:`player_link_rotate`), after which the old one leads nowhere.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.check_in import AsksUndecided
from swissweb.tournament.audit.payloads import PlayerAskValues, PlayerLink
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.models import (
    AskState,
    Event,
    Player,
    PlayerAsk,
    PlayerRequest,
    RequestKind,
    new_access_code,
)
from swissweb.tournament.players import bye_policy, check_in
from swissweb.tournament.players.requests import round_request_set
from swissweb.tournament.players.services import player_withdraw


def link_fingerprint(code: str) -> str:
    """What a request records of the link it was made on: enough to tell one link from
    another (and a rotated link from the present one), useless as a link itself."""
    return hashlib.sha256(code.encode()).hexdigest()[:12]


def player_ask(
    *, player_id: int, via_code: str, kind: str, round_number: int | None, now: dt.datetime
) -> PlayerRequest:
    """Record a player's request for the arbiter, made on the link ``via_code``.

    :raises TournamentError: the link is not this player's (a link asks for its own
        player only), the kind is unknown, the round is paired already or beyond the
        last, the player has withdrawn, or the same request is already waiting.
    """
    if kind not in PlayerAsk.values:
        raise TournamentError(_("Ask for a bye, to withdraw, or confirm you will play."))
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.access_code != via_code:
            raise TournamentError(refused_for_another(via_code))
        if player.withdrawn_after_round is not None:
            raise TournamentError(_("You have withdrawn from this event."))
        paired = event.round_set.aggregate(last=Max("number"))["last"] or 0
        if kind == PlayerAsk.WITHDRAW:
            round_number = None
        elif round_number is None or not paired < round_number <= event.rounds:
            first = paired + 1
            if first > event.rounds:
                raise TournamentError(
                    _("Every round is paired: there is no round left to ask for.")
                )
            if first < event.rounds:
                raise TournamentError(
                    _("Choose a round not yet paired: %(first)s to %(last)s.")
                    % {"first": first, "last": event.rounds}
                )
            raise TournamentError(_("Choose a round not yet paired: %(first)s.") % {"first": first})
        if PlayerRequest.objects.filter(
            player=player, kind=kind, round_number=round_number, state=AskState.PENDING
        ).exists():
            raise TournamentError(_("You asked this already: the arbiter has not decided yet."))
        if kind == PlayerAsk.BYE and round_number is not None:
            # The event's bye policy (#36), as for the arbiter, who alone may override it.
            bye_policy.check(event, player, round_number, asked_at=now, asks=True)
        link = link_fingerprint(via_code)
        ask = PlayerRequest.objects.create(
            player=player, kind=kind, round_number=round_number, via_link=link
        )
        _audit(event=event, user=None, now=now, action=AuditAction.PLAYER_ASK,
               after=PlayerAskValues(player=player.name, kind=kind, round=round_number,
                                     link=link))  # fmt: skip
        return ask


def refused_for_another(via_code: str) -> str:
    """Why a link may not ask for another player: it asks for its own player only."""
    own = Player.objects.filter(access_code=via_code).values_list("name", flat=True).first()
    if own is None:
        return _("This link is no longer valid: ask the arbiter for your own link.")
    # Translators: name is the player whose private link was used.
    return _("This link can only ask for %(name)s: nothing was asked.") % {"name": own}


def player_link_rotate(*, player_id: int, user: User, now: dt.datetime) -> Player:
    """Give the player a new private link; the old one leads nowhere from now on.

    For a link that got into other hands: the arbiter then gives the new one to the
    player alone.  Requests made on the old link stay, marked as made on a link replaced
    since.  The audit records the links' fingerprints, never a code.
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        old = player.access_code
        code = new_access_code()
        while code == old or Player.objects.filter(access_code=code).exists():
            code = new_access_code()  # 72 random bits: in practice never repeated
        player.access_code = code
        player.save(update_fields=["access_code", "modified_at"])
        _audit(event=event, user=user, now=now, action=AuditAction.PLAYER_LINK_ROTATE,
               before=PlayerLink(player=player.name, link=link_fingerprint(old)),
               after=PlayerLink(player=player.name, link=link_fingerprint(code)))  # fmt: skip
        return player


def player_ask_decide(
    *, ask_id: int, approve: bool, user: User, now: dt.datetime, override: bool = False
) -> PlayerRequest:
    """Approve (and carry out) or refuse a player's request.

    Approving a bye records it as the round's request (``round_request_set``), a
    withdrawal withdraws the player (``player_withdraw``), a confirmation of a round not
    yet paired checks the player in for it (``check_in.check_in_set``).

    :raises TournamentError: the request was decided already, or carrying it out is
        refused (the round was paired meanwhile, for instance); then it stays waiting.
    """
    with transaction.atomic():
        event_id = PlayerRequest.objects.values_list("player__event_id", flat=True).get(pk=ask_id)
        event = _lock_event(event_id)
        ask = PlayerRequest.objects.select_related("player").get(pk=ask_id)
        if ask.state != AskState.PENDING:
            if ask.state == AskState.APPROVED:
                raise TournamentError(_("This request was approved already."))
            raise TournamentError(_("This request was refused already."))
        if approve and ask.kind == PlayerAsk.BYE and ask.round_number is not None:
            # The bye policy judges the bye at the time the player asked (#36).
            round_request_set(player_id=ask.player_id, round_number=ask.round_number,
                              kind=RequestKind.HALF_POINT_BYE, user=user, now=now,
                              asked_at=ask.created_at, override=override)  # fmt: skip
        elif (
            approve
            and ask.kind == PlayerAsk.ATTEND
            and ask.round_number is not None
            and ask.round_number >= check_in.next_round(event)
        ):
            # A confirmation approved is the round's check-in (#34 item 3).
            check_in.check_in_set(player_id=ask.player_id, round_number=ask.round_number,
                                  present=True, user=user, now=now)  # fmt: skip
        elif approve and ask.kind == PlayerAsk.WITHDRAW:
            player_withdraw(
                player_id=ask.player_id, user=user, now=now, reason=_("asked by the player")
            )
        ask.state = AskState.APPROVED if approve else AskState.REFUSED
        ask.decided_by, ask.decided_at = user, now
        ask.save(update_fields=["state", "decided_by", "decided_at", "modified_at"])
        _audit(event=event, user=user, now=now, action=AuditAction.PLAYER_ASK_DECIDE,
               after=PlayerAskValues(player=ask.player.name, kind=ask.kind,
                                     round=ask.round_number, state=ask.state))  # fmt: skip
        return ask


def waiting_for(event: Event, round_number: int) -> list[PlayerRequest]:
    """The players' requests still waiting for the arbiter that pairing ``round_number``
    would pass over: those for that round, and every withdrawal; oldest first."""
    return list(
        PlayerRequest.objects.filter(player__event=event, state=AskState.PENDING)
        .filter(Q(round_number=round_number) | Q(kind=PlayerAsk.WITHDRAW))
        .select_related("player")
        .order_by("created_at")
    )


class AsksPending(TournamentError):
    """Pairing a round while players' requests for it wait for a decision: the arbiter
    decides them first, or pairs anyway (#36 item 5)."""

    status = 409

    def __init__(self, asks: list[PlayerRequest], round_number: int) -> None:
        self.asks = asks
        self.round_number = round_number
        super().__init__(
            ngettext(
                "%(count)s player's request waits for your decision before round %(number)s.",
                "%(count)s players' requests wait for your decision before round %(number)s.",
                len(asks),
            )
            % {"count": len(asks), "number": round_number}
        )


PAIR_ANYWAY = "pair"
"""The answer that pairs a round over requests not decided (the ``asks`` field)."""


def settle_pending_asks(
    *, event: Event, round_number: int, choice: str | None, user: User | None, now: dt.datetime
) -> None:
    """Before pairing ``round_number`` (the event locked): ask about the players'
    requests not decided yet, or, the arbiter pairing anyway, record that in the audit log.

    :raises AsksPending: some wait for a decision and the arbiter did not choose to pair
        anyway.
    """
    asks = waiting_for(event, round_number)
    if not asks:
        return
    if choice != PAIR_ANYWAY:
        raise AsksPending(asks, round_number)
    lines = tuple(f"{ask.player.name}: {ask.get_kind_display()}" for ask in asks)
    _audit(event=event, user=user, now=now, action=AuditAction.ROUND_PAIR_ASKS_PENDING,
           after=AsksUndecided(round=round_number, asks=lines))  # fmt: skip
