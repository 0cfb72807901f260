"""ETags for the public pages, so that a reader's refresh costs a 304 (#21).

A public page shows an event as of its change counters (``Event.results_version``,
``Event.standings_version``, both counted in the transaction of every change, and
``modified_at`` for the event's own settings).  Its ETag is a hash of those, of the
page's path and the query parameters the page reads (each view declares them, with what
a value means: #31 D5), of whether htmx asked for a fragment, of the reader's language,
and of the release (the templates, static files and translations the server runs), so
a browser's ``If-None-Match`` is answered 304 after one small query, without rendering.

Any other query string is the same page: a client looping on ``games.pgn?b=N`` rendered
and stored a new file per N, slowing every other reader (D5).  Such URLs are answered,
not redirected to the canonical one: links shared with tracking parameters
(``utm_source``, ``fbclid``) or a tool's cache-buster then cost one request, not two,
and the page they get is the very one stored for the plain URL.  A junk value of a
parameter the page reads means the page's default, as the view itself reads it.

Signed-in users (arbiters) get no ETag: their pages show their own messages and links.
Anonymous readers get the page from the cache, compressed once (``revalidated``); the
first worker to miss a new version renders it while the others serve the version before
it (``_render_once``), so a result in play is rendered once for all workers.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
from django.utils.http import parse_etags, quote_etag, urlencode
from django.utils.text import compress_string

from swissweb.tournament.models import Event, Game, RoundState
from swissweb.tournament.rounds.round_rows import public_round_rows


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
        request._swissweb_public_event = cached  # type: ignore[attr-defined]  # a per-request memo
    return cached


Live = bool | Callable[[Event, dict[str, Any]], object]
"""What of the round in play a page shows: all of it (``True``), nothing (``False``), or
what a function of the event and the view's arguments returns (a player's own game)."""

Param = Callable[[Event, str | None], object]
"""A query parameter a page reads: the value the page uses for the text given (``None``
when absent), ``None`` for the page's default.  Equal values must mean equal pages."""

Reads = Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class PageKey:
    """What a public page's ETag and stored copies are keyed on."""

    page: str
    """The page whatever its version: path, parameters read, fragment or not, language."""
    etag: str
    """``page`` at the current version of what it shows."""
    path: str
    """The canonical URL: the path with the parameters read, normalised."""


def public_page_key(
    request: HttpRequest,
    slug: str,
    *args: Any,
    live: Live = True,
    reads: Reads | None = None,
    **kwargs: Any,
) -> PageKey | None:
    """The key of a public page of the event ``slug``; ``None`` for a signed-in user or
    an event that is not public (the view then answers as usual).

    ``live``: the page shows results of the round in play (its pairings, a player's
    card), so every result changes it; otherwise (standings, crosstable, the event's
    page, the CSV) only a change of the standings does (``Event.standings_version``),
    and a result entered in the round in play leaves the page, and its 304s, alone.
    A function narrows it further: a player's card changes with that player's own game
    in play, not with every result of the round.

    ``reads``: the query parameters the page reads; any other is ignored (#31 D5).
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
    params = sorted(
        (name, str(value))
        for name, read in (reads or {}).items()
        if (value := read(event, request.GET.get(name))) is not None
    )
    path = f"{request.path}?{urlencode(params)}" if params else request.path
    page = (RELEASE, path, bool(getattr(request, "htmx", False)), event.pk,
            translation.get_language())  # fmt: skip
    versions = (in_play, event.standings_version, event.modified_at)
    return PageKey(
        page=hashlib.sha256(repr(page).encode()).hexdigest()[:32],
        etag=hashlib.sha256(repr((page, versions)).encode()).hexdigest()[:32],
        path=path,
    )


View = Callable[..., HttpResponse]

PAGE_SECONDS = 3600
"""How long a whole public page stays in the cache (its key is its ETag, which changes
with its content; this only bounds the memory of old versions)."""


RENDER_LOCK_SECONDS = 10
"""How long a worker may hold the right to render a new version of a page before
another may take it (a worker killed while rendering holds it no longer than this)."""


def revalidated(view: View) -> View:
    """``_revalidated`` for a page that shows the round in play's results."""
    return _revalidated(view, live=True)


def revalidated_by_round(view: View) -> View:
    """``_revalidated`` for a round's page (its ``number`` argument): every result while
    the round is in play, the standings once it is completed (#31 D13)."""
    return _revalidated(view, live=_round_in_play)


def revalidated_by_round_in_play(view: View) -> View:
    """``_revalidated`` for the event's page, which shows the round in play (or the
    latest round): every result while a round is in play, the standings otherwise (#34)."""
    return _revalidated(view, live=_any_round_in_play)


def revalidated_by_standings(view: View) -> View:
    """``_revalidated`` for a page that changes only with the standings."""
    return _revalidated(view, live=False)


def revalidated_by_standings_reading(reads: Reads) -> Callable[[View], View]:
    """``revalidated_by_standings`` for a page that reads the query parameters ``reads``."""
    return lambda view: _revalidated(view, live=False, reads=reads)


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


def _round_in_play(event: Event, kwargs: dict[str, Any]) -> object:
    """The results counter while round ``number`` is in play; nothing once it is
    completed (its page then changes with ``Event.standings_version``, which a
    correction of it counts) or not published (the view answers 404)."""
    number = kwargs.get("number")
    for row in public_round_rows(event):
        if row.number == number:
            return event.results_version if row.state != RoundState.COMPLETED else None
    return None


def _any_round_in_play(event: Event, kwargs: dict[str, Any]) -> object:
    """The results counter while a published round is in play; nothing once every
    published round is completed."""
    rows = public_round_rows(event)
    in_play = any(row.state != RoundState.COMPLETED for row in rows)
    return event.results_version if in_play else None


def _revalidated(view: View, *, live: Live, reads: Reads | None = None) -> View:
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
        key = public_page_key(request, *args, live=live, reads=reads, **kwargs)
        if key is None or len(get_messages(request)):
            return page(request, *args, **kwargs)
        # What the templates give as this page's address (the language switch's
        # "next"): the stored page is served for every query string, so it must not
        # repeat the first reader's.
        request.public_path = key.path  # type: ignore[attr-defined]  # read by the templates
        wanted = parse_etags(request.headers.get("If-None-Match", ""))
        if quote_etag(key.etag) in wanted:
            return _not_modified(key.etag)
        gzipped = "gzip" in request.headers.get("Accept-Encoding", "")
        etag, stored = key.etag, cache.get(_stored(key.etag, gzipped))
        if stored is None:
            found = _render_once(page, request, args, kwargs, key=key, gzipped=gzipped)
            if isinstance(found, HttpResponse):
                return found
            etag, stored = found
            if quote_etag(etag) in wanted:
                return _not_modified(etag)
        body, headers = stored
        response = HttpResponse(body)
        for name, value in headers.items():
            response[name] = value
        response["ETag"] = quote_etag(etag)
        response["Content-Length"] = str(len(body))
        _revalidate(response)
        return response

    return wrapper


Stored = tuple[bytes, dict[str, str]]
"""A page as stored: its body (compressed or not) and its headers."""


def _stored(etag: str, gzipped: bool) -> str:
    return f"swissweb:page:{etag}:{int(gzipped)}"


def _render_once(
    page: View,
    request: HttpRequest,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    *,
    key: PageKey,
    gzipped: bool,
) -> HttpResponse | tuple[str, Stored]:
    """The page at ``key``'s version, rendered here and stored for every worker; or,
    while another worker renders it, the last version stored (with its own ETag).

    Under a crowd every worker missed a new version of the round in play at the same
    moment and rendered it (two results a second made each worker render the page
    twice a second): the right to render is a lock in the shared cache (``add``), and
    the others serve the version before it, at most one change old, which the next
    refresh replaces.  Without the version before (the first readers after a restart,
    all at once, on a page that takes a third of a second to render), they wait for the
    one rendering it, up to ``RENDER_WAIT_SECONDS``.  With the cache down the page is
    rendered here.  A page not 200 (404) is returned as is.
    """
    lock = f"swissweb:rendering:{key.etag}:{int(gzipped)}"
    latest = f"swissweb:page-latest:{key.page}:{int(gzipped)}"
    locked = cache.add(lock, 1, RENDER_LOCK_SECONDS)
    if not locked:
        previous = cache.get(latest)
        stored = cache.get(_stored(previous, gzipped)) if isinstance(previous, str) else None
        if stored is not None:
            return previous, stored
        stored = _wait_for(_stored(key.etag, gzipped), lock)
        if stored is not None:
            return key.etag, stored
    try:
        rendered = page(request, *args, **kwargs)
        if rendered.status_code != 200 or rendered.streaming:
            return rendered
        body = rendered.content
        headers = {k: v for k, v in rendered.items() if k.lower() not in _PER_RESPONSE}
        if gzipped and len(body) >= 200:
            body = compress_string(body)
            headers["Content-Encoding"] = "gzip"
        stored = (body, headers)
        cache.set(_stored(key.etag, gzipped), stored, PAGE_SECONDS)
        cache.set(latest, key.etag, PAGE_SECONDS)
        return key.etag, stored
    finally:
        if locked:
            cache.delete(lock)


RENDER_WAIT_SECONDS = 5.0
"""How long a reader waits for another worker's first render of a page before rendering
it itself (the lock's holder may be slow, or gone)."""

POLL_SECONDS = 0.05


def _pause(seconds: float) -> None:
    time.sleep(seconds)


def _wait_for(name: str, lock: str) -> Stored | None:
    """The page stored under ``name`` once the worker holding ``lock`` has stored it;
    ``None`` if the lock is released without it (a 404, an error), or after
    ``RENDER_WAIT_SECONDS``."""
    deadline = time.monotonic() + RENDER_WAIT_SECONDS
    while time.monotonic() < deadline and cache.get(lock) is not None:
        _pause(POLL_SECONDS)
        stored: Stored | None = cache.get(name)
        if stored is not None:
            return stored
    return None


def _not_modified(etag: str) -> HttpResponse:
    unchanged = HttpResponseNotModified()
    unchanged["ETag"] = quote_etag(etag)
    _revalidate(unchanged)
    return unchanged


_PER_RESPONSE = {"set-cookie", "content-length", "etag", "vary", "cache-control"}


def _revalidate(response: HttpResponse) -> None:
    patch_cache_control(response, no_cache=True, public=True)
    patch_vary_headers(response, ["Cookie", "Accept-Language", "Accept-Encoding", "HX-Request"])
