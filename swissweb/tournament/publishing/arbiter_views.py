"""The arbiter's downloads: the event's TRF backup, FIDE's rating report and the
national one."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_http_methods

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.models import Event
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.national_report import national_report as national
from swissweb.tournament.publishing.rating_report import Edition, date_warnings
from swissweb.tournament.publishing.rating_report import rating_report as report


@arbiter_required
@require_http_methods(["GET"])
def export_trf(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The whole event as a TRF file (every round, options, requests), a full backup."""
    response = HttpResponse(exports.event_trf(event), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


@arbiter_required
@require_http_methods(["GET"])
def rating_report(request: AuthenticatedHttpRequest, event: Event, edition: str) -> HttpResponse:
    """FIDE's rating report of the event, TRF16 or TRF-2026 (``rating_report``).

    Arbiters only: it holds the players' FIDE IDs and birth dates."""

    if edition not in {e.value for e in Edition}:
        raise Http404(f"No rating report edition {edition!r}: trf16 or trf26.")
    chosen = Edition(edition)
    # The download leaves the page as it is: the warnings show on the next page opened.
    for warning in date_warnings(event):
        messages.warning(request, warning)
    response = HttpResponse(report(event, chosen), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{chosen}.trf"'
    return response


@arbiter_required
@require_http_methods(["GET"])
def national_report(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The national rating report of the event, a CSV (``national_report``).

    Arbiters only: it holds the players' national IDs and birth years."""
    response = HttpResponse(national(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-national.csv"'
    return response
