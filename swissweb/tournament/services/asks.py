"""Requests players make on their own page (#24), and the arbiter's decision on them.

A player's page (``/p/<code>/``, the code printed on their result slips) lets them ask
for a half-point bye in a round not yet paired, to withdraw, or confirm they will play
a coming round.  Nothing changes in the event until an arbiter approves: the request
waits in the workspace, and both the asking and the decision are in the audit log.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from swissweb.tournament.errors import TournamentError
from swissweb.tournament.models import AskState, Player, PlayerAsk, PlayerRequest, RequestKind

from .common import _audit, _lock_event
from .players import player_withdraw
from .requests import round_request_set


def player_ask(
    *, player_id: int, kind: str, round_number: int | None, now: dt.datetime
) -> PlayerRequest:
    """Record a player's request for the arbiter.

    :raises TournamentError: the kind is unknown, the round is paired already or beyond
        the last, the player has withdrawn, or the same request is already waiting.
    """
    if kind not in PlayerAsk.values:
        raise TournamentError(_("Ask for a bye, to withdraw, or confirm you will play."))
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
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
        ask = PlayerRequest.objects.create(player=player, kind=kind, round_number=round_number)
        _audit(event=event, user=None, now=now, action="player_ask",
               after={"player": player.name, "kind": kind, "round": round_number})  # fmt: skip
        return ask


def player_ask_decide(*, ask_id: int, approve: bool, user: User, now: dt.datetime) -> PlayerRequest:
    """Approve (and carry out) or refuse a player's request.

    Approving a bye records it as the round's request (``round_request_set``), a
    withdrawal withdraws the player (``player_withdraw``); a confirmation changes nothing
    else.

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
            round_request_set(player_id=ask.player_id, round_number=ask.round_number,
                              kind=RequestKind.HALF_POINT_BYE, user=user, now=now)  # fmt: skip
        elif approve and ask.kind == PlayerAsk.WITHDRAW:
            player_withdraw(
                player_id=ask.player_id, user=user, now=now, reason=_("asked by the player")
            )
        ask.state = AskState.APPROVED if approve else AskState.REFUSED
        ask.decided_by, ask.decided_at = user, now
        ask.save(update_fields=["state", "decided_by", "decided_at", "modified_at"])
        _audit(event=event, user=user, now=now, action="player_ask_decide",
               after={"player": ask.player.name, "kind": ask.kind, "round": ask.round_number,
                      "state": ask.state})  # fmt: skip
        return ask
