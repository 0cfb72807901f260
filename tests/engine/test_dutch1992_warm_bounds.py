"""1992 Dutch: a level's colour bounds begun from the last optimum of the same level (#38).

:func:`priced_conflicts_within_exchanges` and :func:`least_conflicts` are asked again and
again for one level with other players kept up (C12, C13); each weighted matching now
begins from the optimum found last for the same group, level and price
(``optima.warm_matching``), and so does the weighted matching of
:func:`within_exchange_witness` when its quick bounds differ.  Held here to the matching
found from nothing (the old path): the same greatest weight, the same bounds and
answers, and most of them begun warm.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import pytest

from pairing.engine.matching.primal_dual import Optimum, certified_matching, max_weight_matching
from pairing.engine.systems.dutch1992 import optima as optima_module
from pairing.engine.systems.dutch1992.lowest import (
    PENALTIES,
    least_conflicts,
    priced_conflicts_within_exchanges,
    within_exchange_witness,
)

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def _weight(mate: Mapping[int, int], weights: Mapping[tuple[int, int], int]) -> int:
    return sum(
        weights[(a, b)] if (a, b) in weights else weights[(b, a)] for a, b in mate.items() if a < b
    )


@pytest.mark.parametrize("seed", range(4))
def test_dutch_b4_bounds_begun_warm_equal_those_from_nothing(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every weighted matching begun from an earlier optimum weighs what one found from
    nothing weighs, and each bound equals the one worked out with no optimum kept."""
    rng = random.Random(seed)
    warm = asked = 0

    def checked(
        vertices: Iterable[int],
        weights: Mapping[tuple[int, int], int],
        start: Optimum | None = None,
        *,
        near: int = 4,
    ) -> Optimum:
        nonlocal warm, asked
        order = list(vertices)
        found = certified_matching(order, weights, start, near=near)
        assert _weight(found.mate, weights) == _weight(max_weight_matching(order, weights), weights)
        assert all(found.mate[found.mate[v]] == v for v in found.mate)
        asked += 1
        warm += found.begun_warm
        return found

    monkeypatch.setattr(optima_module, "certified_matching", checked)
    for _ in range(8):
        n = rng.randint(8, 20)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        numbers = [e.number for e in players]
        rules, lowest_group = rng.choice(RULES), rng.random() < 0.5
        optima_module.forget_optima()
        kept = frozenset[int]()
        for _ in range(20):
            # Mostly one more player kept up or one let go, sometimes a fresh set.
            if rng.random() < 0.2:
                kept = frozenset(m for m in numbers if rng.random() < 0.15)
            else:
                kept = kept ^ {rng.choice(numbers)}
            group = (players, p, rules, frozenset[int](), lowest_group, kept)
            for price in PENALTIES:
                found = priced_conflicts_within_exchanges(*group, price)
                optima = optima_module._warm.optima
                optima_module.forget_optima()
                again = priced_conflicts_within_exchanges(*group, price)
                optima_module._warm.optima = optima
                assert (found is None) == (again is None)
                if found is not None and again is not None:
                    assert found[0] == again[0]
            within = within_exchange_witness(*group)
            optima = optima_module._warm.optima
            optima_module.forget_optima()
            assert (within is None) == (within_exchange_witness(*group) is None)
            optima_module._warm.optima = optima
            found_least = least_conflicts(*group)
            optima = optima_module._warm.optima
            optima_module.forget_optima()
            assert found_least == least_conflicts(*group)
            optima_module._warm.optima = optima
    assert asked and 4 * warm > asked  # many begun from an earlier optimum
