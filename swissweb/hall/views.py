"""The hall's sheet: where players follow the event from their phones (#37)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from swissweb.tournament.events.selectors import public_events
from swissweb.tournament.rounds.workspace_views import qr_svg


@require_GET
def poster(request: HttpRequest) -> HttpResponse:
    """A page to print and pin up in the hall: the address of the public pages, written
    out and as a QR code, and the events they show.  The address is the one this request
    reached, so the sheet printed on the laptop names the address phones reach."""
    url = request.build_absolute_uri(reverse("tournament:event_list"))
    response = render(
        request,
        "hall/poster.html",
        {
            "url": url,
            "qr_code": qr_svg(url, scale=8),
            "events": [event.name for event in public_events()],
        },
    )
    response["Cache-Control"] = "no-cache"
    return response
