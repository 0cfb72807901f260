"""Whether the page says its connection is not encrypted (the hall's plain HTTP)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def connection(request: HttpRequest) -> dict[str, bool]:
    """``unencrypted``: True on a plain-HTTP request to an instance that allows plain HTTP
    (``PLAIN_HTTP``), so that ``base.html`` warns before anyone types a password."""
    return {"unencrypted": bool(settings.PLAIN_HTTP) and not request.is_secure()}
