"""The arbiter's workspace (#20): my events and an event's arbiters.

Every page is behind ``arbiter_required``; every change is a POST to one service, which
comes back to the page the form was on (its ``next`` field, see ``return_to``).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.workspace_views import _page
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.models import (
    Event,
)


@login_required
@require_GET
def my_events(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The signed-in user's events (public or not), each with links to its pages."""
    lines = event_selectors.my_events(user=request.user)
    return render(request, "tournament/my_events.html", {"lines": lines})


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
