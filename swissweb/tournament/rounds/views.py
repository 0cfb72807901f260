"""The public round pages: a round's pairings.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from swissweb.tournament.core.conditional import (
    public_event,
    revalidated_by_round,
)
from swissweb.tournament.core.not_found import not_found_is_404
from swissweb.tournament.rounds import selectors as round_selectors


@require_safe
@revalidated_by_round
@not_found_is_404
def round_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A published round's pairings and results, refreshing itself while in play, with
    links to the rounds published before and after it (#34: each round has its own page,
    the event's page shows one).

    Template: ``round_pairings.html``; HTMX refreshes get ``partials/pairings_table.html``.
    404 for a round not published.
    """
    event = public_event(request, slug)
    round_ = round_selectors.published_round(event=event, number=number)
    numbers = round_selectors.public_round_numbers(event=event)
    context = {
        "event": event,
        "round": round_,
        "in_play": round_.in_play,
        "previous": max((n for n in numbers if n < number), default=None),
        "next": min((n for n in numbers if n > number), default=None),
    }
    if getattr(request, "htmx", False):
        return render(request, "tournament/partials/pairings_table.html", context)
    return render(request, "tournament/round_pairings.html", context)
