"""The bit fields of the Dutch criteria's weight (FIDE C.04.3 of 2026, Article 2 and the
order of Article 4): no field's sum over one matching overflows into the field above it,
for any round of 2 to 9,999 players and up to 99 rounds (#32)."""

from __future__ import annotations

import pytest

from pairing.engine.systems.dutch.criteria import Layout, field_bounds

MOST_PLAYERS = 9_999
"""The largest field a tournament file numbers (four-digit pairing numbers)."""
MOST_ROUNDS = 99
SCORES = 2 * MOST_ROUNDS + 1 + 4
"""Distinct pairing scores, in half-points: 0 to 99 points, and Baku's virtual points
(at most two) on top."""


def _spread(players: int, largest: int) -> dict[int, int]:
    """``players`` over as few score groups as groups of at most ``largest`` allow."""
    counts: dict[int, int] = {}
    score = 0
    while players:
        counts[score] = min(largest, players)
        players -= counts[score]
        score += 1
    return counts


def _extremes() -> list[dict[int, int]]:
    cases = [{0: 2}, {0: MOST_PLAYERS}, {0: 1, 1: MOST_PLAYERS - 1}]
    for players in (2, 3, 16, 17, 50, 199, SCORES, 1_000, MOST_PLAYERS):
        least = -(-players // SCORES)
        for largest in {least, least + 1, 2 * least, players // 2 or 1, players}:
            if largest and largest * SCORES >= players:
                cases.append(_spread(players, min(largest, players)))
    return cases


@pytest.mark.parametrize("rounds_completed", [0, 1, 2, MOST_ROUNDS - 1])
def test_criteria_fields_hold_their_largest_sums_at_the_extremes(rounds_completed: int) -> None:
    for counts in _extremes():
        layout = Layout.of_counts(counts, rounds_completed)
        assert len(counts) <= SCORES
        for name, width, largest_sum in field_bounds(layout):
            assert largest_sum < 1 << width, (name, width, largest_sum, len(counts))


def test_article_4_bonuses_fit_with_score_groups_of_one_player() -> None:
    """The opponents of the moved-down players (step 2) are ranked from the size of the
    whole view, which grows with the players, not with the largest score group: with
    199 players each alone in his score group, the bonuses reach past ``3 * 1 + 1``
    bits, and the reserved width must follow them (it once did not)."""
    layout = Layout.of_counts(dict.fromkeys(range(199), 1), 2)
    assert layout.count_bits == 1
    assert layout.reserved > 3 * layout.count_bits + 1
    assert layout.players + (layout.largest + 1) ** 2 < 1 << layout.reserved
