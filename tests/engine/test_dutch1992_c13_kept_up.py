"""1992 Dutch C13: the bound on the players kept up answered from matchings found before
(#38).

``c13.c13_feasible`` builds the graph of B1 and B2 of the two lowest brackets once, and a
set of players kept up that a perfect matching found before pairs with the lowest
bracket none of is answered by that matching, without a search.  Held here to a graph
built from nothing for every question of the late rounds of random near round robins,
and the memo of what each C9/C10 step forbids to the values worked out again.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from pairing.engine.matching import complete_matching, maximum_matching
from pairing.engine.systems.dutch1992 import c13, procedure
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.criteria import FLOAT_STEPS, FLOAT_STEPS_MIXED, _barred
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _from_nothing(previous: Accepted, lowest: Bracket, keep: frozenset[int]) -> bool:
    """Dutch C13's bound worked out alone: a perfect matching of the two brackets under
    B1 and B2 (one vertex for the bye when they are odd, joined to everyone) in which no
    player kept up meets a player of the lowest bracket."""
    upper = previous.bracket.players
    low = (*previous.forced_down, *lowest.residents)
    everyone = (*upper, *low)
    size = len(everyone) + len(everyone) % 2
    adjacent: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(everyone):
        for j in range(i + 1, len(everyone)):
            kept_meets_low = j >= len(upper) and i < len(upper) and a.number in keep
            if not kept_meets_low and compatible(a, everyone[j]):
                adjacent[i].append(j)
                adjacent[j].append(i)
        if size > len(everyone):
            adjacent[i].append(len(everyone))
            adjacent[len(everyone)].append(i)
    return all(mate != -1 for mate in maximum_matching(adjacent))


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_kept_up_bound_answers_as_a_graph_built_from_nothing(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13: every answer of the bound equals the one of a graph built from nothing,
    and some sets kept up are answered by a matching found before, without a search."""
    asked: set[tuple[int, frozenset[int]]] = set()
    searched = 0
    bounds = itertools.count()

    def counted(*args: object, **kwargs: object) -> bool:
        nonlocal searched
        searched += 1
        return complete_matching(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    def checked(previous: Accepted, lowest: Bracket) -> Callable[[frozenset[int]], bool]:
        feasible = c13.c13_feasible(previous, lowest)
        bound = next(bounds)

        def check(keep: frozenset[int]) -> bool:
            answer = feasible(keep)
            assert answer == _from_nothing(previous, lowest, keep)
            kept = frozenset(p.number for p in previous.bracket.players if p.number in keep)
            asked.add((bound, kept))
            return answer

        return check

    monkeypatch.setattr(c13, "complete_matching", counted)
    monkeypatch.setattr(Search, "_c13_feasible", staticmethod(checked))
    # Without the test of the partners against the lowest bracket (c13_fit), which
    # leaves the search fewer sets kept up to ask about.
    monkeypatch.setattr(Search, "_c13_fit", staticmethod(lambda previous, lowest: None))
    for state in late_states(players, rounds, seed, from_completed=players // 2):
        run_search(Search(entrants(state)[0]))
    assert asked
    assert searched < len(asked)


def test_dutch_c9_c10_steps_forbid_what_they_forbid_when_worked_out_again() -> None:
    """Dutch C9, C10: what each step forbids, kept by bracket for the round, is what
    :func:`_barred` gives for that bracket's players."""
    checked = 0
    for state in late_states(30, 26, 13, from_completed=15):
        search = Search(entrants(state)[0])
        run_search(search)
        by_number: dict[int, Entrant] = {e.number: e for e in search.entrants}
        for numbers, barred in search.candidate_search._step_barred.items():
            players = [by_number[n] for n in numbers]
            mixed = len({p.score for p in players}) > 1
            steps = FLOAT_STEPS_MIXED if mixed else FLOAT_STEPS
            assert barred == [_barred(players, rules) for rules in steps]
            checked += 1
    assert checked


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_within_exchanges_refuses_only_what_the_search_finds_nothing_in(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13, C14, D2: the late rounds are paired as without the stronger condition,
    which refuses some sets kept up (so whole C13 searches or parts of them)."""
    refused = 0

    def counted(
        previous: Accepted, lowest: Bracket, least_down: int
    ) -> Callable[[frozenset[int]], bool]:
        feasible = c13.c13_within_exchanges(previous, lowest, least_down)

        def check(keep: frozenset[int]) -> bool:
            nonlocal refused
            answer = feasible(keep)
            refused += not answer
            return answer

        return check

    states = list(late_states(players, rounds, seed, from_completed=players // 2))
    monkeypatch.setattr(procedure, "c13_within_exchanges", lambda *args: lambda keep: True)
    without = [repr(run_search(Search(entrants(state)[0]))) for state in states]
    monkeypatch.setattr(procedure, "c13_within_exchanges", counted)
    assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == without
    assert refused


def test_dutch_c13_checks_pair_late_rounds_without_networkx(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, D2: the stronger condition on the players kept up, and every other
    matching of the 1992 Dutch, run on the project's own weighted matching, so the late
    rounds of a near round robin pair with NetworkX's matching refused (it costs its
    import, about 0.1 s, and is slower on these graphs)."""
    import networkx  # the test refuses what the engine must not call

    def refused(*args: object, **kwargs: object) -> object:
        raise AssertionError("the 1992 Dutch asked NetworkX's matching")

    asked = 0

    def counted(
        previous: Accepted, lowest: Bracket, least_down: int
    ) -> Callable[[frozenset[int]], bool]:
        feasible = c13.c13_within_exchanges(previous, lowest, least_down)

        def check(keep: frozenset[int]) -> bool:
            nonlocal asked
            asked += 1
            return feasible(keep)

        return check

    players, rounds, seed = EVENTS[1]
    states = list(late_states(players, rounds, seed, from_completed=players // 2))
    monkeypatch.setattr(networkx, "max_weight_matching", refused)
    monkeypatch.setattr(procedure, "c13_within_exchanges", counted)
    for state in states:
        run_search(Search(entrants(state)[0]))
    assert asked
