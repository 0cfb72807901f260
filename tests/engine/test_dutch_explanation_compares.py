"""The explanation of a round (FIDE C.04.3 2026, Articles 1.4 and 2-4: who floats down
and why) tells the players of a bracket apart by pairing number, never by comparing
every fact of two players (#38): late rounds of near round robins are explained
without one comparison of two entrants, word for word as before."""

from __future__ import annotations

import contextlib

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.entrants import Entrant


def test_article_1_4_floaters_explained_without_comparing_entrants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            if state.round_number >= 6:
                states.append(state)
    except NoValidPairing:
        pass
    pairable = []
    for state in states:
        with contextlib.suppress(NoValidPairing):  # the round the event stopped before
            pairable.append((state, pair_round(state, System.DUTCH, seed=1).explanation))
    compared = 0
    real = Entrant.__eq__

    def counted(self: Entrant, other: object) -> bool:
        nonlocal compared
        compared += 1
        return real(self, other)

    monkeypatch.setattr(Entrant, "__eq__", counted)
    for state, expected in pairable:
        assert pair_round(state, System.DUTCH, seed=1).explanation == expected
    assert len(pairable) > 5
    assert compared == 0
