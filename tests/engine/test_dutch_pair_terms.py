"""The weight of a pair (FIDE C.04.3 2026, Article 2: C3, C6-C21) summed from each
player's terms, worked out once a round (``terms.PairTerms``, #38): the same integer
as ``criteria.edge_weight`` for every pair and place, and the brackets' graphs are
weighed from those terms alone, one call a graph."""

from __future__ import annotations

import contextlib
import itertools

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch import criteria
from pairing.engine.systems.dutch import procedure as procedure_module
from pairing.engine.systems.dutch.criteria import edge_weight
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure
from pairing.engine.systems.dutch.terms import PairTerms


@pytest.mark.parametrize(("players", "seed"), [(19, 8), (24, 10600)])
def test_c6_c21_summed_from_player_terms_is_the_edge_weight(players: int, seed: int) -> None:
    checked = 0
    try:
        for state in tournament_states(System.DUTCH, players=players, rounds=16, seed=seed):
            entered, _ = entrants(state)
            try:
                procedure = RoundProcedure(entered, state.rounds_completed)
            except NoValidPairing:
                continue
            terms = PairTerms(entered, procedure.layout, procedure.bye)
            c9_ranks = set(procedure.bye.played_rank)
            for i, j in itertools.permutations(range(len(entered)), 2):
                a, b = entered[i], entered[j]
                c9 = procedure.bye.odd and {a.played_games, b.played_games} <= c9_ranks
                flags = itertools.product((False, True), repeat=4)
                for in_bracket, in_next, single, regardless in flags:
                    if single and not c9:
                        continue  # C9 ranks the bye's score group only
                    expected = edge_weight(
                        a,
                        b,
                        layout=procedure.layout,
                        in_bracket=in_bracket,
                        in_next=in_next,
                        bye=procedure.bye,
                        single_downfloater_takes_bye=single,
                        completion=False,
                        regardless_of_c1=regardless,
                    )
                    found = terms.weight(
                        i, j, in_bracket, in_next, single, regardless_of_c1=regardless
                    )
                    assert found == expected, (state.round_number, i, j)
                    checked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 10_000


def test_c6_c21_brackets_weighed_without_edge_weight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pairing the late rounds of a near round robin asks ``edge_weight`` for no pair,
    and ``RoundProcedure.weight`` for no pair of a bracket's graph."""
    states = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            if state.round_number >= 8:
                states.append(state)
    except NoValidPairing:
        pass
    asked = {"edge_weight": 0, "weight": 0, "graphs": 0}

    def spy(name: str, real: object) -> object:
        def counted(*args: object, **kwargs: object) -> object:
            asked[name] += 1
            return real(*args, **kwargs)  # type: ignore[operator]  # a spy passes on what it was given

        return counted

    monkeypatch.setattr(criteria, "edge_weight", spy("edge_weight", criteria.edge_weight))
    if hasattr(procedure_module, "edge_weight"):
        monkeypatch.setattr(procedure_module, "edge_weight", spy("edge_weight", edge_weight))
    monkeypatch.setattr(RoundProcedure, "weight", spy("weight", RoundProcedure.weight))
    graphs = getattr(RoundProcedure, "bracket_weights", None)
    if graphs is not None:
        monkeypatch.setattr(RoundProcedure, "bracket_weights", spy("graphs", graphs))
    paired = 0
    for state in states:
        with contextlib.suppress(NoValidPairing):  # the round the event stopped before
            pair_round(state, System.DUTCH, seed=1)
            paired += 1
    assert paired > 5
    assert asked["graphs"] > 20
    assert asked["edge_weight"] == 0
    # Only the explanation's matchings (why others than the lowest residents float)
    # still ask pair by pair.
    assert asked["weight"] < asked["graphs"]
