"""1992 Dutch C13 and D2: C13's fit keeps the lowest bracket's own limit of two exchanges
(``fit_exchanges``, #38).

C13 takes the penultimate bracket's first pairing, in the procedure's order, with which
the lowest bracket can be paired.  A lowest bracket paired as homogeneous can be paired
within D2's exchanges exactly when some perfect matching of it has at most two pairs
inside its original S2 (``lowest.lowest_pairable``).  The fit's test of a choice of S1's
partners now asks that limit too: held here to brute force (every completion of the
choice, each lowest bracket judged by the closed form) on random small brackets, and
the search with it to the search without the fit on the late rounds of random events.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992 import c13_fit, fit_exchanges, fit_prefixes
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank, compatible, entrants
from pairing.engine.systems.dutch1992.lowest import lowest_pairable
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search
from tests.engine.test_dutch1992 import entrant

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _bar(
    rng: random.Random, players: list[Entrant], density: float, across: float
) -> list[Entrant]:
    """Bars random pairs of players from meeting (B1a), both ways: ``across`` is the
    density between players of unequal scores, ``density`` between players of one."""
    barred: dict[int, set[PairingNumber]] = {p.number: set() for p in players}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if rng.random() < (density if a.score == b.score else across):
                barred[a.number].add(b.number)
                barred[b.number].add(a.number)
    return [replace(p, barred=frozenset(barred[p.number])) for p in players]


def _instance(
    rng: random.Random,
) -> tuple[list[Entrant], list[Entrant], list[Entrant], list[Entrant]]:
    """A division (S1, S2) of a penultimate bracket of score 8, the players forced down
    from it and the lowest bracket's residents (scores 1 to 3)."""
    upper = rng.randint(4, 8)
    forced = rng.randint(0, 1)
    residents = upper + rng.randint(2, 5)
    number = itertools.count(1)

    def history() -> str:
        return "".join(rng.choice("WB") for _ in range(rng.randint(0, 3)))

    group = [entrant(next(number), history(), score=8) for _ in range(upper + forced)]
    low = [
        entrant(next(number), history(), score=rng.choice((1, 1, 2, 3))) for _ in range(residents)
    ]
    low = [replace(e, bye_allowed=rng.random() < 0.5) for e in low]
    everyone = _bar(rng, [*group, *low], 0.1, rng.choice((0.5, 0.7, 0.9)))
    group, low = everyone[: len(group)], everyone[len(group) :]
    p = rng.randint(1, upper // 2)
    s1, s2 = group[:p], group[p:upper]
    return s1, s2, group[upper:], _rank(low)


def _good_completion(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    rows: Sequence[int],
    prefix: tuple[int, ...],
    forced: Sequence[Entrant],
    residents: Sequence[Entrant],
) -> bool:
    """Brute force: some pairing of S1 into S2 (by ``rows``) through ``prefix`` leaves over
    players with whom the lowest bracket can be paired (its closed form)."""
    for rest in itertools.permutations(range(len(s2)), len(s1) - len(prefix)):
        assignment = (*prefix, *rest)
        if len(set(assignment)) < len(assignment):
            continue
        if any(not rows[i] >> t & 1 for i, t in enumerate(assignment)):
            continue
        down = [b for t, b in enumerate(s2) if t not in assignment]
        if lowest_pairable(_rank([*down, *forced, *residents])):
            return True
    return False


def _homogeneous_low(down: int, forced: Sequence[Entrant], residents: Sequence[Entrant]) -> bool:
    """Whether the lowest bracket with ``down`` players moved in is paired as homogeneous
    (A3): at least half of it above its lowest score (those moved in all are)."""
    low = min(e.score for e in residents)
    above = down + len(forced) + sum(1 for e in residents if e.score > low)
    return 2 * above >= down + len(forced) + len(residents)


def test_dutch_c13_fit_keeps_the_lowest_bracket_s_exchanges_as_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, D2: on random small brackets whose lowest bracket is paired as
    homogeneous, the fit accepts a choice of S1's partners exactly when some pairing
    through it leaves over players with whom the lowest bracket can be paired within two
    exchanges; and it refuses some choices whose players left over can be paired with
    the lowest bracket only with more (which the test without the limit accepted).  The
    limit asked of choices of every length here (the search asks it of short ones)."""
    monkeypatch.setattr(fit_prefixes, "LIMITED_PREFIX", 1 << 20)
    rng = random.Random(38_2950)
    asked = beyond = 0
    for _ in range(300):
        s1, s2, forced, residents = _instance(rng)
        if not _homogeneous_low(len(s2) - len(s1), forced, residents):
            continue
        rows = [
            _bits(t for t, b in enumerate(s2) if compatible(a, b) and rng.random() < 0.8)
            for a in s1
        ]
        fit = LowestFit(forced, residents)
        loose = LowestFit(forced, residents)
        loose._inside = lambda p, s2: None  # type: ignore[method-assign]  # the test without the limit
        check, without = fit.division(s1, s2, rows), loose.division(s1, s2, rows)
        for length in range(len(s1) + 1):
            for prefix in itertools.permutations(range(len(s2)), length):
                if any(not rows[i] >> t & 1 for i, t in enumerate(prefix)):
                    continue
                expected = _good_completion(s1, s2, rows, prefix, forced, residents)
                assert check(prefix) == expected, (s1, s2, prefix)
                asked += 1
                beyond += without(prefix) and not expected
    assert asked > 1000
    assert beyond


def test_dutch_c13_fit_exchanges_pair_as_the_search_without_the_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: the late rounds of random near round robins are paired as by the search
    without the fit, and the fit's searches ask the lowest bracket's limit (in these small
    events it refuses nothing; random small brackets above hold it to brute force)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = fit_exchanges.within_exchanges
    asked = 0

    def spied(
        graph: Sequence[Sequence[int]],
        alive: Sequence[bool],
        mate: list[int],
        inside: frozenset[int],
        parts: fit_exchanges.Parts | None = None,
    ) -> list[int] | None:
        nonlocal asked
        asked += 1
        return original(graph, alive, mate, inside, parts)

    monkeypatch.setattr(fit_prefixes, "within_exchanges", spied)
    states = [
        state
        for players, rounds, seed in EVENTS
        for state in late_states(players, rounds, seed, from_completed=players // 2)
    ]
    fitted = [repr(run_search(Search(entrants(state)[0]))) for state in states]
    none: Callable[[Accepted, Bracket], LowestFit | None] = lambda previous, lowest: None  # noqa: E731
    monkeypatch.setattr(Search, "_c13_fit", staticmethod(none))
    assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == fitted
    assert asked


def _deepest_ask(monkeypatch: pytest.MonkeyPatch) -> int:
    """The most S1 players already given a partner when the fit asked the limit, over
    the late rounds of :data:`EVENTS` (the fit from the first sub-search on)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = fit_exchanges.within_exchanges
    deepest = -1

    def spied(
        graph: Sequence[Sequence[int]],
        alive: Sequence[bool],
        mate: list[int],
        inside: frozenset[int],
        parts: fit_exchanges.Parts | None = None,
    ) -> list[int] | None:
        nonlocal deepest
        deepest = max(deepest, sum(1 for v in alive if not v) // 2)
        return original(graph, alive, mate, inside, parts)

    monkeypatch.setattr(fit_prefixes, "within_exchanges", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    return deepest


def test_dutch_c13_fit_asks_the_limit_on_short_choices_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, D2: the fit asks the lowest bracket's limit of exchanges only of
    choices of at most ``LIMITED_PREFIX`` partners, where it refuses early; longer ones
    ask the perfect matching alone (both only refuse what has no good completion).  The
    small events here choose at most 3 partners, so the bound is lowered to 1 to be
    seen."""
    monkeypatch.setattr(fit_prefixes, "LIMITED_PREFIX", 1)
    assert 0 <= _deepest_ask(monkeypatch) <= 1


def test_dutch_c13_fit_would_ask_longer_choices_without_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The events above do reach longer choices: without the bound the limit is asked
    of them too, so the test above can fail."""
    monkeypatch.setattr(fit_prefixes, "LIMITED_PREFIX", 1 << 20)
    assert _deepest_ask(monkeypatch) > 1
