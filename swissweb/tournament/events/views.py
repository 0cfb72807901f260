"""The public event pages: the list of events and an event's page.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from swissweb.tournament.core import caching
from swissweb.tournament.core.authorizers import is_arbiter
from swissweb.tournament.core.conditional import (
    public_event,
    revalidated_by_standings,
)
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.rounds import selectors as round_selectors


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    """Public list of events. Template: ``tournament/event_list.html``."""
    return render(
        request, "tournament/event_list.html", {"events": event_selectors.public_events()}
    )


@require_safe
@revalidated_by_standings
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Public page of one event: players and published rounds (404 unless public)."""
    event = public_event(request, slug)
    context = {
        "event": event,
        "version": caching.cache_version(event),
        "players": SimpleLazyObject(lambda: player_selectors.event_players(event=event)),
        "rounds": round_selectors.public_rounds(event=event),
        "is_arbiter": is_arbiter(request.user, event),
    }
    return render(request, "tournament/event_detail.html", context)
