"""Shared by the arbiter's views: run a service, show its refusal, go back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.workspace_views import return_to, workspace_target
from swissweb.tournament.models import Event


def _manage(event: Event) -> HttpResponse:
    return redirect("tournament:event_manage", slug=event.slug)


def _back(request: HttpRequest, event: Event) -> HttpResponse:
    """Back to the workspace page the form was on (its ``next`` field), else the event's."""
    return return_to(request, event, reverse("tournament:event_manage", args=[event.slug]))


def _attempt(
    request: HttpRequest, event: Event, action: Callable[[], Any], done: str
) -> HttpResponse:
    """Run a service call; show its refusal, or ``done``, and go back to the event page."""
    try:
        action()
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
    return _back(request, event)


def confirmed(request: HttpRequest) -> bool:
    """Whether the arbiter confirmed a destructive action (#36 item 5): the confirmation
    page (``ask_first``) posts the same form again with ``confirm=1``."""
    return request.POST.get("confirm") == "1"


def ask_first(
    request: HttpRequest,
    event: Event,
    *,
    title: str,
    what: list[str],
    button: str,
    fallback: str = "",
) -> HttpResponse:
    """The confirmation step of a destructive action (#36 item 5), as a settings change
    after round 1 asks (``event_edit``): a page that says what will happen and changes
    nothing, whose button posts the same form again with ``confirm``; a plain form, so it
    works without JavaScript.  Template: ``workspace/confirm.html``.

    ``fallback`` is where "Cancel" leads when the form named no page of the workspace."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirm")
        for value in values
    ]
    context = {
        "event": event,
        "title": title,
        "what": what,
        "button": button,
        "action": request.path,
        "fields": fields,
        "back": workspace_target(request, event)
        or fallback
        or reverse("tournament:event_manage", args=[event.slug]),
    }
    return render(request, "tournament/workspace/confirm.html", context)


def vars_(row: Any) -> dict[str, Any]:
    """The fields of a slotted dataclass as a dict."""
    return {name: getattr(row, name) for name in row.__slots__}
