"""Today's Dutch system's late rounds worked out faster (#38) give what the long way gives.

C4's wider graph (FIDE Handbook C.04.3, Article 2 C4) weighs every pair below the next
score group by the completion field alone: the weights kept for the round
(``RoundProcedure.completion_weights``) are those :meth:`RoundProcedure.weight` gives
pair by pair.
"""

from __future__ import annotations

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def test_c_4_completion_weights_kept_for_the_round_are_the_weights_pair_by_pair() -> None:
    """Every split of a late round's players into a view and the players below, asked in
    the order the brackets ask (top down, so rows are kept and read again), gives the
    weights of the pairs with a player below one by one."""
    checked = 0
    try:
        for state in tournament_states(System.DUTCH, players=23, rounds=20, seed=7):
            players, _ = entrants(state)
            n = len(players)
            if n < 4 or state.round_number < 10:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            for start in range(0, n - 2, 3):
                for cut in (start + 1, start + 3):
                    view = list(range(start, min(cut, n)))
                    rest = list(range(min(cut, n), n))
                    expected = {}
                    for pos, j in enumerate(rest):
                        for i in view + rest[:pos]:
                            w = procedure.weight(i, j, False, False, False, True)
                            if w:
                                expected[(i, j)] = w
                    assert procedure.completion_weights(view, rest) == expected
                    checked += len(expected)
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 1000
