"""The standings' fast paths of the tie-breaks give what the plain computation gives
(#35): Buchholz with cuts and medians (FIDE C.07 Article 14, with 16.5 for a voluntary
unplayed round), summing the sorted scores when no round is cut first, against the
terms sorted by significance and cut one by one (``_kept``), on random events under
every convention for unplayed rounds."""

from __future__ import annotations

import random

import pytest

from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    TournamentState,
)
from pairing.engine.tiebreaks import UnplayedRounds, tiebreak_context
from pairing.engine.tiebreaks.cuts import _cut, _cut_buchholz, _opponents_sum

NO_OPPONENT = {Outcome.HALF_POINT_BYE, Outcome.FULL_POINT_BYE, Outcome.ZERO_POINT_BYE,
               Outcome.PAIRING_ALLOCATED_BYE}  # fmt: skip


def random_state(rng: random.Random, players: int, rounds: int) -> TournamentState:
    """Random histories: games, forfeits, unrated games and byes of every kind."""
    outcomes = list(Outcome)
    field = [
        Player(
            pairing_number=PairingNumber(n),
            rating=rng.randint(1000, 2700),
            history=tuple(
                GameRecord(
                    round_number=r,
                    opponent=None
                    if outcome in NO_OPPONENT
                    else PairingNumber(rng.randint(1, players)),
                    colour=None if outcome in NO_OPPONENT else rng.choice(list(Colour)),
                    outcome=outcome,
                )
                for r, outcome in enumerate(
                    (
                        rng.choice(outcomes)
                        if rng.random() < 0.3
                        else rng.choice((Outcome.WIN, Outcome.DRAW, Outcome.LOSS))
                        for _ in range(rounds)
                    ),
                    start=1,
                )
            ),
        )
        for n in range(1, players + 1)
    ]
    return TournamentState(players=tuple(field), rounds_completed=rounds, total_rounds=rounds)


@pytest.mark.parametrize("unplayed", list(UnplayedRounds))
def test_c07_14_buchholz_cuts_by_sorted_scores_equal_the_cut_by_significance(
    unplayed: UnplayedRounds,
) -> None:
    """BH-C1, BH-C2, BH-M1, BH-M2 and deeper cuts, for 1-13 rounds."""
    rng = random.Random(f"bh-cuts-{unplayed.value}")
    for _ in range(40):
        state = random_state(rng, rng.randint(2, 40), rng.randint(1, 13))
        context = tiebreak_context(state, unplayed=unplayed)
        for number in context.players:
            for low, high in ((1, 0), (2, 0), (1, 1), (2, 2), (3, 1), (5, 5)):
                plain = _opponents_sum(_cut(context, number, low, high, products=False))
                assert _cut_buchholz(context, number, low, high) == plain, (number, low, high)
