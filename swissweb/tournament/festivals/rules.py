"""Who a section admits (#34 item 1): its rating and birth-year limits, closed or open.

One function, ``eligible``, says it for every door into a section (the entry form, the
arbiter accepting an entry, a move from another section).  It takes the rating as a
value: the rating the section pairs on, ``Player.rating`` today (the loaded lists' for
an entrant); a section paired on another rating passes that one instead.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from swissweb.tournament.models import Event


def section_label(event: Event) -> str:
    """The section's name (its event's name when it has none)."""
    return event.section_name or event.name


def closed_refusal(event: Event) -> str | None:
    """Why a closed section takes no new player, or None when it is open."""
    if not event.closed:
        return None
    return _("The section %(section)s is closed: it takes no new players.") % {
        "section": section_label(event)
    }


def eligible(
    event: Event, *, rating: int, birth_year: int | None, joining: bool = True
) -> str | None:
    """Why a player of ``rating`` (0: unrated) born in ``birth_year`` may not play in
    ``event``'s section, naming the rule; None when they may.

    ``joining``: a new player (an entry, a move) rather than one already in the section;
    a closed section refuses only those.
    """
    name = section_label(event)
    if joining and event.closed:
        return closed_refusal(event)
    low, high = event.min_rating, event.max_rating
    if low is not None and rating < low:
        if not rating:
            return _(
                "The section %(section)s admits players rated %(low)s or more; "
                "no rating is known for this player."
            ) % {"section": name, "low": low}
        return _(
            "The section %(section)s admits players rated %(low)s or more; "
            "this player's rating is %(rating)s."
        ) % {"section": name, "low": low, "rating": rating}
    if high is not None and rating > high:
        return _(
            "The section %(section)s admits players rated %(high)s or less; "
            "this player's rating is %(rating)s."
        ) % {"section": name, "high": high, "rating": rating}
    earliest, latest = event.min_birth_year, event.max_birth_year
    if (earliest is not None or latest is not None) and birth_year is None:
        return _(
            "The section %(section)s has age limits; this player's birth year is not known."
        ) % {"section": name}
    if earliest is not None and birth_year is not None and birth_year < earliest:
        return _(
            "The section %(section)s admits players born in %(year)s or later; "
            "this player was born in %(born)s."
        ) % {"section": name, "year": earliest, "born": birth_year}
    if latest is not None and birth_year is not None and birth_year > latest:
        return _(
            "The section %(section)s admits players born in %(year)s or earlier; "
            "this player was born in %(born)s."
        ) % {"section": name, "year": latest, "born": birth_year}
    return None


def rule_problems(
    *, min_rating: int | None, max_rating: int | None, min_year: int | None, max_year: int | None
) -> str | None:
    """Why a set of section rules cannot stand (a limit out of range or above its other
    end), or None."""
    for rating in (min_rating, max_rating):
        if rating is not None and not 0 <= rating <= 3500:
            return _("A rating limit is from 0 to 3500.")
    for year in (min_year, max_year):
        if year is not None and not 1900 <= year <= 2100:
            return _("A birth-year limit is from 1900 to 2100.")
    if min_rating is not None and max_rating is not None and max_rating < min_rating:
        return _("The highest rating of the section is below its lowest.")
    if min_year is not None and max_year is not None and max_year < min_year:
        return _("The latest birth year of the section is before its earliest.")
    return None
