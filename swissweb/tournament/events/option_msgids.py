"""The pairing systems' option labels and help texts, marked for translation.

Each system declares its options in the engine with plain English labels
(``OptionSpec``); the event form and the audit log show them through ``gettext``, the
English text being the message id.  ``makemessages`` finds message ids only in calls
it knows, so they are listed here once more with ``gettext_noop``;
``tests/web/test_option_schema.py`` fails when a declared label or help text is missing
from this list or from the German catalogue.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

MSGIDS = (
    gettext_noop("Lim: Maxi-tournament"),
    gettext_noop("Lim 10.2, 10.8, 12.7: apply the 100-point rating limits."),
    gettext_noop("ESCA: random pairings"),
    gettext_noop("ESCA 26: the order within score levels by lot instead of alphabetical."),
    gettext_noop("ESCA: keep areas apart in round 1"),
    gettext_noop("ESCA 27: avoid pairing players from the same local area in round 1."),
    gettext_noop("ESCA: keep countries apart in round 1"),
    gettext_noop("ESCA 27: avoid pairing players from the same foreign country in round 1."),
    gettext_noop("ESCA: keep round-1 half-point byes apart in round 2"),
    gettext_noop("ESCA 29."),
    gettext_noop("ESCA: avoid re-pairing a defaulted game"),
    gettext_noop("ESCA 30: avoid pairing again two players whose game was defaulted."),
)
"""Every label and help text of a declared option flag (``Flag.label``, ``Flag.help``)."""

__all__ = ["MSGIDS"]
