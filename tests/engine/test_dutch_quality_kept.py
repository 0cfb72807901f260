"""A bracket paired again with everyone in view (FIDE C.04.3 2026, Article 2 C4)
weighs the pairs it weighed before, the completion field (C2, C4, C5) added above
the quality fields C6-C21: ``RoundProcedure.weight`` works those fields out once a
round for each pair and place (#38, summed from each player's terms, ``terms``), and
gives what ``criteria.edge_weight`` gives."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.criteria import edge_weight
from pairing.engine.systems.dutch.entrants import Entrant, entrants
from pairing.engine.systems.dutch.order import pair_bracket
from pairing.engine.systems.dutch.procedure import RoundProcedure
from pairing.engine.systems.dutch.terms import PairTerms


def top_groups(players: Sequence[Entrant]) -> tuple[list[int], list[int], list[int]]:
    """The indices of the top score group, of the next one and of everyone below them
    (players in pairing order, by score first)."""
    top = players[0].score
    end = next((k for k, p in enumerate(players) if p.score != top), len(players))
    after = next(
        (k for k, p in enumerate(players[end:], end) if p.score != players[end].score),
        len(players),
    )
    return list(range(end)), list(range(end, after)), list(range(after, len(players)))


def test_c4_weight_with_quality_fields_kept_is_the_edge_weight() -> None:
    checked = 0
    try:
        for state in tournament_states(System.DUTCH, players=19, rounds=16, seed=8):
            players, _ = entrants(state)
            procedure = RoundProcedure(players, state.rounds_completed)
            single_allowed = procedure.bye.odd
            for i, j in itertools.combinations(range(len(players)), 2):
                ranked = {players[i].played_games, players[j].played_games}
                c9 = single_allowed and ranked <= set(procedure.bye.played_rank)
                for in_bracket, in_next, single in itertools.product((False, True), repeat=3):
                    if single and not c9:
                        continue  # C9 ranks the bye's score group only
                    for full in (True, False, True):
                        expected = edge_weight(
                            players[i],
                            players[j],
                            layout=procedure.layout,
                            in_bracket=in_bracket,
                            in_next=in_next,
                            bye=procedure.bye,
                            single_downfloater_takes_bye=single,
                            completion=full,
                        )
                        found = procedure.weight(i, j, in_bracket, in_next, single, full)
                        assert found == expected, (state.round_number, i, j)
                        checked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 10_000


def test_c4_bracket_paired_again_with_everyone_weighs_no_pair_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The top bracket of late rounds paired without C4, then with everyone in view:
    the second pairing asks no quality field already worked out."""
    weighed: list[tuple[int, int]] = []
    real = PairTerms.weight

    def counted(terms: PairTerms, high: int, low: int, *args: bool, **kwargs: bool) -> int:
        weighed.append((high, low))
        return real(terms, high, low, *args, **kwargs)

    monkeypatch.setattr(PairTerms, "weight", counted)
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            players, _ = entrants(state)
            if state.round_number < 10:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            residents, nxt, rest = top_groups(players)
            pair_bracket(procedure, [], residents, nxt, rest, False, full=False, keep_next=True)
            first = len(weighed)
            pair_bracket(procedure, [], residents, nxt, rest, False, full=True)
            assert first and len(weighed) == first
            asked += 1
    except NoValidPairing:
        pass
    assert asked > 5


def test_c2_c21_kinds_weighed_once_when_a_bracket_is_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bracket whose pairing is proved from the kinds of its players (Articles 3-4,
    ``structured``) asked again in the round (paired again, or asked why others than
    its lowest residents float) weighs no pair of kinds again, and answers alike."""
    weighed = 0
    real = PairTerms.weight

    def counted(terms: PairTerms, high: int, low: int, *args: bool, **kwargs: bool) -> int:
        nonlocal weighed
        weighed += 1
        return real(terms, high, low, *args, **kwargs)

    monkeypatch.setattr(PairTerms, "weight", counted)
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=30, rounds=20, seed=10601):
            players, _ = entrants(state)
            procedure = RoundProcedure(players, state.rounds_completed)
            scores = sorted({p.score for p in players}, reverse=True)
            for score in scores:
                residents = [k for k, p in enumerate(players) if p.score == score]
                before = weighed
                first = procedure.pair_structured([], residents, False)
                between = weighed
                again = procedure.pair_structured([], residents, False)
                assert first == again and weighed == between
                asked += between > before
    except NoValidPairing:
        pass
    assert asked > 10
