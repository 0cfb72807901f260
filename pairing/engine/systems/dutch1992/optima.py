"""The weighted matchings of a round begun from the last optimum of the same question
(Dutch B4, C12, C13, D2; #38).

FIDE Handbook C.04.1 (1992 text).  The C12 and C13 sub-searches ask the bounds of one
level of one bracket again and again (:mod:`lowest`: its colour bounds and whether a
division within D2's exchanges pairs it), each with other players kept up.  Each such
question is one maximum-weight matching; the optimum found last for the same question is
kept, per thread and for the current round only, to begin the next one from.
"""

from __future__ import annotations

import threading

from pairing.engine.matching.primal_dual import Optimum, certified_matching

WARM_KEPT = 256
"""At most this many optima are kept to begin the next weighted matching of the same
group and level from (:func:`warm_matching`)."""

_warm = threading.local()
"""This thread's optima kept for :func:`warm_matching`, by group, level and price."""


def forget_optima() -> None:
    """Drop the optima kept for :func:`warm_matching` (a new round begins)."""
    _warm.optima = {}


def warm_matching(
    key: tuple[object, ...], size: int, weights: dict[tuple[int, int], int]
) -> dict[int, int]:
    """A maximum-weight matching of ``size`` vertices (:func:`max_weight_matching`),
    begun from the optimum found last for the same ``key`` (group, level and prices).

    The C12 and C13 sub-searches ask the bounds of one level again and again, each with
    other players kept up, which only takes stand-in edges away or gives them back: the
    last optimum, its duals made feasible and tight again, is a near start
    (:func:`.primal_dual_warm.warm_start`), proved optimal by its duals or searched
    again from nothing.  Another matching of the same greatest weight may be found than
    from nothing; the bounds read only its weight, its conflicts and its pairs inside
    the original S2 as a matching of the group (:class:`Witness`), any one of which
    serves."""
    optima: dict[tuple[object, ...], Optimum] | None = getattr(_warm, "optima", None)
    if optima is None:
        optima = _warm.optima = {}
    found = certified_matching(range(size), weights, optima.pop(key, None), near=1)
    optima[key] = found
    if len(optima) > WARM_KEPT:
        del optima[next(iter(optima))]
    return found.mate
