"""1992 Dutch C13: the test of the penultimate bracket's pairings against the lowest
bracket (``c13_fit.LowestFit``, #38).

C13 takes the penultimate bracket's first pairing, in the procedure's order, with which
the lowest bracket can be paired.  The search leaves out the pairings through a choice
of S1's partners after which no pairing of the lowest bracket can follow.  Held here to
the search without it (the oracle) on the late rounds of random near round robins, where
C13 works: the same pairings, and every pairing the old search finds good passes the
test at every choice of partners on its way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from pairing.engine.systems.dutch1992 import c13_fit
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket, Candidate
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.criteria import colour_conflict, pair_allowed
from pairing.engine.systems.dutch1992.division_colours import _conflict_rows
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _passes(fit: LowestFit, candidate: Candidate, *, conflict_free: bool = False) -> bool:
    """Whether the test accepts every choice of partners on the way to ``candidate``'s
    pairing of its last phase (the bracket, or a heterogeneous one's remainder); with
    ``conflict_free``, the test given only the pairs without a colour conflict."""
    if not candidate.phases:
        return True  # every player moved down: no S1 to pair
    phase = candidate.phases[-1]
    rows = [
        _bits(
            t
            for t, b in enumerate(phase.s2)
            if pair_allowed(a, b, phase.rules, phase.moved)
            and not (conflict_free and colour_conflict(a, b))
        )
        for a in phase.s1
    ]
    check = fit.division(phase.s1, phase.s2, rows)
    assignment = phase.assignment
    return all(check(assignment[:k]) for k in range(len(assignment) + 1))


@pytest.mark.parametrize("patience", [0, 1, 2])
@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_fit_pairs_as_the_search_without_it(
    players: int, rounds: int, seed: int, patience: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13: the late rounds are paired as without the test, and the test refuses
    some choices of partners or remainders (so it leaves out part of the search): with it
    from the start (patience 0), and with its turn after one or two sub-searches without
    it (:func:`c13_fit.fitted_search`)."""
    refused = 0
    monkeypatch.setattr(c13_fit, "PATIENCE", patience)

    def counted(previous: Accepted, lowest: Bracket) -> LowestFit | None:
        fit = c13_fit.lowest_fit(previous, lowest)
        if fit is None:
            return None
        division = fit.division

        def spied(*args: object, **kwargs: object) -> Callable[[tuple[int, ...]], bool]:
            check = division(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

            def counting(prefix: tuple[int, ...]) -> bool:
                nonlocal refused
                answer = check(prefix)
                refused += not answer
                return answer

            return counting

        fit.division = spied  # type: ignore[method-assign]  # the spy counts the refusals
        rest_possible = fit.rest_possible

        def rest_spied(rest: Sequence[Entrant]) -> bool:
            nonlocal refused
            answer = rest_possible(rest)
            refused += not answer
            return answer

        fit.rest_possible = rest_spied  # type: ignore[method-assign]  # the spy counts the refusals
        return fit

    states = list(late_states(players, rounds, seed, from_completed=players // 2))
    monkeypatch.setattr(Search, "_c13_fit", staticmethod(lambda previous, lowest: None))
    without = [repr(run_search(Search(entrants(state)[0]))) for state in states]
    monkeypatch.setattr(Search, "_c13_fit", staticmethod(counted))
    assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == without
    assert refused or patience


def test_dutch_c13_fit_accepts_every_pairing_the_old_search_finds_good(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: the test is a necessary condition.  The old search (without it) judges
    pairings of the penultimate bracket one by one; each it finds good passes the test at
    every choice of partners on its way, and some it finds bad the test refuses."""
    original = Search.alternatives
    good_seen = bad_refused = 0

    def spied(
        self: Search, previous: Accepted, good: Callable[[Accepted], bool], **kwargs: object
    ) -> Accepted | None:
        fit = kwargs.get("fit")
        if not isinstance(fit, LowestFit):
            return original(self, previous, good, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

        def judged(option: Accepted) -> bool:
            nonlocal good_seen, bad_refused
            answer = good(option)
            passes = _passes(fit, option.candidate)
            if answer:
                assert passes
                good_seen += 1
            else:
                bad_refused += not passes
            return answer

        kwargs["fit"] = None
        return original(self, previous, judged, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(Search, "alternatives", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert good_seen
    assert bad_refused


def test_dutch_c13_fit_loose_refusal_is_the_division_s_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: a division refused by the looser graph (every S1 player meeting every S2
    player B1 and B2 allow) is refused by its own graph too, and the looser graph does
    refuse some divisions in the late rounds (so it answers for them)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = LowestFit._loosely_refused
    loose_refusals = 0

    def spied(
        self: LowestFit, s1: Sequence[Entrant], s2: Sequence[Entrant], rows: Sequence[int]
    ) -> bool:
        nonlocal loose_refusals
        answer = original(self, s1, s2, rows)
        if answer:
            loose_refusals += 1
            alone = LowestFit(self.forced, self.residents)
            alone._loosely_refused = lambda *args: False  # type: ignore[method-assign]  # its own graph only
            assert not alone.division(s1, s2, rows)(())
        return answer

    monkeypatch.setattr(LowestFit, "_loosely_refused", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert loose_refusals


def test_dutch_c13_fit_refuses_remainders_without_a_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: a heterogeneous bracket's remainder whose players cannot be paired with
    the lowest bracket at all is refused as a whole, and then no division of it has a
    matching of its own either (the pairings are held to the search without the test by
    ``test_dutch_c13_fit_pairs_as_the_search_without_it``)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = LowestFit.rest_possible
    asked = refused = 0

    def spied(self: LowestFit, rest: Sequence[Entrant]) -> bool:
        nonlocal asked, refused
        answer = original(self, rest)
        asked += 1
        if not answer:
            refused += 1
            half = len(rest) // 2
            s1, s2 = rest[:half], rest[half:]
            rows = [_bits(t for t, b in enumerate(s2) if compatible(a, b)) for a in s1]
            assert not self.division(s1, s2, rows)(())
        return answer

    monkeypatch.setattr(LowestFit, "rest_possible", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert refused


def test_dutch_c13_fit_at_x_0_reads_only_conflict_free_pairs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13 with B4 at x = 0: the test of a division searched at x = 0 is given, for
    each S1 player, only the S2 players he may meet without a colour conflict (every
    pairing searched there has none), and it refuses some choices of partners that the
    test of every allowed pair passes.  Each pairing the old search finds good at x = 0
    passes that narrower test at every choice of partners on its way."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = LevelSearch._split_assignments
    narrowed = refused_only_narrowed = 0

    def spied(self: LevelSearch, *args: Any, **kwargs: Any) -> Iterable[tuple[int, ...]]:
        s1, s2, x, rules, moved = args[2], args[3], args[4], args[5], args[6]
        fit = kwargs.get("fit", args[11] if len(args) > 11 else None)
        if not isinstance(fit, LowestFit) or x != 0:
            return original(self, *args, **kwargs)
        conflicts = _conflict_rows(s1, s2)
        every = [_bits(t for t, b in enumerate(s2) if pair_allowed(a, b, rules, moved)) for a in s1]
        division = fit.division

        def checked(
            s1_: Sequence[Entrant],
            s2_: Sequence[Entrant],
            rows: Sequence[int],
            stay: frozenset[int] = frozenset(),
        ) -> Callable[[tuple[int, ...]], bool]:
            nonlocal narrowed
            assert list(rows) == [row & ~c for row, c in zip(every, conflicts, strict=True)]
            narrowed += 1
            check = division(s1_, s2_, rows, stay)
            loose = LowestFit(fit.forced, fit.residents).division(s1_, s2_, every, stay)

            def compared(prefix: tuple[int, ...]) -> bool:
                nonlocal refused_only_narrowed
                answer = check(prefix)
                refused_only_narrowed += not answer and loose(prefix)
                return answer

            return compared

        fit.division = checked  # type: ignore[method-assign,assignment]  # the spy checks the rows
        try:
            return list(original(self, *args, **kwargs))
        finally:
            del fit.division

    monkeypatch.setattr(LevelSearch, "_split_assignments", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert narrowed
    assert refused_only_narrowed

    monkeypatch.undo()
    alternatives = Search.alternatives
    good_seen = 0

    def judging(
        self: Search, previous: Accepted, good: Callable[[Accepted], bool], **kwargs: object
    ) -> Accepted | None:
        fit = kwargs.get("fit")
        if not isinstance(fit, LowestFit):
            return alternatives(self, previous, good, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

        def judged(option: Accepted) -> bool:
            nonlocal good_seen
            answer = good(option)
            phases = option.candidate.phases
            if answer and phases and phases[-1].x == 0:
                assert _passes(fit, option.candidate, conflict_free=True)
                good_seen += 1
            return answer

        kwargs["fit"] = None
        return alternatives(self, previous, judged, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(Search, "alternatives", judging)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert good_seen
