"""The festival's entries for its arbiters (#34 items 1 and 2): every entry of every
section in one list, filtered by section and state, the fee table, and the CSV.

Both check the user is an arbiter of the festival (``festival_arbiter``); a filter that
names no section of the festival or no state shows every one.  Each entry is decided and
marked paid on its section's own entries page, which every line links to.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.festivals import entries
from swissweb.tournament.festivals.arbiter_views import festival_arbiter
from swissweb.tournament.models import EntryState, Festival
from swissweb.tournament.standings.views import BOM

PAGE_SIZE = 100


def _filters(
    request: AuthenticatedHttpRequest, found: entries.FestivalEntries
) -> tuple[int | None, str]:
    """The section (one of the festival's, else None) and state (a state, else "")."""
    section = positive_number(request.GET.get("section"))
    if section not in {s.pk for s in found.sections}:
        section = None
    state = request.GET.get("state", "")
    return section, state if state in EntryState.values else ""


@festival_arbiter
@require_GET
def festival_entries(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The entries list and the fee table.  Template: ``festival_entries.html``."""
    found = entries.festival_entries(festival=festival)
    section, state = _filters(request, found)
    page = Paginator(found.shown(section=section, state=state), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {
        "festival": festival,
        "found": found,
        "page": page,
        "section": section,
        "state": state,
        "states": EntryState.choices,
    }
    return render(request, "tournament/festival_entries.html", context)


@festival_arbiter
@require_GET
def festival_entries_csv(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The entries shown by the same filters, as CSV with a BOM; never cached."""
    found = entries.festival_entries(festival=festival)
    section, state = _filters(request, found)
    body = entries.festival_entries_csv(found.shown(section=section, state=state))
    response = HttpResponse(BOM + body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{festival.slug}-entries.csv"'
    response["Cache-Control"] = "no-store"
    return response
