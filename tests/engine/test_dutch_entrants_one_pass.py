"""The entrants of a round (FIDE C.04.3 2026, 1.2 scores, 1.4 floats, 1.6-1.7
colours, C1 the players met, C2 who may take the bye) read from one pass over each
player's rounds (#38): a late round of a near round robin reads every round of every
player, once, and the entrants are those the passes of one fact each gave."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from pairing.engine import NoValidPairing, System
from pairing.engine.colours import played_colours
from pairing.engine.generator import tournament_states
from pairing.engine.history import forbidden_opponents, opponents_met, outcome_points
from pairing.engine.model import GameRecord, TournamentState
from pairing.engine.systems.dutch.entrants import _record, _scores_before, bye_eligible, entrants


class Read(tuple[GameRecord, ...]):
    """A player's rounds that count how often they are walked through or indexed."""

    walks = 0
    reads = 0

    def __iter__(self) -> Iterator[GameRecord]:
        Read.walks += 1
        return super().__iter__()

    def __getitem__(self, index: int) -> GameRecord:  # type: ignore[override]  # read by index only
        Read.reads += 1
        return super().__getitem__(index)


def late_states() -> list[TournamentState]:
    states = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            if state.round_number >= 10:
                states.append(state)
    except NoValidPairing:
        pass
    return states


def test_1_2_1_4_c1_c2_each_players_rounds_read_once() -> None:
    states = late_states()
    assert len(states) > 5
    for state in states:
        counted = dataclasses.replace(
            state,
            players=tuple(dataclasses.replace(p, history=Read(p.history)) for p in state.players),
        )
        Read.walks = Read.reads = 0
        assert entrants(counted) == entrants(state)
        # One walk through each player's rounds, and one more through those of a
        # player not paired now (whether he holds a place in the order, 1.2); the two
        # rounds looked back at for floats (1.4) are read by index.
        asking = {r.pairing_number for r in state.requests}
        away = sum(1 for p in state.players if p.withdrawn or p.pairing_number in asking)
        assert Read.walks == len(state.players) + away
        assert Read.reads <= 2 * len(state.players)


def test_1_2_1_4_c1_c2_one_pass_gives_each_fact_as_its_own_pass() -> None:
    for state in late_states():
        ordered = sorted(state.players, key=lambda p: p.pairing_number)
        scores = _scores_before(state, ordered)
        worth = outcome_points(state.points)
        found = {e.number: e for e in entrants(state)[0]}
        barred = forbidden_opponents(state)
        for player in ordered:
            entrant = found.get(player.pairing_number)
            if entrant is None:
                continue  # not paired this round
            assert entrant.colours == played_colours(player)
            assert entrant.avoid == opponents_met(player) | barred.get(entrant.number, set())
            assert entrant.bye_eligible == bye_eligible(player, state.points)
            assert entrant.real_score == sum(worth[r.outcome] for r in player.history)
            assert entrant.score == scores[state.round_number][player.pairing_number]


def test_1_4_2_scores_before_the_last_rounds_are_the_score_less_the_rounds_since() -> None:
    # From round 1 on: before round 1 there is one score to give, before round 2 two.
    states = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=6, seed=10601):
            states.append(state)
    except NoValidPairing:
        pass
    states += late_states()
    assert states[0].rounds_completed == 0
    for state in states:
        ordered = sorted(state.players, key=lambda p: p.pairing_number)
        scores = _scores_before(state, ordered)
        worth = outcome_points(state.points)
        now = state.round_number
        for player in ordered:
            record = _record(player, worth, state.points.win)
            assert record.before == {
                r: scores[r][player.pairing_number] for r in (now - 2, now - 1, now) if r >= 1
            }
