"""The public event pages: the list of events and an event's page.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from swissweb.tournament.core.authorizers import is_arbiter
from swissweb.tournament.core.conditional import (
    public_event,
    revalidated_by_round_in_play,
)
from swissweb.tournament.core.errors import NotFound
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.rounds import selectors as round_selectors


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    """Public list of events. Template: ``tournament/event_list.html``."""
    return render(
        request, "tournament/event_list.html", {"events": event_selectors.public_events()}
    )


@require_safe
@revalidated_by_round_in_play
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Public page of one event (404 unless public): the round in play, or the latest
    round, with its boards; links to every published round's page, the standings, the
    crosstable and the starting rank.  Template: ``tournament/event_detail.html``.

    The other rounds' boards and the players are on their own pages: at 300 players and
    9 rounds the page held them all, 436 KB of HTML and 20,000 px on a phone (#34).
    """
    event = public_event(request, slug)
    rounds = round_selectors.public_rounds(event=event)
    shown = round_selectors.round_in_view(rounds)
    try:
        # Its own boards only: the rounds above would read every round's boards.
        in_view = shown and round_selectors.published_round(event=event, number=shown.number)
    except NotFound:
        in_view = None  # unpublished since the rounds were read: the page shows none
    context = {
        "event": event,
        "rounds": rounds,
        "round": in_view,
        "is_arbiter": is_arbiter(request.user, event),
    }
    return render(request, "tournament/event_detail.html", context)
