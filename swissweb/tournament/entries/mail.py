"""The e-mail an online entrant gets (#34 item 2), where the server has mail set up.

Sent only with ``EMAIL_HOST`` set (Django's e-mail settings) and an address given; a
mail server that fails is logged and never undoes the entry, which the confirmation page
shows in any case.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.utils.translation import gettext as _

from swissweb.tournament.models import Entry

logger = logging.getLogger(__name__)


def mail_entrant(entry: Entry, *, confirmation_url: str, player_url: str | None) -> bool:
    """Mail the entrant their confirmation page, and their private page once accepted;
    whether a mail was handed to the server."""
    if not getattr(settings, "EMAIL_HOST", "") or not entry.email:
        return False
    lines = [
        # Translators: the first line of the e-mail an online entrant gets.
        _("Your entry to %(event)s: %(state)s.")
        % {"event": entry.event.name, "state": entry.get_state_display()},
        "",
        _("Your entry, and its state: %(url)s") % {"url": confirmation_url},
    ]
    if player_url is not None:
        lines += [
            "",
            _("Your own page (ask for a bye, withdraw, confirm you will play): %(url)s")
            % {"url": player_url},
            _("Keep these addresses to yourself: they are your key."),
        ]
    try:
        send_mail(
            _("Your entry to %(event)s") % {"event": entry.event.name},
            "\n".join(lines),
            None,
            [entry.email],
        )
    except OSError as exc:  # smtplib's errors are OSErrors too
        logger.warning("Entry mail to entry %s not sent: %s", entry.pk, exc)
        return False
    return True
