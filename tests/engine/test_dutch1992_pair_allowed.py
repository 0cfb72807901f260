"""1992 Dutch B1, B2, B5 and B6 as the search asks them: ``pair_allowed``.

``pair_allowed`` makes the tests of ``compatible`` (B1a, B2) and ``float_ok`` (B5, B6,
as far as C9/C10 keep them) written out, the innermost test of the search (#38).  Here
it is held to those two, composed as the rule reads, on every combination of the
fields they read.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from pairing.engine.floats import Float
from pairing.engine.model import PairingNumber, Points
from pairing.engine.systems.dutch1992.criteria import FloatRules, float_ok, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible
from pairing.engine.systems.dutch1992.level_checks import LevelChecks

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


def test_dutch_b1_b2_b5_b6_partner_masks_are_pair_allowed_pair_by_pair() -> None:
    """The bracket's masks of allowed opponents (``LevelChecks.partner_masks``, read from
    the masks of B1 and B2 and the players who may not float up or down) are
    :func:`pair_allowed` asked of every pair: at every level of floats, with players
    moved down, several scores, players over 50% and one-sided bars."""
    rng = random.Random(1992)
    rules = [FloatRules(down=d, up=u) for d in range(3) for u in range(3)]
    for _ in range(150):
        n = rng.randint(1, 14)
        players = [
            dataclasses.replace(
                entrant(number, score=rng.choice((0, 2, 2, 3, 4))),
                may_white=rng.random() < 0.85,
                may_black=rng.random() < 0.85,
                last_float=rng.choice(FLOATS),
                float_two_back=rng.choice(FLOATS),
                exempt=rng.random() < 0.15,
                barred=frozenset(
                    PairingNumber(m) for m in range(1, n + 1) if m != number and rng.random() < 0.2
                ),
            )
            for number in rng.sample(range(1, n + 1), n)
        ]
        checks = LevelChecks()
        for level in rng.sample(rules, 4):
            moved = frozenset(e.number for e in players if rng.random() < 0.3)
            masks = checks.partner_masks(players, level, moved)
            for i, a in enumerate(players):
                expected = 0
                for j, b in enumerate(players):
                    if j != i and pair_allowed(a, b, level, moved):
                        expected |= 1 << j
                assert masks[i] == expected
