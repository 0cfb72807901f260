"""The event's rating-report details as the form reads them and the model checks them.

FIDE's rating report (TRF16 and TRF-2026) needs what the pairing does not: the host
federation (032), the chief and deputy chief arbiters (102, 112), the time control as
written (122) and encoded (TRF-2026 222), and the date of each round (132).  Round dates
are kept as a list, one ISO date (or ``None``) per round, so that a round paired before
its date was set still has one slot.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from swissweb.tournament.rounds.engine_door import valid_time_control_code

_SEPARATORS = re.compile(r"[,;\s]+")


def parse_round_dates(text: str) -> list[str | None]:
    """``"2026-03-01, 2026-03-01, -, 2026-03-02"`` -> ISO dates, ``None`` for ``-``.

    Dates are separated by commas, semicolons, spaces or lines; ``-`` leaves a round
    without a date.

    :raises ValidationError: an item is not a date, naming the round.
    """
    dates: list[str | None] = []
    for number, item in enumerate((i for i in _SEPARATORS.split(text.strip()) if i), start=1):
        if item == "-":
            dates.append(None)
            continue
        try:
            dates.append(dt.date.fromisoformat(item).isoformat())
        except ValueError:
            raise ValidationError(
                _("Round %(number)d: %(item)s is not a date; write YYYY-MM-DD, or - for none.")
                % {"number": number, "item": repr(item)}
            ) from None
    while dates and dates[-1] is None:
        dates.pop()
    return dates


def round_dates_text(dates: list[str | None]) -> str:
    """The list as the form shows it: ``2026-03-01, -, 2026-03-02``."""
    return ", ".join(d or "-" for d in dates)


def validate_round_dates(value: Any) -> None:
    """Model validator: a list of ISO dates or ``None``, one per round."""
    if not isinstance(value, list) or not all(
        item is None or (isinstance(item, str) and _iso(item)) for item in value
    ):
        raise ValidationError(_("Round dates: a list of dates YYYY-MM-DD, one per round."))


def _iso(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def validate_time_control_code(text: str) -> None:
    """Model validator: TRF-2026 222, e.g. ``5400+30`` or ``40/6000+30:900+30``."""
    if text and not valid_time_control_code(text):
        raise ValidationError(
            _(
                # Translators: how TRF-2026 encodes a time control; keep the examples as they are.
                "%(text)s is not an encoded time control: seconds, with moves/ before and "
                "+increment after, periods joined by ':' (5400+30, 40/6000+30:900+30, "
                "W300-B240)."
            )
            % {"text": repr(text)}
        )


def _clock(text: str) -> bool:
    try:
        dt.time.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 5


def validate_round_times(value: Any) -> None:
    """Model validator: a list of start times ``HH:MM`` or ``None``, one per round."""
    if not isinstance(value, list) or not all(
        item is None or (isinstance(item, str) and _clock(item)) for item in value
    ):
        raise ValidationError(_("Round start times: a list of times HH:MM, one per round."))
