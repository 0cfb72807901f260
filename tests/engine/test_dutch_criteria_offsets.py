"""The weight of a pair (FIDE C.04.3 2026, Article 2: C2, C4, C5 above the quality
criteria C6-C21) summed field by field at each field's offset
(``criteria.edge_weight``, #38) is the weight built by shifting in the fields of
``criteria.quality_fields`` one below the other (``criteria.fields_weight``, the
definition), for every pair of real rounds and every way a bracket may weigh it.
"""

from __future__ import annotations

import itertools

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.criteria import Layout, edge_weight, fields_weight, offsets
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def test_c6_c21_weight_summed_at_offsets_is_the_weight_built_field_by_field() -> None:
    checked = 0
    for players_count, seed in ((15, 1), (22, 2)):
        try:
            for state in tournament_states(
                System.DUTCH, players=players_count, rounds=players_count - 3, seed=seed
            ):
                players, _ = entrants(state)
                procedure = RoundProcedure(players, state.rounds_completed)
                bye = procedure.bye
                for i, j in itertools.combinations(range(len(players)), 2):
                    high, low = players[i], players[j]
                    for flags in itertools.product((False, True), repeat=5):
                        in_bracket, in_next, single, completion, regardless = flags
                        ranked = {high.played_games, low.played_games} <= set(bye.played_rank)
                        if single and not ranked:
                            continue  # C9 ranks the bye's score group only
                        found = [
                            weigh(
                                high,
                                low,
                                layout=procedure.layout,
                                in_bracket=in_bracket,
                                in_next=in_next,
                                bye=bye,
                                single_downfloater_takes_bye=single,
                                completion=completion,
                                regardless_of_c1=regardless,
                            )
                            for weigh in (edge_weight, fields_weight)
                        ]
                        assert found[0] == found[1], (state.round_number, i, j, flags)
                        checked += 1
        except NoValidPairing:
            pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 50_000


def test_c6_c21_field_offsets_kept_with_the_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """The offsets are worked out once for a round's layout, not for every pair
    weighed: the reserved bits (Article 4's bound) are read the first time only."""
    state = next(
        s
        for s in tournament_states(System.DUTCH, players=12, rounds=5, seed=3)
        if s.round_number == 4
    )
    players, _ = entrants(state)
    layout = RoundProcedure(players, state.rounds_completed).layout
    reads = 0
    real: property = Layout.__dict__["reserved"]
    getter = real.fget
    assert getter is not None

    def counted(self: Layout) -> int:
        nonlocal reads
        reads += 1
        value: int = getter(self)
        return value

    monkeypatch.setattr(Layout, "reserved", property(counted))
    first = offsets(layout)
    assert all(offsets(layout) is first for _ in range(100))
    assert reads <= 1
