"""The rows of an event's published rounds, cached per change of the standings.

Shared by the round pages (``selectors.public_rounds``) and their ETags
(``conditional``), which ask whether a round is completed on every revalidation: a
completed round's page changes with the standings, not with each result in play (#31
D13).  A round's row changes only with changes that count ``Event.standings_version``
(pairing, publishing, the last result, a correction), never with a result in play.
"""

from __future__ import annotations

from .models import Event, Round, RoundState
from .selectors import cache_version, cached


def public_round_rows(event: Event) -> list[Round]:
    """The published and completed rounds of ``event`` by number, without explanations;
    from the cache after the first read of each version."""
    return cached(
        ("public-rounds", cache_version(event)),
        lambda: list(
            event.round_set.exclude(state=RoundState.PAIRED).defer("explanation").order_by("number")
        ),
    )
