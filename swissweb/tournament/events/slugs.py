"""Event slugs: which may be taken, one made from a name, and old slugs that redirect.

An event's slug is in every URL of its pages.  When an arbiter changes it, the old slug
is kept (``EventSlugRedirect``) and every URL under it redirects to the same page under
the present slug, so published links and printed QR codes keep working (#20).  A slug
is never given to two events, nor to one event while it leads to another.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.urls import reverse
from django.utils.text import slugify

from swissweb.tournament.core.authorizers import is_arbiter
from swissweb.tournament.models import Event, EventSlugRedirect

RESERVED_SLUGS = frozenset({"new", "import"})
"""Slugs that would be shadowed by a route of their own (``events/new/``,
``events/import/``): an event with one of them could never show its page."""

SLUG_LENGTH = 80
"""``Event.slug``'s ``max_length``."""

PERMANENT_REDIRECT_SECONDS = 24 * 60 * 60
"""How long a browser may keep the 301 of an old slug: an event that takes an old slug
back would otherwise send browsers that remember the 301 round in a circle."""


def slug_refusal(slug: str, *, event_id: int | None = None) -> str | None:
    """Why ``slug`` cannot be the slug of event ``event_id`` (or a new event), or ``None``.

    Refused: a slug shadowed by a route, one another event has, and one that is an old
    slug of another event (its published URLs lead there).  An event's own old slug may
    be taken back.
    """
    if slug in RESERVED_SLUGS:
        return f"Slug: {slug!r} is the address of another page; choose another slug."
    events = Event.objects.filter(slug=slug)
    old_slugs = EventSlugRedirect.objects.filter(old_slug=slug)
    if event_id is not None:
        events = events.exclude(pk=event_id)
        old_slugs = old_slugs.exclude(event_id=event_id)
    if events.exists():
        return f"Slug: {slug!r} is the slug of another event."
    if old_slugs.exists():
        return (
            f"Slug: {slug!r} was the slug of another event, and its old addresses still "
            "lead there; choose another slug."
        )
    return None


def unique_slug(name: str) -> str:
    """A slug made from ``name`` (``slugify``) that no event has, had, or could not have."""
    base = (slugify(name) or "event")[: SLUG_LENGTH - 10].strip("-") or "event"
    slug, n = base, 1
    while slug_refusal(slug) is not None:
        n += 1
        slug = f"{base}-{n}"
    return slug


View = Callable[..., HttpResponse]


def follow_old_slug(view: View, *, permanent: bool) -> View:
    """Let ``view`` (a URL with a ``slug``) redirect from an old slug to the present one.

    The view runs first, so pages under a present slug cost nothing more; only when it
    finds nothing (404) and the slug is an old slug of an event the user may see (a
    public event, or one of the user's events) does it redirect: a GET to a public page
    with 301 (``permanent``), a GET to an arbiter's page with 302, anything else with 307
    so that a form posted from a page loaded before the change still arrives.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Http404:
            target = _present_url(request, str(kwargs.get("slug", "")))
            if target is None:
                raise
        if request.method not in ("GET", "HEAD"):
            return HttpResponseRedirect(target, status=307)
        if not permanent:
            return HttpResponseRedirect(target)
        response = HttpResponseRedirect(target, status=301)
        response["Cache-Control"] = f"max-age={PERMANENT_REDIRECT_SECONDS}"
        return response

    return wrapper


def _present_url(request: HttpRequest, slug: str) -> str | None:
    """The URL asked for, under the present slug of the event that had ``slug``."""
    if not slug or Event.objects.filter(slug=slug).exists():
        return None
    moved = EventSlugRedirect.objects.filter(old_slug=slug).select_related("event").first()
    match = request.resolver_match
    if moved is None or match is None or match.view_name is None:
        return None
    event = moved.event
    if not (event.public or is_arbiter(request.user, event)):
        return None
    url = reverse(match.view_name, args=match.args, kwargs={**match.kwargs, "slug": event.slug})
    query = request.META.get("QUERY_STRING", "")
    return f"{url}?{query}" if query else url
