"""The perfect matchings the 1992 Dutch's bounds ask, started from the last one found.

``LevelChecks._pairs_possible`` (whether a level could give its pairs at all, Dutch C8)
and C13's bound on the players kept up (``c13.c13_feasible``) ask whether a graph has
a perfect matching, again and again for the same players with other players kept up.
Each now keeps the graph and starts Edmonds' search from the last perfect matching
found, less the pairs it may no longer use; Berge's theorem makes the answer independent
of the start.  Here every such question of the late rounds of random near round robins
is answered again from scratch, and the rounds are paired as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

import pytest

from pairing.engine.matching import complete_matching, maximum_matching
from pairing.engine.systems.dutch1992 import c13, level_checks
from pairing.engine.systems.dutch1992.entrants import entrants
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
@pytest.mark.parametrize("module", [level_checks, c13], ids=["C8 level", "C13 kept up"])
def test_dutch_c8_c13_warm_started_matching_answers_as_a_new_one(
    players: int, rounds: int, seed: int, module: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C8, C13: each question answered from the last matching found is answered
    the same by a maximum matching built from nothing, and some start from a matching
    that is not empty (the warm start is used)."""
    asked = warm = 0

    def checked(
        adjacent: Sequence[Sequence[int]], mate: list[int], alive: list[bool], **kw: bool
    ) -> bool:
        nonlocal asked, warm
        asked += 1
        warm += any(m != -1 for m in mate)
        answer = complete_matching(adjacent, mate, alive, **kw)
        assert answer == all(m != -1 for m in maximum_matching(adjacent))
        return answer

    monkeypatch.setattr(module, "complete_matching", checked)
    # Without the test of the partners against the lowest bracket (c13_fit), which
    # leaves these events' C13 searches too few questions to start warm.
    monkeypatch.setattr(Search, "_c13_fit", staticmethod(lambda previous, lowest: None))
    for state in late_states(players, rounds, seed, from_completed=players // 2):
        run_search(Search(entrants(state)[0]))
    assert asked and warm
