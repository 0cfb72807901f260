"""Why others than a bracket's lowest residents float down (FIDE C.04.3 2026, Article
1.4 and C6, the first quality criterion of Article 2): when a maximum matching of the
bracket without those residents has another number of pairs than the pairing chosen,
C6 decides, and the explanation asks no matching for it (#38); the same words as the
explanation that asks one for every such bracket (``c6_first`` off)."""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch import procedure as procedure_module
from pairing.engine.systems.dutch.criteria import deciding_criterion
from pairing.engine.systems.dutch.entrants import Entrant, entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


class AskEveryTime(RoundProcedure):
    c6_first = False


def explained(
    kind: type[RoundProcedure], players: list[Entrant], done: int
) -> list[tuple[tuple[int, ...], str | None]]:
    """Each bracket's lowest residents floated instead of others, and the criterion."""
    try:
        procedure = kind(players, done)
        procedure.run()
    except NoValidPairing:
        return []
    return [(tuple(e.number for e in r.instead_of), r.decided_by) for r in procedure.results]


def test_c6_decides_who_floats_without_an_explanation_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers: list[str | None] = []
    real = deciding_criterion

    def counted(
        chosen: list[list[tuple[str, int, int]]], other: list[list[tuple[str, int, int]]]
    ) -> str | None:
        answers.append(real(chosen, other))
        return answers[-1]

    monkeypatch.setattr(procedure_module, "deciding_criterion", counted)
    rounds: list[list[Entrant]] = []
    completed: list[int] = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10601):
            players, _ = entrants(state)
            rounds.append(players)
            completed.append(state.rounds_completed)
    except NoValidPairing:
        pass
    by_c6 = 0
    asked: dict[bool, list[str | None]] = {False: [], True: []}
    for players, done in zip(rounds, completed, strict=True):
        for c6_first, kind in ((False, AskEveryTime), (True, RoundProcedure)):
            before = len(answers)
            found = explained(kind, players, done)
            asked[c6_first] += answers[before:]
            if not c6_first:
                expected = found
        assert found == expected
        by_c6 += sum(1 for _, decided in found if decided == "C6")
    # Every bracket C6 explains is explained without a matching; the others as before.
    assert by_c6 >= 10
    assert asked[False].count("C6") == by_c6
    assert "C6" not in asked[True]
    assert len(asked[True]) == len(asked[False]) - by_c6
