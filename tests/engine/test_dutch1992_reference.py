"""The engine against a slow, literal second reading of the 1992 text (issue #5).

``dutch1992_reference.py`` walks C1-C14 candidate by candidate, trying every D1
transposition and D2 exchange in the text's order; the engine reaches the same pairing
with bounds and matchings.  These tests play random small events (1 to 14 players, up to
nearly a round robin, with forfeits, half-point byes, absences, withdrawals, forbidden
pairs and accelerated rounds) and require the same boards, colours and bye, round by
round.  (For issue #5 some 23,000 rounds were compared this way, among them nearly
round-robin events with many forbidden pairs and rounds 1-3 of events of up to 20
players with brackets full of forbidden pairs.)  The D1 and D2 orders of the reference
are checked against the text's own examples under D1 and D2.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from pairing.engine.errors import NoValidPairing
from pairing.engine.model import (
    AcceleratedPoints,
    Colour,
    PairingNumber,
    Points,
    RoundPairing,
    TournamentState,
)
from pairing.engine.systems.dutch1992 import exchanges
from pairing.engine.systems.dutch1992 import round as dutch1992
from tests.engine import dutch1992_reference as reference
from tests.engine.simulate import initial_state, play


def _event(seed: int) -> Iterator[tuple[TournamentState, int, object]]:
    """The states of one random small event before each round, with the round's seed and
    the engine's outcome (as ``_outcome`` shows it): the pairing the event is played on,
    so the engine pairs each round once (#33 item 7: it paired each twice)."""
    rng = random.Random(seed)
    players = rng.randint(1, 14)
    rounds = rng.randint(1, max(1, players - 1 + players % 2 + rng.randint(0, 1)))
    state = initial_state(players, rounds, rng)
    state = replace(state, initial_colour=rng.choice((Colour.WHITE, Colour.BLACK, None)))
    if players >= 4 and rng.random() < 0.3:
        pairs = {
            frozenset(map(PairingNumber, rng.sample(range(1, players + 1), 2)))
            for _ in range(rng.randint(1, 2))
        }
        state = replace(state, forbidden_pairs=frozenset(pairs))
    if players >= 4 and rng.random() < 0.15:
        state = replace(
            state,
            acceleration=tuple(
                AcceleratedPoints(pairing_number=PairingNumber(n), round_number=r, points=Points(2))
                for n in range(1, players // 2 + 1)
                for r in (1, 2)
            ),
        )
    for number in range(1, rounds + 1):
        round_seed = rng.randrange(2**31)
        try:
            pairing = dutch1992.pair(state, seed=round_seed)
        except NoValidPairing:
            yield state, round_seed, NO_PAIRING
            return
        yield state, round_seed, _shown(pairing)
        last = number == rounds
        state = play(
            state,
            pairing,
            rng,
            forfeits=0.08,
            withdrawals=0.0 if last else 0.03,
            requests=0.0 if last else 0.06,
        )


NO_PAIRING = "no valid pairing"


def _shown(pairing: RoundPairing) -> object:
    """Boards as (white, black) in publication order and the bye."""
    return ([(b.white, b.black) for b in pairing.boards], pairing.pairing_allocated_bye)


def _outcome(pair: Callable[..., RoundPairing], state: TournamentState, seed: int) -> object:
    """The pairing as ``_shown``, or the failure."""
    try:
        pairing = pair(state, seed=seed)
    except (NoValidPairing, reference.NoPairing):
        return NO_PAIRING
    return _shown(pairing)


def _compare(seeds: range) -> list[str]:
    """Every round of the events where engine and reference differ."""
    differences = []
    for seed in seeds:
        for state, round_seed, engine in _event(seed):
            literal = _outcome(reference.pair, state, round_seed)
            if engine != literal:
                differences.append(
                    f"event {seed} round {state.round_number}: engine {engine}, reference {literal}"
                )
                break
    return differences


def test_dutch_c1_c14_engine_equals_literal_procedure_on_random_small_events() -> None:
    """C1-C14, D1, D2, E1-E4, F1: the engine pairs 300 random small events as the text does."""
    assert _compare(range(300)) == []


@pytest.mark.slow
def test_dutch_c1_c14_engine_equals_literal_procedure_on_more_events() -> None:
    """The same comparison on 1,000 further events (about 40 s)."""
    assert _compare(range(10_000, 11_000)) == []


def test_dutch_d1_reference_transpositions_follow_the_text() -> None:
    """D1, the text's example: 5-6-7-8, 5-6-8-7, 5-7-6-8, 5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8, ..."""
    s2 = [_player(n) for n in (5, 6, 7, 8)]
    orders = [tuple(p.number for p in t) for t in reference.transpositions(s2, 4)]
    assert orders[:8] == [
        (5, 6, 7, 8),
        (5, 6, 8, 7),
        (5, 7, 6, 8),
        (5, 7, 8, 6),
        (5, 8, 6, 7),
        (5, 8, 7, 6),
        (6, 5, 7, 8),
        (6, 5, 8, 7),
    ]
    assert len(orders) == 24


def test_dutch_d2_reference_exchanges_follow_the_matrices() -> None:
    """D2 (the text's matrices): a) 4-5 ... i) 2-7, then j) 3+4/5+6 ... r) 2+3/6+7 for 8 players."""
    assert reference.exchanges(4, 4) == [
        ((4,), (5,)),
        ((4,), (6,)),
        ((3,), (5,)),
        ((4,), (7,)),
        ((3,), (6,)),
        ((2,), (5,)),
        ((3,), (7,)),
        ((2,), (6,)),
        ((2,), (7,)),
        ((3, 4), (5, 6)),
        ((3, 4), (5, 7)),
        ((2, 4), (5, 6)),
        ((3, 4), (6, 7)),
        ((2, 4), (5, 7)),
        ((2, 3), (5, 6)),
        ((2, 4), (6, 7)),
        ((2, 3), (5, 7)),
        ((2, 3), (6, 7)),
    ]


def test_dutch_d2_reference_odd_bracket_deducts_one() -> None:
    """D2 Remark: with 7 players every number is one less and the column 2+3 (now 1+2) goes."""
    assert reference.exchanges(3, 4) == [
        ((3,), (4,)),
        ((3,), (5,)),
        ((2,), (4,)),
        ((3,), (6,)),
        ((2,), (5,)),
        ((1,), (4,)),
        ((2,), (6,)),
        ((1,), (5,)),
        ((1,), (6,)),
        ((2, 3), (4, 5)),
        ((2, 3), (4, 6)),
        ((1, 3), (4, 5)),
        ((2, 3), (5, 6)),
        ((1, 3), (4, 6)),
        ((1, 3), (5, 6)),
    ]


def test_dutch_d2_engine_and_reference_exchange_orders_agree() -> None:
    """D2: the engine's exchange order equals the reference's for every bracket up to 14."""
    for n in range(2, 15):
        for p in range(1, n // 2 + 1):
            engine = list(exchanges.exchange_order(n, p))
            assert engine == reference.exchanges(p, n - p), (n, p)


def _player(number: int) -> reference.P:
    """A bare reference player, for the D1 order test."""
    return reference.P(
        number=number,
        score=0,
        rank_key=(number,),
        colours=(),
        difference=0,
        pref=None,
        strength=reference.NONE,
        exempt=False,
        may_bye=True,
        met=frozenset(),
        float1=None,
        float2=None,
    )
