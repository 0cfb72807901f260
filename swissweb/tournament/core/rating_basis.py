"""The rating an event pairs and ranks on, from a player's two ratings (#35 item 1).

A player has a FIDE rating (of the event's rate of play; ``Player.rating``) and a
national rating (``Player.national_rating``, from a list such as DWZ or ECF), 0 when
unrated.  Each event chooses which of them orders its players (``Event.rating_basis``,
the ranking methods of TRF-2026 record 172): the FIDE rating; the national rating; the
higher of the two; the lower of the two; the FIDE rating, else the national rating; the
national rating, else the FIDE rating.  :func:`pairing_rating` is
the one place that choice is made: the engine adapter (initial order, pairing), the
standings and their rating column, the rating categories of the prizes and the rating
limits of online entry all read it.  FIDE's own reports (the rating report, the rating
change of B.02, PGN's Elo) read the FIDE rating alone.
"""

from __future__ import annotations

from typing import Protocol

from django.utils.translation import gettext as _

from swissweb.tournament.models import RatingBasis


class Rated(Protocol):
    """A player, an entry or a row with both ratings (0: unrated)."""

    @property
    def rating(self) -> int: ...

    @property
    def national_rating(self) -> int: ...


def rating_of(basis: str, *, fide: int, national: int) -> int:
    """The rating ``basis`` (a ``RatingBasis`` value) takes from a FIDE rating and a
    national one, 0 for unrated; an unknown basis reads the FIDE rating."""
    if basis == RatingBasis.NATIONAL:
        return national
    if basis == RatingBasis.HIGHER:
        return max(fide, national)
    if basis == RatingBasis.FIDE_ELSE_NATIONAL:
        return fide or national
    if basis == RatingBasis.NATIONAL_ELSE_FIDE:
        return national or fide
    if basis == RatingBasis.LOWER:
        # The lower of the ratings the player has: one rating alone is that one.
        return min(fide, national) if fide and national else fide or national
    return fide


def pairing_rating(basis: str, player: Rated) -> int:
    """The rating the event with ``basis`` pairs and ranks ``player`` on."""
    return rating_of(basis, fide=player.rating, national=player.national_rating)


def basis_sentence(basis: str) -> str:
    """The event's choice in words, for the round's explanation."""
    # Translators: %(basis)s completes "pair and rank on", e.g. "the national rating".
    return _(
        "The players are ranked by %(basis)s (the event's choice): the pairing numbers "
        "given at the start, the rating column and the rating prizes read it."
    ) % {"basis": RatingBasis(basis).label if basis in RatingBasis.values else basis}


__all__ = ["Rated", "basis_sentence", "pairing_rating", "rating_of"]
