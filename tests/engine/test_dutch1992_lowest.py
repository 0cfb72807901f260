"""The closed form of the lowest bracket (Dutch C13, D2) against the search it replaces.

``pairing.engine.systems.dutch1992.lowest`` decides by one matching whether a lowest
bracket paired as homogeneous can be paired at all, and whether some set of players
moved down from the penultimate bracket lets it; C13 uses both to pass over the sets that
cannot help.  Here every lowest bracket that random near round robins meet is judged both
ways, and whole rounds are paired with and without the closed form.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import perfect_matching_within
from pairing.engine.model import TournamentState
from pairing.engine.systems.dutch1992 import levels
from pairing.engine.systems.dutch1992 import lowest as lowest_module
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket, make_bracket
from pairing.engine.systems.dutch1992.criteria import (
    LOOSEST,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.lowest import (
    least_conflicts,
    lowest_pairable,
    lowest_pairable_with_some,
)
from pairing.engine.systems.dutch1992.procedure import Search, _Exhausted

EVENTS = ((14, 13, 3), (16, 15, 5), (20, 17, 7), (24, 21, 11), (30, 26, 13))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _states(players: int, rounds: int, seed: int) -> Iterator[TournamentState]:
    try:
        for state in tournament_states(
            System.DUTCH_1992, players=players, rounds=rounds, seed=seed
        ):
            if state.rounds_completed >= players // 2:
                yield state
    except NoValidPairing:
        return


class _Recording(Search):
    """The search without the closed form, keeping each lowest bracket it judges and each
    C13 question it is asked."""

    def __init__(self, state: TournamentState) -> None:
        super().__init__(entrants(state)[0], exact_lowest=False)
        self.lowest: list[tuple[Bracket, bool]] = []
        self.c13_asked: list[tuple[Accepted, Bracket]] = []

    def _pair_lowest(self, bracket: Bracket, *, last_resort: bool) -> Accepted | None:
        found = super()._pair_lowest(bracket, last_resort=last_resort)
        if not last_resort:
            self.lowest.append((bracket, found is not None))
        return found

    def c13(self, previous: Accepted, lowest: Bracket) -> tuple[Accepted, Accepted] | None:
        self.c13_asked.append((previous, lowest))
        return super().c13(previous, lowest)


def _run(search: Search) -> object:
    try:
        return search.run()
    except _Exhausted:
        return "exhausted"


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_closed_form_pairs_every_round_as_the_search(
    players: int, rounds: int, seed: int
) -> None:
    """Dutch C13, D2: the same brackets accepted, pairs and players moved down, round by
    round, with the closed form and without it."""
    for state in _states(players, rounds, seed):
        players_of_round = entrants(state)[0]
        fast = _run(Search(players_of_round))
        slow = _run(Search(players_of_round, exact_lowest=False))
        assert fast == slow, f"round {state.round_number}"


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_lowest_bracket_pairable_exactly_when_the_search_pairs_it(
    players: int, rounds: int, seed: int
) -> None:
    """Dutch A3, C13, D2: every lowest bracket paired as homogeneous that the search
    judges, C13's candidates included, is pairable by the closed form exactly when the
    search pairs it."""
    judged = 0
    for state in _states(players, rounds, seed):
        search = _Recording(state)
        _run(search)
        for bracket, paired in search.lowest:
            answer = lowest_pairable(bracket.players)
            if answer is not None:
                judged += 1
                assert answer == paired, f"round {state.round_number}"
    assert judged


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_some_set_moved_down_found_exactly_when_one_of_them_pairs(
    players: int, rounds: int, seed: int
) -> None:
    """Dutch C13, D2: some ``count`` players of the penultimate bracket let the lowest be
    paired exactly when one of the sets of that many does (every set tried, where there
    are at most 300)."""
    for state in _states(players, rounds, seed):
        search = _Recording(state)
        _run(search)
        for previous, lowest in search.c13_asked:
            upper = previous.bracket.players
            forced = previous.forced_down
            for count in range(len(upper) + 1):
                answer = lowest_pairable_with_some(lowest.residents, forced, upper, count)
                if answer is None or len(list(itertools.combinations(upper, count))) > 300:
                    continue
                some = any(
                    lowest_pairable(make_bracket(lowest.residents, (*forced, *chosen)).players)
                    for chosen in itertools.combinations(upper, count)
                )
                assert answer == some, f"round {state.round_number}, {count} moved down"


def _fewest_by_branch_and_bound(bracket: Bracket) -> int | None:
    """The fewest colour conflicts of a complete pairing of the lowest bracket at the
    loosest level, by the exact branch and bound of ``perfect_matching_within``."""
    players = bracket.players
    moved = frozenset(p.number for p in bracket.moved_in)
    n = len(players)
    cheap: list[list[int]] = [[] for _ in range(n + n % 2)]
    costly: list[list[int]] = [[] for _ in range(n + n % 2)]
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            if pair_allowed(a, players[j], LOOSEST, moved):
                edges = costly if colour_conflict(a, players[j]) else cheap
                edges[i].append(j)
                edges[j].append(i)
        if n % 2 and may_leave(a, LOOSEST, moved, True, frozenset()):
            cheap[i].append(n)
            cheap[n].append(i)
    for budget in range(n // 2 + 1):
        if perfect_matching_within(cheap, costly, budget) is not None:
            return budget
    return None


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS[:3])
def test_dutch_b4_least_conflicts_of_a_lowest_bracket_equal_the_exact_search(
    players: int, rounds: int, seed: int
) -> None:
    """Dutch B4, C11: the fewest colour conflicts of any complete pairing of a lowest
    bracket, by one weighted matching, equal the branch and bound's count."""
    judged = 0
    for state in _states(players, rounds, seed):
        search = _Recording(state)
        _run(search)
        for bracket, _ in search.lowest[:3]:
            moved = frozenset(p.number for p in bracket.moved_in)
            n = len(bracket.players)
            fewest = least_conflicts(bracket.players, n // 2, LOOSEST, moved, True, frozenset())
            assert fewest == _fewest_by_branch_and_bound(bracket), f"round {state.round_number}"
            judged += 1
    assert judged


def test_dutch_b4_colour_bound_only_for_groups_of_twenty_or_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4: the bound on x by the fewest colour conflicts is computed only for a
    group of at least ``COLOUR_BOUND_FROM`` players (smaller ones try their few divisions
    one by one, without paying the matching's import); with the bound for every group,
    the same rounds are paired the same."""
    calls: list[int] = []

    def counted(players: Sequence[Entrant], *args: Any) -> int | None:
        calls.append(len(players))
        return least_conflicts(players, *args)

    monkeypatch.setattr(levels, "least_conflicts", counted)
    small = [s for p, r, seed in EVENTS[:2] for s in _states(p, r, seed)]

    def pairing(state: TournamentState) -> object:
        try:
            return pair_round(state, System.DUTCH_1992, seed=1)
        except NoValidPairing:
            return "no pairing"

    paired = [pairing(state) for state in small]
    assert calls == []
    monkeypatch.setattr(levels, "COLOUR_BOUND_FROM", 0)
    assert [pairing(state) for state in small] == paired
    assert calls and max(calls) < 20  # the bound was asked for, of small groups only


def test_dutch_c13_top_half_against_bottom_half_needs_no_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, D2: a lowest bracket whose S1 can meet S2 place by place (the last of
    S2 taking the bye) is pairable without building its graph: round 1 of 41 players
    asks no matching (a round 1 of 2,000 players built 2,000,000 pairs for it); a
    bracket where those pairs are not allowed still asks one."""
    asked: list[int] = []

    within_budget = lowest_module._within_budget

    def counted(*args: Any, **kwargs: Any) -> bool:
        asked.append(1)
        return within_budget(*args, **kwargs)

    monkeypatch.setattr(lowest_module, "_within_budget", counted)
    state = next(iter(tournament_states(System.DUTCH_1992, players=41, rounds=3, seed=2)))
    players = entrants(state)[0]
    assert lowest_pairable(players) is True
    assert not asked
    top, bottom = players[:20], players[20:]
    barred = [replace(a, barred=a.barred | {b.number}) for a, b in zip(top, bottom, strict=False)]
    assert lowest_pairable([*barred, *bottom]) is True
    assert asked
