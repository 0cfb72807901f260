"""The festival's entries for its arbiters (#34 items 1 and 2): every entry of every
section in one list, filtered by section, state, a search, paid and checked in, the fee
table, and the CSV.

Both check the user is an arbiter of the festival (``festival_arbiter``); a filter that
names no section of the festival or no state shows every one.  Each entry is decided and
marked paid on its section's own entries page, which every line links to.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.entries.selectors import CHECKED_FILTERS, PAID_FILTERS
from swissweb.tournament.festivals import entries
from swissweb.tournament.festivals.arbiter_views import festival_arbiter
from swissweb.tournament.models import EntryState, Festival
from swissweb.tournament.standings.views import BOM

PAGE_SIZE = 100


@dataclass(frozen=True, slots=True, kw_only=True)
class Filters:
    """What the list shows: a section of the festival (else None: any), a state (else
    "": any), a search, paid and checked in ("yes", "no", else either)."""

    section: int | None
    state: str
    query: str
    paid: str
    checked: str

    def asked(self) -> str:
        """The filters as a query string, for the CSV link and the pages."""
        return urlencode(
            {"section": self.section or "", "state": self.state, "q": self.query,
             "paid": self.paid, "checked": self.checked}
        )  # fmt: skip

    def shown(self, found: entries.FestivalEntries) -> tuple[entries.FestivalEntry, ...]:
        return found.shown(
            section=self.section, state=self.state, query=self.query, paid=self.paid,
            checked=self.checked,
        )  # fmt: skip


def _filters(request: AuthenticatedHttpRequest, found: entries.FestivalEntries) -> Filters:
    section = positive_number(request.GET.get("section"))
    if section not in {s.pk for s in found.sections}:
        section = None
    state = request.GET.get("state", "")
    paid, checked = request.GET.get("paid", ""), request.GET.get("checked", "")
    return Filters(
        section=section,
        state=state if state in EntryState.values else "",
        query=request.GET.get("q", "")[:100],
        paid=paid if paid in PAID_FILTERS else "",
        checked=checked if checked in CHECKED_FILTERS else "",
    )


@festival_arbiter
@require_GET
def festival_entries(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The entries list and the fee table.  Template: ``festival_entries.html``."""
    found = entries.festival_entries(festival=festival)
    filters = _filters(request, found)
    page = Paginator(filters.shown(found), PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "festival": festival,
        "found": found,
        "page": page,
        "filters": filters,
        "asked": filters.asked(),
        "section": filters.section,
        "state": filters.state,
        "states": EntryState.choices,
    }
    return render(request, "tournament/festival_entries.html", context)


@festival_arbiter
@require_GET
def festival_entries_csv(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The entries shown by the same filters, as CSV with a BOM; never cached."""
    found = entries.festival_entries(festival=festival)
    body = entries.festival_entries_csv(_filters(request, found).shown(found))
    response = HttpResponse(BOM + body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{festival.slug}-entries.csv"'
    response["Cache-Control"] = "no-store"
    return response
