"""Which function computes which tie-break for one player, its modifiers applied (FIDE
C.07 Article 14); the group tie-breaks (DE, DE1, LOT) are ranked by the standings."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from fractions import Fraction

from pairing.engine.model import PairingNumber

from .buchholz import (
    average_of_opponents_buchholz,
    buchholz,
    buchholz_cut1,
    buchholz_cut2,
    buchholz_median2,
    fore_buchholz,
    koya,
    median_buchholz,
    sonneborn_berger,
    sonneborn_berger_cut1,
    sonneborn_berger_cut2,
)
from .codes import GROUP_TIEBREAKS, TieBreak, TieBreakSpec
from .context import TieBreakContext
from .counts import (
    games_with_black,
    games_won,
    games_won_with_black,
    pairing_number,
    progress,
    rounds_elected_to_play,
    standard_points,
    wins,
)
from .cuts import _cut, _cut_buchholz, _products_sum
from .ratings import (
    average_perfect_performance_of_opponents,
    average_performance_of_opponents,
    average_rating_of_opponents,
    own_rating,
    perfect_tournament_performance,
    tournament_performance_rating,
)

SIMPLE_TIEBREAKS: Mapping[TieBreak, Callable[[TieBreakContext, PairingNumber], Fraction]] = {
    TieBreak.BH: buchholz,
    TieBreak.BH_C1: buchholz_cut1,
    TieBreak.MBH: median_buchholz,
    TieBreak.SB: sonneborn_berger,
    TieBreak.PROG: progress,
    TieBreak.ARO: average_rating_of_opponents,
    TieBreak.WIN: wins,
    TieBreak.FB: fore_buchholz,
    TieBreak.AOB: average_of_opponents_buchholz,
    TieBreak.STD: standard_points,
    TieBreak.RTNG: own_rating,
    TieBreak.BH_C2: buchholz_cut2,
    TieBreak.BH_M2: buchholz_median2,
    TieBreak.SB_C1: sonneborn_berger_cut1,
    TieBreak.SB_C2: sonneborn_berger_cut2,
    TieBreak.WON: games_won,
    TieBreak.BPG: games_with_black,
    TieBreak.BWG: games_won_with_black,
    TieBreak.REP: rounds_elected_to_play,
    TieBreak.TPN: pairing_number,
    TieBreak.KS: koya,
    TieBreak.TPR: tournament_performance_rating,
    TieBreak.PTP: perfect_tournament_performance,
    TieBreak.APRO: average_performance_of_opponents,
    TieBreak.APPO: average_perfect_performance_of_opponents,
}
"""Tie-breaks whose value depends on the player alone (DE and LOT depend on the others)."""


Compute = Callable[[TieBreakContext, PairingNumber], Fraction]


def value_function(spec: TieBreakSpec) -> Compute:
    """How to compute ``spec`` for one player, its modifiers applied.

    :raises ValueError: ``spec`` is DE, DE1 or LOT, which rank a group, not a player.
    """
    if spec.code in GROUP_TIEBREAKS:
        raise ValueError(f"{spec.value} ranks a tied group; the standings compute it")
    low = spec.cut
    high = spec.cut if spec.median else 0
    if spec.code is TieBreak.BH and low:
        return lambda c, n: _cut_buchholz(c, n, low, high)
    if spec.code is TieBreak.SB and low:
        return lambda c, n: _products_sum(_cut(c, n, low, high, products=True))
    if spec.code is TieBreak.FB and low:
        return functools.partial(fore_buchholz, cut=low, median=spec.median)
    if spec.code is TieBreak.ARO and low:
        return functools.partial(average_rating_of_opponents, cut=low, median=spec.median)
    if spec.code is TieBreak.PROG and low:
        return functools.partial(progress, cut=low)
    if spec.code is TieBreak.AOB and spec.fore:
        return functools.partial(average_of_opponents_buchholz, fore=True)
    if spec.code is TieBreak.KS:
        return functools.partial(koya, percent=spec.limit_percent, shift=spec.limit_shift)
    return SIMPLE_TIEBREAKS[spec.code]
