"""The login page's own share of anonymous requests (#31 D16).

Behind a busy venue's router every reader has the hall's one public address, and their
page views can use up that address's share (``swissweb/ratelimit.py``); the arbiter
behind the same router then got 429 on the login page.  The login page is therefore
left out of the page-view share and counted in one of its own: at most
``ANON_LOGIN_RATE_LIMIT`` requests (default 60) per ``ANON_RATE_WINDOW`` seconds from
one address, GET and POST together.  Readers never spend it, a flood of the login form
(each try costs a password hash) still meets a limit, and wrong passwords are locked
out per user name and address by django-axes as before.

The counter fails open: with the cache unreachable the login is served, with a log
line, rather than the site locking every arbiter out (as for D4).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from swissweb.ratelimit import AnonymousRateLimitMiddleware, seconds_to_wait, too_many


def login_paths() -> frozenset[str]:
    """The paths of the login forms: the arbiters' and the admin site's."""
    return frozenset({reverse("login"), reverse("admin:login")})


class RateLimitWithLoginShare(AnonymousRateLimitMiddleware):
    """The anonymous rate limit, with the login page counted apart from page views."""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info not in login_paths():
            return super().__call__(request)
        limit = int(getattr(settings, "ANON_LOGIN_RATE_LIMIT", 60))
        if limit <= 0 or request.user.is_authenticated:
            return self.get_response(request)
        retry = seconds_to_wait(request, bucket="login-rate", limit=limit)
        if retry is not None:
            window = int(getattr(settings, "ANON_RATE_WINDOW", 60))
            # Translators: limit, window and retry are numbers; "s" is seconds.
            message = _(
                "Too many logins from your address: at most %(limit)s in %(window)s s. "
                "Try again in %(retry)s s."
            )
            return too_many(message % {"limit": limit, "window": window, "retry": retry}, retry)
        return self.get_response(request)
