"""Pairing numbers before round 1 by rating, title and name (Dutch A2; the default).

FIDE Handbook C.04.1 (1992 text) A2: players are numbered by rating, then FIDE title
(GM, WGM, IM, WIM, FM, WFM, no title), then alphabetically.  Systems with an order of
their own (Lim 7) start from this one.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import PairingNumber, Player


def by_rating_title_name(players: Sequence[Player], *, seed: int) -> tuple[PairingNumber, ...]:
    """Dutch A2: highest rating first, then title, then name; ties by present number.

    ``seed`` is unused: no lot is drawn (the signature is every system's).
    """
    del seed
    ordered = sorted(
        players,
        key=lambda p: (-p.rating, p.title.value, p.name.casefold(), p.pairing_number),
    )
    return tuple(p.pairing_number for p in ordered)
