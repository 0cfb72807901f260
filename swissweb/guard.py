"""Requests refused before any view reads them (#31): NUL characters (D7) and large
anonymous bodies (D12).

D7: PostgreSQL's text cannot hold a NUL (U+0000): a NUL typed into a withdrawal reason,
a forbidden pair's reason or an arbiter's user name reached the database and answered
500.  Django's ``forms.CharField`` refuses NUL, but many fields are read straight from
``request.POST``, so the check is here, once, for every form, query string and upload's
file field: the answer (400) names the field and nothing is read further.  Other control
characters are refused where a name must be printable (``tournament/text.py``).

D12: without a buffering proxy in front, Django read a 50 MB anonymous upload whole.
Nobody needs to send more than a login or a player's request without logging in, so an
anonymous request declaring a body over ``ANON_MAX_BODY_KB`` (Content-Length) is
answered 413 before its body is read.  Signed-in users are not limited here (arbiters
upload rating lists and backups; ``MAX_UPLOAD_MB`` and ``MAX_LIST_UPLOAD_MB`` bound
those).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.translation import gettext as _

NUL = "\x00"


def _fields(request: HttpRequest) -> Iterator[tuple[str, str]]:
    """Every name and value a view may read: the query string, the form, the names of
    uploaded files' fields (Django drops what is not printable from a file's own name)."""
    for data in (request.GET, request.POST):
        for name, values in data.lists():
            yield name, name
            for value in values:
                yield name, value
    for name in request.FILES:
        yield name, name


def _refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"ok": False, "error": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _declared_length(request: HttpRequest) -> int:
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


class RequestGuardMiddleware:
    """Answer 413 to an anonymous body over the bound, 400 to a NUL in any field."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = int(float(getattr(settings, "ANON_MAX_BODY_KB", 64)) * 1024)
        if _declared_length(request) > limit and not request.user.is_authenticated:
            # Translators: limit is a number of kilobytes.
            message = _(
                "Nothing this large can be sent without logging in: at most %(limit)s KB. "
                "Nothing was read."
            ) % {"limit": limit // 1024}
            return _refusal(request, message, 413)
        try:
            field = next((name for name, text in _fields(request) if NUL in text), None)
        except MultiPartParserError:
            return _refusal(request, _("The form's data does not read; nothing was changed."), 400)
        if field is not None:
            # Translators: field is the name of a form field as the page sent it.
            message = _(
                "The field %(field)s holds a NUL character (U+0000), which no text may hold; "
                "nothing was changed."
            ) % {"field": repr(field.replace(NUL, "\\x00"))}
            return _refusal(request, message, 400)
        return self.get_response(request)
