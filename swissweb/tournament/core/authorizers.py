"""Who may change what: only an event's arbiters may change that event.

Applied to views as a decorator, so the check cannot be forgotten inside a template.
Anonymous users are sent to the login page; a logged-in user who is not an arbiter of
the event gets 403 and nothing changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from swissweb.tournament.models import Event

View = Callable[..., HttpResponse]


class AuthenticatedHttpRequest(HttpRequest):
    """The request a view behind ``login_required`` or ``arbiter_required`` gets.

    Those decorators send the anonymous to the login page, so the view's user is a
    logged-in one: a ``User`` (the project keeps Django's user model).  For annotations
    only; Django builds the request.
    """

    user: User


def is_arbiter(user: Any, event: Event) -> bool:
    """True when ``user`` is one of ``event``'s arbiters."""
    return bool(user.is_authenticated and event.arbiters.filter(pk=user.pk).exists())


def arbiter_required(view: View) -> View:
    """Load the event named by the ``slug`` URL argument and require one of its arbiters.

    The view receives the event instead of the slug.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        event = get_object_or_404(Event, slug=slug)
        if not is_arbiter(request.user, event):
            raise PermissionDenied("Only this event's arbiters may change it.")
        return view(request, event, *args, **kwargs)

    return wrapper
