"""1992 Dutch B1, B2, B5 and B6 as the search asks them: ``pair_allowed``.

``pair_allowed`` makes the tests of ``compatible`` (B1a, B2) and ``float_ok`` (B5, B6,
as far as C9/C10 keep them) written out, the innermost test of the search (#38).  Here
it is held to those two, composed as the rule reads, on every combination of the
fields they read.
"""

from __future__ import annotations

import dataclasses
import itertools

from pairing.engine.floats import Float
from pairing.engine.model import PairingNumber, Points
from pairing.engine.systems.dutch1992.criteria import FloatRules, float_ok, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible

from .test_dutch1992 import entrant

FLOATS = (None, Float.UP, Float.DOWN)


def _composed(a: Entrant, b: Entrant, rules: FloatRules, moved: frozenset[int]) -> bool:
    """B1a and B2; then the lower score's upfloat and the higher's downfloat (B5, B6),
    the downfloat already counted for a player moved down."""
    if not compatible(a, b):
        return False
    if a.score == b.score:
        return True
    high, low = (a, b) if a.score > b.score else (b, a)
    if not float_ok(low, Float.UP, rules.up):
        return False
    return high.number in moved or float_ok(high, Float.DOWN, rules.down)


def _variants(number: int) -> list[Entrant]:
    base = entrant(number)
    return [
        dataclasses.replace(
            base,
            score=Points(score),
            may_white=white,
            may_black=black,
            last_float=last,
            float_two_back=two_back,
            exempt=exempt,
        )
        for score, white, black, last, two_back, exempt in itertools.product(
            (0, 2), (True, False), (True, False), FLOATS, FLOATS, (False, True)
        )
    ]


def test_dutch_b1_b2_b5_b6_pair_allowed_is_compatible_and_float_ok() -> None:
    firsts = _variants(1)
    seconds = [dataclasses.replace(e, barred=barred) for e in _variants(2)
               for barred in (frozenset(), frozenset({PairingNumber(1)}))]  # fmt: skip
    rules = [FloatRules(down=d, up=u) for d in range(3) for u in range(3)]
    asked = 0
    for a, b in itertools.product(firsts, seconds):
        for rule, moved in itertools.product(rules, (frozenset(), frozenset({1, 2}))):
            expected = _composed(a, b, rule, moved)
            assert pair_allowed(a, b, rule, moved) is expected, (a, b, rule, moved)
            assert pair_allowed(b, a, rule, moved) is _composed(b, a, rule, moved)
            asked += 1
    assert asked > 100_000
