"""1992 Dutch C13: the test of S1's partners against the lowest bracket reads a choice of
partners one longer than one that passed from the vertices a maximum matching can leave
exposed once its last S1 player is gone (``c13_fit.LowestFit.division``, Gallai-Edmonds,
#38).

Held here to each choice's own graph on the late rounds of random near round robins,
where C13 works: a choice is accepted only when the graph less its pairs has a perfect
matching (keeping the lowest bracket's limit of D2 where that is asked), and refused
only when it has none, or when a choice on its way that short was refused by that limit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992 import c13_fit
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.fit_exchanges import inside_parts, within_exchanges
from pairing.engine.systems.dutch1992.fit_prefixes import LIMITED_PREFIX
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _own(
    fit: LowestFit,
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    rows: Sequence[int],
    stay: frozenset[int],
) -> Callable[[tuple[int, ...], bool], bool]:
    """Whether the division's own graph (with the S2 players who may not be left over,
    ``stay``) less a choice's pairs has a perfect matching (with ``limited``, one keeping
    the lowest bracket's limit of D2), each asked from nothing."""
    p = len(s1)
    graph = fit._graph(s1, s2, rows, stay=stay)
    inside = fit._inside(p, s2)

    def own(prefix: tuple[int, ...], limited: bool) -> bool:
        alive = [True] * len(graph)
        for v in [*range(len(prefix)), *(p + t for t in prefix)]:
            alive[v] = False
        mate = [-1] * len(graph)
        if not complete_matching(graph, mate, alive, greedy=True):
            return False
        if not limited or inside is None:
            return True
        return within_exchanges(graph, alive, mate, inside, inside_parts(graph, inside)) is not None

    return own


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_fit_refuses_a_choice_of_partners_only_without_a_completion(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13: every answer of the test of a division's choices of S1's partners is
    that of the choice's own graph, but for a refusal by the limit of D2 of a choice on
    its way of at most :data:`LIMITED_PREFIX` partners, which refuses all after it."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    division = LowestFit.division
    asked = 0

    def spied(
        self: LowestFit,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rows: Sequence[int],
        stay: frozenset[int] = frozenset(),
    ) -> Callable[[tuple[int, ...]], bool]:
        check = division(self, s1, s2, rows, stay)
        own = _own(self, s1, s2, rows, stay)

        def compared(prefix: tuple[int, ...]) -> bool:
            nonlocal asked
            answer = check(prefix)
            if answer:
                assert own(prefix, len(prefix) <= LIMITED_PREFIX)
            elif own(prefix, False):
                shorter = range(min(len(prefix), LIMITED_PREFIX) + 1)
                assert any(not own(prefix[:k], True) for k in shorter)
            asked += 1
            return answer

        return compared

    monkeypatch.setattr(LowestFit, "division", spied)
    for state in late_states(players, rounds, seed, from_completed=players // 2):
        run_search(Search(entrants(state)[0]))
    assert asked
