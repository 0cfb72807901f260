"""The cut and median modifiers of FIDE C.07 Article 14 (C1, C2, M1, M2, ...), with
Article 16.5 for a voluntary unplayed round, and the two sums they feed: the opponents'
scores (Buchholz) and their products with the points scored (Sonneborn-Berger)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pairing.engine.model import PairingNumber

from .context import TieBreakContext, _fraction, _halves, _Term
from .fore import _fore_terms


def _significance(term: _Term) -> tuple[int, int]:
    """How significant a term is for a cut: its score, then its product (C.07 14.1)."""
    return term[0], term[0] * term[1]


def _cut(
    context: TieBreakContext,
    number: PairingNumber,
    low: int,
    high: int,
    *,
    products: bool,
    fore: bool = False,
) -> Sequence[_Term]:
    """The player's terms (Fore Buchholz's with ``fore``) after the cuts
    (:func:`_kept`), the sort shared by every cut of the same terms."""
    key = (number, fore)
    ordered = context.ordered.get(key)
    if ordered is None:
        terms = _fore_terms(context, number) if fore else context.terms[number]
        ordered = context.ordered[key] = tuple(sorted(terms, key=_significance))
    return _kept(ordered, low, high, products=products, ordered=True)


def _kept(
    terms: Sequence[_Term], low: int, high: int, *, products: bool, ordered: bool = False
) -> Sequence[_Term]:
    """The terms left after ``low`` least significant and ``high`` most significant
    values are cut (C.07 14.1-14.4, with Article 16.5), never more than there are;
    ``ordered``: ``terms`` are already sorted by significance.

    A low cut of a player with a voluntary unplayed round removes such a round instead
    of the least significant value (16.5.1), again at each further cut (16.5.2): for a
    Buchholz the lowest of them; for a Sonneborn-Berger (``products``) the one of the two
    (that round, the least significant value) whose product is higher, as FIDE's checker
    reads "as long as it is not lower".  The least significant value is the lowest
    score, and of equal scores the lowest product; a high cut removes the highest score,
    and of equal scores the highest product.  Terms of equal significance add the same
    to every sum, so which of them goes does not matter."""
    kept = list(terms) if ordered else sorted(terms, key=_significance)
    low = min(low, len(kept))
    high = min(high, len(kept) - low)
    if not any(term[2] for term in kept):
        return kept[low : len(kept) - high]
    for _ in range(low):
        least = kept[0]
        chosen = next((term for term in kept if term[2]), None)
        if chosen is not None and (not products or chosen[0] * chosen[1] >= least[0] * least[1]):
            kept.remove(chosen)
        else:
            del kept[0]
    del kept[len(kept) - high :]
    return kept


def _cut_buchholz(context: TieBreakContext, number: PairingNumber, low: int, high: int) -> Fraction:
    """The Buchholz of the player's terms after the cuts, as ``_opponents_sum(_cut(...,
    products=False))`` gives it, sorting the scores alone when no round is cut first.

    Without a voluntary unplayed round (16.5) a low cut removes a lowest score and a
    high cut a highest one: which of several terms of that score goes does not change
    the sum (#35: BH-C1 of 2,000 players in a standings' budget)."""
    terms = context.terms[number]
    for term in terms:
        if term[2]:
            return _opponents_sum(_cut(context, number, low, high, products=False))
    values = sorted([term[0] for term in terms])
    low = min(low, len(values))
    high = min(high, len(values) - low)
    return _halves(sum(values[low : len(values) - high]))


def _opponents_sum(terms: Sequence[_Term]) -> Fraction:
    """The Buchholz of ``terms``, in points."""
    return _halves(sum(value for value, _, _ in terms))


def _products_sum(terms: Sequence[_Term]) -> Fraction:
    """The Sonneborn-Berger of ``terms``, in points (both factors in half-points)."""
    return _fraction(sum(value * scored for value, scored, _ in terms), 4)
