"""Performance ratings from FIDE's rating tables, for the rating tie-breaks of C.07 and
the rating change of a game (B.02 8.3, ``rating_change``): one table serves both.

FIDE B.02 (Rating Regulations) 8.1 publishes two tables that are mirror images:

- 8.1(a) turns a fractional score ``p`` (to two decimals) into a rating difference
  ``dp``; C.07 10.2 (TPR) adds it to the average rating of the opponents;
- 8.1(b) turns a rating difference ``D`` into the expected score ``PD`` of the higher
  and of the lower rated player; C.07 10.3 (PTP) looks for the lowest rating whose
  expected score against the opponents reaches the player's score.

Both are held here as integers (hundredths of a point), so a performance is computed
without floating point and always the same.  Ratings are whole numbers.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from fractions import Fraction

_DP_ABOVE_HALF: tuple[int, ...] = (
    7, 14, 21, 29, 36, 43, 50, 57, 65, 72,
    80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240,
    251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
"""B.02 8.1(a): ``dp`` for p = 0.51, 0.52, ..., 1.00 (0.50 gives 0; below 0.50 the table
is the same with the sign changed).  1.00 gives 800, as C.07 uses it."""

_PD_STEPS: tuple[int, ...] = (
    0, 4, 11, 18, 26, 33, 40, 47, 54, 62,
    69, 77, 84, 92, 99, 107, 114, 122, 130, 138,
    146, 154, 163, 171, 180, 189, 198, 207, 216, 226,
    236, 246, 257, 268, 279, 291, 303, 316, 329, 345,
    358, 375, 392, 412, 433, 457, 485, 518, 560, 620,
    736,
)  # fmt: skip
"""B.02 8.1(b): the smallest rating difference at which the higher rated player's
``PD`` is 0.50, 0.51, ..., 1.00 (0-3 gives 0.50, 4-10 gives 0.51, ..., 736 and more
gives 1.00); the lower rated player's ``PD`` is 1 minus it."""


_HIGHER_PD: tuple[int, ...] = tuple(
    49 + bisect.bisect_right(_PD_STEPS, difference) for difference in range(_PD_STEPS[-1] + 1)
)
"""The higher rated player's ``PD`` in hundredths for each difference 0-736 (8.1(b)
looked up once per difference, not per game: a standings rates thousands of games)."""


def half_up(value: Fraction) -> int:
    """``value`` rounded to a whole number, a half rounded up (C.07 10.1)."""
    return math.floor(value + Fraction(1, 2))


def rating_difference(p_hundredths: int) -> int:
    """B.02 8.1(a): ``dp`` for a fractional score given in hundredths (0-100)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"a fractional score is between 0 and 100 hundredths, not {p_hundredths}")
    if p_hundredths == 50:
        return 0
    if p_hundredths > 50:
        return _DP_ABOVE_HALF[p_hundredths - 51]
    return -_DP_ABOVE_HALF[49 - p_hundredths]


def expected_score(rating: int, opponent: int) -> int:
    """B.02 8.1(b): the expected score, in hundredths, of a player rated ``rating``
    against one rated ``opponent``."""
    higher = _HIGHER_PD[min(abs(rating - opponent), _PD_STEPS[-1])]
    return higher if rating >= opponent else 100 - higher


def average_rating(ratings: Sequence[int]) -> int:
    """C.07 10.1: the average of ``ratings``, a half rounded up.

    :raises ValueError: no rating is given.
    """
    if not ratings:
        raise ValueError("an average of no ratings")
    return _divided_half_up(sum(ratings), len(ratings))


def _divided_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (a positive denominator) rounded to a whole number, a
    half up, as :func:`half_up` rounds it, in whole numbers."""
    return (2 * numerator + denominator) // (2 * denominator)


def tournament_performance(score: Fraction, ratings: Sequence[int]) -> int:
    """C.07 10.2 (TPR): the average rating of the opponents (10.1) plus B.02's ``dp``
    for the fractional score ``score / games``, rounded to hundredths, a half up.

    ``score`` counts 1 for a win and ½ for a draw whatever the event's points.

    :raises ValueError: no game, or a score above the number of games.
    """
    if not ratings or not 0 <= score <= len(ratings):
        raise ValueError(f"a score of {score} in {len(ratings)} games")
    # half_up(100 * score / games) in whole numbers (computed for every player of a
    # standings, #35).
    p = _divided_half_up(100 * score.numerator, score.denominator * len(ratings))
    return average_rating(ratings) + rating_difference(p)


def perfect_performance(score: Fraction, ratings: Sequence[int]) -> int:
    """C.07 10.3 (PTP): the lowest whole rating whose expected score against
    ``ratings`` (B.02 8.1(b), summed in hundredths) reaches ``score``; for no point at
    all, the lowest rated opponent's rating less 800.

    A full score is reached only when every opponent's ``PD`` is 1.00, 736 points
    above the highest rated opponent: FIDE's checker gives that value as well.

    :raises ValueError: no game, or a score above the number of games.
    """
    if not ratings or not 0 <= score <= len(ratings):
        raise ValueError(f"a score of {score} in {len(ratings)} games")
    if score == 0:
        return min(ratings) - 800
    target = 100 * score
    low = min(ratings) - _PD_STEPS[-1]  # every expected score is 0 here: below target
    high = max(ratings) + _PD_STEPS[-1]  # every expected score is 1 here: at or above it
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected_score(middle, r) for r in ratings) >= target:
            high = middle
        else:
            low = middle
    return high


__all__ = [
    "average_rating",
    "expected_score",
    "half_up",
    "perfect_performance",
    "rating_difference",
    "tournament_performance",
]
