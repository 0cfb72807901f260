"""Views: check permission, call a selector or a service, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from . import selectors
from .models import Event


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    """Public list of events. Template: ``tournament/event_list.html``."""
    return render(request, "tournament/event_list.html", {"events": selectors.public_events()})


@require_GET
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Public page of one event: players and published rounds (404 unless public)."""
    event = get_object_or_404(Event, slug=slug, public=True)
    context = {
        "event": event,
        "players": selectors.event_players(event=event),
        "rounds": selectors.published_rounds(event=event),
    }
    return render(request, "tournament/event_detail.html", context)


@require_GET
def round_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A published round's pairings and results, refreshing itself while in play.

    Template: ``round_pairings.html``; HTMX refreshes get ``partials/pairings_table.html``.
    """
    event = get_object_or_404(Event, slug=slug, public=True)
    round_ = selectors.published_round(event=event, number=number)
    context = {"event": event, "round": round_, "in_play": selectors.round_in_play(round_)}
    if getattr(request, "htmx", False):
        return render(request, "tournament/partials/pairings_table.html", context)
    return render(request, "tournament/round_pairings.html", context)


@require_GET
def player_card(request: HttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """A player's card: colours, floats, opponents, results and why each pairing was made.

    Template: ``player_card.html``.
    """
    event = get_object_or_404(Event, slug=slug, public=True)
    card = selectors.player_card(event=event, pairing_number=pairing_number)
    return render(request, "tournament/player_card.html", {"event": event, "card": card})
