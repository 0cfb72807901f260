"""The arbiter's workspace (#20): the event's audit log.

Every page is behind ``arbiter_required``; every change is a POST to one service, which
comes back to the page the form was on (its ``next`` field, see ``return_to``).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from swissweb.tournament.audit.selectors import audit_page
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.workspace_views import _page
from swissweb.tournament.models import (
    Event,
)

# Audit log and arbiters


@arbiter_required
@require_GET
def audit(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Who changed what, when, from what to what; newest first, paginated.

    Template: audit.html (``?round=N`` for one round, ``?page=N``).
    """
    round_number = positive_number(request.GET.get("round"))
    view = audit_page(event=event, page=request.GET.get("page"), round_number=round_number)
    return _page(request, "audit.html", event, "audit", audit=view)
