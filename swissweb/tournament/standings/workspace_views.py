"""The standings in the arbiter's workspace (#36 item 3): standings, crosstable, prizes
and their CSV for every event, public or not.

The same selectors and templates as the public pages (``views.py``), behind
``arbiter_required``; no ETag (the arbiter always reads the latest).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.workspace_views import _page
from swissweb.tournament.models import Event
from swissweb.tournament.standings import views as public


@arbiter_required
@require_GET
def standings(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The standings after any completed round, with links to the workspace's player
    pages. Template: workspace/standings.html (extends the public standings.html)."""
    context = public.standings_context(request, event)
    context.pop("event")
    return _page(request, "standings.html", event, "standings", workspace=True, **context)


@arbiter_required
@require_GET
def crosstable(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The crosstable. Template: workspace/crosstable.html (extends crosstable.html)."""
    context = public.crosstable_context(request, event)
    context.pop("event")
    return _page(request, "crosstable.html", event, "standings", workspace=True, **context)


@arbiter_required
@require_GET
def prizes(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The prize list; 404 when the event has no prize table.

    Template: workspace/prizes.html (extends prizes.html)."""
    context = public.prizes_context(public.with_prize_table(event))
    context.pop("event")
    return _page(request, "prizes.html", event, "standings", workspace=True, **context)


@arbiter_required
@require_GET
def standings_csv(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The standings CSV (``views.standings_csv``) of any event."""
    return public.standings_csv_response(request, event)


@arbiter_required
@require_GET
def prizes_csv(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The prize list CSV (``views.prizes_csv``) of any event with a prize table."""
    return public.prizes_csv_response(public.with_prize_table(event))
