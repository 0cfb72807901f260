"""Check-in before a round (#34 item 3): at the desk, or on the player's own page.

A check-in says a player is present for a round not yet paired.  The arbiter marks
players present at the desk; a player may check in on their private link (``/p/<code>/``)
inside the window the event sets (``Event.check_in_opens`` to ``check_in_closes``
minutes before the round's scheduled start).  On the player's page, "confirm I will
play" is that check-in whenever the event opens the window: one act, not two.

Check-in is used for a round once anyone checks in for it; pairing such a round with
players who did not asks the arbiter first (:func:`unconfirmed`): mark them absent for
this round (a known absence each, the usual request, so the engine leaves them out) or
pair them anyway, and the audit log records the choice.

A check-in changes no public page, so the event row is locked without counting a change
for the public pages' cache (``_lock_event`` counts one).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.check_in import CheckInWindow, PlayerCheckIn, UnconfirmedChoice
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.services import _audit
from swissweb.tournament.events.schedule import slot
from swissweb.tournament.models import CheckIn, CheckInWay, Event, Player, RequestKind
from swissweb.tournament.players.requests import round_request_set

MAX_WINDOW_MINUTES = 7 * 24 * 60
"""The longest window: a week before the round."""


def _lock(event_id: int) -> Event:
    """The event row locked, its cache counters untouched (a check-in is on no public page)."""
    return Event.objects.select_for_update().get(pk=event_id)


def next_round(event: Event) -> int:
    """The round check-in is for: the first not yet paired."""
    return (event.round_set.aggregate(last=Max("number"))["last"] or 0) + 1


def _refuse_round(event: Event, round_number: int) -> None:
    if not 1 <= round_number <= event.rounds:
        raise TournamentError(_("Rounds run from 1 to %(rounds)s.") % {"rounds": event.rounds})
    if round_number < next_round(event):
        raise TournamentError(
            _("Round %(number)s is paired already: check-in is for rounds not yet paired.")
            % {"number": round_number}
        )


def _set(
    *, event: Event, player: Player, round_number: int, present: bool, way: str,
    user: User | None, now: dt.datetime,
) -> bool:  # fmt: skip
    """Record (or undo) the check-in under the event's lock; False when nothing changed."""
    _refuse_round(event, round_number)
    if player.withdrawn_after_round is not None:
        raise TournamentError(
            _("%(name)s has withdrawn: reinstate %(name)s first.") % {"name": player.name}
        )
    found = CheckIn.objects.filter(player=player, round_number=round_number)
    if present == found.exists():
        return False
    if present:
        CheckIn.objects.create(player=player, round_number=round_number, way=way)
    else:
        found.delete()
    _audit(event=event, user=user, now=now, action=AuditAction.PLAYER_CHECK_IN,
           after=PlayerCheckIn(player=player.name, round=round_number, present=present,
                               way=way if present else None))  # fmt: skip
    return True


def check_in_set(
    *, player_id: int, round_number: int, present: bool, user: User, now: dt.datetime
) -> bool:
    """Mark a player present for a round not yet paired (or undo it), at the desk.

    :returns: False when the player was so marked already (nothing recorded).
    :raises TournamentError: the round is paired already or not of the event, or the
        player has withdrawn.
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock(event_id)
        player = Player.objects.get(pk=player_id)
        return _set(event=event, player=player, round_number=round_number, present=present,
                    way=CheckInWay.DESK, user=user, now=now)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Window:
    """When players may check in for a round on their own page (local wall-clock time)."""

    opens: dt.datetime
    closes: dt.datetime

    def text(self) -> str:
        # Translators: a check-in window, as in "from Sat 14 Mar 13:00 to 13:45".
        return _("from %(opens)s to %(closes)s") % {
            "opens": f"{date_format(self.opens, 'D j M')} {time_format(self.opens, 'H:i')}",
            "closes": f"{date_format(self.closes, 'D j M')} {time_format(self.closes, 'H:i')}",
        }


def window(event: Event, round_number: int) -> Window | None:
    """The round's check-in window; None when the event has none or the round has no
    start time (the window is counted back from it)."""
    start = slot(event, round_number)
    if event.check_in_opens is None or start.date is None or start.time is None:
        return None
    begins = dt.datetime.combine(start.date, start.time)
    return Window(
        opens=begins - dt.timedelta(minutes=event.check_in_opens),
        closes=begins - dt.timedelta(minutes=event.check_in_closes),
    )


def _local(now: dt.datetime) -> dt.datetime:
    """``now`` as the venue's wall-clock time, the schedule's (``TIME_ZONE``)."""
    return timezone.localtime(now).replace(tzinfo=None) if timezone.is_aware(now) else now


def check_in_self(*, code: str, round_number: int, now: dt.datetime) -> bool:
    """A player checks in on their own page, inside the round's window.

    :returns: False when they were checked in already.
    :raises TournamentError: the link is no longer valid, the event has no check-in on
        the players' pages, the round is not scheduled, or ``now`` is outside its window;
        nothing is recorded.
    """
    with transaction.atomic():
        event_id = Player.objects.filter(access_code=code).values_list("event_id", flat=True)
        if not event_id:
            raise TournamentError(
                _("This link is no longer valid: ask the arbiter for your own link.")
            )
        event = _lock(event_id[0])
        player = Player.objects.get(access_code=code)
        _refuse_round(event, round_number)
        if event.check_in_opens is None:
            raise TournamentError(_("Check-in for this event is at the desk only."))
        found = window(event, round_number)
        if found is None:
            raise TournamentError(
                _("Round %(number)s has no start time yet: check in at the desk.")
                % {"number": round_number}
            )
        local = _local(now)
        if local < found.opens:
            raise TournamentError(
                _("Check-in for round %(number)s is not open yet: it runs %(window)s.")
                % {"number": round_number, "window": found.text()}
            )
        if local >= found.closes:
            raise TournamentError(
                _("Check-in for round %(number)s has closed (it ran %(window)s): see the "
                  "arbiter at the desk.")
                % {"number": round_number, "window": found.text()}
            )  # fmt: skip
        return _set(event=event, player=player, round_number=round_number, present=True,
                    way=CheckInWay.LINK, user=None, now=now)  # fmt: skip


def check_in_window_set(
    *, event_id: int, opens: int | None, closes: int, user: User, now: dt.datetime
) -> None:
    """Set when players may check in on their own page: from ``opens`` to ``closes``
    minutes before each round's start time (``opens`` None: at the desk only).

    :raises TournamentError: a window that closes before it opens, or longer than a week.
    """
    if closes < 0 or (opens is not None and opens < 0):
        raise TournamentError(_("Give the minutes as whole numbers, 0 or more."))
    if opens is not None and opens <= closes:
        raise TournamentError(_("Check-in must open before it closes: open it earlier."))
    if max(opens or 0, closes) > MAX_WINDOW_MINUTES:
        raise TournamentError(
            _("Check-in opens at most %(minutes)s minutes (a week) before the round.")
            % {"minutes": MAX_WINDOW_MINUTES}
        )
    with transaction.atomic():
        event = _lock(event_id)
        before = CheckInWindow(opens=event.check_in_opens, closes=event.check_in_closes)
        event.check_in_opens, event.check_in_closes = opens, closes
        event.save(update_fields=["check_in_opens", "check_in_closes", "modified_at"])
        _audit(event=event, user=user, now=now, action=AuditAction.CHECK_IN_WINDOW,
               before=before, after=CheckInWindow(opens=opens, closes=closes))  # fmt: skip


def in_use(event: Event, round_number: int) -> bool:
    """Whether anyone checked in for the round: only then does pairing it ask."""
    return CheckIn.objects.filter(player__event=event, round_number=round_number).exists()


def unconfirmed(event: Event, round_number: int) -> list[Player]:
    """The players to pair in the round who did not check in for it, by name: entered,
    not withdrawn, with no bye or absence for it; none when check-in is not in use."""
    if not in_use(event, round_number):
        return []
    return list(
        event.players.filter(withdrawn_after_round__isnull=True, pairing_number__isnull=False)
        .exclude(check_ins__round_number=round_number)
        .exclude(requests__round_number=round_number)
        .order_by("name")
    )


class CheckInPending(TournamentError):
    """Players not checked in for the round about to be paired: the arbiter decides."""

    status = 409

    def __init__(self, players: list[Player], round_number: int) -> None:
        self.players = players
        self.round_number = round_number
        super().__init__(
            ngettext(
                "%(count)s player has not checked in for round %(number)s.",
                "%(count)s players have not checked in for round %(number)s.",
                len(players),
            )
            % {"count": len(players), "number": round_number}
        )


UNCONFIRMED_CHOICES = ("absent", "pair")
"""What to do with the players not checked in: a known absence each, or pair them."""


def settle_unconfirmed(
    *, event: Event, round_number: int, choice: str | None, user: User | None, now: dt.datetime
) -> None:
    """Before pairing ``round_number`` (the event locked): ask about the players who did
    not check in, or carry out the arbiter's ``choice`` and record it.

    :raises CheckInPending: some did not check in and no choice was given.
    :raises TournamentError: an unknown choice.
    """
    players = unconfirmed(event, round_number)
    if not players:
        return
    if choice is None:
        raise CheckInPending(players, round_number)
    if choice not in UNCONFIRMED_CHOICES:
        raise TournamentError(_("Mark them absent for this round, or pair them anyway."))
    if choice == "absent":
        for player in players:
            round_request_set(player_id=player.pk, round_number=round_number,
                              kind=RequestKind.ABSENT, user=user, now=now)  # fmt: skip
    _audit(event=event, user=user, now=now, action=AuditAction.ROUND_PAIR_UNCONFIRMED,
           after=UnconfirmedChoice(round=round_number, choice=choice,
                                   players=tuple(p.name for p in players)))  # fmt: skip
