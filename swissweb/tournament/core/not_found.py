"""Views answer a selector's ``NotFound`` with 404: the selectors know nothing of HTTP."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse

from swissweb.tournament.core.errors import NotFound

View = Callable[..., HttpResponse]


def not_found_is_404(view: View) -> View:
    """``view``, answering 404 where a read it makes finds nothing (``NotFound``)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotFound as exc:
            raise Http404(str(exc)) from exc

    return wrapper
