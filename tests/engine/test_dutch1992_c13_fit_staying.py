"""1992 Dutch: C13's fit asks a division with players staying only once the same division
with none staying passes (#38).

Dutch C13: ``LowestFit.division`` tests the choices of S1's partners in one S1/S2 division
of the penultimate bracket against the lowest bracket.  The S2 players who may not be
left over (``stay``: kept up by a sub-search of C12 and C13) only take edges away from
its graph, so a division that has no good pairing with none staying has none with any
players staying.  The sub-searches meet one division again and again, each keeping
other players up: the test with none staying is asked first and answers them all
(round 69 of the 150-player, 138-round, seed-11237 event: 1,059 matchings of the fit
before, 939 now; 363 of its 396 refusals held with none staying).
"""

from __future__ import annotations

import dataclasses

import pytest

from pairing.engine.systems.dutch1992 import c13_fit
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant

from .test_dutch1992 import entrant


def _barred(player: Entrant, *numbers: int) -> Entrant:
    return dataclasses.replace(player, barred=frozenset(player.barred | set(numbers)))  # type: ignore[arg-type]  # a frozen set of the barred numbers


def _division() -> tuple[LowestFit, list[Entrant], list[Entrant]]:
    """S1 is player 1, S2 players 2, 3 and 4, the lowest bracket player 9 alone.  Once 1
    takes 2, neither 3 nor 4 may meet 9 or each other, and only one can have the bye: no
    pairing; once 1 takes 3, 2 meets 9 and 4 has the bye."""
    s1 = [entrant(1)]
    s2 = [entrant(2), _barred(entrant(3), 4, 9), _barred(entrant(4), 3, 9)]
    resident = _barred(entrant(9), 3, 4)
    return LowestFit((), (resident,)), s1, s2


def _matchings(stays: list[frozenset[int]]) -> int:
    """The matchings the fit works out to answer the division with S1 taking only 2
    (its rules at the level) for each of ``stays``: refused every time."""
    fit, s1, s2 = _division()
    assert fit.division(s1, s2, [0b111])(())  # with every partner it passes
    before = fit.matchings
    for stay in stays:
        assert not fit.division(s1, s2, [0b001], stay)(())
    return fit.matchings - before


STAYS = [frozenset({1}), frozenset({2}), frozenset({1, 2})]


def test_c13_division_refused_with_none_staying_answers_every_stay() -> None:
    assert _matchings([frozenset()]) == 1
    assert _matchings(STAYS) == 1


def test_c13_division_asked_with_each_stay_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(c13_fit, "_behind", lambda loose, strict: strict)
    assert _matchings(STAYS) == 3
