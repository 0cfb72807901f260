"""The hall's laptop opened as ``localhost`` (#37): sent to the address phones reach.

Every address a page gives players (the hall's sheet and its QR code, the QR code on
printed pairings, a player's private link, the online entry form's address) is made
from the address the request reached.  Opened on the laptop itself as
``http://localhost:8000/``, they all named the laptop's loopback, which no phone
reaches.  With ``HALL_URL`` set (``python -m swissweb.hall`` sets it to the laptop's
address on the hall's network), a page read through the loopback is redirected to the
same page at that address; a form sent through it is left alone, so nothing typed is lost.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.request import split_domain_port


def _is_loopback(host: str) -> bool:
    domain, _port = split_domain_port(host)
    if domain == "localhost":
        return True
    try:
        return ipaddress.ip_address(domain.strip("[]")).is_loopback
    except ValueError:
        return False


class LoopbackToHallAddress:
    """Redirect a page read on the loopback to ``HALL_URL``; inert when it is empty."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        hall_url: str = settings.HALL_URL
        if hall_url and request.method in ("GET", "HEAD") and _is_loopback(request.get_host()):
            return HttpResponseRedirect(hall_url.rstrip("/") + request.get_full_path())
        return self.get_response(request)
