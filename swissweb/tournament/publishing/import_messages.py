"""What the page says after a new event is made from a TRF file (#31).

Read from the import's audit entry (``event_services.event_import_trf`` writes it): the
players the file seems to name twice, as warnings, and what the restore changed on
purpose (the event made private, private links replaced), as notes.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _

from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.models import Event


def show_import_messages(request: HttpRequest, event: Event) -> None:
    """Add the import's warnings and notes to the messages of the next page."""
    recorded = audit_selectors.imported(event=event)
    for duplicate in recorded.duplicates if recorded is not None else ():
        # Translators: %(duplicate)s is a sentence naming two lines of the file.
        warning = _("%(duplicate)s Both are imported: check them.")
        messages.warning(request, warning % {"duplicate": duplicate})
    for note in recorded.notes if recorded is not None else ():
        messages.info(request, note)
