"""1992 Dutch: a level refused within D2's exchanges asks no quick look first.

``LevelSearch._level_open`` asks whether any matching within D2's exchanges pairs the
level (:func:`within_exchange_witness`) before its quick look for one without a colour
conflict (:func:`free_witness`): the matching that one looks for would be one of those,
so a level the first refuses is refused without the second.  The first is itself asked
after a bipartite matching of the original S2 into S1 and the stand-ins
(:func:`s2_shortage`).  Held here to the functions on random groups, and to the levels
of groups where many are refused.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992 import levels
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import FloatRules, may_leave
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import COLOUR_BOUND_FROM, LevelSearch
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    free_witness,
    within_exchange_witness,
)
from pairing.engine.systems.dutch1992.s2_shortage import s2_shortage
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def _barred(rng: random.Random, n: int, bars: float) -> list[Entrant]:
    """A random bracket of ``n`` players, each pair barred (B1a) with chance ``bars``."""
    return _symmetric(
        [
            dataclasses.replace(
                e,
                barred=frozenset(
                    PairingNumber(m)
                    for m in range(1, n + 1)
                    if m != e.number and rng.random() < bars
                ),
            )
            for e in _random_bracket(rng, n)
        ],
        rng,
    )


Group = tuple[list[Entrant], int, FloatRules, frozenset[int], bool, frozenset[int]]


def _random_group(rng: random.Random) -> Group:
    """A random group of 4-24 players, many of whose pairs are barred, with S1's size,
    the float rules, moved down players, whether it is the lowest bracket and the players
    kept up, drawn in that order."""
    n = rng.randint(4, 24)
    players = _barred(rng, n, rng.choice((0.3, 0.6)))
    p = rng.randint(1, n // 2)
    rules = rng.choice(RULES)
    moved = frozenset(e.number for e in players[:p] if rng.random() < 0.5)
    lowest = rng.random() < 0.5
    kept = frozenset(e.number for e in players if rng.random() < 0.2)
    return players, p, rules, moved, lowest, kept


def test_dutch_d2_a_group_without_a_matching_within_exchanges_has_none_without_conflicts() -> None:
    """Dutch B4, D2: whenever :func:`within_exchange_witness` finds no matching, neither
    does :func:`free_witness`; and the first finds none in many groups."""
    rng = random.Random(14)
    refused = 0
    for _ in range(300):
        group = _random_group(rng)
        if within_exchange_witness(*group) is None:
            refused += 1
            assert free_witness(*group) is None
    assert refused > 50


def test_dutch_d2_s2_players_short_of_partners_leave_no_matching_within_exchanges() -> None:
    """Dutch A5, B1, B2, D2: whenever :func:`s2_shortage` leaves more players of the
    original S2 over than D2's exchanges can pair among themselves, no matching within
    them pairs the level (:func:`within_exchange_witness`), and the search's own
    question (``LevelSearch._within_witness``) answers as that function does; many are
    refused so."""
    rng = random.Random(150)
    short = 0
    for _ in range(300):
        group = _random_group(rng)
        players, p, rules, moved, lowest, kept = group
        search = LevelSearch(Feasibility())
        allowed = search.feasibility.partner_masks(players, rules, moved)
        leavers = _bits(
            j for j, e in enumerate(players) if may_leave(e, rules, moved, lowest, kept)
        )
        within = within_exchange_witness(*group)
        if s2_shortage(allowed, p, leavers) > 2 * EXCHANGES:
            short += 1
            assert within is None
        assert (search._within_witness(*group) is None) == (within is None)
    assert short > 50


def test_dutch_d2_a_level_refused_within_exchanges_asks_no_quick_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4, C14, D2: levels of groups large enough for the quick look
    (:data:`COLOUR_BOUND_FROM`) that no matching within D2's exchanges pairs are passed
    over without :func:`free_witness`; and many are."""
    asked: list[tuple[str, tuple[Any, ...], bool]] = []

    def counted(name: str, work: Any) -> Any:
        def ask(*group: Any) -> Any:
            answer = work(*group)
            asked.append((name, group, answer is not None))
            return answer

        return ask

    monkeypatch.setattr(levels, "free_witness", counted("free", free_witness))
    monkeypatch.setattr(
        levels, "within_exchange_witness", counted("within", within_exchange_witness)
    )
    rng = random.Random(10187)
    refused = 0
    for _ in range(30):
        n = rng.randint(COLOUR_BOUND_FROM, COLOUR_BOUND_FROM + 6)
        players = _barred(rng, n, 0.6)
        search = LevelSearch(Feasibility())
        front = WitnessFront(search.feasibility.mask)
        moved = frozenset(e.number for e in players[: n // 2] if rng.random() < 0.7)
        for p in range(n // 2, 0, -1):
            for rules in RULES:
                asked.clear()
                x = rng.randint(0, p)
                kept = frozenset[int]()
                search._level_open(players, p, x, rules, moved, False, kept, False, front)
                refusals = [group for name, group, found in asked if name == "within" and not found]
                refused += len(refusals)
                assert not any(name == "free" and group in refusals for name, group, _ in asked)
    assert refused > 50
