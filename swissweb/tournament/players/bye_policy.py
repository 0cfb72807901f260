"""An event's bye policy (#36 item 7): which half-point byes its regulations allow.

FIDE C.04.2 Article 3 leaves byes on request to the tournament's regulations; an open
usually limits them. The event's settings hold three rules, each off unless set:

- ``most`` (``Event.bye_most``): the most half-point byes one player may take;
- ``last_rounds`` (``Event.bye_last_rounds``): none in the event's last N rounds;
- ``deadline`` (``Event.bye_deadline_hours``): asked for at least N hours before the
  round's scheduled start (the schedule's wall-clock time; a round with a date but no
  start time counts from the start of its day; a round not scheduled has no deadline
  but its pairing).

They apply to half-point byes only: a full-point bye is the arbiter's award and a
known absence (zero points) is never refused. They are checked the same way whoever
asks: a player on their own page (``asks.player_ask``), and an arbiter recording or
changing a request or approving a player's (``requests.round_request_set``,
``round_request_update``). An arbiter may override them, explicitly, and the audit row
of the request names each rule overridden. An approval is judged at the time the
player asked, so a request made before the deadline stays good after it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events.schedule import slot
from swissweb.tournament.models import (
    AskState,
    Event,
    Player,
    PlayerAsk,
    PlayerRequest,
    RequestKind,
    RoundRequest,
)

MOST = "most"
LAST_ROUNDS = "last_rounds"
DEADLINE = "deadline"

"""The rules' codes, as the audit row of an override names them (their words:
``audit.payloads.BYE_RULE_WORDS``)."""


@dataclass(frozen=True, slots=True)
class Breach:
    """One rule of the policy a request breaks, and the refusal naming it."""

    rule: str
    text: str


class ByePolicyRefused(TournamentError):
    """A half-point bye the event's bye policy does not allow; the arbiter may override."""

    status = 409

    def __init__(self, breaches: list[Breach]) -> None:
        super().__init__(" ".join(breach.text for breach in breaches))
        self.breaches = tuple(breaches)


def _local(moment: dt.datetime) -> dt.datetime:
    """``moment`` as the venue's wall-clock time, the schedule's (``TIME_ZONE``)."""
    return timezone.localtime(moment).replace(tzinfo=None) if timezone.is_aware(moment) else moment


def deadline(event: Event, round_number: int) -> dt.datetime | None:
    """When half-point byes for round ``round_number`` close (the venue's wall-clock
    time), or None: no deadline set, or the round not scheduled."""
    if event.bye_deadline_hours is None:
        return None
    found = slot(event, round_number)
    if found.date is None:
        return None
    begins = dt.datetime.combine(found.date, found.time or dt.time(0))
    return begins - dt.timedelta(hours=event.bye_deadline_hours)


def _taken(player: Player, round_number: int, *, asks: bool, moving: int | None) -> int:
    """The half-point byes ``player`` has in rounds other than ``round_number``:
    recorded (but the request ``moving``, being moved to that round), and (``asks``)
    asked for on their own page and not decided yet."""
    recorded = RoundRequest.objects.filter(player=player, kind=RequestKind.HALF_POINT_BYE)
    if moving is not None:
        recorded = recorded.exclude(pk=moving)
    rounds = set(recorded.exclude(round_number=round_number).values_list("round_number", flat=True))
    if asks:
        pending = PlayerRequest.objects.filter(
            player=player, kind=PlayerAsk.BYE, state=AskState.PENDING
        ).exclude(round_number=round_number)
        rounds |= {n for n in pending.values_list("round_number", flat=True) if n is not None}
    return len(rounds)


def breaches(
    event: Event,
    player: Player,
    round_number: int,
    *,
    asked_at: dt.datetime,
    asks: bool = False,
    moving: int | None = None,
) -> list[Breach]:
    """The rules of ``event``'s bye policy a half-point bye for ``player`` in round
    ``round_number``, asked for at ``asked_at``, breaks (none: allowed). ``asks``: count
    the player's undecided byes asked on their own page too (a new ask); ``moving``: the
    recorded request being moved to that round, not counted."""
    found = []
    last = event.bye_last_rounds
    if last and round_number > event.rounds - last:
        first = max(event.rounds - last + 1, 1)
        text = ngettext(
            "The bye policy allows no half-point bye in the last %(count)d round (round "
            "%(first)d).",
            "The bye policy allows no half-point bye in the last %(count)d rounds (from "
            "round %(first)d on).",
            last,
        ) % {"count": last, "first": first}
        found.append(Breach(LAST_ROUNDS, text))
    if event.bye_most is not None:
        taken = _taken(player, round_number, asks=asks, moving=moving)
        if taken >= event.bye_most:
            most = event.bye_most
            if most == 0:
                text = _("The bye policy allows no half-point byes in this event.")
            else:
                text = ngettext(
                    "The bye policy allows at most %(most)d half-point bye per player: "
                    "%(name)s has %(taken)d already.",
                    "The bye policy allows at most %(most)d half-point byes per player: "
                    "%(name)s has %(taken)d already.",
                    most,
                ) % {"most": most, "name": player.name, "taken": taken}
            found.append(Breach(MOST, text))
    closes = deadline(event, round_number)
    if closes is not None and _local(asked_at) > closes:
        hours = event.bye_deadline_hours or 0
        when = f"{date_format(closes, 'D j M')} {time_format(closes, 'H:i')}"
        text = ngettext(
            "The bye policy closes half-point byes %(hours)d hour before the round: "
            "for round %(round)d they closed on %(when)s.",
            "The bye policy closes half-point byes %(hours)d hours before the round: "
            "for round %(round)d they closed on %(when)s.",
            hours,
        ) % {"hours": hours, "round": round_number, "when": when}
        found.append(Breach(DEADLINE, text))
    return found


def check(
    event: Event,
    player: Player,
    round_number: int,
    *,
    asked_at: dt.datetime,
    override: bool = False,
    asks: bool = False,
    moving: int | None = None,
) -> tuple[str, ...]:
    """Refuse a half-point bye the policy does not allow, unless ``override``.

    :returns: the rules overridden (for the audit row); () when none was broken.
    :raises ByePolicyRefused: a rule is broken and not overridden.
    """
    found = breaches(event, player, round_number, asked_at=asked_at, asks=asks, moving=moving)
    if found and not override:
        raise ByePolicyRefused(found)
    return tuple(breach.rule for breach in found)


def override_hint() -> str:
    """Said to an arbiter after a refusal of the bye policy."""
    return _(
        "To record it anyway, tick “Override the bye policy”: the audit log keeps your choice."
    )


def summary(event: Event) -> list[str]:
    """The event's bye policy in words, one line per rule set (for the players' pages
    and the cards); [] when it has none."""
    lines = []
    if event.bye_most is not None:
        lines.append(
            ngettext(
                "At most %(count)d half-point bye per player.",
                "At most %(count)d half-point byes per player.",
                event.bye_most,
            )
            % {"count": event.bye_most}
        )
    if event.bye_last_rounds:
        lines.append(
            ngettext(
                "No half-point bye in the last %(count)d round.",
                "No half-point byes in the last %(count)d rounds.",
                event.bye_last_rounds,
            )
            % {"count": event.bye_last_rounds}
        )
    if event.bye_deadline_hours is not None:
        lines.append(
            ngettext(
                "Ask at least %(count)d hour before the round's start.",
                "Ask at least %(count)d hours before the round's start.",
                event.bye_deadline_hours,
            )
            % {"count": event.bye_deadline_hours}
        )
    return lines
