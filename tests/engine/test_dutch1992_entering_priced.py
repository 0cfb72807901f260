"""1992 Dutch: every set of players entering S1 proved barren by one priced matching (#38).

``entering.priced_refutation`` prices each pair inside the original S2 (Lagrange's
relaxation of D2's limit of two exchanges) to show at once that no set of players
entering S1 has a matching within x colour conflicts.  Held here to the question asked
set by set, and to every division and transposition tried one by one.
"""

from __future__ import annotations

import random

import pytest

from pairing.engine.systems.dutch1992 import entering
from pairing.engine.systems.dutch1992.entering import entering_witness

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric
from .test_dutch1992_entering import _level_pairs


def test_dutch_d2_a_priced_refutation_leaves_no_set_entering_s1_a_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4, D2: whenever :func:`entering.priced_refutation` is asked (here always)
    and proves a level barren, asking every set of players entering S1 finds no matching
    and no division within D2's exchanges pairs the level within x; with it asked,
    :func:`entering_witness` answers as without it."""
    rng = random.Random(9037)
    proofs = 0
    outcomes = {True: 0, False: 0}
    refutation = entering.priced_refutation
    answers: list[bool] = []

    def counted(*args: object) -> bool:
        answer = refutation(*args)  # type: ignore[arg-type]  # a spy passes on what it was given
        answers.append(answer)
        return answer

    monkeypatch.setattr(entering, "priced_refutation", counted)
    for _ in range(400):
        n = rng.randint(5, 10)
        p = rng.randint(1, (n - 1) // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        kept = frozenset(e.number for e in players[2:] if rng.random() < 0.3)
        x = rng.randint(0, p)
        answers.clear()
        monkeypatch.setattr(entering, "PRICED_FROM", 0)
        fast = entering_witness(players, p, rules, moved, lowest, kept, x)
        monkeypatch.setattr(entering, "PRICED_FROM", 10**9)
        slow = entering_witness(players, p, rules, moved, lowest, kept, x)
        assert (fast is None) == (slow is None)
        if answers and answers[0]:
            proofs += 1
            assert slow is None
            assert not _level_pairs(players, p, x, rules, moved, lowest, kept)
        outcomes[slow is not None] += 1
    assert proofs > 100
    assert min(outcomes.values()) > 50
