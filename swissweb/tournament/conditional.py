"""ETags for the public pages, so that a reader's refresh costs a 304 (#21).

A public page shows an event as of its change counters (``Event.results_version``,
``Event.standings_version``, both counted in the transaction of every change, and
``modified_at`` for the event's own settings).  Its ETag is a hash of those, of the
page's full URL (the query string chooses the round), of whether htmx asked for a
fragment, of the reader's language, and of the release (the templates, static files and
translations the server runs), so a browser's ``If-None-Match`` is answered 304 after
one small query, without rendering.

Signed-in users (arbiters) get no ETag: their pages show their own messages and links.
Anonymous readers get the page from the cache, compressed once (``revalidated``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.text import compress_string

from .models import Event, Game, RoundState


def _release() -> str:
    """What the server runs: ``RELEASE`` if set, else a digest of the templates',
    static files' and compiled translations' names, sizes and modification times (the
    same in every worker)."""
    if os.environ.get("RELEASE"):
        return os.environ["RELEASE"]
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in ("templates", "static", "locale"):
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


Live = bool | Callable[[Event, dict[str, Any]], object]
"""What of the round in play a page shows: all of it (``True``), nothing (``False``), or
what a function of the event and the view's arguments returns (a player's own game)."""


def public_etag(
    request: HttpRequest, slug: str, *args: Any, live: Live = True, **kwargs: Any
) -> str | None:
    """The ETag of a public page of the event ``slug``; ``None`` for a signed-in user or
    an event that is not public (the view then answers as usual).

    ``live``: the page shows results of the round in play (its pairings, a player's
    card), so every result changes it; otherwise (standings, crosstable, the event's
    page, the CSV) only a change of the standings does (``Event.standings_version``),
    and a result entered in the round in play leaves the page, and its 304s, alone.
    A function narrows it further: a player's card changes with that player's own game
    in play, not with every result of the round.
    """
    if request.user.is_authenticated:
        return None
    try:
        event = public_event(request, slug)
    except Http404:
        return None
    if callable(live):
        in_play: object = live(event, kwargs)
    else:
        in_play = event.results_version if live else None
    parts = (
        RELEASE, request.get_full_path(), request.headers.get("HX-Request", ""), event.pk,
        in_play, event.standings_version, event.modified_at, translation.get_language(),
    )  # fmt: skip
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


View = Callable[..., HttpResponse]

PAGE_SECONDS = 3600
"""How long a whole public page stays in the cache (its key is its ETag, which changes
with its content; this only bounds the memory of old versions)."""


def revalidated(view: View) -> View:
    """``_revalidated`` for a page that shows the round in play's results."""
    return _revalidated(view, live=True)


def revalidated_by_standings(view: View) -> View:
    """``_revalidated`` for a page that changes only with the standings."""
    return _revalidated(view, live=False)


def revalidated_by_own_game(view: View) -> View:
    """``_revalidated`` for a player's card: the standings, and the player's own game in
    the round in play (one small query), so other boards' results leave it alone."""
    return _revalidated(view, live=_own_game)


def _own_game(event: Event, kwargs: dict[str, Any]) -> object:
    number = kwargs.get("pairing_number")
    games = Game.objects.filter(round__event=event, round__state=RoundState.PUBLISHED)
    return list(
        games.filter(Q(white__pairing_number=number) | Q(black__pairing_number=number))
        .order_by("pk")
        .values_list("pk", "version")
    )


def _revalidated(view: View, *, live: Live) -> View:
    """A public page with an ETag, answered from the cache for anonymous readers.

    - ``If-None-Match`` with the current ETag: 304, after the one query the ETag costs.
    - Otherwise an anonymous reader gets the page as stored under its ETag, compressed
      once for all readers (gzip of a 500 KB crosstable costs more than reading it from
      the cache); the first reader of a version renders and stores it.
    - Signed-in users, and requests with messages to show, get the view itself.

    Anonymous pages carry no CSRF token (``base.html``), so a stored page holds nothing
    of its first reader's.
    """

    page = view

    @wraps(page)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        etag_value = public_etag(request, *args, live=live, **kwargs)
        if etag_value is None or len(get_messages(request)):
            return page(request, *args, **kwargs)
        etag = quote_etag(etag_value)
        if etag in parse_etags(request.headers.get("If-None-Match", "")):
            unchanged = HttpResponseNotModified()
            unchanged["ETag"] = etag
            _revalidate(unchanged)
            return unchanged
        gzipped = "gzip" in request.headers.get("Accept-Encoding", "")
        key = f"swissweb:page:{etag_value}:{int(gzipped)}"
        stored = cache.get(key)
        if stored is None:
            rendered = page(request, *args, **kwargs)
            if rendered.status_code != 200 or rendered.streaming:
                return rendered
            body = rendered.content
            headers = {k: v for k, v in rendered.items() if k.lower() not in _PER_RESPONSE}
            if gzipped and len(body) >= 200:
                body = compress_string(body)
                headers["Content-Encoding"] = "gzip"
            stored = (body, headers)
            cache.set(key, stored, PAGE_SECONDS)
        body, headers = stored
        response = HttpResponse(body)
        for name, value in headers.items():
            response[name] = value
        response["ETag"] = etag
        response["Content-Length"] = str(len(body))
        _revalidate(response)
        return response

    return wrapper


_PER_RESPONSE = {"set-cookie", "content-length", "etag", "vary", "cache-control"}


def _revalidate(response: HttpResponse) -> None:
    patch_cache_control(response, no_cache=True, public=True)
    patch_vary_headers(response, ["Cookie", "Accept-Language", "Accept-Encoding", "HX-Request"])
