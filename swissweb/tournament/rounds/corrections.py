"""A result that a later round rests on is corrected only on the arbiter's confirmation
(#31 D15), whichever way it is entered.

The round's page shows such a round's results closed, with what a correction changes;
``?correct=1`` (the arbiter's confirmation) opens them, and the form then carries
``confirm=1``, which the form without JavaScript and the keyboard entry
(``static/js/results.js``) send with each result.  A result sent without it, to the
JSON endpoint or the form, is refused with a 409 and changes nothing.
"""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext as _

from swissweb.tournament.core.errors import ConfirmationNeeded
from swissweb.tournament.models import Round

CONFIRM_FIELD = "confirm"
"""The field of the result forms that says the arbiter confirmed a correction."""


def require_confirmation(round_: Round, data: QueryDict) -> None:
    """Refuse a result for ``round_`` when a later round exists and ``data`` does not
    carry the arbiter's confirmation.

    :raises ConfirmationNeeded: a later round rests on ``round_``'s results, unconfirmed.
    """
    if data.get(CONFIRM_FIELD) == "1":
        return
    if Round.objects.filter(event_id=round_.event_id, number__gt=round_.number).exists():
        raise ConfirmationNeeded(
            _(
                "Round %(number)s has a later round paired on its results: open "
                '"Correct the results of round %(number)s" on its page and confirm '
                "before changing a result."
            )
            % {"number": round_.number}
        )
