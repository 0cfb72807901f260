"""The front door (``pairing.engine.registry.pair_round``) refuses inconsistent states.

Every case is refused for every system, with a message naming the player and the round,
before any system pairs: before the front door, Lim and ESCA paired a player whose
pairing number was used twice on two boards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import SYSTEMS, InvalidState, System, pair_round
from pairing.engine.model import (
    AcceleratedPoints,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Points,
    RequestKind,
    RoundRequest,
    TournamentState,
)
from pairing.engine.validation import validate_state

from .builders import build

N = PairingNumber
ALL = sorted(SYSTEMS, key=lambda system: system.value)


def after_one_round() -> TournamentState:
    """Six players after round 1: 1-4, 5-2, 3-6."""
    return build(6, [[(1, 4, "1-0"), (5, 2, "="), (3, 6, "0-1")]])


def with_record(state: TournamentState, number: int, record: GameRecord) -> TournamentState:
    """``state`` with player ``number``'s round-1 record replaced."""
    players = tuple(
        replace(p, history=(record,)) if p.pairing_number == number else p for p in state.players
    )
    return replace(state, players=players)


def game(opponent: int, outcome: Outcome = Outcome.WIN) -> GameRecord:
    return GameRecord(round_number=1, opponent=N(opponent), colour=None, outcome=outcome)


def duplicate_number() -> TournamentState:
    state = build(5)
    return replace(
        state, players=(*state.players[:4], replace(state.players[4], pairing_number=N(4)))
    )


CASES = {
    "duplicate pairing number": (duplicate_number, "pairing number 4 is used twice"),
    "pairing number zero": (
        lambda: replace(build(4), players=(replace(build(4).players[0], pairing_number=N(0)),)),
        "pairing number 0",
    ),
    "player paired twice in a round": (
        # 6 also names 1, who played 4: 1 would be on two boards.
        lambda: with_record(after_one_round(), 6, game(1)),
        "round 1: player 1 is paired twice (against 4 and 6)",
    ),
    "unknown opponent": (
        lambda: with_record(after_one_round(), 6, game(9)),
        "player 6, round 1: the opponent 9 is not a player of the event",
    ),
    "paired against himself": (
        lambda: with_record(after_one_round(), 6, game(6)),
        "player 6, round 1: paired against himself",
    ),
    "one-sided game": (
        lambda: with_record(
            after_one_round(),
            6,
            GameRecord(round_number=1, opponent=None, colour=None, outcome=Outcome.ZERO_POINT_BYE),
        ),
        "player 3, round 1: paired against 6, whose round 1 has zero_point_bye (a game "
        "recorded on one side only)",
    ),
    "bye with an opponent": (
        lambda: with_record(
            build(3, [[(1, 2, "1-0"), (3, 0, "bye")]]),
            3,
            GameRecord(
                round_number=1, opponent=N(1), colour=None, outcome=Outcome.PAIRING_ALLOCATED_BYE
            ),
        ),
        "player 3, round 1: a pairing_allocated_bye has no opponent or colour",
    ),
    "history too short": (
        lambda: replace(after_one_round(), rounds_completed=2),
        "player 1 has 1 rounds recorded, expected 2",
    ),
    "request for an unknown player": (
        lambda: replace(
            build(4),
            requests=(RoundRequest(pairing_number=N(7), kind=RequestKind.ABSENT),),
        ),
        "round 1: a request for unknown player 7",
    ),
    "request for a withdrawn player": (
        lambda: replace(
            build(4, withdrawn=[2]),
            requests=(RoundRequest(pairing_number=N(2), kind=RequestKind.HALF_POINT_BYE),),
        ),
        "round 1: player 2 has withdrawn",
    ),
    "two requests of one player": (
        lambda: build(4, absent=[3], half_point_byes=[3]),
        "round 1: player 3 has two requests",
    ),
    "forbidden pair with an unknown player": (
        lambda: replace(build(4), forbidden_pairs=frozenset({frozenset({N(1), N(8)})})),
        "forbidden pair 1-8: no player 8",
    ),
    "imaginary points for an unknown player": (
        lambda: replace(
            build(4),
            acceleration=(
                AcceleratedPoints(pairing_number=N(5), round_number=1, points=Points(2)),
            ),
        ),
        "imaginary points for unknown player 5",
    ),
    "no round planned": (lambda: replace(build(4), total_rounds=0), "at least one round"),
    "option of the wrong type": (
        # A string where a bool belongs (options are given by name, typed by their
        # declaration at run time): validation must refuse it in words.
        lambda: replace(build(4), options=PairingOptions(lim_maxi="yes")),
        "option lim_maxi must be yes or no",
    ),
}


@pytest.mark.parametrize("system", ALL, ids=str)
@pytest.mark.parametrize("case", sorted(CASES))
def test_front_door_refuses_an_inconsistent_state_for_every_system(
    case: str, system: System
) -> None:
    make, message = CASES[case]
    with pytest.raises(InvalidState) as refused:
        pair_round(make(), system, seed=1)
    assert message in str(refused.value)


def test_front_door_accepts_the_states_the_generator_and_tests_build() -> None:
    validate_state(after_one_round())
    validate_state(build(7, [[(1, 4, "+-"), (5, 2, "-+"), (3, 6, "="), (7, 0, "bye")]]))


def test_front_door_duplicate_pairing_number_no_longer_pairs_a_player_twice() -> None:
    """Lim and ESCA used to put both players numbered 4 on boards; now nothing is paired."""
    for system in (System.LIM, System.ESCA):
        with pytest.raises(InvalidState):
            pair_round(duplicate_number(), system, seed=3)
