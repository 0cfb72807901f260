"""The Buchholz family (FIDE C.07 Article 8: BH, AOB, FB, with the cuts of Article 14)
and the opponents' results family (C.07 Article 9: SB, KS); sources as named in the
package docstring."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.model import PairingNumber

from .context import TieBreakContext
from .cuts import _cut, _cut_buchholz, _opponents_sum, _products_sum


def buchholz(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The sum of the opponents' scores.

    SB text: Buchholz, "the sum of opponents' scores"; unplayed rounds count as the
    context's convention says.
    """
    return _opponents_sum(context.terms[number])


def buchholz_cut2(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Buchholz cut-2 (C.07 14.2): without its two least significant values (16.5)."""
    return _cut_buchholz(context, number, 2, 0)


def buchholz_median2(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Median-Buchholz 2 (C.07 14.4): without the two lowest and the two highest values."""
    return _cut_buchholz(context, number, 2, 2)


def sonneborn_berger_cut1(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Sonneborn-Berger cut-1 (C.07 14.1.1): without the product of the least significant
    value (the lowest-scoring opponent; of several, the lowest product), 16.5 applied."""
    return _products_sum(_cut(context, number, 1, 0, products=True))


def sonneborn_berger_cut2(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Sonneborn-Berger cut-2 (C.07 14.2): the cut of SB-C1 twice."""
    return _products_sum(_cut(context, number, 2, 0, products=True))


def buchholz_cut1(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Buchholz without its least significant value (C.07 14.1).

    FIDE 2023 and 2026: the value removed is a voluntary unplayed round if the player has
    one, otherwise the lowest value (16.5).  Under the other conventions it is the lowest
    value.
    """
    return _cut_buchholz(context, number, 1, 0)


def median_buchholz(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Buchholz without the highest and the lowest value (C.07 14.3, BH-M1).

    SB text: Median-Buchholz, "discarding the highest and the lowest opposition's scores".
    The lowest is removed as for BH-C1 (a voluntary unplayed round first under FIDE 2023
    and 2026), then the highest of the rest.  With two values or fewer nothing is left: 0.
    """
    return _cut_buchholz(context, number, 1, 1)


def sonneborn_berger(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The opponents' scores, each multiplied by the points scored against that opponent.

    SB text: Sonneborn-Berger, "scores of the opponents who were beaten by a given player
    and half the scores of the opponents who she drew with".  An unplayed round's stand-in
    counts the same way (FIDE 2023: own score times the points got in that round).
    Both factors are in the event's points, so with 3-1-0 scoring a win weighs 3.
    """
    return _products_sum(context.terms[number])


def koya(
    context: TieBreakContext, number: PairingNumber, *, percent: int = 50, shift: int = 0
) -> Fraction:
    """C.07 Article 9 (KS): the points the player scored in the rounds against opponents who
    finished with at least ``percent`` per cent of the maximum score (a win in every
    round the standings cover), the limit moved by ``shift`` half-points (KS-L40,
    KS-L-2).  The opponents count with their scores as they stand, and a forfeit
    against such an opponent counts its points, as FIDE's checker counts them."""
    history = context.players[number].history
    # In hundredths of a half-point, so the limit stays a whole number.
    limit = percent * context.state.points.win * len(history) + 100 * shift
    score = context.score
    return Fraction(
        sum(
            scored
            for record, (_, scored, _) in zip(history, context.terms[number], strict=True)
            if record.opponent is not None and 100 * score[record.opponent] >= limit
        ),
        2,
    )


def average_of_opponents_buchholz(
    context: TieBreakContext, number: PairingNumber, *, fore: bool = False
) -> Fraction:
    """C.07 8.2 (AOB): the average Buchholz of the opponents played over the board, to
    two decimals, a half rounded up; 0 with no game played.  AOB-F averages their Fore
    Buchholz (8.3) instead."""
    opponents = context.met[number]
    if not opponents:
        return Fraction(0)
    key = "AOB fore" if fore else "AOB"
    if key not in context.memo:
        of = fore_buchholz if fore else buchholz
        context.memo[key] = {n: int(of(context, n) * 2) for n in context.players}
    values = context.memo[key]
    total = sum(values[o] for o in opponents)  # half-points
    # total / 2 / n to hundredths, a half up: floor(100 * total / (2n) + 1/2).
    return Fraction((100 * total + len(opponents)) // (2 * len(opponents)), 100)


def fore_buchholz(
    context: TieBreakContext, number: PairingNumber, *, cut: int = 0, median: bool = False
) -> Fraction:
    """C.07 8.3 (FB): Buchholz with every game of the last round counted as a draw, as
    if the last round were still to be played (:func:`_fore_terms`); FB-C1, FB-M1 and
    the like cut as BH does (Article 14 with 16.5)."""
    return _opponents_sum(
        _cut(context, number, cut, cut if median else 0, products=False, fore=True)
    )
