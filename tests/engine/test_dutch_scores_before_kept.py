"""The pairing scores 1.4.2 compares (FIDE C.04.3 2026, 1.4.2; acceleration, C.04.7)
before the round to pair and the two before it are all the entrants read: asked for
those rounds alone, each player's score before each of them is the one worked out for
every round (#38: every round of every player cost a late round a twentieth), and
no other round is worked out."""

from __future__ import annotations

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.entrants import _scores_before


def test_1_4_2_scores_before_the_last_rounds_as_before_every_round() -> None:
    checked = 0
    for players, seed in ((17, 4), (24, 9)):
        try:
            for state in tournament_states(
                System.DUTCH, players=players, rounds=players - 2, seed=seed
            ):
                ordered = sorted(state.players, key=lambda p: p.pairing_number)
                now = state.rounds_completed + 1
                every = _scores_before(state, ordered)
                for wanted in ({now, now - 1, now - 2}, {now}, {1, now - 3, now}):
                    found = _scores_before(state, ordered, wanted)
                    assert set(found) == wanted & set(every)
                    assert all(found[r] == every[r] for r in found)
                    checked += 1
        except NoValidPairing:
            pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 60
