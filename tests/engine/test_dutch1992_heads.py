"""The pairings of a heterogeneous bracket's moved-down players filtered by their remainder.

``CandidateSearch.heterogeneous`` lists the pairings of S1 (Dutch C7, C10) and pairs the
remainder each leaves (C6).  With ``exact_heads`` every level's pairings of S1 go through
``Feasibility.remainder_viable``, which leaves out those whose remainder cannot be paired
or is already known to give nothing, also where every S2 player may be left over; without
it only the levels with players who may not be left over do.  Here whole rounds of random
near round robins are paired both ways, and the filter is shown to leave pairings out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from pairing.engine import System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992 import feasibility, remainder
from pairing.engine.systems.dutch1992.candidate_parts import HeadPairing
from pairing.engine.systems.dutch1992.candidates import CandidateSearch
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.procedure import Search
from pairing.engine.systems.dutch1992.remainder import RemainderNeed
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((16, 15, 3), (20, 17, 7), (24, 21, 11), (30, 26, 13), (40, 34, 5))
"""Players, rounds and seed of the random events: near round robins, whose late brackets
hold players moved down who are hard to pair."""


class _Counting(CandidateSearch):
    """The candidate search, counting the pairings of S1 it reads."""

    read = 0

    def head_pairings(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        must_pair: frozenset[int],
        remainder: RemainderNeed | None = None,
    ) -> Iterator[HeadPairing]:
        for head in super().head_pairings(s1, s2, x, rules, moved, must_pair, remainder):
            self.read += 1
            yield head


def _counted(players: Sequence[Entrant], *, exact_heads: bool) -> tuple[object, int]:
    search = Search(players, exact_heads=exact_heads)
    counting = _Counting(search.feasibility, search.levels, exact_heads=exact_heads)
    search.candidate_search = counting
    return run_search(search), counting.read


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c7_c10_remainder_filter_pairs_every_round_as_the_search(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C6, C7, C10: the same brackets accepted, pairs and players moved down, round
    by round, with the pairings of S1 filtered by their remainder at every level and
    only where some S2 players may not be left over; the exact B4 check of the remainder
    asked of every size, as the check of its leftovers is in the default run."""
    for exact_size in (feasibility.LEFTOVER_CHECK, 0):
        monkeypatch.setattr(feasibility, "LEFTOVER_CHECK", exact_size)
        for state in late_states(players, rounds, seed, from_completed=players // 3):
            players_of_round = entrants(state)[0]
            fast = run_search(Search(players_of_round))
            slow = run_search(Search(players_of_round, exact_heads=False))
            assert fast == slow, f"round {state.round_number}, leftovers up to {exact_size}"


def test_dutch_c7_c10_remainder_filter_leaves_pairings_of_s1_out() -> None:
    """Dutch C7, C10: in some round the filter reads fewer pairings of S1 than the search
    without it, and never more, for the same pairing."""
    fewer = 0
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 3):
            players_of_round = entrants(state)[0]
            fast, fast_read = _counted(players_of_round, exact_heads=True)
            slow, slow_read = _counted(players_of_round, exact_heads=False)
            assert fast == slow, f"{players} {rounds} {seed} round {state.round_number}"
            assert fast_read <= slow_read, f"{players} {rounds} {seed} {state.round_number}"
            fewer += fast_read < slow_read
    assert fewer


def test_dutch_c6_c7_remainder_search_starts_from_a_greedy_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C6, C7: whether S1's pairing leaves a remainder that can be paired is one
    perfect matching, grown by Edmonds' search from a greedy matching (in a large early
    bracket a search from each of hundreds of free players was most of a 2,000-player
    round); it leaves few players free, and the pairings are those without it."""
    starts: list[tuple[int, int]] = []

    def counted(adjacent: Sequence[Sequence[int]], mate: list[int], alive: list[bool]) -> bool:
        starts.append((sum(1 for v, m in enumerate(mate) if alive[v] and m == -1), sum(alive)))
        return complete_matching(adjacent, mate, alive)

    monkeypatch.setattr(remainder, "complete_matching", counted)
    greedy = list(tournament_states(System.DUTCH_1992, players=100, rounds=5, seed=5))
    assert starts and all(4 * free <= alive for free, alive in starts)
    monkeypatch.setattr(remainder, "_greedy", lambda adjacent, mate, alive: None)
    assert list(tournament_states(System.DUTCH_1992, players=100, rounds=5, seed=5)) == greedy
