"""The arbiter's workspace (#20): my events and an event's arbiters.

Every page is behind ``arbiter_required``; every change is a POST to one service, which
comes back to the page the form was on (its ``next`` field, see ``return_to``).
"""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.workspace_views import _attempt, _page
from swissweb.tournament.events import schedule
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import selectors as festival_selectors
from swissweb.tournament.models import (
    Event,
)
from swissweb.tournament.publishing.rating_report import date_warnings


@login_required
@require_GET
def my_events(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The signed-in user's events (public or not), each with links to its pages."""
    lines = event_selectors.my_events(user=request.user)
    festivals = festival_selectors.my_festivals(user_id=request.user.pk)
    return render(request, "tournament/my_events.html", {"lines": lines, "festivals": festivals})


@arbiter_required
@require_GET
def arbiters(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The event's arbiters, and a form to add one. Template: arbiters.html."""
    return _page(
        request,
        "arbiters.html",
        event,
        "arbiters",
        arbiters=list(event.arbiters.order_by("username")),
    )


def _schedule_rows(request: AuthenticatedHttpRequest, rounds: int) -> list[schedule.Slot]:
    """The schedule form's rows (``date-N``, ``time-N`` for each round N).

    :raises TournamentError: a date or a time that does not read, naming its round.
    """
    rows = []
    for number in range(1, rounds + 1):
        day = request.POST.get(f"date-{number}", "").strip()
        clock = request.POST.get(f"time-{number}", "").strip()
        try:
            date = dt.date.fromisoformat(day) if day else None
        except ValueError:
            raise TournamentError(
                _("Round %(number)s: %(date)s is not a date (YYYY-MM-DD).")
                % {"number": number, "date": repr(day[:20])}
            ) from None
        try:
            time = dt.time.fromisoformat(clock).replace(second=0, microsecond=0) if clock else None
        except ValueError:
            raise TournamentError(
                _("Round %(number)s: %(time)s is not a time (HH:MM).")
                % {"number": number, "time": repr(clock[:20])}
            ) from None
        rows.append(schedule.Slot(number, date, time))
    return rows


def _schedule_fields(request: AuthenticatedHttpRequest, event: Event) -> list[tuple[int, str, str]]:
    """Each round's number, date and time as the form shows them: as typed after a
    refusal (the arbiter corrects one field, not all), else as saved."""
    if request.method == "POST":
        return [
            (n, request.POST.get(f"date-{n}", "")[:20], request.POST.get(f"time-{n}", "")[:20])
            for n in range(1, event.rounds + 1)
        ]
    return [
        (
            s.number,
            s.date.isoformat() if s.date else "",
            s.time.strftime("%H:%M") if s.time else "",
        )
        for s in schedule.slots(event)[: event.rounds]
    ]


@arbiter_required
@require_http_methods(["GET", "POST"])
def schedule_page(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Every round's date and start time in one form. Template: schedule.html."""
    status = 200
    if request.method == "POST":
        try:
            rows = _schedule_rows(request, event.rounds)
            warnings = schedule.schedule_set(
                event_id=event.pk, rows=rows, user=request.user, now=timezone.now()
            )
        except TournamentError as exc:
            messages.error(request, str(exc))
            status = exc.status
        else:
            messages.success(request, _("Schedule saved."))
            for warning in warnings:
                messages.warning(request, warning)
            return redirect("tournament:workspace_schedule", slug=event.slug)
    return _page(
        request,
        "schedule.html",
        event,
        "schedule",
        status=status,
        fields=_schedule_fields(request, event),
        report_warnings=date_warnings(event),
    )


@arbiter_required
@require_POST
def event_publish(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Make the event public (``public=1``) or private again, from the notice every page
    of a private event's workspace shows (#36 item 3: an imported event is private until
    its arbiter publishes it).  Through ``event_settings_update``, which records it."""
    public = request.POST.get("public") == "1"
    done = (
        _("The event is public: anyone can read its pages.")
        if public
        else _("The event is private: only its arbiters see it.")
    )

    def publish() -> None:
        event_services.event_settings_update(
            event_id=event.pk, changes={"public": public},
            expected_version=event.settings_version, user=request.user, now=timezone.now(),
        )  # fmt: skip

    return _attempt(
        request, event, publish, done, reverse("tournament:event_manage", args=[event.slug])
    )
