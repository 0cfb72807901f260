"""ETags for the public pages, so that a reader's refresh costs a 304 (#21).

A public page shows an event as of its change counters (``Event.results_version``,
``Event.standings_version``, both counted in the transaction of every change, and
``modified_at`` for the event's own settings).  Its ETag is a hash of those, of the
page's full URL (the query string chooses the round), of whether htmx asked for a
fragment, and of the release (the templates and static files the server runs), so a
browser's ``If-None-Match`` is answered 304 after one small query, without rendering.

Signed-in users (arbiters) get no ETag: their pages show their own messages and links.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import condition

from .models import Event


def _release() -> str:
    """What the server runs: ``RELEASE`` if set, else a digest of the templates' and
    static files' names, sizes and modification times (the same in every worker)."""
    if os.environ.get("RELEASE"):
        return os.environ["RELEASE"]
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in ("templates", "static"):
        for path in sorted((base / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                digest.update(
                    f"{path.relative_to(base)}:{stat.st_size}:{stat.st_mtime_ns}".encode()
                )
    return digest.hexdigest()[:16]


RELEASE = _release()


def public_event(request: HttpRequest, slug: str) -> Event:
    """The public event ``slug``, read once per request (the ETag reads it first).

    :raises Http404: no such event, or it is not public.
    """
    cached: Event | None = getattr(request, "_swissweb_public_event", None)
    if cached is None or cached.slug != slug:
        cached = get_object_or_404(Event, slug=slug, public=True)
        request._swissweb_public_event = cached  # type: ignore[attr-defined]
    return cached


def public_etag(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> str | None:
    """The ETag of a public page of the event ``slug``; ``None`` for a signed-in user or
    an event that is not public (the view then answers as usual)."""
    if request.user.is_authenticated:
        return None
    try:
        event = public_event(request, slug)
    except Http404:
        return None
    parts = (
        RELEASE, request.get_full_path(), request.headers.get("HX-Request", ""), event.pk,
        event.results_version, event.standings_version, event.modified_at,
    )  # fmt: skip
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


View = Callable[..., HttpResponse]


def revalidated(view: View) -> View:
    """A public page with an ETag: 304 when unchanged; browsers asked to revalidate."""
    conditional = condition(etag_func=public_etag)(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = conditional(request, *args, **kwargs)
        if response.has_header("ETag"):
            patch_cache_control(response, no_cache=True, public=True)
            patch_vary_headers(response, ["Cookie", "HX-Request"])
        return response

    return wrapper
