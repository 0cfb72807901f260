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
from collections.abc import Iterable, Mapping, Sequence

import pytest

from pairing.engine.matching.primal_dual import Optimum, certified_matching, max_weight_matching
from pairing.engine.systems.dutch1992 import lowest
from pairing.engine.systems.dutch1992 import optima as optima_module
from pairing.engine.systems.dutch1992.criteria import colour_conflict, may_leave, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
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


def test_dutch_b4_few_free_pairs_are_a_matching_of_the_levels_shape(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The greedy witness of a level of at most two pairs (``lowest._few_free_pairs``)
    is a matching of its shape: that many allowed pairs free of colour conflicts, every
    player left over free to leave (A5, B1, B2, B4-B6); so the level's fewest conflicts
    are none (:func:`least_conflicts`, the weighted matching)."""
    rng = random.Random(1965)
    matchings: list[dict[int, int]] = []
    real = lowest._witness

    def kept(players: Sequence[Entrant], p: int, mate: dict[int, int]) -> lowest.Witness:
        matchings.append(dict(mate))
        return real(players, p, mate)

    monkeypatch.setattr(lowest, "_witness", kept)
    found = 0
    for _ in range(300):
        n = rng.randint(2, 24)
        p = rng.randint(1, min(2, n // 2))
        players = _symmetric(_random_bracket(rng, n), rng)
        rules, lowest_group = rng.choice(RULES), rng.random() < 0.5
        moved = frozenset(e.number for e in players if rng.random() < 0.2)
        keep = frozenset(e.number for e in players if rng.random() < 0.2)
        matchings.clear()
        witness = lowest._few_free_pairs(players, p, rules, moved, lowest_group, keep)
        if witness is None:
            continue
        found += 1
        (mate,) = matchings
        pairs = [(i, j) for i, j in mate.items() if i < j < n]
        assert len(pairs) == p and all(mate[mate[v]] == v for v in mate)
        assert sorted(mate) == list(range(2 * n - 2 * p))
        for i, j in pairs:
            a, b = players[i], players[j]
            assert pair_allowed(a, b, rules, moved) and not colour_conflict(a, b)
        for i in range(n):
            if mate[i] >= n:
                assert may_leave(players[i], rules, moved, lowest_group, keep)
        assert witness.conflicts == 0 and witness.inside <= EXCHANGES
        assert least_conflicts(players, p, rules, moved, lowest_group, keep) == 0
    assert found > 20
