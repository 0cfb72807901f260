"""The festival's edit page (#34 item 1): its name, publication and dates, and each
section detached (a standalone event again) or deleted.

Every view checks the user is an arbiter of the festival (``festival_arbiter``: 404 for
no such festival, 403 for another user); detaching or deleting a section checks the
section's arbiters too.  Each change is one service of ``edits``, which refuses with a
message and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, is_arbiter
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.festivals import edits, selectors
from swissweb.tournament.festivals.arbiter_views import festival_arbiter
from swissweb.tournament.festivals.forms import FestivalEditForm
from swissweb.tournament.festivals.rules import section_label
from swissweb.tournament.models import Event, Festival


def _edit(festival: Festival) -> HttpResponse:
    return redirect("tournament:festival_edit", festival=festival.slug)


@festival_arbiter
@require_http_methods(["GET", "POST"])
def festival_edit(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The festival's name, publication and dates; its sections, each with Detach and
    Delete.  Template: ``festival_edit.html``."""
    initial = {
        "name": festival.name,
        "public": festival.public,
        "start_date": festival.start_date,
        "end_date": festival.end_date,
    }
    posted = request.POST if request.method == "POST" else None
    form = FestivalEditForm(posted, initial=initial)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            change = edits.FestivalChange(
                name=data["name"],
                public=data["public"],
                start_date=data["start_date"],
                end_date=data["end_date"],
            )
            try:
                saved = edits.festival_update(
                    festival_id=festival.pk, change=change, user=request.user, now=timezone.now()
                )
            except TournamentError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Festival saved."))
                _warn(request, saved)
                return _edit(saved)
    view = selectors.arbiter_festival(festival_id=festival.pk)
    context = {"festival": view, "form": form}
    return render(request, "tournament/festival_edit.html", context, status=status)


def _warn(request: AuthenticatedHttpRequest, festival: Festival) -> None:
    """What the saved values leave odd, said, not refused."""
    outside = edits.sections_outside(festival)
    if outside:
        messages.warning(
            request,
            _("These sections have dates outside the festival's: %(sections)s.")
            % {"sections": ", ".join(outside)},
        )
    if festival.public and not festival.sections.filter(public=True).exists():
        messages.warning(
            request,
            _(
                "The festival is public but none of its sections is: publish them from "
                "their workspaces."
            ),
        )


def _section(request: AuthenticatedHttpRequest, festival: Festival, event_id: int) -> Event:
    """The festival's section ``event_id`` (404 otherwise), of which the user is an
    arbiter (403 otherwise)."""
    event = get_object_or_404(Event, pk=event_id, festival=festival)
    if not is_arbiter(request.user, event):
        raise PermissionDenied("Only this section's arbiters may change it.")
    return event


@festival_arbiter
@require_POST
def section_detach(
    request: AuthenticatedHttpRequest, festival: Festival, event_id: int
) -> HttpResponse:
    event = _section(request, festival, event_id)
    name = section_label(event)
    try:
        edits.section_detach(
            festival_id=festival.pk, event_id=event.pk, user=request.user, now=timezone.now()
        )
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("%(section)s is an event of its own again, as %(event)s.")
            % {"section": name, "event": event.name},
        )
    return _edit(festival)


@festival_arbiter
@require_POST
def section_delete(
    request: AuthenticatedHttpRequest, festival: Festival, event_id: int
) -> HttpResponse:
    """Delete a section; the form's ``confirm`` box must be ticked."""
    event = _section(request, festival, event_id)
    if request.POST.get("confirm") != "yes":
        messages.error(
            request,
            _("Tick the box to confirm deleting %(section)s: nothing was deleted.")
            % {"section": section_label(event)},
        )
        return _edit(festival)
    try:
        name = edits.section_delete(
            festival_id=festival.pk, event_id=event.pk, user=request.user, now=timezone.now()
        )
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Section %(section)s deleted.") % {"section": name})
    return _edit(festival)
