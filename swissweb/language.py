"""The language switch in every page's header (#24).

Django's ``set_language`` stores the chosen language in the visitor's own cookie and
sends them back to the page they were on (a ``next`` on another host is refused and
replaced by ``/``).  It is exempt from the CSRF check: the public pages are cached and
shared by every anonymous reader, so they carry no CSRF token (``conditional.py``), and
the switch changes nothing stored, only how this browser's pages are written.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

set_language = csrf_exempt(require_POST(django_set_language))


def other_languages(request: HttpRequest) -> dict[str, list[tuple[str, str]]]:
    """``other_languages``: the switch's buttons, each language but the page's own by its
    own name ("Deutsch" on an English page, "English" on a German one), as ``LANGUAGES``
    writes it (Django's ``get_available_languages`` would translate it: "Englisch")."""
    current = get_language()
    return {
        "other_languages": [(code, name) for code, name in settings.LANGUAGES if code != current]
    }
