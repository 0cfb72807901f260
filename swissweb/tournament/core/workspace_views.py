"""Shared by the arbiter's workspace pages (#20): render a page, run a service, go back.

Every page is behind ``arbiter_required``; every change is a POST to one service, which
comes back to the page the form was on (its ``next`` field, see ``return_to``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.models import (
    Event,
)


def return_to(request: HttpRequest, event: Event, fallback: str) -> HttpResponse:
    """Redirect to the workspace page named by the form's ``next`` field, else ``fallback``.

    Only a page of this event's workspace (a path under its ``/manage/``) is followed, so
    the field cannot send the arbiter anywhere else.
    """
    return redirect(workspace_target(request, event) or fallback)


def workspace_target(request: HttpRequest, event: Event) -> str:
    """The form's ``next`` field if it names a page of this event's workspace, else ""."""
    target = request.POST.get("next", "")
    prefix = reverse("tournament:event_manage", args=[event.slug])
    if (
        target.startswith(prefix)
        and not any(char in target for char in "\r\n\\")
        and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    ):
        return target
    return ""


def _url(name: str, event: Event, *args: object) -> str:
    return reverse(f"tournament:{name}", args=[event.slug, *args])


def _attempt(
    request: HttpRequest,
    event: Event,
    action: Callable[[], list[str] | None],
    done: str,
    fallback: str,
) -> HttpResponse:
    """Run a service call; show its refusal, or ``done`` and its warnings; go back."""
    try:
        warnings = action() or []
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
        for warning in warnings:
            messages.warning(request, warning)
    return return_to(request, event, fallback)


def _page(
    request: HttpRequest,
    template: str,
    event: Event,
    section: str,
    *,
    ws: event_selectors.Workspace | None = None,
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    """Render a workspace page with the event's navigation (``section`` marks the current
    page in it; ``section_round`` the round of a round's page)."""
    context.update(event=event, section=section, ws=ws or event_selectors.workspace(event=event))
    return render(request, f"tournament/workspace/{template}", context, status=status)
