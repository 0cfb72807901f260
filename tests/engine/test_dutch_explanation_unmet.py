"""Why a player floats down (FIDE C.04.3 2026, Article 1.4 with C1 and C3): "no one
in the bracket he may meet" is asked, in the explanation, of C3 only for the players
of the bracket he has not met (C1 as a difference of sets, #38): late rounds of near
round robins, where most of a bracket has met, are explained without asking the
colours of two players who met."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.systems.dutch import round as round_module
from pairing.engine.systems.dutch.entrants import Entrant, colours_allow, compatible
from tests.engine.test_dutch_bracket_weights_unmet import late_states


def test_c1_floaters_explained_without_asking_players_who_met(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = late_states()
    expected = []
    for state in states:
        with contextlib.suppress(NoValidPairing):  # the round the event stopped before
            expected.append((state, pair_round(state, System.DUTCH, seed=1).explanation))
    asked: list[tuple[Entrant, Entrant]] = []

    def spy(real: Callable[[Entrant, Entrant], bool]) -> Callable[[Entrant, Entrant], bool]:
        def counted(a: Entrant, b: Entrant) -> bool:
            asked.append((a, b))
            return real(a, b)

        return counted

    monkeypatch.setattr(round_module, "colours_allow", spy(colours_allow), raising=False)
    monkeypatch.setattr(round_module, "compatible", spy(compatible), raising=False)
    for state, explanation in expected:
        assert pair_round(state, System.DUTCH, seed=1).explanation == explanation
    assert len(expected) > 5
    assert asked
    assert not [(a.number, b.number) for a, b in asked if b.number in a.avoid]
