"""The answer to a request that failed on the server (``handler500``, #21).

Django's own handler renders ``500.html``; an htmx request (the public pairings'
refresh) gets a line of plain text instead, which the page never swaps in (``base.html``
tells htmx to keep its content on an error; ``static/js/htmx_errors.js`` shows a note).
Neither touches the database, which may be the very thing that failed.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.defaults import server_error


def handler500(request: HttpRequest) -> HttpResponse:
    """A short answer for htmx, Django's 500 page otherwise."""
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(
            gettext("The server could not answer; nothing was changed. The page will try again."),
            status=500,
            content_type="text/plain; charset=utf-8",
        )
    return server_error(request)
