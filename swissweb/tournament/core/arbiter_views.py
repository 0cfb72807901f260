"""Shared by the arbiter's views: run a service, show its refusal, go back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.workspace_views import return_to
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


def vars_(row: Any) -> dict[str, Any]:
    """The fields of a slotted dataclass as a dict."""
    return {name: getattr(row, name) for name in row.__slots__}
